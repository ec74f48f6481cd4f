/**
 * Malformed requests generated from the wire contract: every call of every module in src/contract/ gets broken path
 * parameters, query fields, bodies and headers (the values derived from its own zod schemas), once signed out and once
 * signed in, on every database kind. Whatever a request gets wrong, the answer must be a 4xx (or a 2xx/3xx where the
 * input is harmless), never a 5xx, and it must come within 5 s. A failing test lists every offending request.
 *
 * The routes outside the contract (stored files, media, quiz pictures) get the same path and header treatment.
 *
 * The calls are split over fuzz.test.ts, fuzz-2.test.ts and fuzz-3.test.ts (fuzz-run.ts `shareOfCalls`), so that the
 * two test workers share them; this file also checks that every contract module is found, and fuzzes the routes
 * outside the contract.
 */
import { expect, it } from 'vitest';
import { contractCalls } from './api';
import { describeFuzz, FUZZ_FILES, shareOfCalls } from './fuzz-run';

const CALLS = await contractCalls();

it('finds the calls of every contract module', () => {
  const paths = new Set(CALLS.map((c) => c.path.split('/')[1]));
  for (const resource of ['auth', 'articles', 'courses', 'discussions', 'comments', 'quizzes', 'feedback', 'analytics', 'certificates']) {
    expect(paths.has(resource), resource).toBe(true);
  }
  expect(CALLS.length).toBeGreaterThanOrEqual(50);
});

describeFuzz('malformed requests from the contract (1 of 3)', shareOfCalls(CALLS, 1, FUZZ_FILES), { offContract: true });

/**
 * Sending the fuzz tests' malformed requests (fuzz-inputs.ts): the world of members and resources they are sent with,
 * one call at a time, and the routes outside the contract. `describeFuzz` is one test file's share of the calls.
 */
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse as Response } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import type { z } from 'zod';
import { quizAttempts } from '../../server/data/schema';
import { listArticles, listCourses, listEbooks } from '../../src/contract/content';
import type { Call } from '../../src/contract/define';
import { createComment } from '../../src/contract/comments';
import { createDiscussion, listDiscussions, sdgConstants } from '../../src/contract/discussions';
import { startQuiz } from '../../src/contract/quizzes';
import { filePath, getUrl, mediaPath, quizPicture, send } from './api';
import { describeWithApp, type TestContext } from './fixture';
import { type Base, casesFor, MARK, MIN_CASES, sample, shapeOf, SLOW_MS, tokensFrom, URL_VALUES, ZERO_UUID } from './fuzz-inputs';
import { type Member, members } from './members';

// ---------------------------------------------------------------------------------------------------------------------
// Real ids: what a call's `:id` names, read from its path; body fields that name a resource.

type Resource = 'discussion' | 'comment' | 'attempt' | 'article' | 'course';
const ID_OF_PATH: [RegExp, Resource][] = [
  [/^\/comments\/:id\/list$/, 'discussion'],
  [/^\/comments\/:id/, 'comment'],
  [/^\/discussions\/:id/, 'discussion'],
  [/^\/quizzes\/attempts\/:id/, 'attempt'],
  [/^\/articles\/:id/, 'article'],
  [/^\/courses\/:id/, 'course'],
];
const RESOURCE_OF_FIELD: Record<string, Resource> = { discussionId: 'discussion', parentCommentId: 'comment' };
/** Resources a member's request can use up (delete, answer, like): made afresh for each signed-in request. */
const OWN: Resource[] = ['discussion', 'comment', 'attempt'];

const resourceOfParam = (c: Call, key: string): Resource | undefined =>
  key === 'id' ? ID_OF_PATH.find(([pattern]) => pattern.test(c.path))?.[1] : undefined;

function resourcesOf(c: Call): Set<Resource> {
  const needed = new Set<Resource>();
  for (const key of Object.keys(shapeOf(c.params) ?? {})) {
    const r = resourceOfParam(c, key);
    if (r) needed.add(r);
  }
  for (const key of Object.keys(shapeOf(c.body) ?? {})) if (RESOURCE_OF_FIELD[key]) needed.add(RESOURCE_OF_FIELD[key]!);
  if (needed.has('comment')) needed.add('discussion');
  return needed;
}

type Ids = Partial<Record<Resource, string>>;

interface World {
  owner: Member;
  /** One member per call, so that a call ending its sessions (logout, password) leaves the others signed in. */
  memberOf: Map<Call, Member>;
  /** Ids made once by the owner, for signed-out requests and as a fallback. */
  shared: Ids;
  /** Listed values the server checks beyond the schema (a discussion's category and subcategory). */
  real: Record<string, unknown[]>;
  /** Server tokens made malformed (see tokensFrom). */
  tokens: [string, string][];
}

async function makeDiscussion(ctx: TestContext, world: Pick<World, 'real'>, who: Member): Promise<Ids> {
  const [category] = world.real.category as string[];
  const [subcategory] = world.real.subcategory as string[];
  const d = await send(ctx, createDiscussion, {
    body: { title: 'Fuzz target', content: '<p>Fuzz target</p>', category: category!, subcategory: subcategory! },
    token: who.token,
  });
  if (d.statusCode !== 200) return {};
  const discussion = d.json().discussion._id as string;
  const c = await send(ctx, createComment, { body: { discussionId: discussion, content: '<p>Fuzz comment</p>' }, token: who.token });
  return { discussion, ...(c.statusCode === 200 ? { comment: c.json().comment._id as string } : {}) };
}

async function makeAttempt(ctx: TestContext, who: Member): Promise<Ids> {
  // A fresh attempt every time: the member's earlier ones (answered, completed) go first.
  await ctx.database.db.delete(quizAttempts).where(eq(quizAttempts.userId, who.id));
  const body = sample(startQuiz.body, 'body', {}) as z.input<typeof startQuiz.body>;
  const res = await send(ctx, startQuiz, { body, token: who.token });
  const attempt = res.statusCode === 200 ? (res.json().attempt?._id as string | undefined) : undefined;
  return attempt ? { attempt } : {};
}

/** The ids a request uses: for a signed-in member, its own resources made afresh; else the shared ones. */
async function idsFor(ctx: TestContext, world: World, c: Call, who: Member | null): Promise<Ids> {
  const needed = resourcesOf(c);
  const ids: Ids = { ...world.shared };
  if (!who || !OWN.some((r) => needed.has(r))) return ids;
  if (needed.has('discussion') || needed.has('comment')) Object.assign(ids, await makeDiscussion(ctx, world, who));
  if (needed.has('attempt')) Object.assign(ids, await makeAttempt(ctx, who));
  return ids;
}

// ---------------------------------------------------------------------------------------------------------------------
// Sending, timing and reporting.

interface Offence {
  method: string;
  url: string;
  input: string;
  who: string;
  status: number | string;
  ms: number;
}

const shortUrl = (url: string) => (url.length > 140 ? `${url.slice(0, 100)}…(${url.length} chars)` : url);
const describeOffence = (o: Offence) => `${o.method} ${shortUrl(o.url)} | ${o.input} | ${o.who} | ${o.status} in ${Math.round(o.ms)} ms`;

async function timed(send: () => Promise<Response>): Promise<{ status: number | string; ms: number }> {
  const started = performance.now();
  try {
    const res = await send();
    return { status: res.statusCode, ms: performance.now() - started };
  } catch (error) {
    // The app itself threw instead of answering: as bad as a 5xx.
    return { status: `threw ${(error as Error).message.slice(0, 80)}`, ms: performance.now() - started };
  }
}

const offends = (r: { status: number | string; ms: number }) => typeof r.status !== 'number' || r.status >= 500 || r.ms > SLOW_MS;

function baseOf(c: Call, ids: Ids, world: World): Base {
  const real: Record<string, unknown[]> = { ...world.real };
  for (const [field, resource] of Object.entries(RESOURCE_OF_FIELD)) if (ids[resource]) real[field] = [ids[resource]];
  const params: Record<string, string> = {};
  for (const [key, schema] of Object.entries(shapeOf(c.params) ?? {})) {
    const resource = resourceOfParam(c, key);
    params[key] = String(resource && ids[resource] ? ids[resource] : sample(schema, key, real));
  }
  const shape = shapeOf(c.body);
  const body = shape ? Object.fromEntries(Object.entries(shape).map(([key, schema]) => [key, sample(schema, key, real)])) : undefined;
  return { params, body };
}

async function fuzz(ctx: TestContext, world: World, c: Call): Promise<{ offences: Offence[]; sent: number }> {
  const cases = casesFor(c, world.tokens);
  expect(cases.length, `${c.name}: malformed requests generated`).toBeGreaterThanOrEqual(MIN_CASES);
  const offences: Offence[] = [];
  let sent = 0;
  for (const who of [null, world.memberOf.get(c)!]) {
    // A member's own resources are made again only once a request may have used them up (a write the server took):
    // a refused request leaves them as they were, and making a post and a comment for each of thousands of refused
    // requests was most of the fuzz files' minutes (issue 40 item 11).
    let ids: Ids | null = null;
    for (const fuzzCase of cases) {
      ids ??= await idsFor(ctx, world, c, who);
      const base = baseOf(c, ids, world);
      const req = fuzzCase.build(base);
      const result = await timed(() =>
        send(ctx, c, { rawUrl: req.url, ...(req.payload !== undefined ? { rawBody: req.payload } : {}), headers: req.headers, token: who?.token }),
      );
      sent++;
      if (c.method !== 'GET' && (typeof result.status !== 'number' || result.status < 400)) ids = null;
      if (offends(result)) offences.push({ method: c.method, url: req.url, input: fuzzCase.input, who: who ? 'signed in' : 'signed out', ...result });
    }
  }
  return { offences, sent };
}

// ---------------------------------------------------------------------------------------------------------------------
// Routes outside the contract: one variable path part each, fuzzed like a path parameter.

interface OffContractRoute {
  name: string;
  /** The URL with `value` (raw, URL-ready) in its variable part. */
  url: (world: OffWorld, value: string) => string;
  /** The valid value of the variable part. */
  valid: (world: OffWorld) => string;
}
interface OffWorld {
  file: string;
  attempt: string;
}

const OFF_CONTRACT: OffContractRoute[] = [
  { name: 'stored file', url: (_w, v) => filePath(v), valid: (w) => w.file },
  { name: 'media picture', url: (_w, v) => mediaPath(v), valid: () => 'articles/x.svg' },
  { name: 'quiz topic picture', url: (_w, v) => quizPicture.topic(MARK).replace(MARK, v), valid: () => 'biodiversity' },
  { name: 'quiz question picture', url: (_w, v) => quizPicture.question(MARK).replace(MARK, v), valid: () => ZERO_UUID },
  { name: 'quiz reveal picture (attempt)', url: (_w, v) => quizPicture.reveal(MARK, 0).replace(MARK, v), valid: (w) => w.attempt },
  { name: 'quiz reveal picture (index)', url: (w, v) => quizPicture.reveal(w.attempt, MARK).replace(MARK, v), valid: () => '0' },
];

const OFF_CONTRACT_HEADERS: [string, Record<string, string>][] = [
  ['no extra header', {}],
  ['Authorization: Bearer alone', { authorization: 'Bearer' }],
  ['Authorization: a 10 KB token', { authorization: `Bearer ${'a'.repeat(10 * 1024)}` }],
  ['Range garbage', { range: 'bytes=abc-def' }],
  ['Range far past the end', { range: 'bytes=999999999999-' }],
  ['If-None-Match of 10 KB', { 'if-none-match': `"${'e'.repeat(10 * 1024)}"` }],
];

async function fuzzOffContract(ctx: TestContext, world: World, off: OffWorld, route: OffContractRoute): Promise<Offence[]> {
  const valid = route.valid(off);
  const urls: [string, string][] = [
    ...URL_VALUES.map(([label, raw]): [string, string] => [`path part = ${label}`, route.url(off, raw(valid))]),
    ['valid path part + trailing slash', `${route.url(off, encodeURI(valid))}/`],
    ['valid path part + broken percent-encoding', `${route.url(off, encodeURI(valid))}%E0%A4%A`],
    ['valid path part + query with NUL', `${route.url(off, encodeURI(valid))}?%00=%00`],
  ];
  const offences: Offence[] = [];
  for (const who of [null, world.owner]) {
    for (const [input, url] of urls) {
      for (const [headerLabel, headers] of input.startsWith('path part') ? [OFF_CONTRACT_HEADERS[0]!] : OFF_CONTRACT_HEADERS) {
        const result = await timed(() => getUrl(ctx, url, { token: who?.token, headers }));
        const label = headerLabel === 'no extra header' ? input : `${input}, ${headerLabel}`;
        if (offends(result)) offences.push({ method: 'GET', url, input: label, who: who ? 'signed in' : 'signed out', ...result });
      }
    }
    for (const [headerLabel, headers] of OFF_CONTRACT_HEADERS.slice(1)) {
      const url = route.url(off, encodeURI(valid));
      const result = await timed(() => getUrl(ctx, url, { token: who?.token, headers }));
      if (offends(result)) offences.push({ method: 'GET', url, input: `valid path, ${headerLabel}`, who: who ? 'signed in' : 'signed out', ...result });
    }
  }
  return offences;
}

//

// ---------------------------------------------------------------------------------------------------------------------
// One test file's share: its calls (each with a member of its own), and the routes outside the contract if asked.

export function describeFuzz(title: string, calls: Call[], options: { offContract: boolean }): void {
  describeWithApp(title, { seed: true }, (ctx) => {
    let world: World;
    let off: OffWorld;

    beforeAll(async () => {
      const c = ctx();
      const signedIn = await members(c, calls.length + 1, 'fuzz');
      const owner = signedIn[0]!;
      const constants = (await send(c, sdgConstants, { token: owner.token })).json();
      const category = Object.values(constants.categories as Record<string, string>)[0]!;
      const subcategory = (constants.subcategories[category] as { value: string }[])[0]!.value;
      const real: Record<string, unknown[]> = { category: [category], subcategory: [subcategory] };
      const article = (await send(c, listArticles)).json().articles[0]._id as string;
      const course = (await send(c, listCourses)).json().courses[0]._id as string;
      const shared: Ids = { article, course, ...(await makeDiscussion(c, { real }, owner)), ...(await makeAttempt(c, owner)) };
      // Two posts, so that a one-post page of the feed hands out a cursor.
      await makeDiscussion(c, { real }, owner);
      const cursor = (await send(c, listDiscussions, { query: { limit: 1 }, token: owner.token })).json().nextCursor as string;
      const tokens = tokensFrom([cursor]);
      expect(tokens.length, `malformed tokens made from the cursor ${cursor}`).toBeGreaterThan(0);
      world = { owner, memberOf: new Map(calls.map((call, i) => [call, signedIn[i + 1]!])), shared, real, tokens };
      const ebooks = (await send(c, listEbooks, { token: owner.token })).json().ebooks;
      off = { file: (ebooks[0].fileUrl as string).replace(filePath(''), ''), attempt: shared.attempt! };
    }, 120_000);

    for (const c of calls) {
      it(`${c.method} ${c.path} (${c.name}) answers every malformed request below 500 within ${SLOW_MS / 1000} s`, async () => {
        const { offences, sent } = await fuzz(ctx(), world, c);
        expect(sent).toBeGreaterThanOrEqual(2 * MIN_CASES);
        expect(offences.map(describeOffence), `${offences.length} of ${sent} malformed requests to ${c.name} answered 5xx or slower than ${SLOW_MS} ms`).toEqual([]);
      }, 120_000);
    }

    if (!options.offContract) return;
    for (const route of OFF_CONTRACT) {
      it(`the ${route.name} outside the contract answers every malformed request below 500 within ${SLOW_MS / 1000} s`, async () => {
        const offences = await fuzzOffContract(ctx(), world, off, route);
        expect(offences.map(describeOffence), `${offences.length} malformed requests to the ${route.name} answered 5xx or slower than ${SLOW_MS} ms`).toEqual([]);
      }, 120_000);
    }
  });
}

/** The share `part` (1-based) of `parts` of the contract's calls: every parts-th call, so each share mixes modules. */
export const shareOfCalls = (calls: Call[], part: number, parts: number): Call[] => calls.filter((_, i) => i % parts === part - 1);
/** The fuzz tests are split over this many files, so the two test workers share their minutes (ADR 177). */
export const FUZZ_FILES = 3;

/**
 * Requests sent at the same time (issue 34, item 8), with the rate limits on, on every database kind:
 * - every write of WRITE_LIMITS, as a valid request, sent at once by one member from one address (30 times, or its
 *   smallest budget + 10 when that is more, so that every budget can be overrun): no more get past the limit (any
 *   answer but 429, or 401 for a token a sibling request ended) than the smallest budget that applies, and none is a 5xx;
 *   a code request issues and mails one code, however many arrive inside its resend window;
 * - 30 wrong passwords at once for one email from one address: at most LOGIN_FAILURES.perPair.max are checked, the
 *   rest are 429;
 * - 9 wrong signup codes at once, then the right one: the right one is refused (OTP_MAX_ATTEMPTS is 5), in 20 trials.
 * A budget is only a budget if it holds when the requests race for it: counting after the work lets them all in.
 */
import type { LightMyRequestResponse as Response } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { LOGIN_FAILURES, type LimitRule, WRITE_LIMITS } from '../../server/services/limits';
import * as auth from '../../src/contract/auth';
import { getCourse, listCourses, listWorkshops } from '../../src/contract/content';
import type { Call } from '../../src/contract/define';
import { sdgConstants } from '../../src/contract/discussions';
import { quizConstants, } from '../../src/contract/quizzes';
import { OTP_MAX_ATTEMPTS } from '../../src/domain/otp';
import { contractCalls, urlOf } from './api';
import { AT_ONCE, type Burst, BURSTS, burstSize, type Prep, type Seeded } from './bursts';
import { describeWithApp, } from './fixture';
import { codeFrom, mailSent, type Member, members, } from './members';

const CALLS = new Map((await contractCalls()).map((c) => [c.name, c]));
const OTP_TRIALS = 20;
const WRONG_CODES = 9;


const NAMES = Object.keys(WRITE_LIMITS);

/** The budgets that apply to a request: per member when signed in, per email when the body names one, per address. */
function smallestBudget(rules: readonly LimitRule[], burst: Burst): number {
  const email = typeof (burst.body as { email?: unknown } | undefined)?.email === 'string';
  const applies = rules.filter((r) => r.scope === 'address' || (r.scope === 'member' && burst.signedIn) || (r.scope === 'email' && email));
  return Math.min(...applies.map((r) => r.max));
}

const histogram = (answers: Response[]) => {
  const counts = new Map<number, number>();
  for (const a of answers) counts.set(a.statusCode, (counts.get(a.statusCode) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => a - b).map(([status, n]) => `${n}× ${status}`).join(', ');
};

// ---------------------------------------------------------------------------------------------------------------------

it('has a valid request for every write with a budget, and for nothing else', () => {
  expect(NAMES.filter((name) => !BURSTS[name]), 'writes of WRITE_LIMITS without a request here').toEqual([]);
  expect(Object.keys(BURSTS).filter((name) => !WRITE_LIMITS[name]), 'requests here for no write of WRITE_LIMITS').toEqual([]);
  expect(NAMES.filter((name) => !CALLS.has(name)), 'writes of WRITE_LIMITS that name no call of the contract').toEqual([]);
});

// PGlite's queue refuses a request's first query past 32 waiting (ADR 125, tested in read-budgets.test.ts); here every
// request of a burst must reach the limit, so the queue is made long enough to hold a whole burst.
describeWithApp('requests sent at once', { seed: true, env: { RATE_LIMIT: 'on' }, maxWaitingQueries: 100_000 }, (ctx) => {
  let seeded: Seeded;
  let people: Member[];
  let counter = 0;
  const fresh = (label: string) => `${label}-${++counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const inject = (
    c: Call, address: string,
    options: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown; token?: string | undefined; headers?: Record<string, string> },
  ) =>
    ctx().app.inject({
      method: c.method,
      url: urlOf(c, options.params as never, options.query as never),
      ...(options.body !== undefined ? { payload: options.body as object } : {}),
      remoteAddress: address,
      headers: { ...options.headers, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
    });

  beforeAll(async () => {
    const c = ctx();
    // One member per write (a write may end its sessions), one for the wrong passwords; signed in from 127.0.0.1.
    people = await members(c, NAMES.length + 1, 'burst');
    const [owner] = people;
    const constants = (await inject(sdgConstants, '127.0.0.1', { token: owner!.token })).json();
    const category = Object.values(constants.categories as Record<string, string>)[0]!;
    const quiz = (await inject(quizConstants, '127.0.0.1', { token: owner!.token })).json() as Record<'categories' | 'sets', { id: string }[]>;
    const course = (await inject(listCourses, '127.0.0.1', {})).json().courses[0]._id as string;
    const full = (await inject(getCourse, '127.0.0.1', { params: { id: course }, token: owner!.token })).json().course as { sections: { content: { _id: string }[] }[] };
    seeded = {
      category,
      subcategory: (constants.subcategories[category] as { value: string }[])[0]!.value,
      quizCategory: quiz.categories[0]!.id,
      quizSet: quiz.sets[0]!.id,
      course,
      lessons: full.sections.flatMap((s) => s.content.map((l) => l._id)),
      workshop: (await inject(listWorkshops, '127.0.0.1', { token: owner!.token })).json().workshops[0]._id as string,
    };
  }, 120_000);

  NAMES.forEach((name, i) => {
    it(`${name}: sent at once by one member from one address, no more get past the limit than its smallest budget`, async () => {
      const c = CALLS.get(name)!;
      const who = people[i + 1]!;
      const prepAddress = `192.0.2.${i + 1}`;
      const address = `198.51.100.${i + 1}`;
      const prep: Prep = {
        ctx: ctx(), who, seeded, fresh,
        ok: async (call, options = {}) => {
          const res = await inject(call, prepAddress, { ...options, token: options.signedOut ? undefined : who.token });
          expect(res.statusCode, `preparing ${name}: ${call.name} answered ${res.body}`).toBe(200);
          return res;
        },
      };
      const burst = await BURSTS[name]!(prep);
      const budget = smallestBudget(WRITE_LIMITS[name]!, burst);
      const count = burstSize(budget);
      const answers = await Promise.all(
        Array.from({ length: count }, (_, k) =>
          inject(c, address, { params: burst.params, query: burst.query, body: burst.body, headers: burst.headers, token: burst.signedIn ? (burst.tokens?.[k % burst.tokens.length] ?? who.token) : undefined })),
      );
      const passed = answers.filter((a) => a.statusCode !== 429 && a.statusCode !== 401).length;
      const report = `${name}: ${count} at once answered ${histogram(answers)}; smallest budget ${budget}`;
      expect(answers.filter((a) => a.statusCode >= 500).map((a) => a.body), report).toEqual([]);
      expect(passed, report).toBeLessThanOrEqual(budget);
      // Each budget let some through: the request is valid and reaches the limit.
      expect(passed, report).toBeGreaterThan(0);
      if (burst.codeFor) {
        await mailSent();
        const mailed = ctx().mailer.sent.filter((m) => m.to === burst.codeFor).length;
        expect({ issued: answers.filter((a) => a.statusCode === 200).length, mailed }, `${report}; one resend window`).toEqual({ issued: 1, mailed: 1 });
      }
    }, 60_000);
  });

  it(`checks at most ${LOGIN_FAILURES.perPair.max} of ${AT_ONCE} wrong passwords sent at once for one email from one address`, async () => {
    const who = people[0]!;
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, k) => inject(auth.login, '203.0.113.200', { body: { email: who.email, password: `wrong guess ${k}` } })),
    );
    const report = `${AT_ONCE} wrong passwords at once answered ${histogram(answers)}`;
    const checked = answers.filter((a) => a.statusCode === 400).length;
    expect(checked, report).toBeLessThanOrEqual(LOGIN_FAILURES.perPair.max);
    expect(checked, report).toBeGreaterThan(0);
    expect(answers.filter((a) => a.statusCode !== 400 && a.statusCode !== 429).length, report).toBe(0);
  }, 60_000);

  it(`refuses the right signup code after ${WRONG_CODES} wrong ones sent at once (${OTP_MAX_ATTEMPTS} guesses per code), in ${OTP_TRIALS} trials`, async () => {
    const accepted: string[] = [];
    for (let trial = 0; trial < OTP_TRIALS; trial++) {
      // A fresh email and address per trial: the resend window is per email, the code budgets per email and address.
      const email = fresh('otp-race');
      const address = `203.0.113.${trial + 1}`;
      expect((await inject(auth.requestSignupOtp, address, { body: { email } })).statusCode).toBe(200);
      await mailSent();
      const code = codeFrom(ctx(), email)!;
      expect(code).toMatch(/^\d{6}$/);
      const wrong = Array.from({ length: WRONG_CODES }, (_, k) => String((Number(code) + 1 + k) % 1_000_000).padStart(6, '0'));
      const guesses = await Promise.all(wrong.map((otp) => inject(auth.verifySignupOtp, address, { body: { email, otp } })));
      expect(guesses.map((g) => g.statusCode), `trial ${trial}: wrong codes`).toEqual(wrong.map(() => 400));
      const right = await inject(auth.verifySignupOtp, address, { body: { email, otp: code } });
      if (right.statusCode !== 400) accepted.push(`trial ${trial}: the right code answered ${right.statusCode} ${right.body.slice(0, 80)}`);
    }
    expect(accepted, `the right code after ${WRONG_CODES} wrong ones at once was not refused`).toEqual([]);
  }, 120_000);
});

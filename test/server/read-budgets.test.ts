/**
 * One visitor cannot stall the server (ADR 125): searches not kept count against an address's budget, parameters a
 * call does not read make no new kept answer, and on PGlite a request past the database's bounded queue is answered
 * 503 with Retry-After before it starts, while kept answers keep flowing.
 */
import { expect, it } from 'vitest';
import { listCourses } from '../../src/contract/content';
import { search } from '../../src/contract/search';
import { READ_LIMITS } from '../../server/services/limits';
import { send, urlOf } from './api';
import { describeWithApp } from './fixture';

describeWithApp('read budgets', { seed: true, env: { RATE_LIMIT: 'on' } }, (ctx) => {
  const find = (q: string, address: string, extra = '') =>
    ctx().app.inject({ method: 'GET', url: `${urlOf(search, undefined, { q })}${extra}`, remoteAddress: address });

  it('refuses an address past its budget of searches not kept, and still answers the searches it kept', async () => {
    const address = '198.51.100.20';
    const max = READ_LIMITS.search.max;
    for (let i = 0; i < max; i++) expect((await find(`budgetword${i}`, address)).statusCode).toBe(200);
    const refused = await find('one more word', address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/^Too many attempts\. Please try again in 1 minute\.$/);
    // A kept answer costs nothing: asked again, with junk parameters and another order, it is still answered.
    expect((await find('budgetword0', address)).statusCode).toBe(200);
    expect((await find('budgetword1', address, '&junk=1&utm_source=x')).statusCode).toBe(200);
    // Another address has its own budget.
    expect((await find('one more word', '198.51.100.21')).statusCode).toBe(200);
  });

  it('files answers by the parameters the call reads: junk parameters reach the kept answer, not the database', async () => {
    const address = '198.51.100.30';
    // Each of these would be a new search (and past the budget, a 429) if the raw URL were the key.
    for (let i = 0; i < READ_LIMITS.search.max + 5; i++) {
      expect((await find('retrofit', address, `&x=${i}`)).statusCode).toBe(200);
    }
  });

  it('keeps a bad query a 400, whether or not the answer is kept', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: `${urlOf(search, undefined, { q: 'ok' })}&limit=500`, remoteAddress: '198.51.100.40' });
    expect(res.statusCode).toBe(400);
    expect((await send(ctx(), listCourses, { rawUrl: `${urlOf(listCourses)}?limit=abc&x=1` })).statusCode).toBeLessThan(500);
  });
});

describeWithApp('a full database queue on PGlite', { seed: true, maxWaitingQueries: 2, env: { CONTENT_CACHE_SECONDS: '10' } }, (ctx) => {
  it('answers 503 with Retry-After past the queue, never 500, and kept answers throughout', async () => {
    if (ctx().database.kind !== 'pglite') {
      // PostgreSQL's pool queues instead: the same burst is all answered.
      const all = await Promise.all(Array.from({ length: 30 }, (_, i) => ctx().app.inject({ method: 'GET', url: urlOf(search, undefined, { q: `pool${i}` }) })));
      expect(all.every((r) => r.statusCode === 200)).toBe(true);
      return;
    }
    expect((await send(ctx(), listCourses)).statusCode).toBe(200);
    const burst = Array.from({ length: 30 }, (_, i) => ctx().app.inject({ method: 'GET', url: urlOf(search, undefined, { q: `queued${i}` }) }));
    const courses = Array.from({ length: 10 }, () => send(ctx(), listCourses));
    const answers = await Promise.all(burst);
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    const busy = answers.find((r) => r.statusCode === 503)!;
    expect(busy.headers['retry-after']).toBe('1');
    expect(busy.json().message).toBe('The server is busy. Please try again in a moment.');
    // The kept course list never waited on the queue.
    expect((await Promise.all(courses)).every((r) => r.statusCode === 200)).toBe(true);
    expect(ctx().database.queue!.waiting).toBe(0);
  });
});

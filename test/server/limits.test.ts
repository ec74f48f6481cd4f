/**
 * Rate limits nobody can dodge (issue 11, point 1): the forwarded address counts only from a trusted proxy, every
 * write of the contract has a budget, a refusal is 429 with Retry-After and a readable message, and wrong passwords
 * slow down the pair (email, address) and the address without locking the owner out.
 */
import { describe, expect, it } from 'vitest';
import { LOGIN_FAILURES, WRITE_LIMITS } from '../../server/services/limits';
import { pageView } from '../../src/contract/analytics';
import * as auth from '../../src/contract/auth';
import * as commentCalls from '../../src/contract/comments';
import type { Call } from '../../src/contract/define';
import * as discussionCalls from '../../src/contract/discussions';
import * as feedbackCalls from '../../src/contract/feedback';
import { contractCalls, urlOf } from './api';
import { describeWithApp } from './fixture';
import { member, PASSWORD } from './members';

const calls = await contractCalls();
const TOO_MANY = /^Too many attempts\. Please try again in \d+ minutes?\.$/;

describe('budgets', () => {
  it('gives every write of the contract a budget', () => {
    const writes = calls.filter((c) => c.method !== 'GET').map((c) => c.name);
    expect(writes.length).toBeGreaterThan(15);
    expect(writes.filter((name) => !WRITE_LIMITS[name])).toEqual([]);
  });
});

const from = (address: string) => ({ remoteAddress: address });

describeWithApp('rate limits, no proxy trusted', { seed: true, env: { RATE_LIMIT: 'on' } }, (ctx) => {
  const inject = (c: Call, payload: unknown, options: { address?: string; token?: string; forwardedFor?: string; params?: Record<string, string> } = {}) =>
    ctx().app.inject({
      method: c.method,
      url: urlOf(c, options.params as never),
      payload: payload as object,
      ...from(options.address ?? '203.0.113.10'),
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {}),
      },
    });

  it('ignores X-Forwarded-For from a client: rotating it does not reset the code-request budget', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await inject(auth.requestSignupOtp, { email: `rotate-${i}@example.com` }, { address: '203.0.113.20', forwardedFor: `198.51.100.${i}` });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('refuses the 11th comment in a minute with 429, Retry-After and a message, and counts per member', async () => {
    const ada = await member(ctx(), 'ada-limits@example.com');
    const grace = await member(ctx(), 'grace-limits@example.com', 'Grace', 'Hopper');
    const post = await inject(discussionCalls.createDiscussion, {
      title: 'Limits', content: '<p>Post</p>', category: 'climate-action', subcategory: 'embodied-carbon',
    }, { token: ada.token, address: '203.0.113.30' });
    expect(post.statusCode).toBe(200);
    const discussionId = post.json().discussion._id;
    for (let i = 0; i < 10; i++) {
      const res = await inject(commentCalls.createComment, { discussionId, content: `<p>Comment ${i}</p>` }, { token: ada.token, address: '203.0.113.30' });
      expect(res.statusCode).toBe(200);
    }
    const refused = await inject(commentCalls.createComment, { discussionId, content: '<p>One more</p>' }, { token: ada.token, address: '203.0.113.30' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(TOO_MANY);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another member at another address still comments.
    expect((await inject(commentCalls.createComment, { discussionId, content: '<p>Mine</p>' }, { token: grace.token, address: '203.0.113.31' })).statusCode).toBe(200);
    // A minute later Ada may comment again.
    ctx().clock.advance(61_000);
    expect((await inject(commentCalls.createComment, { discussionId, content: '<p>Later</p>' }, { token: ada.token, address: '203.0.113.30' })).statusCode).toBe(200);
  });

  it.each([
    ['feedback', feedbackCalls.submitFeedback, { name: 'A', email: 'a@example.com', mobile: '1', feedback: 'Hi' }, 5],
    ['page views', pageView, { path: '/articles' }, 120],
  ] as const)('refuses %s past the address budget', async (_name, c, body, max) => {
    const address = `203.0.113.${40 + max % 50}`;
    for (let i = 0; i < max; i++) expect((await inject(c, body, { address })).statusCode).toBe(200);
    const refused = await inject(c, body, { address });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(TOO_MANY);
  });

  it('refuses a member past the post and like budgets', async () => {
    const lin = await member(ctx(), 'lin-limits@example.com', 'Lin', 'Wei');
    const address = '203.0.113.60';
    let last = 0;
    for (let i = 0; i <= 10; i++) {
      last = (await inject(discussionCalls.createDiscussion, {
        title: `Post ${i}`, content: '<p>x</p>', category: 'climate-action', subcategory: 'embodied-carbon',
      }, { token: lin.token, address })).statusCode;
      if (i < 10) expect(last).toBe(200);
    }
    expect(last).toBe(429);
    ctx().clock.advance(60 * 60 * 1000 + 1000);
    const post = await inject(discussionCalls.createDiscussion, {
      title: 'Liked', content: '<p>x</p>', category: 'climate-action', subcategory: 'embodied-carbon',
    }, { token: lin.token, address });
    const id = post.json().discussion._id;
    const likes: number[] = [];
    for (let i = 0; i < 61; i++) {
      likes.push((await inject(discussionCalls.likeDiscussion, undefined, { params: { id }, token: lin.token, address })).statusCode);
    }
    expect(likes.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(likes[60]).toBe(429);
  });

  it('slows down wrong passwords for the pair and the address, never the owner at another address', async () => {
    const owner = await member(ctx(), 'owner-limits@example.com', 'Olu', 'Owner');
    const stranger = '198.51.100.66';
    for (let i = 0; i < LOGIN_FAILURES.perPair.max; i++) {
      const wrong = await inject(auth.login, { email: owner.email, password: `guess ${i}` }, { address: stranger });
      expect(wrong.statusCode).toBe(400);
    }
    const slowed = await inject(auth.login, { email: owner.email, password: PASSWORD }, { address: stranger });
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().message).toMatch(TOO_MANY);
    // The owner, elsewhere, signs in at once, and a wrong guess of their own does not lock them either.
    expect((await inject(auth.login, { email: owner.email, password: 'typo' }, { address: '192.0.2.10' })).statusCode).toBe(400);
    expect((await inject(auth.login, { email: owner.email, password: PASSWORD }, { address: '192.0.2.10' })).statusCode).toBe(200);
    // The stranger's address is slowed for other emails too once it passes its own budget.
    for (let i = 0; i < LOGIN_FAILURES.perAddress.max - LOGIN_FAILURES.perPair.max; i++) {
      await inject(auth.login, { email: `nobody-${i}@example.com`, password: 'x' }, { address: stranger });
    }
    expect((await inject(auth.login, { email: 'someone-else@example.com', password: 'x' }, { address: stranger })).statusCode).toBe(429);
  });
});

describeWithApp('rate limits behind a trusted proxy', { env: { RATE_LIMIT: 'on', TRUST_PROXY: '127.0.0.1' } }, (ctx) => {
  it("counts the proxy's forwarded address, so clients behind it do not share one budget", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await ctx().app.inject({
        method: 'POST', url: urlOf(auth.requestSignupOtp), payload: { email: `behind-${i}@example.com` },
        remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
    // From an untrusted peer the same header is ignored.
    const untrusted = [];
    for (let i = 0; i < 21; i++) {
      untrusted.push((await ctx().app.inject({
        method: 'POST', url: urlOf(auth.requestSignupOtp), payload: { email: `direct-${i}@example.com` },
        remoteAddress: '203.0.113.99', headers: { 'x-forwarded-for': `198.51.100.${i}` },
      })).statusCode);
    }
    expect(untrusted[20]).toBe(429);
  });
});

/** Members for the discussion tests: one through the real signup flow, many at once as rows plus a real login each. */
import { expect } from 'vitest';
import { users } from '../../server/data/schema';
import { hashPassword } from '../../server/services/passwords';
import type { TestContext } from './fixture';

export interface Member {
  id: string;
  email: string;
  token: string;
  auth: { authorization: string };
}

const PASSWORD = 'correct horse battery';

const codeFrom = (ctx: TestContext, email: string) => /code is (\d{6})/.exec(ctx.mailer.lastTo(email)?.text ?? '')?.[1];

async function send(ctx: TestContext, url: string, payload: unknown, token?: string, method: 'POST' | 'PUT' = 'POST') {
  return ctx.app.inject({ method, url, payload: payload as object, headers: token ? { authorization: `Bearer ${token}` } : {} });
}

/** Signs a new user up through the real flow and returns the final token (copied from test/server/auth.test.ts). */
export async function signUp(ctx: TestContext, email: string, password = PASSWORD) {
  expect((await send(ctx, '/api/auth/otp', { email })).statusCode).toBe(200);
  await new Promise((r) => setTimeout(r, 0));
  const signup = await send(ctx, '/api/auth/signup', { email, otp: codeFrom(ctx, email) });
  expect(signup.statusCode).toBe(200);
  ctx.clock.advance(1000);
  const set = await send(ctx, '/api/auth/set-password', { password }, signup.json().token, 'PUT');
  expect(set.statusCode).toBe(200);
  return set.json().token as string;
}

async function asMember(ctx: TestContext, email: string, token: string): Promise<Member> {
  const profile = await ctx.app.inject({ method: 'GET', url: '/api/auth/profile', headers: { authorization: `Bearer ${token}` } });
  expect(profile.statusCode).toBe(200);
  return { id: profile.json().user._id, email, token, auth: { authorization: `Bearer ${token}` } };
}

/** A member created through OTP signup, with a name set through the profile call. */
export async function signedUpMember(ctx: TestContext, email: string, firstName: string, lastName: string): Promise<Member> {
  const token = await signUp(ctx, email);
  const named = await send(ctx, '/api/auth/update-profile', { firstName, lastName, address: '' }, token, 'PUT');
  expect(named.statusCode).toBe(200);
  return asMember(ctx, email, token);
}

let passwordHash: Promise<string> | undefined;

/**
 * `count` members as rows (one password hash shared by all, so a hundred cost one argon2 run), each then signed in
 * through the real login call.
 */
export async function members(ctx: TestContext, count: number, prefix = 'member'): Promise<Member[]> {
  passwordHash ??= hashPassword(PASSWORD);
  const hash = await passwordHash;
  const tag = Math.random().toString(36).slice(2, 8);
  const rows = Array.from({ length: count }, (_, i) => ({
    email: `${prefix}-${tag}-${i}@example.com`,
    passwordHash: hash,
    firstName: `${prefix[0]!.toUpperCase()}${prefix.slice(1)}`,
    lastName: `No${i}`,
    tokensValidAfter: new Date(0),
  }));
  await ctx.database.db.insert(users).values(rows);
  const signedIn: Member[] = [];
  for (const row of rows) {
    const login = await send(ctx, '/api/auth/login', { email: row.email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    signedIn.push(await asMember(ctx, row.email, login.json().token));
  }
  return signedIn;
}

/**
 * Members for server tests, the one fixture for signing up and signing in: through the real signup flow (mailed code,
 * password, names), or many at once as rows, each then signed in through the real login call.
 */
import { expect } from 'vitest';
import * as auth from '../../src/contract/auth';
import { users } from '../../server/data/schema';
import { hashPassword } from '../../server/services/passwords';
import { send } from './api';
import type { TestContext } from './fixture';

export const PASSWORD = 'correct horse battery';

export interface Member {
  id: string;
  email: string;
  token: string;
  auth: { authorization: string };
}

/** The newest code mailed to an email. */
export const codeFrom = (ctx: TestContext, email: string) => /code is (\d{6})/.exec(ctx.mailer.lastTo(email)?.text ?? '')?.[1];

/** Lets the background mail of the last call go out. */
export const mailSent = () => new Promise((r) => setTimeout(r, 0));

async function asMember(ctx: TestContext, email: string, token: string): Promise<Member> {
  const profile = await send(ctx, auth.profile, { token });
  expect(profile.statusCode).toBe(200);
  return { id: profile.json().user._id, email, token, auth: { authorization: `Bearer ${token}` } };
}

/**
 * Signs a new member up through the real flow (code request, code, password) and returns the token the client keeps:
 * the one answered by the password step when it answers one, else the verified code's.
 */
export async function signUp(ctx: TestContext, email: string, password = PASSWORD, names = { firstName: 'Ada', lastName: 'Lovelace' }): Promise<string> {
  expect((await send(ctx, auth.requestSignupOtp, { body: { email } })).statusCode).toBe(200);
  await mailSent();
  const signup = await send(ctx, auth.verifySignupOtp, { body: { email, otp: codeFrom(ctx, email)! } });
  expect(signup.statusCode).toBe(200);
  ctx.clock.advance(1000);
  const set = await send(ctx, auth.setPassword, { body: { password, ...names }, token: signup.json().token });
  expect(set.statusCode).toBe(200);
  return (set.json().token as string | undefined) ?? (signup.json().token as string);
}

/** A member created through OTP signup, with a name set through the profile call. */
export async function member(ctx: TestContext, email: string, firstName = 'Ada', lastName = 'Lovelace'): Promise<Member> {
  const token = await signUp(ctx, email, PASSWORD, { firstName, lastName });
  const named = await send(ctx, auth.updateProfile, { body: { firstName, lastName, address: '' }, token });
  expect(named.statusCode).toBe(200);
  return asMember(ctx, email, token);
}

/** Signs an existing member in through the login call. */
export async function logIn(ctx: TestContext, email: string, password = PASSWORD): Promise<Member> {
  const login = await send(ctx, auth.login, { body: { email, password } });
  expect(login.statusCode).toBe(200);
  return asMember(ctx, email, login.json().token);
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
  for (const row of rows) signedIn.push(await logIn(ctx, row.email));
  return signedIn;
}

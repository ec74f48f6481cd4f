/** Users for server tests, made through the real API: mailed code, password, then the profile's names. */
import { expect } from 'vitest';
import type { TestContext } from './fixture';

const codeFrom = (ctx: TestContext, email: string) => /code is (\d{6})/.exec(ctx.mailer.lastTo(email)?.text ?? '')?.[1];

async function send(ctx: TestContext, method: 'POST' | 'PUT', url: string, payload: unknown, token?: string) {
  return ctx.app.inject({ method, url, payload: payload as object, headers: token ? { authorization: `Bearer ${token}` } : {} });
}

/** Signs a new user up through the real flow and returns the final token. */
export async function signUp(ctx: TestContext, email: string, password = 'correct horse battery'): Promise<string> {
  expect((await send(ctx, 'POST', '/api/auth/otp', { email })).statusCode).toBe(200);
  await new Promise((r) => setTimeout(r, 0));
  const signup = await send(ctx, 'POST', '/api/auth/signup', { email, otp: codeFrom(ctx, email) });
  expect(signup.statusCode).toBe(200);
  ctx.clock.advance(1000);
  const set = await send(ctx, 'PUT', '/api/auth/set-password', { password }, signup.json().token);
  expect(set.statusCode).toBe(200);
  return set.json().token as string;
}

/** A signed-up user with a first and last name; returns the token. */
export async function learner(ctx: TestContext, email: string, firstName: string, lastName: string): Promise<string> {
  const token = await signUp(ctx, email);
  const profile = await send(ctx, 'PUT', '/api/auth/update-profile', { firstName, lastName, address: '' }, token);
  expect(profile.statusCode).toBe(200);
  return token;
}

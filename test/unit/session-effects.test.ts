/** The session's real effects against recording ports: what reaches the API, with which token, what is stored and logged. */
import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ApiError } from '../../src/application/api-error';
import type { ApiClient, CallOptions } from '../../src/application/ports';
import { loginFailureMessage, provideSession } from '../../src/application/session.effects';
import { LOGIN_INVALID, LOGIN_UNEXPECTED } from '../../src/application/session.machine';
import { MemoryTokenStore, ScriptedApi } from '../../src/application/testing/fakes';
import type { Call } from '../../src/contract/define';
import { suspendedMessage } from '../../src/domain/suspension';

const USER = { _id: 'u1', firstName: 'Ada', lastName: 'Lovelace', address: '', name: 'Ada Lovelace', email: 'ada@example.com', profilePicture: '' };
const OTHER = { ...USER, firstName: 'Grace', name: 'Grace Lovelace' };
const TOO_FAST = 'Too many login attempts. Please try again in 15 minutes.';

function recordingApi() {
  const calls: { name: string; options: CallOptions }[] = [];
  const api: ApiClient = {
    async call<C extends Call>(c: C, _input?: unknown, options: CallOptions = {}) {
      calls.push({ name: c.name, options });
      if (c.name === 'auth.profile') return { success: true, user: USER } as never;
      return { success: true, message: 'Signed out' } as never;
    },
    clearCache: () => {},
    prepare: () => {},
    prefetch: () => {},
    onUnauthorized: () => () => {},
  };
  return { api, calls };
}

/** A scripted API that also writes, in one journal with the token store, when its cache was cleared. */
class JournalApi extends ScriptedApi {
  constructor(readonly journal: string[], answers: ConstructorParameters<typeof ScriptedApi>[0] = {}) {
    super(answers);
  }
  override clearCache() {
    this.journal.push('cache cleared');
  }
}

class JournalTokens extends MemoryTokenStore {
  constructor(readonly journal: string[], token: string | null = null) {
    super(token);
  }
  override set(token: string) {
    this.journal.push(`token set ${token}`);
    super.set(token);
  }
  override clear() {
    this.journal.push('token cleared');
    super.clear();
  }
}

function setup(token: string | null, answers: ConstructorParameters<typeof ScriptedApi>[0] = {}) {
  const journal: string[] = [];
  const api = new JournalApi(journal, answers);
  const tokens = new JournalTokens(journal, token);
  const logged: [string, unknown][] = [];
  const actor = createActor(provideSession({ api, tokens, log: (message, error) => logged.push([message, error]) })).start();
  return { journal, api, tokens, logged, actor };
}

const profileOk = (user = USER) => () => Promise.resolve({ success: true, user });
/** Lets every pending answer arrive: the auth calls load on first use, then the promises settle. */
const tick = async () => {
  await import('../../src/contract/auth');
  await new Promise((resolve) => setTimeout(resolve, 0));
};

describe('loginFailureMessage', () => {
  it("shows the server's words for a 429, 'Invalid credentials' for any other refusal, and a general sentence otherwise", () => {
    expect(loginFailureMessage(new ApiError('http', 429, TOO_FAST))).toBe(TOO_FAST);
    expect(loginFailureMessage(new ApiError('http', 401, 'Wrong password'))).toBe(LOGIN_INVALID);
    expect(loginFailureMessage(new ApiError('http', 400, 'Email is invalid'))).toBe(LOGIN_INVALID);
    expect(loginFailureMessage(new ApiError('http', 499, 'Client closed request'))).toBe(LOGIN_INVALID);
    expect(loginFailureMessage(new ApiError('http', 500, 'Internal error'))).toBe(LOGIN_UNEXPECTED);
    expect(loginFailureMessage(new ApiError('http', 503, 'Service unavailable'))).toBe(LOGIN_UNEXPECTED);
    expect(loginFailureMessage(new ApiError('network', 0, 'Failed to fetch'))).toBe(LOGIN_UNEXPECTED);
    expect(loginFailureMessage(new ApiError('decode', 200, 'Unexpected response format from server'))).toBe(LOGIN_UNEXPECTED);
    expect(loginFailureMessage(new TypeError('x is undefined'))).toBe(LOGIN_UNEXPECTED);
  });

  it("shows a suspended member the server's words with the reason, and any other 403 as 'Invalid credentials'", () => {
    const suspended = suspendedMessage('Spam in the community');
    expect(loginFailureMessage(new ApiError('http', 403, suspended))).toBe(suspended);
    expect(loginFailureMessage(new ApiError('http', 403, 'Forbidden'))).toBe(LOGIN_INVALID);
    expect(loginFailureMessage(new ApiError('http', 400, suspended))).toBe(LOGIN_INVALID);
  });

  it('takes only an HTTP answer for a refusal: a failure of another kind, or not an ApiError, is unexpected whatever status it carries', () => {
    expect(loginFailureMessage(new ApiError('decode', 429, 'The server answered with invalid JSON'))).toBe(LOGIN_UNEXPECTED);
    expect(loginFailureMessage(Object.assign(new Error('Rate limited by a proxy'), { status: 429 }))).toBe(LOGIN_UNEXPECTED);
    expect(loginFailureMessage({ kind: 'http', status: 429, message: 'Rate limited' })).toBe(LOGIN_UNEXPECTED);
    expect(loginFailureMessage({ kind: 'http', status: 401, message: 'Unauthorized' })).toBe(LOGIN_UNEXPECTED);
  });
});

describe('session effects', () => {
  it('tells the server about a logout with the token it had, although the cookie is dropped at once', async () => {
    const tokens = new MemoryTokenStore('tok-1');
    const { api, calls } = recordingApi();
    const actor = createActor(provideSession({ api, tokens, log: () => {} })).start();
    await waitFor(actor, (s) => s.context.user !== null);
    actor.send({ type: 'user.logout' });
    expect(tokens.get()).toBeNull();
    await vi.waitFor(() => expect(calls.map((c) => c.name)).toContain('auth.logout'));
    // The token travels with the call itself: whether the call leaves before the cookie is dropped (the auth calls
    // loaded) or after (loading them first), the server hears of the token the member had.
    const logout = calls.find((c) => c.name === 'auth.logout')!;
    expect(logout.options.token).toBe('tok-1');
    actor.stop();
  });

  it('without a token cookie, is signed out at once and asks the server nothing', async () => {
    const { api, actor, logged, journal } = setup(null, { 'auth.profile': profileOk() });
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    await tick();
    expect(api.calls).toEqual([]);
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context).toEqual({ user: null, error: null });
    expect(logged).toEqual([]);
    expect(journal).toEqual([]);
    actor.stop();
  });

  it('with a token cookie, fetches the profile past the read cache and signs the user in', async () => {
    const { api, actor, logged, journal } = setup('tok-1', { 'auth.profile': profileOk() });
    expect(actor.getSnapshot().matches('loadingProfile')).toBe(true);
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(api.calls).toEqual([{ name: 'auth.profile', input: {}, options: { fresh: true } }]);
    expect(actor.getSnapshot().context).toEqual({ user: USER, error: null });
    expect(logged).toEqual([]);
    expect(journal).toEqual([]);
    actor.stop();
  });

  it.each([
    ['a refusal', new ApiError('http', 401, 'Not authorized')],
    ['a server error', new ApiError('http', 500, 'Internal error')],
    ['a network failure', new ApiError('network', 0, 'Failed to fetch')],
  ])('when the profile cannot be fetched (%s), is signed out and logs the failure', async (_, error) => {
    const { api, actor, logged } = setup('tok-1', { 'auth.profile': () => Promise.reject(error) });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(api.calls.map((c) => c.name)).toEqual(['auth.profile']);
    expect(actor.getSnapshot().context).toEqual({ user: null, error: null });
    expect(logged).toEqual([['profile fetch failed', error]]);
    actor.stop();
  });

  it('logs in: sends the credentials, stores the token, drops the cache, then fetches the profile', async () => {
    const { api, actor, tokens, journal, logged } = setup(null, {
      'auth.login': () => Promise.resolve({ success: true, token: 'tok-new' }),
      'auth.profile': profileOk(),
    });
    actor.send({ type: 'user.login', email: 'ada@example.com', password: 'correct horse' });
    expect(actor.getSnapshot().matches('loggingIn')).toBe(true);
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(api.calls).toEqual([
      { name: 'auth.login', input: { body: { email: 'ada@example.com', password: 'correct horse' } } },
      { name: 'auth.profile', input: {}, options: { fresh: true } },
    ]);
    expect(tokens.get()).toBe('tok-new');
    expect(journal).toEqual(['token set tok-new', 'cache cleared']);
    expect(actor.getSnapshot().context).toEqual({ user: USER, error: null });
    expect(logged).toEqual([]);
    actor.stop();
  });

  it.each([
    ['a wrong password (401)', new ApiError('http', 401, 'Wrong password'), LOGIN_INVALID],
    ['an invalid request (400)', new ApiError('http', 400, 'Email is invalid'), LOGIN_INVALID],
    ['too many attempts (429)', new ApiError('http', 429, TOO_FAST), TOO_FAST],
    ['a server error (500)', new ApiError('http', 500, 'Internal error'), LOGIN_UNEXPECTED],
    ['a network failure', new ApiError('network', 0, 'Failed to fetch'), LOGIN_UNEXPECTED],
  ])('a failed login (%s) leaves the user signed out with the message to show, and stores nothing', async (_, error, message) => {
    const { api, actor, tokens, journal } = setup(null, { 'auth.login': () => Promise.reject(error), 'auth.profile': profileOk() });
    actor.send({ type: 'user.login', email: 'ada@example.com', password: 'nope' });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(actor.getSnapshot().context).toEqual({ user: null, error: message });
    expect(api.calls).toEqual([{ name: 'auth.login', input: { body: { email: 'ada@example.com', password: 'nope' } } }]);
    expect(tokens.get()).toBeNull();
    expect(journal).toEqual([]);
    actor.stop();
  });

  it('logs out: tells the server with the token, drops the cookie and the cache, forgets the user', async () => {
    const { api, actor, tokens, journal, logged } = setup('tok-1', {
      'auth.profile': profileOk(),
      'auth.logout': () => Promise.resolve({ success: true, message: 'Signed out' }),
    });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'user.logout' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(tokens.get()).toBeNull();
    expect(journal).toEqual(['token cleared', 'cache cleared']);
    await vi.waitFor(() => expect(api.calls.map((c) => c.name)).toEqual(['auth.profile', 'auth.logout']));
    expect(api.calls[1]).toEqual({ name: 'auth.logout', input: {}, options: { token: 'tok-1' } });
    await tick();
    expect(logged).toEqual([]);
    actor.stop();
  });

  it('logs out even when the server cannot be told, and logs why', async () => {
    const error = new ApiError('network', 0, 'Failed to fetch');
    const { api, actor, tokens, logged } = setup('tok-1', { 'auth.profile': profileOk(), 'auth.logout': () => Promise.reject(error) });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'user.logout' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(tokens.get()).toBeNull();
    await vi.waitFor(() => expect(logged).toEqual([['logout call failed', error]]));
    expect(api.calls.map((c) => c.name)).toEqual(['auth.profile', 'auth.logout']);
    actor.stop();
  });

  it('does not call the server for a logout when the token is already gone', async () => {
    const { api, actor, tokens, logged, journal } = setup('tok-1', {
      'auth.profile': profileOk(),
      'auth.logout': () => Promise.resolve({ success: true, message: 'Signed out' }),
    });
    await waitFor(actor, (s) => s.matches('signedIn'));
    tokens.token = null; // the cookie expired meanwhile
    actor.send({ type: 'user.logout' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    await tick();
    await tick();
    expect(api.calls.map((c) => c.name)).toEqual(['auth.profile']);
    expect(journal).toEqual(['token cleared', 'cache cleared']);
    expect(logged).toEqual([]);
    actor.stop();
  });

  it('on a 401 elsewhere, drops the token and the cache and signs the user out', async () => {
    const { actor, tokens, journal } = setup('tok-1', { 'auth.profile': profileOk() });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'session.unauthorized' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context).toEqual({ user: null, error: null });
    expect(tokens.get()).toBeNull();
    expect(journal).toEqual(['token cleared', 'cache cleared']);
    actor.stop();
  });

  it('stores a replaced token while signed in', async () => {
    const { actor, tokens, journal } = setup('tok-1', { 'auth.profile': profileOk() });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'token.replaced', token: 'tok-2' });
    expect(tokens.get()).toBe('tok-2');
    expect(journal).toEqual(['token set tok-2']);
    actor.stop();
  });

  it('refreshes the profile past the cache; a failed refresh keeps the user and is logged', async () => {
    let fetches = 0;
    const error = new ApiError('http', 500, 'Internal error');
    const { api, actor, logged } = setup('tok-1', {
      'auth.profile': () => (++fetches === 2 ? Promise.resolve({ success: true, user: OTHER }) : fetches === 1 ? Promise.resolve({ success: true, user: USER }) : Promise.reject(error)),
    });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'user.refreshProfile' });
    await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }) && s.context.user?.firstName === 'Grace');
    actor.send({ type: 'user.refreshProfile' });
    expect(actor.getSnapshot().matches({ signedIn: 'refreshing' })).toBe(true);
    await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }));
    expect(actor.getSnapshot().context.user).toEqual(OTHER);
    expect(logged).toEqual([['profile fetch failed', error]]);
    expect(api.calls).toEqual([
      { name: 'auth.profile', input: {}, options: { fresh: true } },
      { name: 'auth.profile', input: {}, options: { fresh: true } },
      { name: 'auth.profile', input: {}, options: { fresh: true } },
    ]);
    actor.stop();
  });
});

/** Model-based tests of the session machine: every path from its graph, replayed against a plain model of the session. */
import { describe, expect, it } from 'vitest';
import type { EventFromLogic } from 'xstate';
import { sessionMachine, type SessionEvent } from '../../src/application/session.machine';
import type { User } from '../../src/domain/user';
import { type Coverage, edgePaths, getShortestPaths, getSimplePaths, newCoverage, pathName, replay, uncovered } from './model-kit';

const ada: User = { _id: 'u1', firstName: 'Ada', lastName: 'Lovelace', address: '', name: 'Ada Lovelace', email: 'ada@example.com', profilePicture: '' };

const events: SessionEvent[] = [
  { type: 'user.login', email: 'ada@example.com', password: 'correct horse' },
  { type: 'user.logout' },
  { type: 'user.refreshProfile' },
  { type: 'login.succeeded', token: 'tok' },
  { type: 'login.failed', message: 'Invalid credentials' },
  { type: 'profile.loaded', user: ada },
  { type: 'profile.failed', error: new Error('offline') },
  { type: 'token.replaced', token: 'tok-2' },
  { type: 'session.unauthorized' },
];

/** The system under test: what the session's effects did, as a plain model. */
function instrumented(hasToken: boolean) {
  const world = { token: hasToken ? 'cookie' : (null as string | null), profileFetches: 0, logins: [] as string[], logouts: 0, logged: 0, cacheClears: 0 };
  const machine = sessionMachine.provide({
    guards: { hasToken: () => world.token !== null },
    actions: {
      fetchProfile: () => void world.profileFetches++,
      requestLogin: (_, p) => void world.logins.push(p.email),
      storeToken: (_, p) => {
        world.token = p.token;
      },
      clearToken: () => {
        world.token = null;
      },
      notifyLogout: () => void world.logouts++,
      logError: () => void world.logged++,
      clearCache: () => void world.cacheClears++,
    },
  });
  return { world, machine };
}

function checkInvariants(
  snapshot: ReturnType<typeof sessionMachine.transition>,
  world: ReturnType<typeof instrumented>['world'],
  event: EventFromLogic<typeof sessionMachine> | null,
) {
  // A user is known exactly when signed in.
  expect(snapshot.context.user !== null).toBe(snapshot.matches('signedIn'));
  if (snapshot.matches('signedIn')) expect(snapshot.context.user).toEqual(ada);
  // Logout and 401 always drop the token.
  if (event?.type === 'user.logout' || event?.type === 'session.unauthorized') {
    if (snapshot.matches('signedOut')) expect(world.token).toBeNull();
  }
  if (event?.type === 'login.succeeded' && snapshot.matches('loadingProfile')) expect(world.token).toBe('tok');
  if (event?.type === 'login.failed' && snapshot.matches('signedOut')) expect(snapshot.context.error).toBe('Invalid credentials');
  if (snapshot.matches('loggingIn')) expect(world.logins.at(-1)).toBe('ada@example.com');
  if (event?.type === 'profile.failed' && snapshot.matches('signedOut')) expect(world.logged).toBeGreaterThan(0);
}

describe('session machine (model-based)', () => {
  const coverage: Coverage = newCoverage();
  for (const hasToken of [true, false]) {
    const { machine } = instrumented(hasToken);
    const shortest = getShortestPaths(machine, { events });
    const simple = getSimplePaths(machine, { events, limit: 2000 });
    const edges = edgePaths(machine, events);
    describe(`with${hasToken ? '' : 'out'} a token cookie`, () => {
      it.each([...shortest, ...simple].map((p) => [pathName(p), p] as const))('%s', (_name, path) => {
        const sut = instrumented(hasToken);
        const last = replay(sut.machine, path, coverage, (snapshot, event) => checkInvariants(snapshot, sut.world, event));
        expect(last.value).toEqual(path.state.value);
      });
      it.each(edges.map((p) => [pathName(p), p] as const))('edge %s', (_name, path) => {
        const sut = instrumented(hasToken);
        replay(sut.machine, path, coverage, (snapshot, event) => checkInvariants(snapshot, sut.world, event));
      });
    });
  }

  it('starts in signedOut without a cookie and fetches the profile with one', () => {
    const withCookie = instrumented(true);
    const withoutCookie = instrumented(false);
    replay(withCookie.machine, { steps: [] }, coverage, (s) => expect(s.value).toBe('loadingProfile'));
    replay(withoutCookie.machine, { steps: [] }, coverage, (s) => expect(s.value).toBe('signedOut'));
    expect(withCookie.world.profileFetches).toBe(1);
    expect(withoutCookie.world.profileFetches).toBe(0);
  });

  it('reached every state and took every transition', () => {
    expect(uncovered(sessionMachine, coverage)).toEqual({ states: [], transitions: [] });
  });
});

/**
 * Model-based tests of the session machine: every path from its graph (shortest and simple paths, and every event
 * the session can hear from every state), replayed on a live actor whose effects only record, and compared after
 * every step with a plain model of the session: where it is, who is signed in, the error shown, the token held and
 * the effects asked for with their parameters, in order. A last test fails if a state or transition was never taken.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type EventObject, type SnapshotFrom } from 'xstate';
import { isSessionLoading, type SessionEvent, sessionMachine } from '../../src/application/session.machine';
import type { User } from '../../src/domain/user';
import { agree, type Coverage, edgePaths, getShortestPaths, getSimplePaths, holds, newCoverage, pathName, replay, uncovered } from './model-kit';

const ada: User = { _id: 'u1', firstName: 'Ada', lastName: 'Lovelace', address: '', name: 'Ada Lovelace', email: 'ada@example.com', profilePicture: '' };
const adaRenamed: User = { ...ada, lastName: 'King', name: 'Ada King' };

const events: SessionEvent[] = [
  { type: 'user.login', email: 'ada@example.com', password: 'correct horse' },
  { type: 'user.logout' },
  { type: 'user.refreshProfile' },
  { type: 'login.succeeded', token: 'tok' },
  { type: 'login.failed', message: 'Invalid credentials' },
  { type: 'profile.loaded', user: ada },
  { type: 'profile.loaded', user: adaRenamed },
  { type: 'profile.failed', error: 'offline' },
  { type: 'token.replaced', token: 'tok-2' },
  { type: 'session.unauthorized' },
];

type Snapshot = SnapshotFrom<typeof sessionMachine>;
type Where = 'initializing' | 'loadingProfile' | 'signedOut' | 'loggingIn' | 'signedIn.idle' | 'signedIn.refreshing';

/** What the session should be, written without looking at the machine. */
interface Model {
  where: Where;
  user: User | null;
  error: string | null;
  token: string | null;
  effects: string[];
}

function initialModel(cookie: boolean): Model {
  return cookie
    ? { where: 'loadingProfile', user: null, error: null, token: 'cookie', effects: ['fetchProfile'] }
    : { where: 'signedOut', user: null, error: null, token: null, effects: [] };
}

function step(m: Model, e: SessionEvent): Model {
  const n: Model = { ...m, effects: [...m.effects] };
  // A 401 from anywhere signs out: token and cache gone, nobody known, no error.
  if (e.type === 'session.unauthorized') {
    n.effects.push('clearToken', 'clearCache');
    return { ...n, where: 'signedOut', user: null, error: null, token: null };
  }
  switch (m.where) {
    case 'loadingProfile':
      if (e.type === 'profile.loaded') return { ...n, where: 'signedIn.idle', user: e.user };
      if (e.type === 'profile.failed') {
        n.effects.push(`logError ${String(e.error)}`);
        return { ...n, where: 'signedOut' };
      }
      return m;
    case 'signedOut':
      if (e.type === 'user.login') {
        n.effects.push(`requestLogin ${e.email} ${e.password}`);
        return { ...n, where: 'loggingIn', error: null };
      }
      return m;
    case 'loggingIn':
      if (e.type === 'login.succeeded') {
        n.effects.push(`storeToken ${e.token}`, 'clearCache', 'fetchProfile');
        return { ...n, where: 'loadingProfile', token: e.token };
      }
      if (e.type === 'login.failed') return { ...n, where: 'signedOut', error: e.message };
      return m;
    case 'signedIn.idle':
    case 'signedIn.refreshing':
      if (e.type === 'user.logout') {
        n.effects.push('notifyLogout', 'clearToken', 'clearCache');
        return { ...n, where: 'signedOut', user: null, token: null };
      }
      if (e.type === 'token.replaced') {
        n.effects.push(`storeToken ${e.token}`);
        return { ...n, token: e.token };
      }
      if (m.where === 'signedIn.idle' && e.type === 'user.refreshProfile') {
        n.effects.push('fetchProfile');
        return { ...n, where: 'signedIn.refreshing' };
      }
      if (m.where === 'signedIn.refreshing' && e.type === 'profile.loaded') return { ...n, where: 'signedIn.idle', user: e.user };
      if (m.where === 'signedIn.refreshing' && e.type === 'profile.failed') {
        n.effects.push(`logError ${String(e.error)}`);
        return { ...n, where: 'signedIn.idle' };
      }
      return m;
    default:
      return m;
  }
}

/** The system under test: the machine with effects that only record, and a cookie jar. */
function instrumented(cookie: boolean) {
  const world = { token: cookie ? 'cookie' : (null as string | null), effects: [] as string[] };
  const machine = sessionMachine.provide({
    guards: { hasToken: () => world.token !== null },
    actions: {
      fetchProfile: () => void world.effects.push('fetchProfile'),
      requestLogin: (_, p) => void world.effects.push(`requestLogin ${p.email} ${p.password}`),
      storeToken: (_, p) => {
        world.effects.push(`storeToken ${p.token}`);
        world.token = p.token;
      },
      clearToken: () => {
        world.effects.push('clearToken');
        world.token = null;
      },
      notifyLogout: () => void world.effects.push('notifyLogout'),
      logError: (_, p) => void world.effects.push(`logError ${String(p.error)}`),
      clearCache: () => void world.effects.push('clearCache'),
    },
  });
  return { world, machine };
}

const whereOf = (s: Snapshot): Where => (typeof s.value === 'string' ? s.value : `signedIn.${(s.value as { signedIn: string }).signedIn}`) as Where;

function checker(cookie: boolean, world: ReturnType<typeof instrumented>['world']) {
  let model = initialModel(cookie);
  return (snapshot: Snapshot, event: EventObject | null) => {
    if (event) model = step(model, event as SessionEvent);
    agree(
      { where: whereOf(snapshot), user: snapshot.context.user, error: snapshot.context.error, token: world.token, effects: world.effects },
      model,
    );
    // A user is known exactly when signed in; a spinner only while the answer is not known yet.
    holds((snapshot.context.user !== null) === snapshot.matches('signedIn'), 'a user is known exactly when signed in');
    holds(isSessionLoading(snapshot) === (model.where === 'loadingProfile'), 'loading only before the answer');
    // Signed in means no error on the screen.
    if (snapshot.matches('signedIn')) holds(snapshot.context.error === null, 'no error while signed in');
  };
}

describe('session machine (model-based)', () => {
  const coverage: Coverage = newCoverage();
  for (const cookie of [true, false]) {
    const { machine } = instrumented(cookie);
    const paths = [
      ...getShortestPaths(machine, { events }),
      ...getSimplePaths(machine, { events, limit: 2000 }),
      ...edgePaths(machine, events),
    ];
    describe(`with${cookie ? '' : 'out'} a token cookie`, () => {
      it.each(paths.map((p) => [pathName(p), p] as const))('%s', (_name, path) => {
        const sut = instrumented(cookie);
        replay(sut.machine, path, coverage, checker(cookie, sut.world));
      });
    });
  }

  it('assumes no cookie and asks for nothing when no effects are provided', () => {
    const actor = createActor(sessionMachine).start();
    expect(actor.getSnapshot().value).toBe('signedOut');
    actor.stop();
  });

  it('reached every state and took every transition', () => {
    expect(uncovered(sessionMachine, coverage)).toEqual({ states: [], transitions: [] });
  });
});

/**
 * The session (spec section 4): a token cookie means "fetch the profile and treat the user as signed in";
 * login stores the token then fetches the profile; logout drops both. Effects are named here and provided by the
 * composition root; their results come back as events, so the graph holds no invoke and model tests drive it directly.
 */
import { assign, setup, type SnapshotFrom } from 'xstate';
import type { User } from '../domain/user';

export const LOGIN_INVALID = 'Invalid credentials';
export const LOGIN_UNEXPECTED = 'An unexpected error occurred';

export interface SessionContext {
  user: User | null;
  error: string | null;
}

export type SessionEvent =
  | { type: 'user.login'; email: string; password: string }
  | { type: 'user.logout' }
  | { type: 'user.refreshProfile' }
  | { type: 'login.succeeded'; token: string }
  | { type: 'login.failed'; message: string }
  | { type: 'profile.loaded'; user: User }
  | { type: 'profile.failed'; error: unknown }
  | { type: 'token.replaced'; token: string }
  | { type: 'session.unauthorized' };

export const sessionMachine = setup({
  // Stryker disable next-line ObjectLiteral: types exist for TypeScript alone; nothing reads them at run time (ADR 091).
  types: { context: {} as SessionContext, events: {} as SessionEvent },
  actions: {
    /** Fetch GET /auth/profile; answer with profile.loaded or profile.failed. */
    fetchProfile: () => {},
    /** POST /auth/login with the event's credentials; answer with login.succeeded or login.failed. */
    requestLogin: (_, _params: { email: string; password: string }) => {},
    storeToken: (_, _params: { token: string }) => {},
    clearToken: () => {},
    /** Tell the server the token is dead (POST /auth/logout); the client drops the cookie whatever the answer. */
    notifyLogout: () => {},
    logError: (_, _params: { error: unknown }) => {},
    clearCache: () => {},
  },
  guards: {
    hasToken: () => false,
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: no target names the machine by its id; only tools read it (ADR 091).
  id: 'session',
  context: { user: null, error: null },
  initial: 'initializing',
  on: {
    'session.unauthorized': { target: '.signedOut', actions: [assign({ user: null, error: null }), 'clearToken', 'clearCache'] },
  },
  states: {
    initializing: {
      always: [{ guard: 'hasToken', target: 'loadingProfile' }, { target: 'signedOut' }],
    },
    loadingProfile: {
      entry: 'fetchProfile',
      on: {
        // Nobody is known and no error is shown while the profile loads: every way in (a cookie, a login) leaves both null.
        'profile.loaded': { target: 'signedIn', actions: assign({ user: ({ event }) => event.user }) },
        'profile.failed': { target: 'signedOut', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    signedOut: {
      on: {
        'user.login': {
          target: 'loggingIn',
          actions: [
            assign({ error: null }),
            { type: 'requestLogin', params: ({ event }) => ({ email: event.email, password: event.password }) },
          ],
        },
      },
    },
    loggingIn: {
      on: {
        'login.succeeded': {
          target: 'loadingProfile',
          actions: [{ type: 'storeToken', params: ({ event }) => ({ token: event.token }) }, 'clearCache'],
        },
        'login.failed': { target: 'signedOut', actions: assign({ error: ({ event }) => event.message }) },
      },
    },
    signedIn: {
      initial: 'idle',
      on: {
        'user.logout': { target: 'signedOut', actions: ['notifyLogout', 'clearToken', 'clearCache', assign({ user: null })] },
        'token.replaced': { actions: { type: 'storeToken', params: ({ event }) => ({ token: event.token }) } },
      },
      states: {
        idle: { on: { 'user.refreshProfile': 'refreshing' } },
        refreshing: {
          entry: 'fetchProfile',
          on: {
            'profile.loaded': { target: 'idle', actions: assign({ user: ({ event }) => event.user }) },
            'profile.failed': { target: 'idle', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;

/** True while the view should show a spinner rather than decide signed in or out ('initializing' is left at once). */
export function isSessionLoading(state: SnapshotFrom<SessionMachine>): boolean {
  return state.matches('loadingProfile');
}

/**
 * The session as a page rendered on the server found it (ADR 100): signed in as its member, or signed out. Both the
 * server's render and the browser's first render start here, so neither fetches the profile again.
 */
export function renderedSession<M extends SessionMachine>(machine: M, user: User | null) {
  return machine.resolveState({ value: user ? { signedIn: 'idle' } : 'signedOut', context: { user, error: null } });
}

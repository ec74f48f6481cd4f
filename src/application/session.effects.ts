/** The session machine's named effects, written against ports only; the composition root calls this with real adapters. */
import { isSuspendedMessage } from '../domain/suspension';
import { ApiError } from './api-error';
import type { ApiClient, TokenStore } from './ports';
import { LOGIN_INVALID, LOGIN_UNEXPECTED, sessionMachine } from './session.machine';
import { lazyCalls } from './lazy-calls';

export interface SessionPorts {
  api: ApiClient;
  tokens: TokenStore;
  log: (message: string, error: unknown) => void;
}

export function loginFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.kind === 'http' && error.status === 429) return error.message;
  // A suspended member reads the reason staff gave (ADR 140).
  if (error instanceof ApiError && error.kind === 'http' && error.status === 403 && isSuspendedMessage(error.message)) return error.message;
  if (error instanceof ApiError && error.kind === 'http' && error.status < 500) return LOGIN_INVALID;
  return LOGIN_UNEXPECTED;
}

/** The auth calls (and zod with them) load with the first call, not with the app shell. */
const authCalls = lazyCalls(() => import('../contract/auth'));

export function provideSession({ api, tokens, log }: SessionPorts) {
  return sessionMachine.provide({
    guards: { hasToken: () => tokens.get() !== null },
    actions: {
      fetchProfile: ({ self }) => {
        authCalls((calls) => api.call(calls.profile, {}, { fresh: true }))
          .then(
          (answer) => self.send({ type: 'profile.loaded', user: answer.user }),
          (error: unknown) => self.send({ type: 'profile.failed', error }),
        );
      },
      requestLogin: ({ self }, { email, password }) => {
        authCalls((calls) => api.call(calls.login, { body: { email, password } }))
          .then(
          (answer) => self.send({ type: 'login.succeeded', token: answer.token }),
          (error: unknown) => self.send({ type: 'login.failed', message: loginFailureMessage(error) }),
        );
      },
      storeToken: (_, { token }) => tokens.set(token),
      clearToken: () => tokens.clear(),
      notifyLogout: () => {
        // Fire and forget: the cookie is dropped whatever the server answers. The token is read now, because
        // `clearToken` runs right after this action, before the auth calls have loaded.
        const token = tokens.get();
        if (!token) return;
        authCalls((calls) => api.call(calls.logout, {}, { token }))
          .catch((error: unknown) => log('logout call failed', error));
      },
      logError: (_, { error }) => log('profile fetch failed', error),
      clearCache: () => api.clearCache(),
    },
  });
}

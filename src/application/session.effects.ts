/** The session machine's named effects, written against ports only; the composition root calls this with real adapters. */
import * as authCalls from '../contract/auth';
import { ApiError } from './api-error';
import type { ApiClient, TokenStore } from './ports';
import { LOGIN_INVALID, LOGIN_UNEXPECTED, sessionMachine } from './session.machine';

export interface SessionPorts {
  api: ApiClient;
  tokens: TokenStore;
  log: (message: string, error: unknown) => void;
}

export function loginFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.kind === 'http' && error.status === 429) return error.message;
  if (error instanceof ApiError && error.kind === 'http' && error.status < 500) return LOGIN_INVALID;
  return LOGIN_UNEXPECTED;
}

export function provideSession({ api, tokens, log }: SessionPorts) {
  return sessionMachine.provide({
    guards: { hasToken: () => tokens.get() !== null },
    actions: {
      fetchProfile: ({ self }) => {
        api.call(authCalls.profile, {}, { fresh: true }).then(
          (answer) => self.send({ type: 'profile.loaded', user: answer.user }),
          (error: unknown) => self.send({ type: 'profile.failed', error }),
        );
      },
      requestLogin: ({ self }, { email, password }) => {
        api.call(authCalls.login, { body: { email, password } }).then(
          (answer) => self.send({ type: 'login.succeeded', token: answer.token }),
          (error: unknown) => self.send({ type: 'login.failed', message: loginFailureMessage(error) }),
        );
      },
      storeToken: (_, { token }) => tokens.set(token),
      clearToken: () => tokens.clear(),
      notifyLogout: () => {
        // Fire and forget: the cookie is dropped whatever the server answers.
        api.call(authCalls.logout).catch((error: unknown) => log('logout call failed', error));
      },
      logError: (_, { error }) => log('profile fetch failed', error),
      clearCache: () => api.clearCache(),
    },
  });
}

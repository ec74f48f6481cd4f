/** The session's real effects against recording ports: what reaches the API, with which token. */
import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { ApiClient, CallOptions } from '../../src/application/ports';
import { provideSession } from '../../src/application/session.effects';
import { MemoryTokenStore } from '../../src/application/testing/fakes';
import type { Call } from '../../src/contract/define';

const USER = { _id: 'u1', firstName: 'Ada', lastName: 'Lovelace', address: '', name: 'Ada Lovelace', email: 'ada@example.com', profilePicture: '' };

function recordingApi(tokens: MemoryTokenStore) {
  const calls: { name: string; storedToken: string | null; options: CallOptions }[] = [];
  const api: ApiClient = {
    async call<C extends Call>(c: C, _input?: unknown, options: CallOptions = {}) {
      calls.push({ name: c.name, storedToken: tokens.get(), options });
      if (c.name === 'auth.profile') return { success: true, user: USER } as never;
      return { success: true, message: 'Signed out' } as never;
    },
    clearCache: () => {},
    onUnauthorized: () => () => {},
  };
  return { api, calls };
}

describe('session effects', () => {
  it('tells the server about a logout with the token it had, although the cookie is dropped at once', async () => {
    const tokens = new MemoryTokenStore('tok-1');
    const { api, calls } = recordingApi(tokens);
    const actor = createActor(provideSession({ api, tokens, log: () => {} })).start();
    await waitFor(actor, (s) => s.context.user !== null);
    actor.send({ type: 'user.logout' });
    expect(tokens.get()).toBeNull();
    await vi.waitFor(() => expect(calls.map((c) => c.name)).toContain('auth.logout'));
    const logout = calls.find((c) => c.name === 'auth.logout')!;
    expect(logout.options.token).toBe('tok-1');
    expect(logout.storedToken).toBeNull();
    actor.stop();
  });
});

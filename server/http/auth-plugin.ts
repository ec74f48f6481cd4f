/**
 * Resolves `Authorization: Bearer <token>` to a user: valid signature, not revoked by logout or by ending its device,
 * issued after the user's last password change or "sign out everywhere else" (ADR 133). A token found valid is kept in memory by its exact text (ADR 008) until a logout or password
 * change in this process, or SESSION_MAX_AGE_MS for one made by another process, and never past its expiry.
 */
import fp from 'fastify-plugin';
import { unauthorized } from '../services/errors';
import type { SessionService } from '../services/sessions';
import { KeptUntilChanged } from './kept';
import { tokenOf } from './session-cookie';
import type { AuthUser } from './route';

declare module 'fastify' {
  interface FastifyInstance {
    /** Tokens found valid, by their text; `changed()` after anything that can revoke one (logout, password change, ending a device). */
    sessions: KeptUntilChanged<AuthUser | null>;
  }
}

/**
 * Bound on how long a logout or password change made by another server process can leave a token usable here for a
 * read, should its notice (ADR 061) be lost; writes always check the database.
 */
export const SESSION_MAX_AGE_MS = 1_000;

export const authPlugin = fp<{ sessions: SessionService }>(async (app, { sessions: service }) => {
  const { tokens } = service;
  const sessions = new KeptUntilChanged<AuthUser | null>({ maxAgeMs: SESSION_MAX_AGE_MS, maxSize: 10_000, sizeOf: () => 1, now: tokens.now });
  app.decorate('sessions', sessions);
  app.decorate('authenticate', async (request, required, options) => {
    const header = request.headers.authorization;
    const match = header === undefined ? null : /^Bearer\s+(\S{1,4096})$/i.exec(header);
    const cookie = header === undefined && options?.orCookie ? tokenOf(request.headers.cookie) : null;
    const token = match?.[1] ?? (cookie && cookie.length <= 4096 ? cookie : undefined);
    // A revoked token never writes: a write checks the database, a read may use what was found in the last second.
    const read = request.method === 'GET' || request.method === 'HEAD';
    // The user agent names a device that signed in before devices were recorded, the first time its token is seen.
    const resolve = (t: string) => service.resolve(t, request.headers['user-agent'] ?? '');
    const user = !token ? null : read ? await sessions.get(token, () => resolve(token)) : await resolve(token);
    // A kept session still ends when its token expires.
    const live = user && user.tokenExpiresAt.getTime() > tokens.now() ? user : null;
    if (!live && required) throw unauthorized();
    return live;
  });
});

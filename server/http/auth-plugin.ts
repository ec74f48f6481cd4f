/** Resolves `Authorization: Bearer <token>` to a user: valid signature, not revoked by logout, issued after the user's last password change. */
import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { revokedTokens } from '../db/schema';
import type { TokenService } from '../services/tokens';
import { findUserById } from '../services/users';
import { unauthorized } from './errors';
import type { AuthUser } from './route';

export const authPlugin = fp<{ db: Db; tokens: TokenService }>(async (app, { db, tokens }) => {
  app.decorate('authenticate', async (request, required) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const user = match ? await resolve(match[1]!) : null;
    if (!user && required) throw unauthorized();
    return user;
  });

  async function resolve(token: string): Promise<AuthUser | null> {
    const claims = await tokens.verify(token);
    if (!claims) return null;
    const row = await findUserById(db, claims.userId);
    if (!row || claims.issuedAtMs < row.tokensValidAfter.getTime()) return null;
    const [revoked] = await db.select({ jti: revokedTokens.jti }).from(revokedTokens).where(eq(revokedTokens.jti, claims.jti)).limit(1);
    if (revoked) return null;
    return { id: row.id, email: row.email, jti: claims.jti, tokenExpiresAt: claims.expiresAt };
  }
});

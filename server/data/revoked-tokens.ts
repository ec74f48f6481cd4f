/**
 * Tokens ended before their time (logout): kept until they would have expired anyway, then pruned. They are written
 * with the sessions they end (user-sessions.ts) and read with the token's holder (`findTokenHolder` there).
 */
import { lt } from 'drizzle-orm';
import type { Db } from './client';
import { revokedTokens } from './schema';

/** Deletes the rows of tokens that have expired by `now` (an expired token is refused by its signature check). */
export async function pruneRevokedTokens(db: Db, now: Date): Promise<number> {
  const deleted = await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, now)).returning({ jti: revokedTokens.jti });
  return deleted.length;
}

/** Tokens ended before their time (logout): kept until they would have expired anyway, then pruned. */
import { eq, lt } from 'drizzle-orm';
import type { Db } from './client';
import { revokedTokens } from './schema';

export async function revokeToken(db: Db, jti: string, expiresAt: Date): Promise<void> {
  await db.insert(revokedTokens).values({ jti, expiresAt }).onConflictDoNothing();
}

export async function isRevoked(db: Db, jti: string): Promise<boolean> {
  const [row] = await db.select({ jti: revokedTokens.jti }).from(revokedTokens).where(eq(revokedTokens.jti, jti)).limit(1);
  return row !== undefined;
}

/** Deletes the rows of tokens that have expired by `now` (an expired token is refused by its signature check). */
export async function pruneRevokedTokens(db: Db, now: Date): Promise<number> {
  const deleted = await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, now)).returning({ jti: revokedTokens.jti });
  return deleted.length;
}

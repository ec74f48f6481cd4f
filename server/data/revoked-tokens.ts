/** Tokens ended before their time (logout): kept until they would have expired anyway, then pruned. */
import { eq, lt, sql } from 'drizzle-orm';
import { isUuid } from '../../src/domain/ids';
import type { Db } from './client';
import { revokedTokens, users } from './schema';
import type { UserRow } from './users';

export async function revokeToken(db: Db, jti: string, expiresAt: Date): Promise<void> {
  await db.insert(revokedTokens).values({ jti, expiresAt }).onConflictDoNothing();
}

/**
 * The member a token names, with whether that token was revoked, in one statement: every write and every request not
 * answered from memory asks it (auth-plugin.ts).
 */
export async function findTokenHolder(db: Db, userId: string, jti: string): Promise<{ user: UserRow; revoked: boolean } | undefined> {
  if (!isUuid(userId)) return undefined;
  const [row] = await db
    .select({ user: users, revoked: sql<boolean>`exists (select 1 from ${revokedTokens} where ${revokedTokens.jti} = ${jti})` })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** Deletes the rows of tokens that have expired by `now` (an expired token is refused by its signature check). */
export async function pruneRevokedTokens(db: Db, now: Date): Promise<number> {
  const deleted = await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, now)).returning({ jti: revokedTokens.jti });
  return deleted.length;
}

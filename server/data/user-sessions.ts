/**
 * Signed-in devices: one row per token issued at sign-in (ADR 133). Ending one revokes its token and deletes its row in
 * one transaction; a token with no row (issued before rows existed) gets one the first time it is seen.
 */
import { and, desc, eq, gt, gte, lt, lte, ne, notExists, or, sql } from 'drizzle-orm';
import { isUuid } from '../../src/domain/ids';
import type { Db } from './client';
import { preparedOnce } from './prepared';
import { revokedTokens, users, userSessions } from './schema';
import type { UserRow } from './users';

export type UserSessionRow = typeof userSessions.$inferSelect;

/** The longest user agent kept: enough for any real browser's, short enough that a made-up one costs nothing. */
const USER_AGENT_MAX = 512;

export interface NewSession {
  jti: string;
  userId: string;
  userAgent: string;
  createdAt: Date;
  expiresAt: Date;
}

/**
 * Records a session, unless its token was revoked meanwhile (a device ended while its first request was in flight):
 * one statement, so a revoked token never gets a row back.
 */
export async function recordSession(db: Db, session: NewSession): Promise<void> {
  const userAgent = session.userAgent.slice(0, USER_AGENT_MAX);
  const at = session.createdAt.toISOString();
  await db.execute(sql`
    insert into ${userSessions} (jti, user_id, user_agent, created_at, last_seen_at, expires_at)
    select ${session.jti}, ${session.userId}::uuid, ${userAgent}, ${at}::timestamptz, ${at}::timestamptz, ${session.expiresAt.toISOString()}::timestamptz
    where not exists (select 1 from ${revokedTokens} where ${revokedTokens.jti} = ${session.jti})
    on conflict (jti) do nothing`);
}

export interface TokenHolder {
  user: UserRow;
  revoked: boolean;
  /** When this token's device was last seen; null when the token has no row yet. */
  lastSeenAt: Date | null;
}

/**
 * The member a token names, whether that token was revoked, and when its device was last seen, in one statement:
 * every write and every request not answered from memory asks it (auth-plugin.ts), so it is prepared (ADR 197).
 */
const tokenHolderOf = preparedOnce((db) => db
  .select({
    user: users,
    revoked: sql<boolean>`exists (select 1 from ${revokedTokens} where ${revokedTokens.jti} = ${sql.placeholder('jti')})`,
    lastSeenAt: userSessions.lastSeenAt,
  })
  .from(users)
  .leftJoin(userSessions, and(eq(userSessions.jti, sql.placeholder('jti')), eq(userSessions.userId, users.id)))
  .where(eq(users.id, sql.placeholder('userId')))
  .limit(1)
  .prepare('token_holder'));

export async function findTokenHolder(db: Db, userId: string, jti: string): Promise<TokenHolder | undefined> {
  if (!isUuid(userId)) return undefined;
  const [row] = await tokenHolderOf(db).execute({ userId, jti });
  return row;
}

/** Moves a device's last sighting to `now`, unless another request already did within `everyMs`. */
export async function touchSession(db: Db, jti: string, now: Date, everyMs: number): Promise<void> {
  await db
    .update(userSessions)
    .set({ lastSeenAt: now })
    .where(and(eq(userSessions.jti, jti), lte(userSessions.lastSeenAt, new Date(now.getTime() - everyMs))));
}

/**
 * A member's live sessions, most recently seen first: not expired, not revoked, and not ended by a password change or
 * "sign out everywhere else" (issued before `tokens_valid_after`, unless it is the token that change was made with).
 */
export async function liveSessions(db: Db, user: Pick<UserRow, 'id' | 'tokensValidAfter' | 'keptTokenJti'>, now: Date, limit: number): Promise<UserSessionRow[]> {
  return db
    .select()
    .from(userSessions)
    .where(and(
      eq(userSessions.userId, user.id),
      gt(userSessions.expiresAt, now),
      or(gte(userSessions.createdAt, user.tokensValidAfter), user.keptTokenJti ? eq(userSessions.jti, user.keptTokenJti) : sql`false`),
      notExists(db.select({ one: sql`1` }).from(revokedTokens).where(eq(revokedTokens.jti, userSessions.jti))),
    ))
    .orderBy(desc(userSessions.lastSeenAt), desc(userSessions.createdAt))
    .limit(limit);
}

/** Ends one session of a member: its token is revoked and its row deleted, together. False when it was not theirs or is gone. */
export async function endSession(db: Db, userId: string, jti: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(userSessions)
      .where(and(eq(userSessions.jti, jti), eq(userSessions.userId, userId)))
      .returning({ jti: userSessions.jti, expiresAt: userSessions.expiresAt });
    if (!gone) return false;
    await tx.insert(revokedTokens).values({ jti: gone.jti, expiresAt: gone.expiresAt }).onConflictDoNothing();
    return true;
  });
}

/** Logout: the token is revoked until it would have expired, and its device row goes with it. */
export async function revokeSessionToken(db: Db, jti: string, expiresAt: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(revokedTokens).values({ jti, expiresAt }).onConflictDoNothing();
    await tx.delete(userSessions).where(eq(userSessions.jti, jti));
  });
}

/**
 * Ends every token of the member but `keepJti`, rows or not (a token from before rows existed has none): the same
 * cut-off a password change uses, `tokens_valid_after`, with the kept token named. Answers how many devices were ended.
 */
export async function endOtherSessions(db: Db, userId: string, keepJti: string, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.update(users).set({ tokensValidAfter: now, keptTokenJti: keepJti }).where(eq(users.id, userId));
    const gone = await tx
      .delete(userSessions)
      .where(and(eq(userSessions.userId, userId), ne(userSessions.jti, keepJti)))
      .returning({ jti: userSessions.jti });
    return gone.length;
  });
}

/** Deletes the rows of sessions whose tokens have expired by `now`. */
export async function pruneUserSessions(db: Db, now: Date): Promise<number> {
  const deleted = await db.delete(userSessions).where(lt(userSessions.expiresAt, now)).returning({ jti: userSessions.jti });
  return deleted.length;
}

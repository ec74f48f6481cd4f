/** The staff console's members (issue 36 item 6): search, one member's activity and devices, suspension (ADR 140). */
import { and, asc, count, desc, eq, gt, ilike, isNull, notExists, or, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client';
import {
  certificates, commentLikes, comments, discussionLikes, discussions, enrolments, quizAttempts, revokedTokens,
  staffRoles, users, userSessions, workshopRegistrations,
} from './schema';

const rolesOf = sql<string[]>`coalesce((select array_agg(${staffRoles.role} order by ${staffRoles.role}) from ${staffRoles} where ${staffRoles.userId} = ${users.id}), '{}')`;

const rowColumns = {
  id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, createdAt: users.createdAt,
  suspendedAt: users.suspendedAt, deletedAt: users.deletedAt, roles: rolesOf,
};

/** Members whose name or email holds `q` (every member without one), deleted accounts left out, by name. */
export async function searchMemberRows(db: Db, q: string, page: number, pageSize: number) {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = and(
    isNull(users.deletedAt),
    q ? or(ilike(users.email, pattern), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern)) : undefined,
  );
  const rows = await db.select(rowColumns).from(users).where(where)
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.email), asc(users.id))
    .limit(pageSize).offset((page - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  return { rows, total: total?.n ?? 0 };
}

const suspender = alias(users, 'suspender');

export async function memberRow(db: Db | Tx, id: string) {
  const [row] = await db
    .select({
      ...rowColumns, suspendedReason: users.suspendedReason, suspendedBy: users.suspendedBy, tokensValidAfter: users.tokensValidAfter,
      keptTokenJti: users.keptTokenJti, suspenderFirstName: suspender.firstName, suspenderLastName: suspender.lastName,
    })
    .from(users)
    .leftJoin(suspender, eq(suspender.id, users.suspendedBy))
    .where(eq(users.id, id));
  return row ?? null;
}
export type MemberRecord = NonNullable<Awaited<ReturnType<typeof memberRow>>>;

/** How many rows of `table` name the member in `column` (and meet `extra`): a scalar subquery. */
const countOf = (id: string, table: PgTable, column: PgColumn, extra?: SQL) =>
  sql<number>`(select count(*) from ${table} where ${column} = ${id}::uuid${extra ? sql` and ${extra}` : sql``})`.mapWith(Number);

/** What the member has done, counted in one statement. */
export async function activityOf(db: Db, id: string) {
  const [row] = await db
    .select({
      posts: countOf(id, discussions, discussions.createdBy),
      comments: countOf(id, comments, comments.createdBy, isNull(comments.deletedAt)),
      discussionLikes: countOf(id, discussionLikes, discussionLikes.userId),
      commentLikes: countOf(id, commentLikes, commentLikes.userId),
      coursesEnrolled: countOf(id, enrolments, enrolments.userId),
      certificates: countOf(id, certificates, certificates.userId, isNull(certificates.revokedAt)),
      quizAttempts: countOf(id, quizAttempts, quizAttempts.userId),
      workshopRegistrations: countOf(id, workshopRegistrations, workshopRegistrations.userId),
    })
    .from(users)
    .where(eq(users.id, id));
  if (!row) return null;
  const { discussionLikes: a, commentLikes: b, ...rest } = row;
  return { ...rest, likesGiven: a + b };
}

/** The member's signed-in devices: recorded, not expired, not revoked, not cut off by `tokens_valid_after`. */
export async function devicesOf(db: Db, user: { id: string; tokensValidAfter: Date; keptTokenJti: string | null }, now: Date, limit = 50) {
  return db
    .select({ userAgent: userSessions.userAgent, createdAt: userSessions.createdAt, lastSeenAt: userSessions.lastSeenAt })
    .from(userSessions)
    .where(and(
      eq(userSessions.userId, user.id),
      gt(userSessions.expiresAt, now),
      or(sql`${userSessions.createdAt} >= ${user.tokensValidAfter.toISOString()}::timestamptz`, user.keptTokenJti ? eq(userSessions.jti, user.keptTokenJti) : sql`false`),
      notExists(db.select({ one: sql`1` }).from(revokedTokens).where(eq(revokedTokens.jti, userSessions.jti))),
    ))
    .orderBy(desc(userSessions.lastSeenAt))
    .limit(limit);
}

/**
 * Suspends a member who is not already suspended, and signs them out everywhere: every recorded token is revoked by
 * its jti and its row deleted, and `tokens_valid_after` moves to now with no kept token, for tokens never recorded.
 * False when the member was already suspended (nothing changes).
 */
export async function suspendRow(tx: Tx, id: string, by: string, reason: string, at: Date): Promise<boolean> {
  const [changed] = await tx
    .update(users)
    .set({ suspendedAt: at, suspendedReason: reason, suspendedBy: by, tokensValidAfter: at, keptTokenJti: null })
    .where(and(eq(users.id, id), isNull(users.suspendedAt), isNull(users.deletedAt)))
    .returning({ id: users.id });
  if (!changed) return false;
  const gone = await tx.delete(userSessions).where(eq(userSessions.userId, id)).returning({ jti: userSessions.jti, expiresAt: userSessions.expiresAt });
  if (gone.length) await tx.insert(revokedTokens).values(gone).onConflictDoNothing();
  return true;
}

/** Lifts a suspension; false when there was none. */
export async function liftRow(tx: Tx, id: string): Promise<boolean> {
  const [changed] = await tx
    .update(users)
    .set({ suspendedAt: null, suspendedReason: null, suspendedBy: null })
    .where(and(eq(users.id, id), sql`${users.suspendedAt} is not null`))
    .returning({ id: users.id });
  return Boolean(changed);
}

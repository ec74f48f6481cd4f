/**
 * Reading and marking a member's notifications, their choices and follows, and the facts the community's events and
 * the mails need (issue 37, ADR 146). Companion of notifications.ts, which writes the rows.
 */
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { NotificationChannel, NotificationKind, NotificationPreferences } from '../../src/domain/notifications';
import { withDefaults } from '../../src/domain/notifications';
import { displayName } from '../../src/domain/user';
import type { Db, Tx } from './client';
import { preparedOnce } from './prepared';
import { comments, discussions, follows, notificationPreferences, notifications, users } from './schema';

type Reader = Db | Tx;
const actors = alias(users, 'actors');

/** One notification with what its sentence and link need. */
export interface NotificationView {
  id: string;
  seq: number;
  userId: string;
  kind: NotificationKind;
  actor: { id: string; name: string; picture: string } | null;
  actorCount: number;
  discussion: { id: string; title: string } | null;
  commentId: string | null;
  detail: string | null;
  createdAt: Date;
  updatedAt: Date;
  readAt: Date | null;
  emailState: string;
}

const columns = {
  id: notifications.id, seq: notifications.seq, userId: notifications.userId, kind: notifications.kind, actorId: notifications.actorId,
  actorFirst: actors.firstName, actorLast: actors.lastName, actorPicture: actors.profilePicture, actorDeletedAt: actors.deletedAt,
  actorCount: notifications.actorCount, discussionId: notifications.discussionId, title: discussions.title, commentId: notifications.commentId,
  detail: notifications.detail, createdAt: notifications.createdAt, updatedAt: notifications.updatedAt, readAt: notifications.readAt,
  emailState: notifications.emailState,
};

function selectRows(db: Reader, where: ReturnType<typeof and>, order: 'newest' | 'oldest') {
  return db
    .select(columns)
    .from(notifications)
    .leftJoin(actors, eq(actors.id, notifications.actorId))
    .leftJoin(discussions, eq(discussions.id, notifications.discussionId))
    .where(where)
    .orderBy(order === 'newest' ? desc(notifications.seq) : asc(notifications.seq));
}

/** The first page of a member's list: read at the start of every signed-in visit (ADR 147), so prepared (ADR 197). */
const newestOf = preparedOnce((db) =>
  selectRows(db, eq(notifications.userId, sql.placeholder('userId')), 'newest').limit(sql.placeholder('limit')).prepare('notifications_newest'));

type Row = Awaited<ReturnType<ReturnType<typeof newestOf>['execute']>>[number];

function toView(r: Row): NotificationView {
  return {
    id: r.id, seq: r.seq, userId: r.userId, kind: r.kind as NotificationKind,
    // A member who left is "A member": neither their name nor their picture stays.
    actor: r.actorId && !r.actorDeletedAt ? { id: r.actorId, name: displayName(r.actorFirst ?? '', r.actorLast ?? ''), picture: r.actorPicture ?? '' } : null,
    actorCount: r.actorCount,
    discussion: r.discussionId && r.title !== null ? { id: r.discussionId, title: r.title } : null,
    commentId: r.commentId, detail: r.detail, createdAt: r.createdAt, updatedAt: r.updatedAt, readAt: r.readAt, emailState: r.emailState,
  };
}

async function selectViews(db: Reader, where: ReturnType<typeof and>, order: 'newest' | 'oldest', limit: number): Promise<NotificationView[]> {
  return (await selectRows(db, where, order).limit(limit)).map(toView);
}

/** A page of a member's notifications, newest first, older than `before` when set. */
export async function listNotifications(db: Reader, userId: string, page: { before?: number | undefined; limit: number }): Promise<NotificationView[]> {
  if (!page.before) return (await newestOf(db).execute({ userId, limit: page.limit })).map(toView);
  return selectViews(db, and(eq(notifications.userId, userId), lt(notifications.seq, page.before)), 'newest', page.limit);
}

/** What a stream has not sent yet: the member's notifications after `seq`, oldest first. */
export function notificationsAfter(db: Reader, userId: string, seq: number, limit = 100) {
  return selectViews(db, and(eq(notifications.userId, userId), gt(notifications.seq, seq)), 'oldest', limit);
}

/** The newest seq a member has (where a new stream starts), 0 when none. */
export async function latestSeq(db: Reader, userId: string): Promise<number> {
  const [row] = await db.select({ seq: sql<number>`coalesce(max(${notifications.seq}), 0)`.mapWith(Number) }).from(notifications).where(eq(notifications.userId, userId));
  return row?.seq ?? 0;
}

/** Sent with every list and every mark: prepared (ADR 197). */
const unreadOf = preparedOnce((db) =>
  db.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, sql.placeholder('userId')), isNull(notifications.readAt))).prepare('notifications_unread'));

export async function unreadCount(db: Reader, userId: string): Promise<number> {
  const [row] = await unreadOf(db).execute({ userId });
  return Number(row?.n ?? 0);
}

/** Marks some (by id) or all of a member's notifications read; another member's ids are left alone. */
export async function markRead(db: Reader, userId: string, ids: readonly string[] | 'all', now: Date): Promise<void> {
  const mine = and(eq(notifications.userId, userId), isNull(notifications.readAt));
  const uuids = ids === 'all' ? [] : ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (ids !== 'all' && uuids.length === 0) return;
  await db.update(notifications).set({ readAt: now }).where(ids === 'all' ? mine : and(mine, inArray(notifications.id, uuids)));
}

export async function preferencesOf(db: Reader, userId: string): Promise<{ preferences: NotificationPreferences; timeZone: string | null }> {
  const [chosen, [member]] = await Promise.all([
    db.select({ kind: notificationPreferences.kind, channel: notificationPreferences.channel }).from(notificationPreferences).where(eq(notificationPreferences.userId, userId)),
    db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId)),
  ]);
  return { preferences: withDefaults(Object.fromEntries(chosen.map((c) => [c.kind, c.channel]))), timeZone: member?.timeZone ?? null };
}

export async function savePreferences(db: Reader, userId: string, chosen: Partial<Record<NotificationKind, NotificationChannel>>, timeZone?: string): Promise<void> {
  const rows = Object.entries(chosen).map(([kind, channel]) => ({ userId, kind, channel: channel! }));
  if (rows.length > 0) {
    await db.insert(notificationPreferences).values(rows).onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind], set: { channel: sql`excluded.channel` },
    });
  }
  if (timeZone !== undefined) await db.update(users).set({ timeZone }).where(eq(users.id, userId));
}

export type FollowType = 'subcategory' | 'discussion';

export async function followsOf(db: Reader, userId: string): Promise<{ targetType: FollowType; targetId: string }[]> {
  const rows = await db.select({ targetType: follows.targetType, targetId: follows.targetId }).from(follows).where(eq(follows.userId, userId)).orderBy(asc(follows.createdAt));
  return rows.map((r) => ({ targetType: r.targetType as FollowType, targetId: r.targetId }));
}

export async function follow(db: Reader, userId: string, targetType: FollowType, targetId: string): Promise<void> {
  await db.insert(follows).values({ userId, targetType, targetId }).onConflictDoNothing();
}

export async function unfollow(db: Reader, userId: string, targetType: FollowType, targetId: string): Promise<void> {
  await db.delete(follows).where(and(eq(follows.userId, userId), eq(follows.targetType, targetType), eq(follows.targetId, targetId)));
}

/**
 * Makes `userId` follow the target and lists its followers, in one statement (ADR 200). The list is read on the
 * statement's snapshot, so it leaves out a follow this statement made: the member's own, who is never told of their
 * own comment.
 */
export async function followAndListFollowers(db: Reader, userId: string, targetType: FollowType, targetId: string): Promise<string[]> {
  const followed = db.$with('followed').as(db.insert(follows).values({ userId, targetType, targetId }).onConflictDoNothing().returning({ userId: follows.userId }));
  const rows = await db.with(followed).select({ userId: follows.userId }).from(follows).where(and(eq(follows.targetType, targetType), eq(follows.targetId, targetId)));
  return rows.map((r) => r.userId);
}

export async function followersOf(db: Reader, targetType: FollowType, targetId: string): Promise<string[]> {
  const rows = await db.select({ userId: follows.userId }).from(follows).where(and(eq(follows.targetType, targetType), eq(follows.targetId, targetId)));
  return rows.map((r) => r.userId);
}

/** A post's author and title; null when it is gone. */
export async function postFacts(db: Reader, id: string): Promise<{ authorId: string; title: string } | null> {
  const [row] = await db.select({ authorId: discussions.createdBy, title: discussions.title }).from(discussions).where(eq(discussions.id, id));
  return row ?? null;
}

export async function commentFactsForNotice(db: Reader, id: string): Promise<{ authorId: string; discussionId: string } | null> {
  const [row] = await db.select({ authorId: comments.createdBy, discussionId: comments.discussionId }).from(comments).where(eq(comments.id, id));
  return row ?? null;
}

/** Where a member's mails go: null when they cannot be told (gone or suspended). */
export async function recipientOf(db: Reader, userId: string): Promise<{ email: string; firstName: string } | null> {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt), isNull(users.suspendedAt)));
  return row ?? null;
}

export function notificationById(db: Reader, id: string): Promise<NotificationView[]> {
  return selectViews(db, and(eq(notifications.id, id)), 'oldest', 1);
}

/** The member's notifications a mail or digest may still carry, oldest first. */
export function pendingOf(db: Reader, userId: string): Promise<NotificationView[]> {
  return selectViews(db, and(eq(notifications.userId, userId), eq(notifications.emailState, 'pending')), 'oldest', 500);
}

/** Takes pending rows for one mail: answers the ids this caller took (another process may have taken some). */
export async function claimForMail(db: Reader, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(notifications)
    .set({ emailState: 'sent' })
    .where(and(inArray(notifications.id, [...ids]), eq(notifications.emailState, 'pending')))
    .returning({ id: notifications.id });
  return rows.map((r) => r.id);
}

export async function setEmailState(db: Reader, ids: readonly string[], state: 'pending' | 'skipped'): Promise<void> {
  if (ids.length > 0) await db.update(notifications).set({ emailState: state }).where(inArray(notifications.id, [...ids]));
}

/**
 * Notification rows (issue 37). A like is grouped: one row per member and liked item, whose actor is the latest liker
 * and whose count grows; a grouped row that was read becomes unread again when someone new likes the item.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { NotificationChannel, NotificationKind } from '../../src/domain/notifications';
import { withDefaults } from '../../src/domain/notifications';
import type { Db, Tx } from './client';
import { notificationPreferences, notifications, users } from './schema';

export interface NotificationRow {
  kind: NotificationKind;
  userId: string;
  actorId: string;
  discussionId: string;
  commentId: string | null;
  detail: string | null;
}

/** Each recipient's channel for one kind: their choice, or the default. */
export async function channelsFor(db: Db | Tx, userIds: readonly string[], kind: NotificationKind): Promise<Map<string, NotificationChannel>> {
  const chosen = userIds.length === 0 ? [] : await db
    .select({ userId: notificationPreferences.userId, channel: notificationPreferences.channel })
    .from(notificationPreferences)
    .where(and(inArray(notificationPreferences.userId, [...userIds]), eq(notificationPreferences.kind, kind)));
  const byUser = new Map(chosen.map((row) => [row.userId, row.channel]));
  return new Map(userIds.map((id) => [id, withDefaults({ [kind]: byUser.get(id) })[kind]]));
}

/** Members who can be told anything: not deleted, not suspended. */
export async function reachableMembers(db: Db | Tx, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...userIds]), sql`${users.deletedAt} is null`, sql`${users.suspendedAt} is null`));
  return rows.map((row) => row.id);
}

/**
 * Writes one notification, or grows a grouped like to `actorCount` (how many members like the item now); null when a
 * like changed nothing (an unlike and a like again): no new row, no new seq, nothing to tell.
 */
export async function insertNotification(
  db: Db | Tx,
  row: NotificationRow & { emailState: 'none' | 'pending'; actorCount?: number | undefined },
): Promise<{ id: string; seq: number } | null> {
  if (row.kind === 'like') {
    const groupKey = `like:${row.commentId ? `comment:${row.commentId}` : `discussion:${row.discussionId}`}`;
    const actorCount = row.actorCount ?? 1;
    const [grouped] = await db
      .insert(notifications)
      .values({ ...row, actorCount, groupKey })
      .onConflictDoUpdate({
        target: [notifications.userId, notifications.groupKey],
        set: {
          actorId: row.actorId,
          actorCount,
          updatedAt: sql`now()`,
          readAt: null,
          // A new seq, so the stream and the list put the grown group first.
          seq: sql`nextval(pg_get_serial_sequence('notifications', 'seq'))`,
          emailState: row.emailState,
        },
        // Only more likers than the group already counts grow it: a like taken back and given again counts once.
        setWhere: sql`${notifications.actorCount} < ${actorCount}`,
      })
      .returning({ id: notifications.id, seq: notifications.seq });
    return grouped ?? null;
  }
  const { actorCount: _count, ...values } = row;
  const [inserted] = await db.insert(notifications).values(values).returning({ id: notifications.id, seq: notifications.seq });
  return inserted!;
}

/**
 * Notification rows (issue 37). A like is grouped: one row per member and liked item, whose actor is the latest liker
 * and whose count grows; a grouped row that was read becomes unread again when someone new likes the item.
 */
import { and, arrayContains, eq, inArray, sql } from 'drizzle-orm';
import type { NotificationChannel, NotificationKind } from '../../src/domain/notifications';
import { withDefaults } from '../../src/domain/notifications';
import type { Db, Tx } from './client';
import { notificationPreferences, notifications, pushSubscriptions, users } from './schema';

export interface NotificationRow {
  kind: NotificationKind;
  userId: string;
  actorId: string;
  discussionId: string;
  commentId: string | null;
  detail: string | null;
}

export interface Recipient {
  id: string;
  /** Their channel for the kind: their choice, or the default. */
  channel: NotificationChannel;
  /** Whether one of their devices receives the kind (ADR 169). */
  push: boolean;
  /** Their time zone (their digest's morning), null when not set. */
  timeZone: string | null;
}

/**
 * Of `userIds`, the members who can be told anything (not deleted, not suspended), each with their channel for `kind`,
 * whether a device of theirs receives it and their time zone: one statement, whatever the number of recipients.
 */
export async function recipientsOf(db: Db | Tx, userIds: readonly string[], kind: NotificationKind): Promise<Recipient[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({
      id: users.id,
      timeZone: users.timeZone,
      chosen: notificationPreferences.channel,
      push: sql<boolean>`exists (select 1 from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${users.id} and ${arrayContains(pushSubscriptions.kinds, [kind])})`,
    })
    .from(users)
    .leftJoin(notificationPreferences, and(eq(notificationPreferences.userId, users.id), eq(notificationPreferences.kind, kind)))
    .where(and(inArray(users.id, [...userIds]), sql`${users.deletedAt} is null`, sql`${users.suspendedAt} is null`));
  return rows.map((row) => ({ id: row.id, channel: withDefaults({ [kind]: row.chosen ?? undefined })[kind], push: row.push === true, timeZone: row.timeZone }));
}

/** A notification to write: the row, whether a mail is pending, and a like's count. */
type NotificationToWrite = NotificationRow & { emailState: 'none' | 'pending'; actorCount?: number | undefined };

/**
 * Writes a like's grouped notification, or grows it to `actorCount` (how many members like the item now); null when
 * the like changed nothing (an unlike and a like again): no new row, no new seq, nothing to tell.
 */
async function writeLikeGroup(db: Db | Tx, row: NotificationToWrite): Promise<{ id: string; seq: number } | null> {
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

/**
 * The notifications of one event, one per recipient: a like's grouped row as `writeLikeGroup` writes it, any other
 * kind in one statement. Each row written, with its recipient.
 */
export async function insertNotifications(db: Db | Tx, rows: readonly NotificationToWrite[]): Promise<{ userId: string; id: string; seq: number }[]> {
  if (rows.length === 0) return [];
  if (rows.some((row) => row.kind === 'like')) {
    const written = [];
    for (const row of rows) {
      const one = await writeLikeGroup(db, row);
      if (one) written.push({ userId: row.userId, ...one });
    }
    return written;
  }
  const values = rows.map(({ actorCount: _count, ...row }) => row);
  return db.insert(notifications).values(values).returning({ userId: notifications.userId, id: notifications.id, seq: notifications.seq });
}

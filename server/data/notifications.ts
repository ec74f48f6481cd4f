/**
 * Notification rows (issue 37). A like is grouped: one row per member and liked item, whose actor is the latest liker
 * and whose count grows; a grouped row that was read becomes unread again when someone new likes the item.
 */
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { NotificationChannel, NotificationKind } from '../../src/domain/notifications';
import { withDefaults } from '../../src/domain/notifications';
import { type Db, noticeOf, type Tx } from './client';
import { notificationPreferences, notifications, pushSubscriptions, users } from './schema';
import { preparedOnce } from './prepared';

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
  /** The kind they are told of. */
  kind: NotificationKind;
  /** Their channel for the kind: their choice, or the default. */
  channel: NotificationChannel;
  /** Whether one of their devices receives the kind (ADR 169). */
  push: boolean;
  /** Their time zone (their digest's morning), null when not set. */
  timeZone: string | null;
}

/**
 * Of the members `wanted` names, those who can be told anything (not deleted, not suspended), each with their channel
 * for the kind they are to be told of, whether a device of theirs receives it and their time zone: one statement,
 * whatever the number of recipients and kinds (a comment tells its mentions, the replied-to and the followers at once).
 */
export async function recipientsOf(db: Db | Tx, wanted: ReadonlyMap<string, NotificationKind>): Promise<Recipient[]> {
  if (wanted.size === 0) return [];
  const kinds = [...new Set(wanted.values())];
  const [only] = wanted;
  // One recipient (a like's author, a reply's) is the common case: a statement prepared once (ADR 200).
  const rows = only && wanted.size === 1
    ? await oneRecipientOf(db).execute({ userId: only[0], kind: only[1] })
    : await selectRecipients(db, inArray(notificationPreferences.kind, kinds), inArray(users.id, [...wanted.keys()]));
  const found = new Map<string, Recipient>();
  for (const row of rows) {
    const kind = wanted.get(row.id)!;
    // A member has a row for each of their choices among `kinds`: the one for their own kind wins.
    const chosen = row.chosenKind === kind ? (row.chosen ?? undefined) : undefined;
    if (found.has(row.id) && !chosen) continue;
    found.set(row.id, { id: row.id, kind, channel: withDefaults({ [kind]: chosen })[kind], push: row.pushed?.includes(kind) === true, timeZone: row.timeZone });
  }
  return [...found.values()];
}

/** The members `ids` picks who can be told anything, with their choices among the kinds `kinds` picks. */
function selectRecipients(db: Db | Tx, kinds: SQL, ids: SQL) {
  return db
    .select({
      id: users.id,
      timeZone: users.timeZone,
      chosenKind: notificationPreferences.kind,
      chosen: notificationPreferences.channel,
      pushed: sql<string[] | null>`(select array_agg(k) from ${pushSubscriptions}, unnest(${pushSubscriptions.kinds}) as k where ${pushSubscriptions.userId} = ${users.id})`,
    })
    .from(users)
    .leftJoin(notificationPreferences, and(eq(notificationPreferences.userId, users.id), kinds))
    .where(and(ids, sql`${users.deletedAt} is null`, sql`${users.suspendedAt} is null`));
}

const oneRecipientOf = preparedOnce((db) => selectRecipients(
  db, eq(notificationPreferences.kind, sql.placeholder('kind')), eq(users.id, sql.placeholder('userId')),
).prepare('notice_recipient'));

/** A notification to write: the row, whether a mail is pending, and a like's count. */
type NotificationToWrite = NotificationRow & { emailState: 'none' | 'pending'; actorCount?: number | undefined };

/**
 * Writes a like's grouped notification, or grows it to `actorCount` (how many members like the item now); null when
 * the like changed nothing (an unlike and a like again): no new row, no new seq, nothing to tell.
 */
async function writeLikeGroup(db: Db | Tx, row: NotificationToWrite): Promise<{ id: string; seq: number } | null> {
  const groupKey = `like:${row.commentId ? `comment:${row.commentId}` : `discussion:${row.discussionId}`}`;
  const [grouped] = await likeGroupOf(db).execute({
    userId: row.userId, actorId: row.actorId, discussionId: row.discussionId, commentId: row.commentId, detail: row.detail,
    emailState: row.emailState, actorCount: row.actorCount ?? 1, groupKey,
  });
  return grouped ?? null;
}

/**
 * A like's grouped row, written or grown, and its notice sent (NOTIFY, delivered when the statement commits): a
 * statement prepared once (ADR 200), since every like given writes one.
 */
const likeGroupOf = preparedOnce((db) => {
  const value = (name: string) => sql`${sql.placeholder(name)}`;
  const grouped = db.$with('grouped').as(db
    .insert(notifications)
    .values({
      kind: 'like', userId: value('userId'), actorId: value('actorId'), discussionId: value('discussionId'), commentId: value('commentId'),
      detail: value('detail'), emailState: value('emailState'), actorCount: value('actorCount'), groupKey: value('groupKey'),
    })
    .onConflictDoUpdate({
      target: [notifications.userId, notifications.groupKey],
      set: {
        actorId: value('actorId'),
        actorCount: value('actorCount'),
        updatedAt: sql`now()`,
        readAt: null,
        // A new seq, so the stream and the list put the grown group first.
        seq: sql`nextval(pg_get_serial_sequence('notifications', 'seq'))`,
        emailState: value('emailState'),
      },
      // Only more likers than the group already counts grow it: a like taken back and given again counts once.
      setWhere: sql`${notifications.actorCount} < ${value('actorCount')}`,
    })
    .returning({ userId: notifications.userId, id: notifications.id, seq: notifications.seq }));
  return db.with(grouped).select({ id: grouped.id, seq: grouped.seq, told: noticeOf(grouped.userId, grouped.seq) }).from(grouped).prepare('like_notice_group');
});

/**
 * The notifications of one event, one per recipient: a like's grouped row as `writeLikeGroup` writes it, any other
 * kind in one statement. Each row written, with its recipient; the same statement sends each row's notice (NOTIFY,
 * heard by the streams of every process once the caller's transaction commits).
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
  const written = db.$with('written').as(db.insert(notifications).values(values).returning({ userId: notifications.userId, id: notifications.id, seq: notifications.seq }));
  return db.with(written).select({ userId: written.userId, id: written.id, seq: written.seq, told: noticeOf(written.userId, written.seq) }).from(written);
}

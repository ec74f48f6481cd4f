/**
 * Reports, held and hidden items, silenced members and pins (issue 37 item 7, ADR 149). The moderation state lives on
 * the post or comment row ('visible', 'held', 'hidden'); reports stay open until a moderator acts on their item.
 */
import { and, asc, count, countDistinct, eq, gt, inArray, isNull, type Placeholder, sql } from 'drizzle-orm';
import { LINK_PATTERN, type ReportReason, type ReportTarget } from '../../src/domain/moderation';
import { displayName } from '../../src/domain/user';
import type { Db, Tx } from './client';
import { comments, discussions, reports, users } from './schema';

type Runner = Db | Tx;
const tableOf = (type: ReportTarget) => (type === 'discussion' ? discussions : comments);

/** What a report or a moderator's action needs of its item, with the row held FOR UPDATE in a transaction. */
export async function lockTarget(tx: Tx, type: ReportTarget, id: string) {
  if (type === 'discussion') {
    const [row] = await tx
      .select({ authorId: discussions.createdBy, discussionId: discussions.id, moderation: discussions.moderation, deletedAt: sql<Date | null>`null` })
      .from(discussions).where(eq(discussions.id, id)).for('update');
    return row ?? null;
  }
  const [row] = await tx
    .select({ authorId: comments.createdBy, discussionId: comments.discussionId, moderation: comments.moderation, deletedAt: comments.deletedAt })
    .from(comments).where(eq(comments.id, id)).for('update');
  return row ?? null;
}

/** Stores a member's report; false when they had already reported this item. */
export async function insertReport(tx: Tx, report: { targetType: ReportTarget; targetId: string; reporterId: string; reason: ReportReason; note: string | null }) {
  const rows = await tx.insert(reports).values(report).onConflictDoNothing().returning({ id: reports.id });
  return rows.length > 0;
}

/** How many different members have an open report on the item. */
export async function openReporters(tx: Tx, type: ReportTarget, id: string): Promise<number> {
  const [row] = await tx.select({ n: countDistinct(reports.reporterId) }).from(reports)
    .where(and(eq(reports.targetType, type), eq(reports.targetId, id), isNull(reports.resolvedAt)));
  return row?.n ?? 0;
}

export async function setModeration(tx: Tx, type: ReportTarget, id: string, state: 'visible' | 'held' | 'hidden', reason: string | null) {
  const table = tableOf(type);
  await tx.update(table).set({ moderation: state, moderationReason: reason }).where(eq(table.id, id));
}

/** Closes the item's open reports with the moderator's resolution; answers how many there were. */
export async function resolveReports(tx: Tx, type: ReportTarget, id: string, by: string, resolution: 'keep' | 'hide' | 'delete', at: Date) {
  const rows = await tx.update(reports).set({ resolvedAt: at, resolvedBy: by, resolution })
    .where(and(eq(reports.targetType, type), eq(reports.targetId, id), isNull(reports.resolvedAt))).returning({ id: reports.id });
  return rows.length;
}

/** A member's posts with links that stand visible: fewer than HELD_FIRST_POSTS and their next linked post is held. */
export async function visibleLinkedPosts(db: Runner, authorId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(discussions)
    .where(and(eq(discussions.createdBy, authorId), eq(discussions.moderation, 'visible'), sql`${discussions.content} ~* ${LINK_PATTERN}`));
  return row?.n ?? 0;
}

export async function silenceOf(db: Runner, userId: string, now: Date) {
  const [row] = await db.select({ until: users.silencedUntil, reason: users.silencedReason }).from(users)
    .where(and(eq(users.id, userId), gt(users.silencedUntil, now)));
  return row?.until ? { until: row.until, reason: row.reason } : null;
}

export async function silence(tx: Tx, userId: string, until: Date, reason: string): Promise<boolean> {
  const rows = await tx.update(users).set({ silencedUntil: until, silencedReason: reason }).where(and(eq(users.id, userId), isNull(users.deletedAt))).returning({ id: users.id });
  return rows.length > 0;
}

export async function setPinned(tx: Tx, id: string, at: Date | null): Promise<boolean> {
  const rows = await tx.update(discussions).set({ pinnedAt: at }).where(eq(discussions.id, id)).returning({ id: discussions.id });
  return rows.length > 0;
}

/** The console's home: posts waiting for approval, and items with open reports. */
export async function moderationCounts(db: Db) {
  const [held] = await db.select({ n: count() }).from(discussions).where(eq(discussions.moderation, 'held'));
  const [reported] = await db.select({ n: sql<number>`count(distinct (${reports.targetType}, ${reports.targetId}))`.mapWith(Number) }).from(reports).where(isNull(reports.resolvedAt));
  return { heldPosts: held?.n ?? 0, reportedItems: reported?.n ?? 0 };
}

const QUEUE_MAX = 200;

export interface QueueRow {
  targetType: ReportTarget;
  targetId: string;
  discussionId: string;
  title: string;
  content: string;
  authorId: string;
  authorName: string;
  authorSilencedUntil: Date | null;
  moderation: string;
  createdAt: Date;
  pinned: boolean;
  reports: { reason: string; note: string | null; reporterName: string; createdAt: Date }[];
}

/** Held posts and items with open reports, with their reports, the longest waiting first. */
export async function moderationQueue(db: Db): Promise<QueueRow[]> {
  const open = await db
    .select({
      targetType: reports.targetType, targetId: reports.targetId, reason: reports.reason, note: reports.note, createdAt: reports.createdAt,
      firstName: users.firstName, lastName: users.lastName,
    })
    .from(reports).innerJoin(users, eq(users.id, reports.reporterId))
    .where(isNull(reports.resolvedAt)).orderBy(asc(reports.createdAt)).limit(QUEUE_MAX * 3);
  const heldIds = (await db.select({ id: discussions.id }).from(discussions).where(eq(discussions.moderation, 'held')).orderBy(asc(discussions.createdAt)).limit(QUEUE_MAX)).map((r) => r.id);
  const postIds = [...new Set([...heldIds, ...open.filter((r) => r.targetType === 'discussion').map((r) => r.targetId)])];
  const commentIds = [...new Set(open.filter((r) => r.targetType === 'comment').map((r) => r.targetId))];
  const author = { authorId: users.id, firstName: users.firstName, lastName: users.lastName, silencedUntil: users.silencedUntil };
  const posts = postIds.length
    ? await db.select({ id: discussions.id, discussionId: discussions.id, title: discussions.title, content: discussions.content, moderation: discussions.moderation, createdAt: discussions.createdAt, pinnedAt: discussions.pinnedAt, ...author })
      .from(discussions).innerJoin(users, eq(users.id, discussions.createdBy)).where(inArray(discussions.id, postIds))
    : [];
  const replies = commentIds.length
    ? await db.select({ id: comments.id, discussionId: comments.discussionId, title: discussions.title, content: comments.content, moderation: comments.moderation, createdAt: comments.createdAt, pinnedAt: sql<Date | null>`null`, ...author })
      .from(comments).innerJoin(discussions, eq(discussions.id, comments.discussionId)).innerJoin(users, eq(users.id, comments.createdBy))
      .where(and(inArray(comments.id, commentIds), isNull(comments.deletedAt)))
    : [];
  const items = [...posts.map((p) => ({ type: 'discussion' as const, row: p })), ...replies.map((c) => ({ type: 'comment' as const, row: c }))].map(({ type, row }) => {
    const mine = open.filter((r) => r.targetType === type && r.targetId === row.id);
    return {
      targetType: type, targetId: row.id, discussionId: row.discussionId, title: row.title, content: row.content, authorId: row.authorId,
      authorName: displayName(row.firstName, row.lastName), authorSilencedUntil: row.silencedUntil, moderation: row.moderation, createdAt: row.createdAt,
      pinned: row.pinnedAt !== null,
      reports: mine.map((r) => ({ reason: r.reason, note: r.note, reporterName: displayName(r.firstName, r.lastName), createdAt: r.createdAt })),
    };
  });
  const waitingSince = (item: QueueRow) => (item.reports[0]?.createdAt ?? item.createdAt).getTime();
  return items.sort((a, b) => waitingSince(a) - waitingSince(b)).slice(0, QUEUE_MAX);
}

/**
 * Posts a moderator is not holding, the state written into the statement rather than sent as a value: in a kept
 * statement's generic plan (ADR 197) PostgreSQL cannot see a value, and guessed that no post matched "not $1", so it
 * scanned and sorted the whole table for a feed's first page.
 */
export const notHeld = sql`${discussions.moderation} <> 'held'`;

/** Pinned posts of a subcategory, latest pin first (the first page of its feed starts with them). */
export function pinnedOf(subcategory: string | Placeholder) {
  return and(eq(discussions.subcategory, subcategory), sql`${discussions.pinnedAt} is not null`, notHeld);
}

/** What search holds again once an item is kept: the post's text and its standing comments, or the one comment. */
export async function standingTexts(tx: Tx, type: ReportTarget, id: string, discussionId: string) {
  const [post] = await tx.select({ content: discussions.content }).from(discussions).where(eq(discussions.id, discussionId));
  const where = type === 'discussion'
    ? and(eq(comments.discussionId, id), isNull(comments.deletedAt), eq(comments.moderation, 'visible'))
    : eq(comments.id, id);
  const standing = await tx.select({ id: comments.id, content: comments.content }).from(comments).where(where);
  return { postContent: post?.content ?? '', comments: standing };
}

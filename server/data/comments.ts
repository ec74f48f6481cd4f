/**
 * Comments: the whole reply tree of a post in one statement (the client builds the tree from parent ids), and the
 * delete rule of docs/decisions/041: a comment without replies is removed; one with replies becomes "[deleted]" so
 * the replies stay readable in place, and a "[deleted]" comment whose last reply goes is removed too.
 */
import { and, asc, eq, isNotNull, isNull, notExists, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Comment, DELETED_COMMENT_LABEL, pictureOf } from '../../src/domain/discussion';
import type { Db, Tx } from './client';
import { commentLikes, comments, users } from './schema';
import { displayName } from '../../src/domain/user';
import { authorColumns } from './deleted-member';
import { unlessMissing } from './pg-errors';

/**
 * Each comment's author, looked up by primary key: a lateral subquery keeps the lookup an index scan per comment. A
 * plain join let the planner read every member to hash them once a thread passed about a thousand comments (a
 * sequential scan of 100,000 members, 137 of a 258 ms thread in the scale bench, ADR 178).
 */
function authorOf(db: Db | Tx, createdBy: SQLWrapper = comments.createdBy) {
  return db
    .select({ deletedAt: users.deletedAt, firstName: users.firstName, lastName: users.lastName, picture: users.profilePicture })
    .from(users)
    .where(eq(users.id, createdBy))
    .limit(1)
    .as('author');
}

/** The comments table, or rows shaped like it (the CTE of a comment just inserted). */
type CommentSource = Record<
  'id' | 'content' | 'discussionId' | 'parentCommentId' | 'deletedAt' | 'createdAt' | 'moderation' | 'editedAt' | 'createdBy', AnyPgColumn>;

function commentColumns(author: ReturnType<typeof authorOf>, source: CommentSource = comments) {
  return {
    id: source.id,
    content: source.content,
    discussionId: source.discussionId,
    parentCommentId: source.parentCommentId,
    deletedAt: source.deletedAt,
    createdAt: source.createdAt,
    moderation: source.moderation,
    editedAt: source.editedAt,
    ...authorColumns(source.createdBy, author),
  };
}

/** The comments row whose likes are totalled, apart from the outer one. */
const liked = alias(comments, 'liked');

/**
 * The likes of the comments `where` picks (over `liked`, or over the likes themselves), totalled in one grouped pass:
 * per-row subqueries cost a sort and an aggregate for every comment, about 0.16 ms each on PGlite (32 ms of a
 * 200-comment thread's 39 ms); one pass over the thread's likes takes about 1 ms in all.
 */
function likeTotals(db: Db | Tx, where: SQL) {
  return db
    .select({
      commentId: commentLikes.commentId,
      likes: sql<string[]>`json_agg(${commentLikes.userId} order by ${commentLikes.createdAt}, ${commentLikes.userId})`.as('likes'),
      likeCount: sql<number>`count(*)::int`.as('like_count'),
    })
    .from(commentLikes)
    .innerJoin(liked, eq(liked.id, commentLikes.commentId))
    .where(where)
    .groupBy(commentLikes.commentId)
    .as('like_totals');
}

interface CommentRow {
  id: string;
  content: string;
  discussionId: string;
  parentCommentId: string | null;
  deletedAt: Date | null;
  createdAt: Date;
  moderation: string;
  editedAt: Date | null;
  authorId: string;
  authorFirstName: string;
  authorLastName: string;
  authorPicture: string;
  likes: string[] | string;
  likeCount: number;
}

/**
 * The wire shape, the same for every viewer (no email: see `seenBy`). A deleted comment keeps its place and id (its
 * replies point at it) but loses text, author and likes.
 */
function toComment(row: CommentRow): Comment {
  const when = row.createdAt.toISOString();
  if (row.deletedAt) {
    return {
      _id: row.id, content: '', discussionId: row.discussionId, parentCommentId: row.parentCommentId, likes: [], likeCount: 0,
      deleted: true, createdBy: { _id: '', name: DELETED_COMMENT_LABEL, email: '' }, createdAt: when, editedAt: null,
    };
  }
  const likes = typeof row.likes === 'string' ? (JSON.parse(row.likes) as string[]) : row.likes;
  // A hidden comment keeps its place, author and likes, not its text (ADR 149).
  const hidden = row.moderation === 'hidden' ? { content: '', moderation: 'hidden' as const } : {};
  return {
    _id: row.id,
    content: row.content,
    discussionId: row.discussionId,
    parentCommentId: row.parentCommentId,
    likes,
    likeCount: Number(row.likeCount),
    deleted: false,
    createdBy: { _id: row.authorId, name: displayName(row.authorFirstName, row.authorLastName), ...pictureOf(row.authorPicture), email: '' },
    createdAt: when,
    ...hidden,
    editedAt: row.editedAt ? row.editedAt.toISOString() : null,
  };
}

/** The member reading: their own id and email. */
export interface Viewer {
  id: string;
  email: string;
}

/** An author's email is shown to that author only: other members have no need of it. */
function seenBy(comment: Comment, viewer: Viewer): Comment {
  return comment.createdBy._id === viewer.id ? { ...comment, createdBy: { ...comment.createdBy, email: viewer.email } } : comment;
}

/**
 * A thread as `viewer` sees it, from the shared one `listThread` gives: null when the viewer wrote none of it (the
 * shared thread is theirs as it is), so most readers share one cached answer and authors get their own cheaply.
 */
export function threadSeenBy(thread: Comment[], viewer: Viewer): Comment[] | null {
  return thread.some((c) => c.createdBy._id === viewer.id) ? thread.map((c) => seenBy(c, viewer)) : null;
}

/** `likesWhere` narrows the likes totalled to (at least) the comments `where` picks, so the totals stay one small pass. */
function selectComments(db: Db | Tx, where: SQL | undefined, likesWhere: SQL) {
  const totals = likeTotals(db, likesWhere);
  const author = authorOf(db);
  return db
    .select({
      ...commentColumns(author),
      likes: sql<string[]>`coalesce(${totals.likes}, '[]'::json)`,
      likeCount: sql<number>`coalesce(${totals.likeCount}, 0)`,
    })
    .from(comments)
    .innerJoinLateral(author, sql`true`)
    .leftJoin(totals, eq(totals.commentId, comments.id))
    .where(where)
    .orderBy(asc(comments.createdAt), asc(comments.id));
}

/**
 * Every comment of a post, oldest first, in one statement; with `parentCommentId`, only the replies below that
 * comment at any depth, still in one statement (a recursive CTE). The same for every viewer: see `threadSeenBy`.
 */
export async function listThread(db: Db, discussionId: string, parentCommentId?: string): Promise<Comment[]> {
  let where = eq(comments.discussionId, discussionId);
  if (parentCommentId) {
    const below = sql`${comments.id} in (
      with recursive below(id) as (
        select c.id from comments c where c.parent_comment_id = ${parentCommentId}::uuid
        union all
        select c.id from comments c join below b on c.parent_comment_id = b.id
      ) select id from below)`;
    where = and(where, below)!;
  }
  // The post's likes cover the replies below one comment too: the join keeps only the rows picked.
  const rows = (await selectComments(db, where, eq(liked.discussionId, discussionId))) as CommentRow[];
  return rows.map(toComment);
}

export async function findComment(db: Db | Tx, id: string, viewer: Viewer): Promise<Comment | null> {
  const [row] = (await selectComments(db, eq(comments.id, id), eq(liked.id, id)).limit(1)) as CommentRow[];
  return row ? seenBy(toComment(row), viewer) : null;
}

/** The raw row, for checks before a change: existence, author, deleted state, post. */
export async function commentFacts(db: Db | Tx, id: string) {
  const [row] = await db
    .select({ createdBy: comments.createdBy, deletedAt: comments.deletedAt, discussionId: comments.discussionId, parentCommentId: comments.parentCommentId })
    .from(comments)
    .where(eq(comments.id, id))
    .limit(1);
  return row ?? null;
}

/** `id` is the outer comments row; the inner scan is aliased so the two never mix. */
const hasNoReplies = (id: typeof comments.id) => notExists(sql`(select 1 from comments as replies where replies.parent_comment_id = ${id})`);

/**
 * Removes a comment by the delete rule, in the caller's transaction (with its search document); returns how it went.
 * The "no replies" test is part of the DELETE itself, so a reply arriving meanwhile turns the removal into a soft
 * delete instead of losing the reply.
 */
export async function removeComment(tx: Tx, id: string, parentCommentId: string | null): Promise<'removed' | 'soft-deleted'> {
  const removed = await tx.delete(comments).where(and(eq(comments.id, id), hasNoReplies(comments.id))).returning({ id: comments.id });
  if (removed.length === 0) {
    await tx.update(comments).set({ deletedAt: new Date(), content: '' }).where(eq(comments.id, id));
    // Likes of text nobody can read any more are dropped with it.
    await tx.delete(commentLikes).where(eq(commentLikes.commentId, id));
    return 'soft-deleted';
  }
  // Walk up: a "[deleted]" parent left without replies has nothing left to keep readable.
  let parent = parentCommentId;
  while (parent) {
    const [gone] = await tx
      .delete(comments)
      .where(and(eq(comments.id, parent), isNotNull(comments.deletedAt), hasNoReplies(comments.id)))
      .returning({ parentCommentId: comments.parentCommentId });
    parent = gone?.parentCommentId ?? null;
  }
  return 'removed';
}

/**
 * Stores a comment and answers it as `viewer` (its author) sees it, in one statement: the insert is a CTE, read back
 * with its author's name and picture (ADR 200). A new comment has no likes. 'missing' when its post or parent went
 * away meanwhile (the foreign keys say so).
 */
export function insertComment(
  db: Db | Tx,
  comment: { discussionId: string; parentCommentId: string | null; content: string; createdBy: string },
  viewer: Viewer,
): Promise<Comment | 'missing'> {
  return unlessMissing(async () => {
    const added = db.$with('added').as(db.insert(comments).values(comment).returning());
    const author = authorOf(db, added.createdBy);
    const [row] = await db
      .with(added)
      .select({ ...commentColumns(author, added), likes: sql<string[]>`'[]'::json`, likeCount: sql<number>`0` })
      .from(added)
      .innerJoinLateral(author, sql`true`);
    return seenBy(toComment(row as CommentRow), viewer);
  }, 'missing' as const);
}

/**
 * Changes a standing comment's text and marks it edited; false when it was deleted meanwhile (a "[deleted]" comment
 * keeps no text). The caller keeps the text it replaces (data/revisions.ts).
 */
export async function updateCommentContent(db: Db | Tx, id: string, content: string): Promise<boolean> {
  const changed = await db.update(comments).set({ content, editedAt: new Date() }).where(and(eq(comments.id, id), isNull(comments.deletedAt))).returning({ id: comments.id });
  return changed.length > 0;
}

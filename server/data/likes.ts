/**
 * Like toggles for posts and comments. The primary key (item, user) is the only judge of "already liked": the toggle
 * tries INSERT … ON CONFLICT DO NOTHING and, when the row was there, DELETEs it. There is no read before the write,
 * so two members liking at once count two, and one member can never count twice, however many requests race.
 *
 * A toggle is one prepared statement (ADR 200): the insert and the delete are data-modifying CTEs, and the same
 * statement reads what the like's notice needs (the item's author, how many others like it now). A like was nine
 * round trips to the database; on a two-core machine each costs its sender a wakeup of the database's process, and
 * drizzle built each statement's text anew.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from './client';
import { commentLikes, comments, discussionLikes, discussions } from './schema';
import { unlessMissing } from './pg-errors';
import { preparedOnce } from './prepared';

export interface LikeResult {
  liked: boolean;
  likeCount: number;
}

/** A toggle, with what the notice of a like needs: the item's author and how many members besides them like it now. */
export interface LikeToggle extends LikeResult {
  authorId: string;
  likersBesidesAuthor: number;
  /** The post the item is (or is on). */
  discussionId: string;
}

interface ToggleRow {
  added: number;
  removed: number;
  likeCount: number;
  authorLikes: number;
  authorId: string;
  discussionId: string;
  deleted: boolean;
}

const ITEMS = {
  post: { likes: discussionLikes, itemColumn: sql.raw('discussion_id'), item: discussions, postOf: discussions.id, deletedAt: sql`null` },
  comment: { likes: commentLikes, itemColumn: sql.raw('comment_id'), item: comments, postOf: comments.discussionId, deletedAt: comments.deletedAt },
} as const;

/**
 * The statement for one kind of item. `added` holds the member's row when the insert made it, `removed` when the
 * delete took it back; both run on the statement's one snapshot, so the count read beside them is the count before,
 * and the answer adds and takes away what they did. A live item only: nothing is inserted for a comment shown as
 * "[deleted]" (its likes went with its text), and the missing or deleted item comes back as no row, or `deleted`.
 */
function toggleStatement(kind: keyof typeof ITEMS) {
  const { likes, itemColumn, item, postOf, deletedAt } = ITEMS[kind];
  const itemId = sql.placeholder('itemId');
  const userId = sql.placeholder('userId');
  const live: SQL = kind === 'comment' ? sql` and ${sql.raw('deleted_at')} is null` : sql``;
  return preparedOnce((db) => {
    const added = db.$with('added', { userId: sql<string>`user_id` }).as(sql`insert into ${likes} (${itemColumn}, user_id)
      select ${itemId}::uuid, ${userId}::uuid where exists (select 1 from ${item} where id = ${itemId}${live})
      on conflict do nothing returning user_id`);
    const removed = db.$with('removed', { userId: sql<string>`user_id` }).as(sql`delete from ${likes}
      where ${itemColumn} = ${itemId} and user_id = ${userId} and not exists (select 1 from added) returning user_id`);
    const before = sql`(select count(*) from ${likes} l where l.${itemColumn} = ${item.id})`;
    const addedCount = sql`(select count(*) from added)`;
    const removedCount = sql`(select count(*) from removed)`;
    return db
      .with(added, removed)
      .select({
        added: sql<number>`${addedCount}::int`,
        removed: sql<number>`${removedCount}::int`,
        likeCount: sql<number>`(${before} + ${addedCount} - ${removedCount})::int`,
        // Whether the author likes it now: the toggle's own answer when the author is the member, else their row.
        authorLikes: sql<number>`(case when ${item.createdBy} = ${userId} then ${addedCount}
          else (select count(*) from ${likes} l where l.${itemColumn} = ${item.id} and l.user_id = ${item.createdBy}) end)::int`,
        authorId: sql<string>`${item.createdBy}`,
        discussionId: sql<string>`${postOf}`,
        deleted: sql<boolean>`${deletedAt} is not null`,
      })
      .from(item)
      .where(sql`${item.id} = ${itemId}`)
      .prepare(`like_toggle_${kind}`);
  });
}

const toggles = { post: toggleStatement('post'), comment: toggleStatement('comment') };

async function toggle(db: Db | Tx, kind: keyof typeof ITEMS, itemId: string, userId: string): Promise<LikeToggle | 'missing'> {
  // A post or comment deleted between the statement's check and its insert fails the foreign key: gone all the same.
  const run = async () => {
    const rows = await unlessMissing(() => toggles[kind](db).execute({ itemId, userId }) as Promise<ToggleRow[]>, 'missing' as const);
    return rows === 'missing' ? undefined : rows[0];
  };
  let row = await run();
  // Neither added nor removed: the member's own like, sent beside this one, was committed after this statement's
  // snapshot. The insert's conflict saw it; the delete, on the snapshot, could not. A statement of its own sees it
  // and takes it back, as a second toggle should.
  if (row && !row.deleted && row.added === 0 && row.removed === 0) row = await run();
  if (!row || row.deleted) return 'missing';
  return {
    liked: row.added > 0,
    likeCount: row.likeCount,
    authorId: row.authorId,
    likersBesidesAuthor: row.likeCount - row.authorLikes,
    discussionId: row.discussionId,
  };
}

/** Toggles a member's like of a post; 'missing' when the post is gone. */
export function toggleDiscussionLike(db: Db | Tx, discussionId: string, userId: string): Promise<LikeToggle | 'missing'> {
  return toggle(db, 'post', discussionId, userId);
}

/** Toggles a member's like of a comment; 'missing' when the comment is gone or shown as "[deleted]". */
export function toggleCommentLike(db: Db | Tx, commentId: string, userId: string): Promise<LikeToggle | 'missing'> {
  return toggle(db, 'comment', commentId, userId);
}

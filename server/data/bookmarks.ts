/**
 * A member's bookmarks (issue 37 item 8): saved posts and comments, read back newest first with what the list shows.
 * The key (member, kind, item) makes saving idempotent; an item deleted since it was saved is left out of the list.
 */
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { displayName } from '../../src/domain/user';
import type { Db } from './client';
import { DELETED_MEMBER } from './deleted-member';
import { bookmarks, comments, discussions, users } from './schema';

export type BookmarkTarget = 'discussion' | 'comment';

export async function saveBookmark(db: Db, userId: string, targetType: BookmarkTarget, targetId: string): Promise<void> {
  await db.insert(bookmarks).values({ userId, targetType, targetId }).onConflictDoNothing();
}

export async function forgetBookmark(db: Db, userId: string, targetType: BookmarkTarget, targetId: string): Promise<void> {
  await db.delete(bookmarks).where(and(eq(bookmarks.userId, userId), eq(bookmarks.targetType, targetType), eq(bookmarks.targetId, targetId)));
}

export interface BookmarkRow {
  targetType: BookmarkTarget;
  targetId: string;
  discussionId: string;
  title: string;
  content: string;
  authorName: string;
  savedAt: Date;
}

/** The member's saved items that still stand, newest saved first, at most `limit`. */
export async function listBookmarks(db: Db, userId: string, limit: number): Promise<BookmarkRow[]> {
  const rows = await db
    .select({
      targetType: bookmarks.targetType,
      targetId: bookmarks.targetId,
      discussionId: discussions.id,
      title: discussions.title,
      content: sql<string>`coalesce(${comments.content}, ${discussions.content})`,
      firstName: users.firstName,
      lastName: users.lastName,
      authorDeleted: sql<boolean>`${users.deletedAt} is not null`,
      savedAt: bookmarks.createdAt,
    })
    .from(bookmarks)
    .leftJoin(comments, and(eq(bookmarks.targetType, 'comment'), eq(comments.id, bookmarks.targetId), isNull(comments.deletedAt)))
    .innerJoin(discussions, or(
      and(eq(bookmarks.targetType, 'discussion'), eq(discussions.id, bookmarks.targetId)),
      eq(discussions.id, comments.discussionId),
    ))
    .innerJoin(users, eq(users.id, sql`coalesce(${comments.createdBy}, ${discussions.createdBy})`))
    .where(eq(bookmarks.userId, userId))
    .orderBy(desc(bookmarks.createdAt), desc(bookmarks.targetId))
    .limit(limit);
  return rows.map((row) => ({
    targetType: row.targetType as BookmarkTarget,
    targetId: row.targetId,
    discussionId: row.discussionId,
    title: row.title,
    content: row.content,
    authorName: row.authorDeleted ? DELETED_MEMBER : displayName(row.firstName, row.lastName),
    savedAt: row.savedAt,
  }));
}

/** What the member saved of one post: the post, and the ids of its comments they saved. */
export async function savedIn(db: Db, userId: string, discussionId: string): Promise<{ discussion: boolean; comments: string[] }> {
  const rows = await db
    .select({ targetType: bookmarks.targetType, targetId: bookmarks.targetId })
    .from(bookmarks)
    .leftJoin(comments, and(eq(bookmarks.targetType, 'comment'), eq(comments.id, bookmarks.targetId)))
    .where(and(
      eq(bookmarks.userId, userId),
      or(
        and(eq(bookmarks.targetType, 'discussion'), eq(bookmarks.targetId, discussionId)),
        and(eq(bookmarks.targetType, 'comment'), eq(comments.discussionId, discussionId)),
      ),
    ));
  return {
    discussion: rows.some((row) => row.targetType === 'discussion'),
    comments: rows.filter((row) => row.targetType === 'comment').map((row) => row.targetId),
  };
}

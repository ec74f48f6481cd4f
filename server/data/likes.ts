/**
 * Like toggles for posts and comments. The primary key (item, user) is the only judge of "already liked": the toggle
 * tries INSERT … ON CONFLICT DO NOTHING and, when the row was there, DELETEs it. There is no read before the write,
 * so two members liking at once count two, and one member can never count twice, however many requests race.
 */
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { commentLikes, discussionLikes } from '../db/schema';
import { notFound } from '../http/errors';
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from './discussion-shared';

export interface LikeResult {
  liked: boolean;
  likeCount: number;
}

async function insertOr404<T>(insert: () => Promise<T>, missing: string): Promise<T> {
  try {
    return await insert();
  } catch (error) {
    // The item was deleted (or never existed): the foreign key says so without a separate read.
    if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) throw notFound(missing);
    throw error;
  }
}

export async function toggleDiscussionLike(db: Db, discussionId: string, userId: string): Promise<LikeResult> {
  const inserted = await insertOr404(
    () => db.insert(discussionLikes).values({ discussionId, userId }).onConflictDoNothing().returning({ userId: discussionLikes.userId }),
    'Discussion not found',
  );
  if (inserted.length === 0) {
    await db.delete(discussionLikes).where(and(eq(discussionLikes.discussionId, discussionId), eq(discussionLikes.userId, userId)));
  }
  const [row] = await db.select({ n: count() }).from(discussionLikes).where(eq(discussionLikes.discussionId, discussionId));
  return { liked: inserted.length > 0, likeCount: Number(row?.n ?? 0) };
}

export async function toggleCommentLike(db: Db, commentId: string, userId: string): Promise<LikeResult> {
  const inserted = await insertOr404(
    () => db.insert(commentLikes).values({ commentId, userId }).onConflictDoNothing().returning({ userId: commentLikes.userId }),
    'Comment not found',
  );
  if (inserted.length === 0) {
    await db.delete(commentLikes).where(and(eq(commentLikes.commentId, commentId), eq(commentLikes.userId, userId)));
  }
  const [row] = await db.select({ n: count() }).from(commentLikes).where(eq(commentLikes.commentId, commentId));
  return { liked: inserted.length > 0, likeCount: Number(row?.n ?? 0) };
}

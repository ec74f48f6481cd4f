/**
 * Like toggles for posts and comments. The primary key (item, user) is the only judge of "already liked": the toggle
 * tries INSERT … ON CONFLICT DO NOTHING and, when the row was there, DELETEs it. There is no read before the write,
 * so two members liking at once count two, and one member can never count twice, however many requests race.
 */
import { and, count, eq } from 'drizzle-orm';
import type { Db } from './client';
import { commentLikes, discussionLikes } from './schema';
import { unlessMissing } from './pg-errors';

export interface LikeResult {
  liked: boolean;
  likeCount: number;
}

/** Toggles a member's like of a post; 'missing' when the post is gone. */
export async function toggleDiscussionLike(db: Db, discussionId: string, userId: string): Promise<LikeResult | 'missing'> {
  const inserted = await unlessMissing(
    () => db.insert(discussionLikes).values({ discussionId, userId }).onConflictDoNothing().returning({ userId: discussionLikes.userId }),
    'missing' as const,
  );
  if (inserted === 'missing') return inserted;
  if (inserted.length === 0) {
    await db.delete(discussionLikes).where(and(eq(discussionLikes.discussionId, discussionId), eq(discussionLikes.userId, userId)));
  }
  const [row] = await db.select({ n: count() }).from(discussionLikes).where(eq(discussionLikes.discussionId, discussionId));
  return { liked: inserted.length > 0, likeCount: Number(row?.n ?? 0) };
}

/** Toggles a member's like of a comment; 'missing' when the comment is gone. */
export async function toggleCommentLike(db: Db, commentId: string, userId: string): Promise<LikeResult | 'missing'> {
  const inserted = await unlessMissing(
    () => db.insert(commentLikes).values({ commentId, userId }).onConflictDoNothing().returning({ userId: commentLikes.userId }),
    'missing' as const,
  );
  if (inserted === 'missing') return inserted;
  if (inserted.length === 0) {
    await db.delete(commentLikes).where(and(eq(commentLikes.commentId, commentId), eq(commentLikes.userId, userId)));
  }
  const [row] = await db.select({ n: count() }).from(commentLikes).where(eq(commentLikes.commentId, commentId));
  return { liked: inserted.length > 0, likeCount: Number(row?.n ?? 0) };
}

/** Comments on discussions and their likes (spec section 7). Only a comment's author may change or delete it. */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createComment, deleteComment, likeComment, listComments, updateComment } from '../../src/contract/comments';
import type { Db } from '../db/client';
import { comments } from '../db/schema';
import { forbidden, notFound } from '../http/errors';
import { implement } from '../http/route';
import { commentFacts, findComment, listThread, removeComment, threadSeenBy } from '../services/discussion-comments';
import { discussionAuthor } from '../services/discussion-feed';
import { toggleCommentLike } from '../services/discussion-likes';
import { cleanRichContent, FOREIGN_KEY_VIOLATION, isUuid, pgErrorCode } from '../services/discussion-shared';

const NOT_FOUND = 'Comment not found';
const DISCUSSION_NOT_FOUND = 'Discussion not found';

export async function commentRoutes(app: FastifyInstance, { db }: { db: Db }) {
  /** A live (not deleted) comment, or 404. */
  async function liveComment(id: string) {
    const facts = isUuid(id) ? await commentFacts(db, id) : null;
    if (!facts || facts.deletedAt) throw notFound(NOT_FOUND);
    return facts;
  }

  // Every write here changes what the cached comment lists and post counts show.
  const changes = 'community';

  implement(app, createComment, async ({ body, user }) => {
    const content = cleanRichContent(body.content, 'content', 'Comment is required');
    if (!isUuid(body.discussionId) || !(await discussionAuthor(db, body.discussionId))) throw notFound(DISCUSSION_NOT_FOUND);
    const parentCommentId = body.parentCommentId || null;
    if (parentCommentId) {
      const parent = await liveComment(parentCommentId);
      // A reply lives under the same post as the comment it answers.
      if (parent.discussionId !== body.discussionId) throw notFound(NOT_FOUND);
    }
    let id: string;
    try {
      const [row] = await db
        .insert(comments)
        .values({ discussionId: body.discussionId, parentCommentId, content, createdBy: user.id })
        .returning({ id: comments.id });
      id = row!.id;
    } catch (error) {
      // The post or the parent went away between the check and the insert.
      if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) throw notFound(parentCommentId ? NOT_FOUND : DISCUSSION_NOT_FOUND);
      throw error;
    }
    return { success: true, comment: (await findComment(db, id, user))! } as const;
  }, { changes });

  // One cached thread for everyone; a member's own comments then get their email back.
  implement(app, listComments, async ({ params, query }) => {
    if (!isUuid(params.id)) throw notFound(DISCUSSION_NOT_FOUND);
    if (query.parentCommentId !== undefined && !isUuid(query.parentCommentId)) throw notFound(NOT_FOUND);
    const thread = await listThread(db, params.id, query.parentCommentId);
    // Only an empty answer needs to know whether the post exists; a full thread is one query.
    if (thread.length === 0 && !(await discussionAuthor(db, params.id))) throw notFound(DISCUSSION_NOT_FOUND);
    return { success: true, comments: thread } as const;
  }, {
    cache: 'community',
    personal: (answer, user) => {
      const seen = threadSeenBy(answer.comments, user);
      return seen && { ...answer, comments: seen };
    },
  });

  implement(app, updateComment, async ({ params, body, user }) => {
    const facts = await liveComment(params.id);
    if (facts.createdBy !== user.id) throw forbidden('Only the author can change this comment');
    const content = cleanRichContent(body.content, 'content', 'Comment is required');
    await db.update(comments).set({ content }).where(eq(comments.id, params.id));
    const comment = await findComment(db, params.id, user);
    if (!comment) throw notFound(NOT_FOUND);
    return { success: true, comment } as const;
  }, { changes });

  implement(app, deleteComment, async ({ params, user }) => {
    const facts = await liveComment(params.id);
    if (facts.createdBy !== user.id) throw forbidden('Only the author can delete this comment');
    await removeComment(db, params.id, facts.parentCommentId);
    return { success: true, message: 'Comment deleted' } as const;
  }, { changes });

  implement(app, likeComment, async ({ params, user }) => {
    await liveComment(params.id);
    return { success: true, ...(await toggleCommentLike(db, params.id, user.id)) } as const;
  }, { changes });
}

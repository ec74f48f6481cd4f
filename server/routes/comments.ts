/** Comments on discussions and their likes (spec section 7). Only a comment's author may change or delete it. */
import type { FastifyInstance } from 'fastify';
import { createComment, deleteComment, likeComment, listComments, updateComment } from '../../src/contract/comments';
import { implement } from '../http/route';
import { type CommentService, threadSeenBy } from '../services/comments';

export async function commentRoutes(app: FastifyInstance, { comments }: { comments: CommentService }) {
  // Every write here changes what the cached comment lists and post counts show.
  const changes = 'community';

  implement(app, createComment, async ({ body, user }) => ({ success: true, comment: await comments.create(user, body) }) as const, { changes });

  // One cached thread for everyone; a member's own comments then get their email back.
  implement(app, listComments, async ({ params, query }) => ({
    success: true, comments: await comments.thread(params.id, query.parentCommentId),
  }) as const, {
    cache: 'community',
    personal: (answer, user) => {
      const seen = threadSeenBy(answer.comments, user);
      return seen && { ...answer, comments: seen };
    },
  });

  implement(app, updateComment, async ({ params, body, user }) => ({
    success: true, comment: await comments.update(user, params.id, body.content),
  }) as const, { changes });

  implement(app, deleteComment, async ({ params, user }) => {
    await comments.delete(user, params.id);
    return { success: true, message: 'Comment deleted' } as const;
  }, { changes });

  implement(app, likeComment, async ({ params, user }) => ({ success: true, ...(await comments.like(user, params.id)) }) as const, { changes });
}

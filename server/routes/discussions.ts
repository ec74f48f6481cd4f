/** SDG constants, discussions and their likes (spec section 7). Only a post's author may change or delete it. */
import type { FastifyInstance } from 'fastify';
import {
  createDiscussion, deleteDiscussion, getDiscussion, likeDiscussion, listDiscussions, sdgConstants, updateDiscussion,
} from '../../src/contract/discussions';
import { HELD_MESSAGE } from '../../src/domain/moderation';
import { SDG_CONSTANTS } from '../../src/domain/sdg-topics';
import { implement } from '../http/route';
import type { DiscussionService } from '../services/discussions';

export async function discussionRoutes(app: FastifyInstance, { discussions }: { discussions: DiscussionService }) {
  implement(app, sdgConstants, async () => ({ success: true, ...SDG_CONSTANTS }) as const, { cache: 'content' });

  // Every write here changes what the cached feed, posts and comment lists show; every read of them is cached.
  const changes = 'community';
  const cache = 'community';

  implement(app, createDiscussion, async ({ body, user }) => {
    const discussion = await discussions.create(user.id, body);
    // A held post's author is told it waits for a moderator (ADR 149).
    return { success: true, discussion, ...(discussion.moderation === 'held' ? { message: HELD_MESSAGE } : {}) } as const;
  }, { changes });

  implement(app, listDiscussions, async ({ query }) => ({ success: true, ...(await discussions.feed(query)) }) as const, { cache });

  implement(app, getDiscussion, async ({ params }) => ({ success: true, discussion: await discussions.get(params.id) }) as const, { cache });

  implement(app, updateDiscussion, async ({ params, body, user }) => ({
    success: true, discussion: await discussions.update(user.id, params.id, body),
  }) as const, { changes });

  implement(app, deleteDiscussion, async ({ params, user }) => {
    await discussions.delete(user.id, params.id);
    return { success: true, message: 'Discussion deleted' } as const;
  }, { changes });

  implement(app, likeDiscussion, async ({ params, user }) => ({ success: true, ...(await discussions.like(user.id, params.id)) }) as const, { changes });
}

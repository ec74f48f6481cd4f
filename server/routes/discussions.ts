/** SDG constants, discussions and their likes (spec section 7). Only a post's author may change or delete it. */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  createDiscussion, deleteDiscussion, getDiscussion, likeDiscussion, listDiscussions, sdgConstants, updateDiscussion,
} from '../../src/contract/discussions';
import type { Db } from '../db/client';
import { discussions } from '../db/schema';
import { badRequest, forbidden, notFound } from '../http/errors';
import { implement } from '../http/route';
import { discussionAuthor, findDiscussion, listFeed } from '../services/discussion-feed';
import { toggleDiscussionLike } from '../services/discussion-likes';
import { cleanRichContent, cleanTitle, isUuid } from '../services/discussion-shared';
import { isKnownTopic, SDG_CONSTANTS } from '../services/sdg-constants';

const NOT_FOUND = 'Discussion not found';

export async function discussionRoutes(app: FastifyInstance, { db }: { db: Db }) {
  implement(app, sdgConstants, async () => ({ success: true, ...SDG_CONSTANTS }) as const, { cache: 'content' });

  // Every write here changes what the cached feed, posts and comment lists show; every read of them is cached.
  const changes = 'community';
  const cache = 'community';

  implement(app, createDiscussion, async ({ body, user }) => {
    if (!isKnownTopic(body.category, body.subcategory)) throw badRequest('Please choose one of the listed categories and subcategories');
    const [row] = await db
      .insert(discussions)
      .values({
        title: cleanTitle(body.title),
        content: cleanRichContent(body.content, 'content', 'Content is required'),
        category: body.category,
        subcategory: body.subcategory,
        createdBy: user.id,
      })
      .returning({ id: discussions.id });
    const discussion = await findDiscussion(db, row!.id);
    return { success: true, discussion: discussion! } as const;
  }, { changes });

  implement(app, listDiscussions, async ({ query }) => ({ success: true, ...(await listFeed(db, query)) }) as const, { cache });

  implement(app, getDiscussion, async ({ params }) => {
    const discussion = await findDiscussion(db, params.id);
    if (!discussion) throw notFound(NOT_FOUND);
    return { success: true, discussion } as const;
  }, { cache });

  /** Resolves the post or fails: 404 when missing, 403 when the caller did not write it. */
  async function authoredBy(id: string, userId: string) {
    const author = await discussionAuthor(db, id);
    if (!author) throw notFound(NOT_FOUND);
    if (author !== userId) throw forbidden('Only the author can change this discussion');
  }

  implement(app, updateDiscussion, async ({ params, body, user }) => {
    if (body.title === undefined && body.content === undefined) throw badRequest('Nothing to update');
    await authoredBy(params.id, user.id);
    await db
      .update(discussions)
      .set({
        ...(body.title !== undefined ? { title: cleanTitle(body.title) } : {}),
        ...(body.content !== undefined ? { content: cleanRichContent(body.content, 'content', 'Content is required') } : {}),
        updatedAt: new Date(),
      })
      .where(eq(discussions.id, params.id));
    const discussion = await findDiscussion(db, params.id);
    if (!discussion) throw notFound(NOT_FOUND);
    return { success: true, discussion } as const;
  }, { changes });

  // Comments and likes go with the post: the foreign keys cascade in the same statement.
  implement(app, deleteDiscussion, async ({ params, user }) => {
    await authoredBy(params.id, user.id);
    await db.delete(discussions).where(eq(discussions.id, params.id));
    return { success: true, message: 'Discussion deleted' } as const;
  }, { changes });

  implement(app, likeDiscussion, async ({ params, user }) => {
    if (!isUuid(params.id)) throw notFound(NOT_FOUND);
    return { success: true, ...(await toggleDiscussionLike(db, params.id, user.id)) } as const;
  }, { changes });
}

/** A member's bookmarks (issue 37 item 8): personal answers, never kept for others. */
import type { FastifyInstance } from 'fastify';
import { listBookmarks, savedInDiscussion, setBookmark } from '../../src/contract/bookmarks';
import { implement } from '../http/route';
import type { BookmarkService } from '../services/bookmarks';

export async function bookmarkRoutes(app: FastifyInstance, { bookmarks }: { bookmarks: BookmarkService }) {
  implement(app, listBookmarks, async ({ user }) => ({ success: true, bookmarks: await bookmarks.list(user.id) }) as const);
  implement(app, savedInDiscussion, async ({ params, user }) => ({ success: true, ...(await bookmarks.savedIn(user.id, params.id)) }) as const);
  implement(app, setBookmark, async ({ body, user }) => ({
    success: true, saved: await bookmarks.set(user.id, body.targetType, body.targetId, body.saved),
  }) as const);
}

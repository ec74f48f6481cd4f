/** Bookmarks (issue 37 item 8): a member saves a post or a comment that stands, and lists only their own. */
import type { z } from 'zod';
import type { bookmarkSchema } from '../../src/contract/bookmarks';
import { BOOKMARKS_LIMIT } from '../../src/contract/bookmarks';
import { isUuid } from '../../src/domain/ids';
import { stripHtml, truncate } from '../../src/domain/text';
import { type BookmarkTarget, forgetBookmark, listBookmarks, saveBookmark, savedIn } from '../data/bookmarks';
import type { Db } from '../data/client';
import { commentFacts } from '../data/comments';
import { discussionAuthor } from '../data/discussions';
import { COMMENT_NOT_FOUND } from './comments';
import { DISCUSSION_NOT_FOUND } from './discussions';
import { notFound } from './errors';

const EXCERPT_LENGTH = 160;

export type Bookmark = z.output<typeof bookmarkSchema>;

export class BookmarkService {
  constructor(private readonly db: Db) {}

  /** Saves or forgets; only an item that stands can be saved (forgetting one that went is fine). */
  async set(userId: string, targetType: BookmarkTarget, targetId: string, saved: boolean): Promise<boolean> {
    if (!saved) {
      if (isUuid(targetId)) await forgetBookmark(this.db, userId, targetType, targetId);
      return false;
    }
    if (targetType === 'discussion') {
      if (!isUuid(targetId) || !(await discussionAuthor(this.db, targetId))) throw notFound(DISCUSSION_NOT_FOUND);
    } else {
      const facts = isUuid(targetId) ? await commentFacts(this.db, targetId) : null;
      if (!facts || facts.deletedAt) throw notFound(COMMENT_NOT_FOUND);
    }
    await saveBookmark(this.db, userId, targetType, targetId);
    return true;
  }

  async list(userId: string): Promise<Bookmark[]> {
    const rows = await listBookmarks(this.db, userId, BOOKMARKS_LIMIT);
    return rows.map((row) => ({
      targetType: row.targetType,
      targetId: row.targetId,
      discussionId: row.discussionId,
      title: row.title,
      excerpt: truncate(stripHtml(row.content), EXCERPT_LENGTH),
      authorName: row.authorName,
      savedAt: row.savedAt.toISOString(),
    }));
  }

  async savedIn(userId: string, discussionId: string) {
    if (!isUuid(discussionId)) throw notFound(DISCUSSION_NOT_FOUND);
    return savedIn(this.db, userId, discussionId);
  }
}

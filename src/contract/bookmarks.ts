/** Bookmarks (issue 37 item 8): a member saves posts and comments and finds them again at /bookmarks. Only their own. */
import { z } from 'zod';
import { call } from './define';

const ok = z.literal(true);
export const bookmarkTargetSchema = z.enum(['discussion', 'comment']);

/** One saved item, with what its link and its line in the list need. */
export const bookmarkSchema = z.object({
  targetType: bookmarkTargetSchema,
  targetId: z.string(),
  /** The post the item belongs to (the post itself for a post): the link goes to its page, and a comment's anchor. */
  discussionId: z.string(),
  /** The post's title. */
  title: z.string(),
  /** The item's text as plain text, cut short. */
  excerpt: z.string(),
  /** Who wrote it. */
  authorName: z.string(),
  savedAt: z.string(),
});

/** How many saved items the list shows at most (newest first). */
export const BOOKMARKS_LIMIT = 200;

export const listBookmarks = call({
  name: 'bookmarks.list', method: 'GET', path: '/bookmarks', auth: 'required',
  response: z.object({ success: ok, bookmarks: z.array(bookmarkSchema) }),
});

/** What the member has saved of one post: the post itself, and which of its comments. */
export const savedInDiscussion = call({
  name: 'bookmarks.saved', method: 'GET', path: '/bookmarks/discussions/:id', auth: 'required',
  params: z.object({ id: z.string().min(1).max(64) }),
  response: z.object({ success: ok, discussion: z.boolean(), comments: z.array(z.string()) }),
});

/** Saves (`saved: true`) or forgets an item; answers the state it is in now. Saving twice is saving once. */
export const setBookmark = call({
  name: 'bookmarks.set', method: 'PUT', path: '/bookmarks', auth: 'required',
  body: z.object({ targetType: bookmarkTargetSchema, targetId: z.string().min(1).max(64), saved: z.boolean() }),
  response: z.object({ success: ok, saved: z.boolean() }),
  invalidates: ['/bookmarks'],
});

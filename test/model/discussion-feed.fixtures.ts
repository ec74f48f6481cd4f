/**
 * The discussion feed as both its model-based tests (discussion-feed.machine.test.ts) and its effects tests
 * (discussion-feed.effects.test.ts) see it: the member, the topics (both chosen, all, half chosen), three posts and
 * one refreshed, the pages a load or a 'Load more' may bring, and the spec's alert after a failed delete.
 */
import type { FeedPage, Topic } from '../../src/application/discussion-feed.machine';
import type { Discussion } from '../../src/domain/discussion';

export const U = 'u1';
export const T1: Topic = { category: 'climate-action', subcategory: 'embodied-carbon' };
export const ALL: Topic = { category: '', subcategory: '' };
export const CATEGORY_ONLY: Topic = { category: 'climate-action', subcategory: '' };

function post(id: string, likes: string[], extra: Partial<Discussion> = {}): Discussion {
  return {
    _id: id, title: `Post ${id}`, content: `<p>${id}</p>`, category: T1.category, subcategory: T1.subcategory, likes, likeCount: likes.length,
    commentCount: 0, comments: [], createdBy: { _id: 'u2', name: 'Grace Hopper' }, createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z', editedAt: null, ...extra,
  };
}

const p1 = post('p1', []);
const p2 = post('p2', [U, 'u2']);
const p3 = post('p3', ['u2']);
export const p1Refreshed = post('p1', [], { title: 'Post p1 (edited)', commentCount: 3 });

export const FIRST_WITH_MORE: FeedPage = { discussions: [p1, p2], nextCursor: 'c1' };
export const FIRST_ONLY: FeedPage = { discussions: [p1], nextCursor: null };
export const EMPTY: FeedPage = { discussions: [], nextCursor: null };
/** p2 again: a post written meanwhile pushed it onto the next page. */
export const NEXT_LAST: FeedPage = { discussions: [p2, p3], nextCursor: null };
export const NEXT_WITH_MORE: FeedPage = { discussions: [p3], nextCursor: 'c2' };

/** The spec's alert after a failed delete (section 8), as the member reads it. */
export const DELETE_FAILED = 'Failed to delete discussion. Please try again.';

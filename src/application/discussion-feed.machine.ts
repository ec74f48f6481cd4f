/**
 * The discussion feed (spec section 2, Discussion): the posts of the chosen SDG topic, newest first, with 'Load more',
 * and the post's own writes: delete (author only, with the spec's alert on failure) and the like toggle, shown at once
 * and settled by the server's count (rolled back and only logged on failure, spec section 8). The topic comes from
 * outside (the URL owns it); each answer names the load it belongs to, so an answer for an older topic is dropped.
 */
import { assign, setup } from 'xstate';
import { applyLike, type Discussion } from '../domain/discussion';

export const DELETE_FAILED = 'Failed to delete discussion. Please try again.';
/** Said once a post is deleted from the list (the post page's own toast has the same words). */
export const DISCUSSION_DELETED = 'Discussion deleted';

export interface Topic {
  category: string;
  subcategory: string;
}

export interface FeedPage {
  discussions: Discussion[];
  nextCursor: string | null;
}

export interface DiscussionFeedContext {
  topic: Topic;
  discussions: Discussion[];
  nextCursor: string | null;
  /** Numbers the loads of page 1: an answer for an older one is dropped. */
  load: number;
  /** Whether the next load must skip the client's read cache (after a write). */
  fresh: boolean;
  /** The failure of the last page-1 load, for 'Error: ' plus its message. */
  error: string | null;
  /** The spec's alert after a failed delete. */
  alert: string | null;
  /** Posts whose like toggle is on its way to the server: a second press waits. */
  liking: string[];
  /** How many posts this list deleted: the view moves the focus to the list's heading after each (ADR 164). */
  deleted: number;
  /** The last thing a screen reader should hear about the list (a polite live region). */
  announcement: string;
}

export interface DiscussionFeedInput {
  topic: Topic;
}

export type DiscussionFeedEvent =
  | { type: 'topic.changed'; topic: Topic }
  | { type: 'feed.reload' }
  | { type: 'feed.loaded'; load: number; page: FeedPage }
  | { type: 'feed.failed'; load: number; message: string }
  | { type: 'feed.more' }
  | { type: 'feed.moreLoaded'; load: number; page: FeedPage }
  | { type: 'feed.moreFailed'; load: number; error: unknown }
  | { type: 'post.refresh'; id: string }
  | { type: 'post.refreshed'; discussion: Discussion }
  | { type: 'post.delete'; id: string }
  | { type: 'post.deleted'; id: string }
  | { type: 'post.deleteFailed'; id: string; error: unknown }
  | { type: 'post.like'; id: string; userId: string }
  | { type: 'post.likeSettled'; id: string; userId: string; liked: boolean; likeCount: number }
  | { type: 'post.likeFailed'; id: string; userId: string; error: unknown }
  | { type: 'alert.dismissed' };

const sameTopic = (a: Topic, b: Topic) => a.category === b.category && a.subcategory === b.subcategory;

/** What a new page-1 load starts from: nothing of the old list, its alert or its likes in flight. */
const cleared = () => ({ discussions: [], nextCursor: null, error: null, alert: null, liking: [] });

export const discussionFeedMachine = setup({
  // Stryker disable next-line ObjectLiteral: types exist for TypeScript alone; nothing reads them at run time (ADR 091).
  types: {
    context: {} as DiscussionFeedContext,
    events: {} as DiscussionFeedEvent,
    input: {} as DiscussionFeedInput,
  },
  // Stryker disable next-line ObjectLiteral: placeholders for their parameter types; xstate skips an action it has no implementation for, and every use provides them.
  actions: {
    /** GET /discussions for the topic (first page); answers feed.loaded or feed.failed with the same `load`. */
    loadFeed: (_, _params: { topic: Topic; load: number; fresh: boolean }) => {},
    /** GET /discussions after the cursor; answers feed.moreLoaded or feed.moreFailed. */
    loadMore: (_, _params: { topic: Topic; cursor: string; load: number }) => {},
    /** GET /discussions/{id} past the cache; answers post.refreshed (a failure is only logged). */
    refreshPost: (_, _params: { id: string }) => {},
    /** DELETE /discussions/{id}; answers post.deleted or post.deleteFailed. */
    deletePost: (_, _params: { id: string }) => {},
    /** POST /discussions/{id}/like; answers post.likeSettled or post.likeFailed. */
    likePost: (_, _params: { id: string; userId: string }) => {},
    logError: (_, _params: { message: string; error: unknown }) => {},
  },
  guards: {
    topicDiffers: ({ context }, topic: Topic) => !sameTopic(topic, context.topic),
    currentLoad: ({ context }, load: number) => load === context.load,
    hasMore: ({ context }) => context.nextCursor !== null,
    notLiking: ({ context }, id: string) => !context.liking.includes(id),
    /** A like's answer counts only while its press is still pending: a reload or a refresh since then had the last word. */
    liking: ({ context }, id: string) => context.liking.includes(id),
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: no target names the machine by its id; only tools read it (ADR 091).
  id: 'discussionFeed',
  // The list's part is set by the loading state's entry, like every later load's.
  context: ({ input }) => ({ topic: input.topic, load: 1, fresh: false, deleted: 0, announcement: '', ...cleared() }),
  initial: 'loading',
  on: {
    'topic.changed': {
      guard: { type: 'topicDiffers', params: ({ event }) => event.topic },
      target: '.loading',
      actions: assign({ topic: ({ event }) => event.topic, load: ({ context }) => context.load + 1, fresh: false }),
    },
    'feed.reload': { target: '.loading', actions: assign({ load: ({ context }) => context.load + 1, fresh: true }) },
  },
  states: {
    loading: {
      entry: [
        assign(cleared),
        { type: 'loadFeed', params: ({ context }) => ({ topic: context.topic, load: context.load, fresh: context.fresh }) },
      ],
      on: {
        'feed.loaded': {
          guard: { type: 'currentLoad', params: ({ event }) => event.load },
          target: 'ready',
          actions: assign({ discussions: ({ event }) => event.page.discussions, nextCursor: ({ event }) => event.page.nextCursor }),
        },
        'feed.failed': {
          guard: { type: 'currentLoad', params: ({ event }) => event.load },
          target: 'failed',
          actions: assign({ error: ({ event }) => event.message }),
        },
      },
    },
    failed: {},
    ready: {
      initial: 'idle',
      on: {
        'post.refresh': { actions: { type: 'refreshPost', params: ({ event }) => ({ id: event.id }) } },
        'post.refreshed': {
          actions: assign({
            discussions: ({ context, event }) => context.discussions.map((d) => (d._id === event.discussion._id ? event.discussion : d)),
            // The server's fresh post has the last word over a like still on its way.
            liking: ({ context, event }) => context.liking.filter((id) => id !== event.discussion._id),
          }),
        },
        // The live region empties first, so the same words after the next delete are said again.
        'post.delete': { actions: [assign({ alert: null, announcement: '' }), { type: 'deletePost', params: ({ event }) => ({ id: event.id }) }] },
        'post.deleted': {
          actions: assign({
            discussions: ({ context, event }) => context.discussions.filter((d) => d._id !== event.id),
            deleted: ({ context }) => context.deleted + 1,
            announcement: DISCUSSION_DELETED,
          }),
        },
        'post.deleteFailed': {
          actions: [assign({ alert: DELETE_FAILED }), { type: 'logError', params: ({ event }) => ({ message: 'deleting a discussion failed', error: event.error }) }],
        },
        'post.like': {
          guard: { type: 'notLiking', params: ({ event }) => event.id },
          actions: [
            assign({
              liking: ({ context, event }) => [...context.liking, event.id],
              discussions: ({ context, event }) => context.discussions.map((d) => (d._id === event.id ? { ...d, ...applyLike(d, event.userId) } : d)),
            }),
            { type: 'likePost', params: ({ event }) => ({ id: event.id, userId: event.userId }) },
          ],
        },
        'post.likeSettled': {
          guard: { type: 'liking', params: ({ event }) => event.id },
          actions: assign({
            liking: ({ context, event }) => context.liking.filter((id) => id !== event.id),
            discussions: ({ context, event }) =>
              context.discussions.map((d) => (d._id === event.id ? { ...d, ...applyLike(d, event.userId, event.liked, event.likeCount) } : d)),
          }),
        },
        'post.likeFailed': {
          guard: { type: 'liking', params: ({ event }) => event.id },
          actions: [
            assign({
              liking: ({ context, event }) => context.liking.filter((id) => id !== event.id),
              // The press is undone: the like goes back to what it was before.
              discussions: ({ context, event }) => context.discussions.map((d) => (d._id === event.id ? { ...d, ...applyLike(d, event.userId) } : d)),
            }),
            { type: 'logError', params: ({ event }) => ({ message: 'like failed', error: event.error }) },
          ],
        },
        'alert.dismissed': { actions: assign({ alert: null }) },
      },
      states: {
        idle: {
          on: { 'feed.more': { guard: 'hasMore', target: 'loadingMore' } },
        },
        loadingMore: {
          entry: { type: 'loadMore', params: ({ context }) => ({ topic: context.topic, cursor: context.nextCursor!, load: context.load }) },
          on: {
            'feed.moreLoaded': {
              guard: { type: 'currentLoad', params: ({ event }) => event.load },
              target: 'idle',
              actions: assign(({ context, event }) => {
                const seen = new Set(context.discussions.map((d) => d._id));
                return {
                  discussions: [...context.discussions, ...event.page.discussions.filter((d) => !seen.has(d._id))],
                  nextCursor: event.page.nextCursor,
                };
              }),
            },
            'feed.moreFailed': {
              guard: { type: 'currentLoad', params: ({ event }) => event.load },
              target: 'idle',
              actions: { type: 'logError', params: ({ event }) => ({ message: 'loading more discussions failed', error: event.error }) },
            },
          },
        },
      },
    },
  },
});

export type DiscussionFeedMachine = typeof discussionFeedMachine;

/**
 * One post's comment thread (spec sections 2, 4, 5 and 8): the comments, a new comment or a reply (blank text is
 * never sent), deleting one's own, and likes shown at once and settled by the server. Lists are read again after each
 * change, and the machine emits `thread.changed` so the post can refresh its comment count. Comment failures are only
 * logged (spec), except a refusal for going too fast, whose message the form shows while it keeps its text.
 */
import type { MentionRef } from '../domain/mentions';
import { assign, assertEvent, emit, setup } from 'xstate';
import { applyLike, type Comment, isBlankText } from '../domain/discussion';

export interface CommentThreadContext {
  discussionId: string;
  comments: Comment[];
  /** Numbers the loads of the thread: an answer for an older one is dropped. */
  load: number;
  fresh: boolean;
  /** The form that is sending: null for the new-comment form, a comment id for a reply form. */
  sendingFrom: string | null | undefined;
  /** The last form whose comment was posted (it clears its text), with a count so each success is seen. */
  posted: { from: string | null; count: number };
  /** The comment posted last, once its answer came: the view moves the focus to it when the thread shows it (ADR 164). */
  lastPostedId: string | null;
  /**
   * What a form shows beside its text after a refused comment (too many too fast, or the text the server refused, in
   * its own words, ADR 164); the form keeps its text.
   */
  refusal: { from: string | null; message: string } | null;
  liking: string[];
  /** The last thing a screen reader should hear about the thread. */
  announcement: string;
}

export interface CommentThreadInput {
  discussionId: string;
}

export type CommentThreadEvent =
  | { type: 'thread.loaded'; load: number; comments: Comment[] }
  | { type: 'thread.failed'; load: number; error: unknown }
  // `mentions`: the members chosen from the suggestions while typing (ADR 150).
  | { type: 'comment.post'; text: string; parentCommentId: string | null; mentions?: readonly MentionRef[] }
  | { type: 'comment.posted'; from: string | null; id?: string }
  // `fieldError`: the server's words about the text (a 400 naming `content`), shown beside it.
  | { type: 'comment.postFailed'; from: string | null; refusal: string | null; fieldError?: string | null; error: unknown }
  | { type: 'comment.delete'; id: string }
  | { type: 'comment.deleted'; id: string }
  | { type: 'comment.deleteFailed'; id: string; error: unknown }
  /** The author saved a change to a comment (issue 37): the thread is read again to show it. */
  | { type: 'comment.edited'; id: string }
  /** Read the thread again, saying nothing: a link named a comment this copy does not hold yet (issue 37). */
  | { type: 'thread.reload' }
  | { type: 'comment.like'; id: string; userId: string }
  | { type: 'comment.likeSettled'; id: string; userId: string; liked: boolean; likeCount: number }
  | { type: 'comment.likeFailed'; id: string; userId: string; error: unknown };

export type CommentThreadEmitted = { type: 'thread.changed' };

export const COMMENT_POSTED = 'Comment posted';
export const COMMENT_DELETED = 'Comment deleted';
export const COMMENT_EDITED = 'Comment updated';

export const commentThreadMachine = setup({
  // Stryker disable next-line ObjectLiteral: types exist for TypeScript alone; nothing reads them at run time (ADR 091).
  types: {
    context: {} as CommentThreadContext,
    events: {} as CommentThreadEvent,
    input: {} as CommentThreadInput,
    emitted: {} as CommentThreadEmitted,
  },
  actions: {
    /** GET /comments/{id}/list; answers thread.loaded or thread.failed with the same `load`. */
    loadThread: (_, _params: { discussionId: string; load: number; fresh: boolean }) => {},
    /** POST /comments; answers comment.posted or comment.postFailed. */
    postComment: (_, _params: { discussionId: string; text: string; parentCommentId: string | null; mentions?: readonly MentionRef[] }) => {},
    /** DELETE /comments/{id}; answers comment.deleted or comment.deleteFailed. */
    deleteComment: (_, _params: { id: string }) => {},
    /** POST /comments/{id}/like; answers comment.likeSettled or comment.likeFailed. */
    likeComment: (_, _params: { id: string; userId: string }) => {},
    logError: (_, _params: { message: string; error: unknown }) => {},
    reloadFresh: assign({ load: ({ context }) => context.load + 1, fresh: true }),
  },
  guards: {
    currentLoad: ({ context, event }) => 'load' in event && event.load === context.load,
    canSend: ({ context, event }) => {
      assertEvent(event, 'comment.post');
      return context.sendingFrom === undefined && !isBlankText(event.text);
    },
    /** One press in flight per comment, and only on a comment the thread shows. */
    canLike: ({ context, event }) => {
      assertEvent(event, 'comment.like');
      return !context.liking.includes(event.id) && context.comments.some((c) => c._id === event.id);
    },
    /** A like's answer counts only while its press is still pending (its comment is still in the thread). */
    liking: ({ context, event }) => {
      assertEvent(event, ['comment.likeSettled', 'comment.likeFailed']);
      return context.liking.includes(event.id);
    },
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: no target names the machine by its id; only tools read it (ADR 091).
  id: 'commentThread',
  context: ({ input }) => ({
    discussionId: input.discussionId, comments: [], load: 1, fresh: false, sendingFrom: undefined, posted: { from: null, count: 0 },
    lastPostedId: null, refusal: null, liking: [], announcement: '',
  }),
  on: {
    // The form and the comments stay on screen while the list is read again (after a like, an edit, a post) or after it
    // failed: a comment is sent or deleted in any state, never dropped because a reload was under way.
    'comment.post': {
      guard: 'canSend',
      actions: [
        // The live region empties first, so the same words after the next post are said again.
        assign({ sendingFrom: ({ event }) => event.parentCommentId, refusal: null, announcement: '' }),
        {
          type: 'postComment',
          params: ({ context, event }) => ({
            discussionId: context.discussionId, text: event.text, parentCommentId: event.parentCommentId,
            ...(event.mentions?.length ? { mentions: event.mentions } : {}),
          }),
        },
      ],
    },
    'comment.delete': { actions: { type: 'deleteComment', params: ({ event }) => ({ id: event.id }) } },
    'comment.posted': {
      target: '.loading',
      actions: [
        assign({
          sendingFrom: undefined,
          posted: ({ context, event }) => ({ from: event.from, count: context.posted.count + 1 }),
          lastPostedId: ({ event }) => event.id ?? null,
          announcement: COMMENT_POSTED,
        }),
        'reloadFresh',
        emit({ type: 'thread.changed' }),
      ],
    },
    'comment.postFailed': {
      actions: [
        assign({
          sendingFrom: undefined,
          refusal: ({ event }) => {
            const message = event.refusal ?? event.fieldError ?? null;
            return message ? { from: event.from, message } : null;
          },
        }),
        { type: 'logError', params: ({ event }) => ({ message: 'posting a comment failed', error: event.error }) },
      ],
    },
    'comment.deleted': {
      target: '.loading',
      actions: [assign({ announcement: COMMENT_DELETED }), 'reloadFresh', emit({ type: 'thread.changed' })],
    },
    'comment.edited': { target: '.loading', actions: [assign({ announcement: COMMENT_EDITED }), 'reloadFresh'] },
    'thread.reload': { target: '.loading', actions: 'reloadFresh' },
    'comment.deleteFailed': {
      actions: { type: 'logError', params: ({ event }) => ({ message: 'deleting a comment failed', error: event.error }) },
    },
    // A like is shown at once and sent in any state, as a comment is (ADR 189): a press while the list is read again
    // is not dropped.
    'comment.like': {
      guard: 'canLike',
      actions: [
        assign({
          liking: ({ context, event }) => [...context.liking, event.id],
          comments: ({ context, event }) => context.comments.map((c) => (c._id === event.id ? { ...c, ...applyLike(c, event.userId) } : c)),
          announcement: '',
        }),
        { type: 'likeComment', params: ({ event }) => ({ id: event.id, userId: event.userId }) },
      ],
    },
    // Lists are read again after each change (spec section 4); the server's count shows meanwhile.
    'comment.likeSettled': {
      guard: 'liking',
      target: '.loading',
      actions: [
        assign({
          liking: ({ context, event }) => context.liking.filter((id) => id !== event.id),
          comments: ({ context, event }) =>
            context.comments.map((c) => (c._id === event.id ? { ...c, ...applyLike(c, event.userId, event.liked, event.likeCount) } : c)),
          announcement: ({ event }) => `${event.liked ? 'Liked' : 'Like removed'}. ${event.likeCount} ${event.likeCount === 1 ? 'like' : 'likes'}`,
        }),
        'reloadFresh',
      ],
    },
    'comment.likeFailed': {
      guard: 'liking',
      actions: [
        assign({
          liking: ({ context, event }) => context.liking.filter((id) => id !== event.id),
          comments: ({ context, event }) => context.comments.map((c) => (c._id === event.id ? { ...c, ...applyLike(c, event.userId) } : c)),
        }),
        { type: 'logError', params: ({ event }) => ({ message: 'like failed', error: event.error }) },
      ],
    },
  },
  initial: 'loading',
  states: {
    loading: {
      entry: { type: 'loadThread', params: ({ context }) => ({ discussionId: context.discussionId, load: context.load, fresh: context.fresh }) },
      on: {
        // The fresh list has the last word, except on a like still on its way: its comment keeps showing the press
        // until the server's answer, which the read may or may not have seen (ADR 189). The answer then settles it.
        'thread.loaded': {
          guard: 'currentLoad',
          target: 'ready',
          actions: assign(({ context, event }) => {
            const pending = new Map(context.comments.filter((c) => context.liking.includes(c._id)).map((c) => [c._id, c] as const));
            return {
              comments: event.comments.map((c) => {
                const pressed = pending.get(c._id);
                return pressed ? { ...c, likes: pressed.likes, likeCount: pressed.likeCount } : c;
              }),
              liking: context.liking.filter((id) => event.comments.some((c) => c._id === id)),
            };
          }),
        },
        'thread.failed': {
          guard: 'currentLoad',
          target: 'failed',
          actions: { type: 'logError', params: ({ event }) => ({ message: 'loading comments failed', error: event.error }) },
        },
      },
    },
    failed: {},
    ready: {},
  },
});

export type CommentThreadMachine = typeof commentThreadMachine;

/** A comment thread's named effects, against the API port only. */
import type { AnyActorRef } from 'xstate';
import { plainTextToHtml } from '../domain/discussion';
import { fieldErrorsOf, refusalOf } from './api-error';
import { type CommentThreadEvent, commentThreadMachine } from './comment-thread.machine';
import type { ApiClient } from './ports';
import { lazyCalls } from './lazy-calls';

export interface CommentThreadPorts {
  api: ApiClient;
  log: (message: string, error: unknown) => void;
}

/** An answer that arrives after the view has gone (the actor stopped) is dropped. */
function reply(self: AnyActorRef, event: CommentThreadEvent) {
  if (self.getSnapshot().status === 'active') self.send(event);
}

/**
 * The comment calls (and zod with them) load with the first call, not with the app shell; they share one chunk with
 * the discussion calls, so the feed's first call has fetched them. The module itself runs when first asked for:
 * `prepareCommentThread`, or else the first call.
 */
const commentCalls = lazyCalls(() => import(/* webpackChunkName: "contract-community" */ '../contract/comments'));

/**
 * Builds the comment calls ahead of the first thread (AppMachines.prepareCommentThread). Settles once they are ready,
 * or once loading them failed: the first call then asks again.
 */
export function prepareCommentThread(): Promise<void> {
  return commentCalls.load().then(
    () => {},
    () => {},
  );
}

/**
 * Reads a thread's comments ahead of its opening (AppMachines.readCommentThreadAhead), while the pointer is on its
 * Comments button or the focus is: the press then finds them read and decoded, and the thread opens in its own task.
 */
export function readCommentThreadAhead(api: ApiClient, discussionId: string): void {
  commentCalls(async (calls) => api.prefetch(calls.listComments, { params: { id: discussionId } })).catch(() => {});
}

export function provideCommentThread({ api, log }: CommentThreadPorts) {
  return commentThreadMachine.provide({
    actions: {
      loadThread: ({ self }, { discussionId, load, fresh }) => {
        commentCalls((calls) => api.call(calls.listComments, { params: { id: discussionId } }, fresh ? { fresh: true } : {}))
          .then(
            (answer) => reply(self, { type: 'thread.loaded', load, comments: answer.comments }),
            (error: unknown) => reply(self, { type: 'thread.failed', load, error }),
          );
      },
      postComment: ({ self }, { discussionId, text, parentCommentId, mentions }) => {
        // The body is made at once, as it was before the call waited for the contract to load.
        const body = { discussionId, content: plainTextToHtml(text, mentions), parentCommentId };
        commentCalls((calls) => api.call(calls.createComment, { body }))
          .then(
            (answer) => reply(self, { type: 'comment.posted', from: parentCommentId, id: answer.comment._id }),
            (error: unknown) => reply(self, {
              type: 'comment.postFailed', from: parentCommentId, refusal: refusalOf(error), fieldError: fieldErrorsOf(error)?.content ?? null, error,
            }),
          );
      },
      deleteComment: ({ self }, { id }) => {
        commentCalls((calls) => api.call(calls.deleteComment, { params: { id } }))
          .then(
            () => reply(self, { type: 'comment.deleted', id }),
            (error: unknown) => reply(self, { type: 'comment.deleteFailed', id, error }),
          );
      },
      likeComment: ({ self }, { id, userId }) => {
        commentCalls((calls) => api.call(calls.likeComment, { params: { id } }))
          .then(
            (answer) => reply(self, { type: 'comment.likeSettled', id, userId, liked: answer.liked, likeCount: answer.likeCount }),
            (error: unknown) => reply(self, { type: 'comment.likeFailed', id, userId, error }),
          );
      },
      logError: (_, { message, error }) => log(message, error),
    },
  });
}

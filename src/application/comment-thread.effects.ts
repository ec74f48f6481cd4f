/** A comment thread's named effects, against the API port only. */
import type { AnyActorRef } from 'xstate';
import * as commentCalls from '../contract/comments';
import { plainTextToHtml } from '../domain/discussion';
import { refusalOf } from './api-error';
import { type CommentThreadEvent, commentThreadMachine } from './comment-thread.machine';
import type { ApiClient } from './ports';

export interface CommentThreadPorts {
  api: ApiClient;
  log: (message: string, error: unknown) => void;
}

function reply(self: AnyActorRef, event: CommentThreadEvent) {
  if (self.getSnapshot().status === 'active') self.send(event);
}

export function provideCommentThread({ api, log }: CommentThreadPorts) {
  return commentThreadMachine.provide({
    actions: {
      loadThread: ({ self }, { discussionId, load, fresh }) => {
        api.call(commentCalls.listComments, { params: { id: discussionId } }, fresh ? { fresh: true } : {}).then(
          (answer) => reply(self, { type: 'thread.loaded', load, comments: answer.comments }),
          (error: unknown) => reply(self, { type: 'thread.failed', load, error }),
        );
      },
      postComment: ({ self }, { discussionId, text, parentCommentId }) => {
        api.call(commentCalls.createComment, { body: { discussionId, content: plainTextToHtml(text), parentCommentId } }).then(
          () => reply(self, { type: 'comment.posted', from: parentCommentId }),
          (error: unknown) => reply(self, { type: 'comment.postFailed', from: parentCommentId, refusal: refusalOf(error), error }),
        );
      },
      deleteComment: ({ self }, { id }) => {
        api.call(commentCalls.deleteComment, { params: { id } }).then(
          () => reply(self, { type: 'comment.deleted', id }),
          (error: unknown) => reply(self, { type: 'comment.deleteFailed', id, error }),
        );
      },
      likeComment: ({ self }, { id, userId }) => {
        api.call(commentCalls.likeComment, { params: { id } }).then(
          (answer) => reply(self, { type: 'comment.likeSettled', id, userId, liked: answer.liked, likeCount: answer.likeCount }),
          (error: unknown) => reply(self, { type: 'comment.likeFailed', id, userId, error }),
        );
      },
      logError: (_, { message, error }) => log(message, error),
    },
  });
}

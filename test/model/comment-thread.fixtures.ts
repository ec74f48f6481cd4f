/**
 * A post's comment thread as both its model-based tests (comment-thread.machine.test.ts) and its effects tests
 * (comment-thread.effects.test.ts) see it: the member, the post, a comment and its reply, and the server's refusals
 * (too fast, a 429; too long, a 400 naming the text).
 */
import { ApiError } from '../../src/application/api-error';
import { type CommentThreadEvent, commentThreadMachine } from '../../src/application/comment-thread.machine';
import type { Comment } from '../../src/domain/discussion';

export const U = 'u1';
export const POST = 'd1';
export const REFUSAL = 'You are commenting too fast. Please wait 20 seconds.';

export function comment(id: string, parentCommentId: string | null, likes: string[]): Comment {
  return {
    _id: id, content: `<p>${id}</p>`, discussionId: POST, parentCommentId, likes, likeCount: likes.length, deleted: false,
    createdBy: { _id: 'u2', name: 'Grace Hopper', email: 'grace@example.com' }, createdAt: '2025-01-01T00:00:00.000Z',
    editedAt: null,
  };
}

export const c1 = comment('c1', null, []);
const c2 = comment('c2', 'c1', [U]);
export const THREAD = [c1, c2];
export const tooFast = new ApiError('http', 429, REFUSAL);
/** A dropped connection, as any call may meet. */
export const failure = new Error('offline');
export const TOO_LONG = 'Comment must be at most 10000 characters';
export const tooLong = new ApiError('http', 400, TOO_LONG, { success: false, message: `content: ${TOO_LONG}`, fieldErrors: { content: TOO_LONG } });

/** A path of the given events, in order, for `replay`. */
export const stepsOf = (list: CommentThreadEvent[]) => ({ steps: list.map((event) => ({ event })) });

/** The system under test: the machine with effects that only record, and a listener on what the actor emits. */
export function instrumented() {
  const world = { effects: [] as string[], logged: [] as unknown[], emitted: 0, listening: false };
  const effect = (text: string) => void world.effects.push(text);
  const machine = commentThreadMachine.provide({
    actions: {
      loadThread: ({ self }, p) => {
        // The first load runs as the actor starts: the world subscribes to the actor there, as a view would.
        if (!world.listening) {
          self.on('thread.changed', () => void world.emitted++);
          world.listening = true;
        }
        effect(`load ${p.discussionId} #${p.load}${p.fresh ? ' fresh' : ''}`);
      },
      postComment: (_, p) => effect(`post ${JSON.stringify(p.text)} under ${p.parentCommentId ?? 'the post'}`),
      deleteComment: (_, p) => effect(`delete ${p.id}`),
      likeComment: (_, p) => effect(`like ${p.id} by ${p.userId}`),
      logError: (_, p) => {
        effect(`log ${p.message}`);
        world.logged.push(p.error);
      },
    },
  });
  return { world, machine };
}


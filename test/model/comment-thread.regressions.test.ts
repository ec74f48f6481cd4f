/**
 * Bugs the comment thread's model found, or the e2e suite met, fixed; these keep them fixed. Each replays a path on
 * the machine with effects that only record, without the model's checker, so the only assertion is the rule the bug
 * broke. The model-based tests themselves are in comment-thread.machine.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { CommentThreadEvent } from '../../src/application/comment-thread.machine';
import { c1, failure, instrumented, POST, stepsOf, THREAD, U } from './comment-thread.fixtures';
import { newCoverage, replay } from './model-kit';

const play = (list: CommentThreadEvent[]) => {
  const sut = instrumented();
  return { sut, last: replay(sut.machine, stepsOf(list), newCoverage(), () => {}, { discussionId: POST }) };
};
const shown = (comments: readonly { _id: string; likes: string[]; likeCount: number }[], id: string) => {
  const c = comments.find((d) => d._id === id);
  return c && { likes: c.likes, likeCount: c.likeCount };
};

describe('comment thread: bugs kept fixed', () => {
  it('a like that fails after the thread was read again leaves the fresh list as it came', () => {
    const { last } = play([
      { type: 'thread.loaded', load: 1, comments: THREAD },
      { type: 'comment.like', id: 'c1', userId: U },
      // The member deletes a reply meanwhile: the thread is read again, before the like reached the server.
      { type: 'comment.deleted', id: 'c2' },
      { type: 'thread.loaded', load: 2, comments: [c1] },
      { type: 'comment.likeFailed', id: 'c1', userId: U, error: failure },
    ]);
    // The server never took the like: c1 shows what the fresh list brought (no like, count 0).
    expect(shown(last.context.comments, 'c1')).toEqual({ likes: [], likeCount: 0 });
  });

  it('a reply sent while the list is read again after a like is posted, not dropped (seen in e2e, 2026-12-01)', () => {
    const { sut, last } = play([
      { type: 'thread.loaded', load: 1, comments: THREAD },
      { type: 'comment.like', id: 'c1', userId: U },
      // The like settles: the thread is read again, and the member presses Post Comment before the list is back.
      { type: 'comment.likeSettled', id: 'c1', userId: U, liked: true, likeCount: 2 },
      { type: 'comment.post', text: 'Level two', parentCommentId: 'c1' },
    ]);
    expect([last.value, last.context.sendingFrom, sut.world.effects.at(-1)]).toEqual(['loading', 'c1', 'post "Level two" under c1']);
  });

  it('a comment is sent and one deleted after the list failed to load: the form and the comments are still there', () => {
    const { sut } = play([{ type: 'thread.failed', load: 1, error: failure }, { type: 'comment.post', text: 'Hi', parentCommentId: null }, { type: 'comment.delete', id: 'c2' }]);
    expect(sut.world.effects).toEqual(expect.arrayContaining(['post "Hi" under the post', 'delete c2']));
  });

  it('a plain-text comment that looks like markup is sent, shown as typed', () => {
    // Plain text: it would be sent as <p>&lt;hr&gt;</p> and shown as typed.
    const { sut } = play([{ type: 'thread.loaded', load: 1, comments: THREAD }, { type: 'comment.post', text: '<hr>', parentCommentId: null }]);
    expect(sut.world.effects).toContain('post "<hr>" under the post');
  });

  it('a like pressed while the list is read again is sent and shown, and still shown when a list read before it comes back (ADR 189)', () => {
    const { sut, last } = play([
      { type: 'thread.loaded', load: 1, comments: THREAD },
      { type: 'comment.post', text: 'First', parentCommentId: null },
      { type: 'comment.posted', from: null, id: 'c9' },
      // The list is being read again; the member likes c1 meanwhile.
      { type: 'comment.like', id: 'c1', userId: U },
      // The read had started before the like reached the server: it brings c1 without it.
      { type: 'thread.loaded', load: 2, comments: THREAD },
    ]);
    expect(sut.world.effects).toContain(`like c1 by ${U}`);
    expect(shown(last.context.comments, 'c1'), 'the press still shows').toEqual({ likes: [U], likeCount: 1 });
    expect(last.context.liking).toEqual(['c1']);
  });

  it('the answer to a like pressed while the list was read again settles it, and the thread is read once more', () => {
    const { sut, last } = play([
      { type: 'thread.loaded', load: 1, comments: THREAD },
      { type: 'thread.reload' },
      { type: 'comment.like', id: 'c1', userId: U },
      { type: 'thread.loaded', load: 2, comments: THREAD },
      { type: 'comment.likeSettled', id: 'c1', userId: U, liked: true, likeCount: 3 },
    ]);
    expect(shown(last.context.comments, 'c1')).toEqual({ likes: [U], likeCount: 3 });
    expect([last.value, last.context.load, last.context.announcement]).toEqual(['loading', 3, 'Liked. 3 likes']);
    expect(sut.world.effects.at(-1)).toBe(`load ${POST} #3 fresh`);
  });

  it('a like is not sent for a comment the thread does not show', () => {
    const { sut, last } = play([{ type: 'comment.like', id: 'c1', userId: U }]);
    expect(sut.world.effects.filter((x) => x.startsWith('like'))).toEqual([]);
    expect(last.context.liking).toEqual([]);
  });
});

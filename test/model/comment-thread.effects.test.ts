/**
 * A post's comment thread effects (comment-thread.effects.ts) against the scripted API: the thread is read, a comment
 * is sent as HTML under its parent and the thread read again past the cache; a refusal reaches the form it came from;
 * deletes and likes settle with the server's answer; an answer after the actor stopped is dropped. The machine
 * itself is walked in comment-thread.machine.test.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ApiError } from '../../src/application/api-error';
import { provideCommentThread } from '../../src/application/comment-thread.effects';
import { ScriptedApi } from '../../src/application/testing/fakes';
import { type Comment, plainTextToHtml } from '../../src/domain/discussion';
import { comment, POST, REFUSAL, THREAD, TOO_LONG, tooFast, tooLong, U } from './comment-thread.fixtures';
import { deferred } from '../support/deferred';


function threadWorld(api: ScriptedApi) {
  const logged: { message: string; error: unknown }[] = [];
  const actor = createActor(provideCommentThread({ api, log: (message, error) => logged.push({ message, error }) }), { input: { discussionId: POST } });
  let changed = 0;
  actor.on('thread.changed', () => void changed++);
  return { api, logged, actor, changed: () => changed };
}

const listAnswer = (comments: Comment[]) => async () => ({ success: true as const, comments });

describe('comment thread effects (scripted API)', () => {
  it('reads the thread, sends a comment as HTML with its parent, then reads it again past the cache', async () => {
    const api = new ScriptedApi({ 'comments.list': listAnswer(THREAD) });
    const w = threadWorld(api);
    w.actor.start();
    await waitFor(w.actor, (s) => s.matches('ready'));
    expect(api.calls).toEqual([{ name: 'comments.list', input: { params: { id: POST } }, options: {} }]);

    const text = 'I <3 timber & "glulam".\n\nSecond paragraph\nwith a break';
    api.answer('comments.create', async () => ({ success: true, comment: comment('c3', 'c1', []) }));
    w.actor.send({ type: 'comment.post', text: '  ', parentCommentId: 'c1' });
    w.actor.send({ type: 'comment.post', text, parentCommentId: 'c1' });
    expect(w.actor.getSnapshot().context.sendingFrom).toBe('c1');
    // The call goes out once the comment calls have loaded; the blank text before it sent nothing.
    await vi.waitFor(() => expect(api.calls.length).toBeGreaterThan(1));
    expect(api.calls[1]).toEqual({ name: 'comments.create', input: { body: { discussionId: POST, content: plainTextToHtml(text), parentCommentId: 'c1' } } });
    await waitFor(w.actor, (s) => s.context.posted.count === 1);
    expect(w.changed()).toBe(1);
    expect(w.actor.getSnapshot().context.posted).toEqual({ from: 'c1', count: 1 });
    // The new comment's id, for the view to move the focus to it (ADR 164).
    expect(w.actor.getSnapshot().context.lastPostedId).toBe('c3');
    await waitFor(w.actor, (s) => s.matches('ready'));
    expect(api.calls.at(-1)).toEqual({ name: 'comments.list', input: { params: { id: POST } }, options: { fresh: true } });

    w.actor.send({ type: 'comment.post', text: 'Top level', parentCommentId: null });
    await vi.waitFor(() => expect(api.calls.length).toBeGreaterThan(3));
    expect(api.calls[3]!.input).toEqual({ body: { discussionId: POST, content: '<p>Top level</p>', parentCommentId: null } });
  });

  it('turns a 429 into the form\'s refusal, and any other failure into none', async () => {
    const api = new ScriptedApi({ 'comments.list': listAnswer(THREAD), 'comments.create': () => Promise.reject(tooFast) });
    const w = threadWorld(api);
    w.actor.start();
    await waitFor(w.actor, (s) => s.matches('ready'));
    w.actor.send({ type: 'comment.post', text: 'Quick', parentCommentId: null });
    await waitFor(w.actor, (s) => s.context.sendingFrom === undefined);
    expect(w.actor.getSnapshot().context.refusal).toEqual({ from: null, message: REFUSAL });
    api.answer('comments.create', () => Promise.reject(new ApiError('http', 500, 'Internal error')));
    w.actor.send({ type: 'comment.post', text: 'Quick', parentCommentId: 'c2' });
    await waitFor(w.actor, (s) => s.context.sendingFrom === undefined);
    expect(w.actor.getSnapshot().context.refusal).toBeNull();
    // A 400 naming the text: the server's words about it, beside the form (ADR 164).
    api.answer('comments.create', () => Promise.reject(tooLong));
    w.actor.send({ type: 'comment.post', text: 'Long', parentCommentId: null });
    await waitFor(w.actor, (s) => s.context.sendingFrom === undefined);
    expect(w.actor.getSnapshot().context.refusal).toEqual({ from: null, message: TOO_LONG });
    expect(w.logged.map((l) => l.message)).toEqual(['posting a comment failed', 'posting a comment failed', 'posting a comment failed']);
    expect(w.changed()).toBe(0);
  });

  it('deletes and likes, settles with the server\'s count, and reads the thread again', async () => {
    /** The server's thread: the like and the delete change it. */
    let server = THREAD;
    const api = new ScriptedApi({
      'comments.list': async () => ({ success: true, comments: server }),
      'comments.delete': async () => {
        server = server.filter((d) => d._id !== 'c2');
        return { success: true, message: 'Comment deleted' };
      },
      'comments.like': async () => {
        server = server.map((d) => (d._id === 'c1' ? { ...d, likes: ['u2', 'u3', 'u4', U], likeCount: 4 } : d));
        return { success: true, liked: true, likeCount: 4 };
      },
    });
    const w = threadWorld(api);
    const settled: unknown[] = [];
    w.actor.subscribe((s) => {
      if (s.context.announcement && settled.length === 0) settled.push({ value: s.value, c1: s.context.comments[0] });
    });
    w.actor.start();
    await waitFor(w.actor, (s) => s.matches('ready'));
    w.actor.send({ type: 'comment.like', id: 'c1', userId: U });
    expect(w.actor.getSnapshot().context.comments[0]).toMatchObject({ likes: [U], likeCount: 1 });
    await waitFor(w.actor, (s) => s.context.liking.length === 0 && s.matches('ready'));
    // Settled with the server's count at once, then read again.
    expect(settled).toEqual([{ value: 'loading', c1: expect.objectContaining({ likes: [U], likeCount: 4 }) }]);
    expect(w.actor.getSnapshot().context.announcement).toBe('Liked. 4 likes');
    expect(w.actor.getSnapshot().context.comments[0]).toMatchObject({ likeCount: 4 });
    expect(w.changed()).toBe(0);
    w.actor.send({ type: 'comment.delete', id: 'c2' });
    await waitFor(w.actor, (s) => w.changed() === 1 && s.matches('ready'));
    expect(w.actor.getSnapshot().context.comments.map((d) => d._id)).toEqual(['c1']);
    expect(api.calls.map((c) => [c.name, c.input, c.options])).toEqual([
      ['comments.list', { params: { id: POST } }, {}],
      ['comments.like', { params: { id: 'c1' } }, undefined],
      ['comments.list', { params: { id: POST } }, { fresh: true }],
      ['comments.delete', { params: { id: 'c2' } }, undefined],
      ['comments.list', { params: { id: POST } }, { fresh: true }],
    ]);

    // A failed like is undone and only logged.
    api.answer('comments.like', () => Promise.reject(new ApiError('http', 500, 'Internal error')));
    w.actor.send({ type: 'comment.like', id: 'c1', userId: U });
    expect(w.actor.getSnapshot().context.comments[0]).toMatchObject({ likeCount: 3 });
    await waitFor(w.actor, (s) => s.context.liking.length === 0);
    expect(w.actor.getSnapshot().context.comments[0]).toMatchObject({ likeCount: 4 });
    expect(w.actor.getSnapshot().context.comments[0]!.likes).toContain(U);
    expect(w.logged.map((l) => l.message)).toEqual(['like failed']);
  });

  it('drops an answer that arrives after the actor stopped, without an error', async () => {
    const answer = deferred<{ success: true; comments: Comment[] }>();
    const api = new ScriptedApi({ 'comments.list': () => answer.promise });
    const w = threadWorld(api);
    const warn = vi.spyOn(console, 'warn');
    const errors: unknown[] = [];
    w.actor.subscribe({ error: (error) => errors.push(error) });
    w.actor.start();
    w.actor.stop();
    // The call still goes out once the comment calls have loaded; its answer comes after the stop.
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    answer.resolve({ success: true, comments: THREAD });
    await answer.promise;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(w.actor.getSnapshot().context.comments).toEqual([]);
    expect(errors).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
  });
});

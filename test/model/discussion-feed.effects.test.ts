/**
 * The discussion feed's effects (discussion-feed.effects.ts) against the scripted API: the query names only the
 * chosen topic, the cursor when loading more, and goes past the cache on reload; every answer (more, refresh, like,
 * delete) maps to its event, a failure to its log or alert; a failed load shows its message; an answer after the
 * actor stopped is dropped. The machine itself is walked in discussion-feed.machine.test.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ApiError } from '../../src/application/api-error';
import { provideDiscussionFeed } from '../../src/application/discussion-feed.effects';
import type { FeedPage, Topic } from '../../src/application/discussion-feed.machine';
import { ScriptedApi } from '../../src/application/testing/fakes';
import { ALL, CATEGORY_ONLY, DELETE_FAILED, FIRST_WITH_MORE, NEXT_LAST, p1Refreshed, T1, U } from './discussion-feed.fixtures';
import { deferred } from '../support/deferred';


const page = (p: FeedPage) => ({ success: true as const, ...p });

function feedWorld(api: ScriptedApi, topic: Topic = T1) {
  const logged: { message: string; error: unknown }[] = [];
  const actor = createActor(provideDiscussionFeed({ api, log: (message, error) => logged.push({ message, error }) }), { input: { topic } });
  return { api, logged, actor };
}

describe('discussion feed effects (scripted API)', () => {
  it('asks for category and subcategory only when chosen, for the cursor when loading more, and past the cache on reload', async () => {
    const api = new ScriptedApi({
      'discussions.list': async (input) => page((input?.query as { cursor?: string } | undefined)?.cursor ? NEXT_LAST : FIRST_WITH_MORE),
    });
    const w = feedWorld(api, ALL);
    w.actor.start();
    await waitFor(w.actor, (s) => s.matches('ready'));
    w.actor.send({ type: 'topic.changed', topic: CATEGORY_ONLY });
    await waitFor(w.actor, (s) => s.matches('ready') && s.context.load === 2);
    w.actor.send({ type: 'topic.changed', topic: T1 });
    await waitFor(w.actor, (s) => s.matches('ready') && s.context.load === 3);
    w.actor.send({ type: 'feed.more' });
    await waitFor(w.actor, (s) => s.matches({ ready: 'idle' }) && s.context.nextCursor === null);
    w.actor.send({ type: 'feed.reload' });
    await waitFor(w.actor, (s) => s.matches('ready') && s.context.load === 4);
    expect(api.calls.map((c) => [c.name, c.input, c.options])).toEqual([
      ['discussions.list', { query: {} }, {}],
      ['discussions.list', { query: { category: 'climate-action' } }, {}],
      ['discussions.list', { query: { category: 'climate-action', subcategory: 'embodied-carbon' } }, {}],
      ['discussions.list', { query: { category: 'climate-action', subcategory: 'embodied-carbon', cursor: 'c1' } }, undefined],
      ['discussions.list', { query: { category: 'climate-action', subcategory: 'embodied-carbon' } }, { fresh: true }],
    ]);
    expect(w.actor.getSnapshot().context.discussions.map((d) => d._id)).toEqual(['p1', 'p2']);
  });

  it('maps every answer to its event', async () => {
    const api = new ScriptedApi({ 'discussions.list': async () => page(FIRST_WITH_MORE) });
    const w = feedWorld(api);
    w.actor.start();
    await waitFor(w.actor, (s) => s.matches('ready'));

    // More: a failure is only logged.
    api.answer('discussions.list', () => Promise.reject(new ApiError('network', 0, 'offline')));
    w.actor.send({ type: 'feed.more' });
    await waitFor(w.actor, () => w.logged.length === 1);
    expect(w.actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(w.logged[0]!.message).toBe('loading more discussions failed');

    // Refresh: past the cache; the post is replaced; a failure is only logged.
    api.answer('discussions.get', async () => ({ success: true, discussion: p1Refreshed }));
    w.actor.send({ type: 'post.refresh', id: 'p1' });
    await waitFor(w.actor, (s) => s.context.discussions[0]!.title === p1Refreshed.title);
    expect(api.calls.at(-1)).toEqual({ name: 'discussions.get', input: { params: { id: 'p1' } }, options: { fresh: true } });
    api.answer('discussions.get', () => Promise.reject(new ApiError('http', 404, 'Discussion not found')));
    w.actor.send({ type: 'post.refresh', id: 'p1' });
    // Nothing changes in the machine: wait for the log itself.
    await vi.waitFor(() => expect(w.logged).toHaveLength(2));
    expect(w.logged[1]!.message).toBe('refreshing a discussion failed');

    // Like: shown at once, settled with the server's count; a failure undoes it.
    const like = deferred<{ success: true; liked: boolean; likeCount: number }>();
    api.answer('discussions.like', () => like.promise);
    w.actor.send({ type: 'post.like', id: 'p1', userId: U });
    expect(w.actor.getSnapshot().context.discussions[0]).toMatchObject({ likes: [U], likeCount: 1 });
    await vi.waitFor(() => expect(api.calls.at(-1)).toEqual({ name: 'discussions.like', input: { params: { id: 'p1' } } }));
    like.resolve({ success: true, liked: true, likeCount: 12 });
    await waitFor(w.actor, (s) => s.context.liking.length === 0);
    expect(w.actor.getSnapshot().context.discussions[0]).toMatchObject({ likes: [U], likeCount: 12 });
    api.answer('discussions.like', () => Promise.reject(new ApiError('http', 429, 'Too many requests')));
    w.actor.send({ type: 'post.like', id: 'p2', userId: U });
    await waitFor(w.actor, (s) => s.context.liking.length === 0);
    expect(w.actor.getSnapshot().context.discussions[1]).toMatchObject({ likeCount: 2 });
    expect([...w.actor.getSnapshot().context.discussions[1]!.likes].sort()).toEqual(['u1', 'u2']);
    expect(w.logged[2]!.message).toBe('like failed');

    // Delete: a failure shows the spec's alert; success drops the post.
    api.answer('discussions.delete', () => Promise.reject(new ApiError('http', 500, 'Something went wrong')));
    w.actor.send({ type: 'post.delete', id: 'p2' });
    await waitFor(w.actor, (s) => s.context.alert === DELETE_FAILED);
    expect(w.logged[3]!.message).toBe('deleting a discussion failed');
    api.answer('discussions.delete', async () => ({ success: true, message: 'Discussion deleted' }));
    w.actor.send({ type: 'post.delete', id: 'p2' });
    expect(w.actor.getSnapshot().context.alert).toBeNull();
    await waitFor(w.actor, (s) => s.context.discussions.length === 1);
    expect(api.calls.at(-1)).toEqual({ name: 'discussions.delete', input: { params: { id: 'p2' } } });
    // Counted and said, for the view to move the focus to the list's heading (ADR 164).
    expect(w.actor.getSnapshot().context).toMatchObject({ deleted: 1, announcement: 'Discussion deleted' });
  });

  it('shows a failed load with the error\'s message', async () => {
    const w = feedWorld(new ScriptedApi({ 'discussions.list': () => Promise.reject(new ApiError('http', 500, 'Server unavailable')) }));
    w.actor.start();
    await waitFor(w.actor, (s) => s.matches('failed'));
    expect(w.actor.getSnapshot().context.error).toBe('Server unavailable');
  });

  it('drops an answer that arrives after the actor stopped, without an error', async () => {
    const list = deferred<ReturnType<typeof page>>();
    const api = new ScriptedApi({ 'discussions.list': () => list.promise });
    const w = feedWorld(api);
    const errors: unknown[] = [];
    const warn = vi.spyOn(console, 'warn');
    w.actor.subscribe({ error: (error) => errors.push(error) });
    w.actor.start();
    const last = w.actor.getSnapshot();
    w.actor.stop();
    // The call still goes out once the discussion calls have loaded; its answer comes after the stop.
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    list.resolve(page(FIRST_WITH_MORE));
    await list.promise;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(w.actor.getSnapshot().status).toBe('stopped');
    expect(w.actor.getSnapshot().context).toEqual(last.context);
    expect(errors).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
  });
});

/**
 * Model-based tests of the discussion feed: paths from its own graph (the shortest path to every abstract state, each
 * extended by every event the world can send there, accepted or not), replayed on a live actor whose effects only
 * record, and compared after every step with a plain model of the feed (screen, posts, cursor, likes in flight, alert,
 * effects asked for); named invariants are checked besides. The answers are the path's own events, numbered with the
 * load they belong to, so an older load's answer is in the graph too. A last test fails if any state or transition
 * was never reached. The effects file is then run once against the scripted API.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, type EventObject, type SnapshotFrom, waitFor } from 'xstate';
import { ApiError } from '../../src/application/api-error';
import { provideDiscussionFeed } from '../../src/application/discussion-feed.effects';
import { type DiscussionFeedEvent, discussionFeedMachine, type FeedPage, type Topic } from '../../src/application/discussion-feed.machine';
import { ScriptedApi } from '../../src/application/testing/fakes';
import type { Discussion } from '../../src/domain/discussion';
import { agree, type Coverage, getShortestPaths, holds, newCoverage, type PathLike, pathName, replay, uncovered } from './model-kit';

const U = 'u1';
const T1: Topic = { category: 'climate-action', subcategory: 'embodied-carbon' };
const ALL: Topic = { category: '', subcategory: '' };
const CATEGORY_ONLY: Topic = { category: 'climate-action', subcategory: '' };
/** Topics the graph moves between (the query shape of a half-chosen topic is the effects' business, tested below). */
const TOPICS = [T1, ALL];
/** Reloads and topic changes are offered up to this load number: enough for an older load's answer to exist. */
const MAX_LOAD = 2;

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
const p1Refreshed = post('p1', [], { title: 'Post p1 (edited)', commentCount: 3 });

const FIRST_WITH_MORE: FeedPage = { discussions: [p1, p2], nextCursor: 'c1' };
const FIRST_ONLY: FeedPage = { discussions: [p1], nextCursor: null };
const EMPTY: FeedPage = { discussions: [], nextCursor: null };
/** p2 again: a post written meanwhile pushed it onto the next page. */
const NEXT_LAST: FeedPage = { discussions: [p2, p3], nextCursor: null };
const NEXT_WITH_MORE: FeedPage = { discussions: [p3], nextCursor: 'c2' };

/** The server's count after a toggle, by post and by how the toggle ended. */
const SERVER_COUNT: Record<string, { liked: number; unliked: number }> = { p1: { liked: 5, unliked: 4 }, p2: { liked: 9, unliked: 8 } };
const failure = new Error('offline');
/** The spec's alert after a failed delete (section 8), as the member reads it. */
const DELETE_FAILED = 'Failed to delete discussion. Please try again.';

type Snapshot = SnapshotFrom<typeof discussionFeedMachine>;

const topicKey = (t: Topic) => `${t.category || '*'}/${t.subcategory || '*'}`;
const sameTopic = (a: Topic, b: Topic) => a.category === b.category && a.subcategory === b.subcategory;

/**
 * The events the world can send in a state. Answers carry the current load's number (or the one before, an older
 * load's answer); a like's answer may come while its press is in flight or late, after a reload or a refresh.
 */
function eventsFor(s: Snapshot): DiscussionFeedEvent[] {
  const c = s.context;
  const list: DiscussionFeedEvent[] = [{ type: 'topic.changed', topic: c.topic }];
  if (c.load < MAX_LOAD) {
    for (const topic of TOPICS) if (!sameTopic(topic, c.topic)) list.push({ type: 'topic.changed', topic });
    list.push({ type: 'feed.reload' });
  }
  list.push(
    { type: 'feed.loaded', load: c.load, page: FIRST_WITH_MORE },
    { type: 'feed.loaded', load: c.load, page: FIRST_ONLY },
    { type: 'feed.loaded', load: c.load, page: EMPTY },
    { type: 'feed.failed', load: c.load, message: 'Server unavailable' },
    { type: 'feed.more' },
    { type: 'feed.moreLoaded', load: c.load, page: NEXT_LAST },
    { type: 'feed.moreLoaded', load: c.load, page: NEXT_WITH_MORE },
    { type: 'feed.moreFailed', load: c.load, error: failure },
  );
  if (c.load > 1) {
    const old = c.load - 1;
    list.push(
      { type: 'feed.loaded', load: old, page: FIRST_WITH_MORE },
      { type: 'feed.failed', load: old, message: 'Server unavailable' },
      { type: 'feed.moreLoaded', load: old, page: NEXT_LAST },
      { type: 'feed.moreFailed', load: old, error: failure },
    );
  }
  list.push({ type: 'post.refresh', id: 'p1' });
  list.push({ type: 'post.refreshed', discussion: p1Refreshed });
  list.push(
    { type: 'post.delete', id: 'p1' },
    { type: 'post.deleted', id: 'p1' },
    { type: 'post.deleteFailed', id: 'p1', error: failure },
    { type: 'post.like', id: 'p1', userId: U },
    { type: 'post.like', id: 'p2', userId: U },
  );
  // A like's answer may arrive while its press is in flight, or late (after a reload or a refresh had the last word).
  for (const id of ['p1', 'p2']) {
    const count = SERVER_COUNT[id]!;
    // The server's answer is what counts: it may agree with the press or not (another tab toggled meanwhile).
    list.push(
      { type: 'post.likeSettled', id, userId: U, liked: true, likeCount: count.liked },
      { type: 'post.likeSettled', id, userId: U, liked: false, likeCount: count.unliked },
      { type: 'post.likeFailed', id, userId: U, error: failure },
    );
  }
  list.push({ type: 'alert.dismissed' });
  return list;
}

/** Graph states are told apart by what the guards and the answers above look at, so the graph stays small. */
function serializeState(s: Snapshot): string {
  const c = s.context;
  return JSON.stringify([s.value, topicKey(c.topic), c.load, c.nextCursor !== null, c.discussions.map((d) => d._id), [...c.liking].sort()]);
}

// ---- The plain model of the feed. ----

type Screen = 'loading' | 'failed' | 'idle' | 'loadingMore';

interface LikeState {
  likes: string[];
  likeCount: number;
}

interface Model {
  screen: Screen;
  topic: Topic;
  load: number;
  posts: Discussion[];
  nextCursor: string | null;
  error: string | null;
  alert: string | null;
  /** Likes on their way to the server, with what the post showed before the press. */
  inFlight: Map<string, LikeState | null>;
  /** Posts deleted, and what the live region says (ADR 164). */
  deleted: number;
  announcement: string;
  effects: string[];
  logged: unknown[];
}

const initialModel = (topic: Topic): Model => ({
  screen: 'loading', topic, load: 1, posts: [], nextCursor: null, error: null, alert: null, inFlight: new Map(), deleted: 0, announcement: '',
  effects: [`load ${topicKey(topic)} #1`], logged: [],
});

const withLike = (d: Discussion, liked: boolean, likeCount: number): Discussion => ({
  ...d,
  likes: liked ? (d.likes.includes(U) ? d.likes : [...d.likes, U]) : d.likes.filter((id) => id !== U),
  likeCount,
});

function step(m: Model, e: DiscussionFeedEvent): Model {
  const next: Model = { ...m, effects: [...m.effects], logged: [...m.logged], inFlight: new Map(m.inFlight) };
  const effect = (text: string) => next.effects.push(text);
  const log = (message: string, error: unknown) => {
    effect(`log ${message}`);
    next.logged.push(error);
  };
  const newLoad = (topic: Topic, fresh: boolean): Model => {
    effect(`load ${topicKey(topic)} #${m.load + 1}${fresh ? ' fresh' : ''}`);
    // Loading shows nothing of the old list, nor the old list's delete alert.
    return { ...next, screen: 'loading', topic, load: m.load + 1, posts: [], nextCursor: null, error: null, alert: null, inFlight: new Map() };
  };
  const ready = m.screen === 'idle' || m.screen === 'loadingMore';
  const mapPost = (id: string, f: (d: Discussion) => Discussion) => next.posts.map((d) => (d._id === id ? f(d) : d));
  switch (e.type) {
    case 'topic.changed':
      return sameTopic(e.topic, m.topic) ? m : newLoad(e.topic, false);
    case 'feed.reload':
      return newLoad(m.topic, true);
    case 'feed.loaded':
      return m.screen === 'loading' && e.load === m.load ? { ...next, screen: 'idle', posts: e.page.discussions, nextCursor: e.page.nextCursor } : m;
    case 'feed.failed':
      return m.screen === 'loading' && e.load === m.load ? { ...next, screen: 'failed', error: e.message } : m;
    case 'feed.more':
      if (m.screen !== 'idle' || m.nextCursor === null) return m;
      effect(`more ${topicKey(m.topic)} after ${m.nextCursor} #${m.load}`);
      return { ...next, screen: 'loadingMore' };
    case 'feed.moreLoaded': {
      if (m.screen !== 'loadingMore' || e.load !== m.load) return m;
      const shown = new Set(m.posts.map((d) => d._id));
      return { ...next, screen: 'idle', posts: [...m.posts, ...e.page.discussions.filter((d) => !shown.has(d._id))], nextCursor: e.page.nextCursor };
    }
    case 'feed.moreFailed':
      if (m.screen !== 'loadingMore' || e.load !== m.load) return m;
      log('loading more discussions failed', e.error);
      return { ...next, screen: 'idle' };
  }
  if (!ready) return m;
  switch (e.type) {
    case 'post.refresh':
      effect(`refresh ${e.id}`);
      return next;
    case 'post.refreshed':
      // The fresh post has the last word over a like still on its way.
      next.inFlight.delete(e.discussion._id);
      return { ...next, posts: mapPost(e.discussion._id, () => e.discussion) };
    case 'post.delete':
      effect(`delete ${e.id}`);
      return { ...next, alert: null, announcement: '' };
    case 'post.deleted':
      return { ...next, posts: next.posts.filter((d) => d._id !== e.id), deleted: m.deleted + 1, announcement: 'Discussion deleted' };
    case 'post.deleteFailed':
      log('deleting a discussion failed', e.error);
      return { ...next, alert: DELETE_FAILED };
    case 'post.like': {
      if (m.inFlight.has(e.id)) return m; // a second press waits for the first
      const shown = m.posts.find((d) => d._id === e.id);
      next.inFlight.set(e.id, shown ? { likes: shown.likes, likeCount: shown.likeCount } : null);
      effect(`like ${e.id} by ${e.userId}`);
      return {
        ...next,
        posts: mapPost(e.id, (d) => (d.likes.includes(U) ? withLike(d, false, Math.max(0, d.likeCount - 1)) : withLike(d, true, d.likeCount + 1))),
      };
    }
    case 'post.likeSettled':
      if (!m.inFlight.has(e.id)) return m; // a late answer: a reload or a refresh had the last word
      next.inFlight.delete(e.id);
      return { ...next, posts: mapPost(e.id, (d) => withLike(d, e.liked, e.likeCount)) };
    case 'post.likeFailed': {
      if (!m.inFlight.has(e.id)) return m;
      const before = m.inFlight.get(e.id);
      next.inFlight.delete(e.id);
      log('like failed', e.error);
      return { ...next, posts: before ? mapPost(e.id, (d) => ({ ...d, ...before })) : next.posts };
    }
    case 'alert.dismissed':
      return { ...next, alert: null };
  }
  return m;
}

/** The system under test: the machine with effects that only record what they were asked. */
function instrumented() {
  const world = { effects: [] as string[], logged: [] as unknown[] };
  const effect = (text: string) => void world.effects.push(text);
  const machine = discussionFeedMachine.provide({
    actions: {
      loadFeed: (_, p) => effect(`load ${topicKey(p.topic)} #${p.load}${p.fresh ? ' fresh' : ''}`),
      loadMore: (_, p) => effect(`more ${topicKey(p.topic)} after ${p.cursor} #${p.load}`),
      refreshPost: (_, p) => effect(`refresh ${p.id}`),
      deletePost: (_, p) => effect(`delete ${p.id}`),
      likePost: (_, p) => effect(`like ${p.id} by ${p.userId}`),
      logError: (_, p) => {
        effect(`log ${p.message}`);
        world.logged.push(p.error);
      },
    },
  });
  return { world, machine };
}

const screenOf = (s: Snapshot): Screen =>
  s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : s.matches({ ready: 'loadingMore' }) ? 'loadingMore' : 'idle';

/** Likes compared as sets: an undone press may put the member's id back at the end. */
const comparable = (posts: readonly Discussion[]) => posts.map((d) => ({ ...d, likes: [...d.likes].sort() }));

/**
 * Thousands of paths of several steps each: `expect` is compared cheaply first and called only to explain a
 * difference (an object whose keys come in another order falls through to `toEqual`, which decides).
 */

function checker(world: ReturnType<typeof instrumented>['world'], topic: Topic) {
  let model = initialModel(topic);
  let previous: Snapshot | null = null;
  return (snapshot: Snapshot, event: EventObject | null) => {
    const before = model;
    if (event) model = step(model, event as DiscussionFeedEvent);
    const c = snapshot.context;

    // The plain model and the machine agree on everything the view shows and on every effect asked for.
    agree(
      { screen: screenOf(snapshot), topic: c.topic, load: c.load, posts: comparable(c.discussions), nextCursor: c.nextCursor, alert: c.alert,
        error: c.error, liking: [...c.liking].sort(), deleted: c.deleted, announcement: c.announcement, effects: world.effects },
      { screen: model.screen, topic: model.topic, load: model.load, posts: comparable(model.posts), nextCursor: model.nextCursor, alert: model.alert,
        error: model.screen === 'failed' ? model.error : null, liking: [...model.inFlight.keys()].sort(), deleted: model.deleted,
        announcement: model.announcement, effects: model.effects },
    );
    holds(world.logged.length === model.logged.length && world.logged.every((error, i) => error === model.logged[i]), 'each failure is logged with its own error');

    // Posts are never shown twice.
    const ids = c.discussions.map((d) => d._id);
    holds(new Set(ids).size === ids.length, `no post shown twice: ${ids.join(',')}`);
    // 'Load more' exists exactly when there is a cursor, and only one page is fetched at a time.
    const canMore = snapshot.can({ type: 'feed.more' });
    if (c.nextCursor === null) holds(!canMore, 'no feed.more without a cursor');
    else if (snapshot.matches({ ready: 'idle' })) holds(canMore, 'feed.more with a cursor');
    if (snapshot.matches({ ready: 'loadingMore' })) holds(!canMore, 'one page at a time');
    // Nothing is being liked while a list loads (or failed to).
    if (snapshot.matches('loading') || snapshot.matches('failed')) holds(c.liking.length === 0, 'liking is empty while loading or failed');
    // While a like is in flight, the post shows the press: the count before it, one up or one down.
    for (const [id, was] of model.inFlight) {
      const shown = c.discussions.find((d) => d._id === id);
      if (!shown || !was) continue;
      const had = was.likes.includes(U);
      holds(shown.likes.includes(U) === !had && shown.likeCount === was.likeCount + (had ? -1 : 1), `${id} shows the press while in flight`);
    }
    if (!event || !previous) {
      holds(snapshot.matches('loading'), 'starts loading');
      previous = snapshot;
      return;
    }
    const e = event as DiscussionFeedEvent;
    // Once settled, the post shows the server's answer.
    if (e.type === 'post.likeSettled' && previous.context.liking.includes(e.id)) {
      const shown = c.discussions.find((d) => d._id === e.id);
      if (shown) holds(shown.likeCount === e.likeCount && shown.likes.includes(U) === e.liked, `${e.id} shows the server's like after settling`);
    }
    // A second press while the first is on its way changes nothing and sends nothing.
    if (e.type === 'post.like' && previous.context.liking.includes(e.id)) {
      holds(c === previous.context && world.effects.length === before.effects.length, 'a second press waits');
    }
    // An answer for another load never touches the list.
    if ('load' in e && e.load !== previous.context.load) {
      holds(c.discussions === previous.context.discussions && snapshot.value === previous.value, 'an older load\'s answer is dropped');
    }
    // A new topic or a reload starts a new numbered load, without the old list.
    if ((e.type === 'topic.changed' && !sameTopic(e.topic, previous.context.topic)) || e.type === 'feed.reload') {
      holds(c.load === previous.context.load + 1 && c.discussions.length === 0, 'a new load, without the old list');
      agree(world.effects.at(-1), `load ${topicKey(c.topic)} #${c.load}${e.type === 'feed.reload' ? ' fresh' : ''}`);
    }
    if (e.type === 'topic.changed' && sameTopic(e.topic, previous.context.topic)) holds(c === previous.context, 'the same topic changes nothing');
    // The delete alert says only that a delete failed.
    if (e.type === 'post.deleteFailed' && snapshot.matches('ready')) holds(c.alert === DELETE_FAILED, 'a failed delete shows its alert');
    previous = snapshot;
  };
}

/**
 * The shortest path to every abstract state, extended by every event the world can send there, accepted or not: the
 * model says what should happen, so a transition a change to the machine removed is missed by the model.
 */
function edgePaths(machine: ReturnType<typeof instrumented>['machine'], topic: Topic) {
  return getShortestPaths(machine, { events: eventsFor as never, input: { topic }, serializeState: serializeState as never }).map((path) => {
    const state = path.state as Snapshot;
    const steps = path.steps as { event: DiscussionFeedEvent }[];
    return { steps, target: serializeState(state), extensions: eventsFor(state).map((event) => ({ steps: [...steps, { event }] })) };
  });
}

const stepsOf = (names: DiscussionFeedEvent[]) => ({ steps: names.map((event) => ({ event })) });

describe('discussion feed machine (model-based)', () => {
  const coverage: Coverage = newCoverage();
  const { machine } = instrumented();
  const paths = edgePaths(machine, T1);
  const run = (path: PathLike<DiscussionFeedEvent>) => {
    const sut = instrumented();
    return replay(sut.machine, path, coverage, checker(sut.world, T1), { topic: T1 });
  };

  it('has a finite graph with paths to walk', () => {
    expect(paths.length).toBeGreaterThan(50);
  });
  // One test per state, its extensions inside: the file stays fast (each mutant reruns it).
  it.each(paths.map((p, i) => [`${i} ${pathName(p)}`, p] as const))('%s, then every event', (_name, path) => {
    const last = run(path);
    expect(serializeState(last)).toBe(path.target);
    for (const extension of path.extensions) run(extension);
  });

  it('ignores an older load\'s answer, whether it comes early or late', () => {
    const last = run(stepsOf([
      { type: 'feed.loaded', load: 1, page: FIRST_WITH_MORE },
      { type: 'topic.changed', topic: ALL },
      // The first topic's answers arrive after the second topic's load has started: neither is shown.
      { type: 'feed.loaded', load: 1, page: FIRST_ONLY },
      { type: 'feed.failed', load: 1, message: 'late failure' },
      { type: 'feed.loaded', load: 2, page: EMPTY },
      { type: 'feed.more' },
      { type: 'feed.moreLoaded', load: 1, page: NEXT_LAST },
    ]));
    expect(last.value).toEqual({ ready: 'idle' });
    expect(last.context.topic).toEqual(ALL);
    expect(last.context.discussions).toEqual([]);
    expect(last.context.load).toBe(2);
  });

  it('settles a like with the server\'s count and undoes a failed one', () => {
    const sut = instrumented();
    const last = replay(sut.machine, stepsOf([
      { type: 'feed.loaded', load: 1, page: FIRST_WITH_MORE },
      { type: 'post.like', id: 'p1', userId: U },
      { type: 'post.like', id: 'p1', userId: U },
      { type: 'post.likeSettled', id: 'p1', userId: U, liked: true, likeCount: 5 },
      { type: 'post.like', id: 'p2', userId: U },
      { type: 'post.likeFailed', id: 'p2', userId: U, error: failure },
    ]), coverage, checker(sut.world, T1), { topic: T1 });
    expect(last.context.discussions.map((d) => [d._id, d.likeCount, [...d.likes].sort()])).toEqual([
      ['p1', 5, [U]],
      ['p2', 2, ['u2', U].sort()],
    ]);
    expect(sut.world.effects.filter((e) => e.startsWith('like'))).toEqual(['like p1 by u1', 'like p2 by u1']);
  });

  it('reached every state and took every transition', () => {
    expect(uncovered(discussionFeedMachine, coverage)).toEqual({ states: [], transitions: [] });
  });

  // ---- Late answers: bugs the model found, fixed; these keep them fixed. ----

  /** Replays without the checker, so the only assertion is the rule the bug breaks. */
  const plain = (path: PathLike<DiscussionFeedEvent>) => replay(instrumented().machine, path, newCoverage(), () => {}, { topic: T1 });

  it('a like that fails after a reload leaves the reloaded list as it came', () => {
    const last = plain(stepsOf([
      { type: 'feed.loaded', load: 1, page: FIRST_WITH_MORE },
      { type: 'post.like', id: 'p1', userId: U },
      { type: 'feed.reload' },
      { type: 'feed.loaded', load: 2, page: FIRST_WITH_MORE },
      // The request sent before the reload fails now.
      { type: 'post.likeFailed', id: 'p1', userId: U, error: failure },
    ]));
    // The server never took the like: p1 shows what the reload brought (no like, count 0).
    expect(last.context.discussions.find((d) => d._id === 'p1')).toMatchObject({ likes: [], likeCount: 0 });
  });

  it('a like that fails after its post was refreshed leaves the refreshed post as it came', () => {
    const last = plain(stepsOf([
      { type: 'feed.loaded', load: 1, page: FIRST_WITH_MORE },
      { type: 'post.like', id: 'p1', userId: U },
      // A refresh (its comments changed) read the post before the like reached the server.
      { type: 'post.refreshed', discussion: p1Refreshed },
      { type: 'post.likeFailed', id: 'p1', userId: U, error: failure },
    ]));
    expect(last.context.discussions.find((d) => d._id === 'p1')).toMatchObject({ likes: [], likeCount: 0 });
  });
});

// ---- The effects, against the scripted API. ----

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

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

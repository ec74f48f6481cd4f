/**
 * Model-based tests of the discussion feed: paths from its own graph (the shortest path to every abstract state, each
 * extended by every event the world can send there, accepted or not), replayed on a live actor whose effects only
 * record, and compared after every step with a plain model of the feed (discussion-feed.plain-model.ts: screen, posts,
 * cursor, likes in flight, alert, effects asked for); named invariants are checked besides. The answers are the path's
 * own events, numbered with the load they belong to, so an older load's answer is in the graph too. A last test fails
 * if any state or transition was never reached. The effects file is run against the scripted API in
 * discussion-feed.effects.test.ts; the posts and pages both use are in discussion-feed.fixtures.ts.
 */
import { describe, expect, it } from 'vitest';
import type { EventObject, SnapshotFrom } from 'xstate';
import { type DiscussionFeedEvent, discussionFeedMachine, type Topic } from '../../src/application/discussion-feed.machine';
import type { Discussion } from '../../src/domain/discussion';
import {
  ALL, DELETE_FAILED, EMPTY, FIRST_ONLY, FIRST_WITH_MORE, NEXT_LAST, NEXT_WITH_MORE, p1Refreshed, T1, U,
} from './discussion-feed.fixtures';
import { initialModel, sameTopic, type Screen, step, topicKey } from './discussion-feed.plain-model';
import { agree, type Coverage, getShortestPaths, holds, newCoverage, type PathLike, pathName, replay, uncovered } from './model-kit';

/** Topics the graph moves between (the query shape of a half-chosen topic is the effects' business, tested in discussion-feed.effects.test.ts). */
const TOPICS = [T1, ALL];
/** Reloads and topic changes are offered up to this load number: enough for an older load's answer to exist. */
const MAX_LOAD = 2;

/** The server's count after a toggle, by post and by how the toggle ended. */
const SERVER_COUNT: Record<string, { liked: number; unliked: number }> = { p1: { liked: 5, unliked: 4 }, p2: { liked: 9, unliked: 8 } };
const failure = new Error('offline');

type Snapshot = SnapshotFrom<typeof discussionFeedMachine>;

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

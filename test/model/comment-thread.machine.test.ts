/**
 * Model-based tests of a post's comment thread: paths from its own graph (the shortest path to every abstract state,
 * each extended by every event that state accepts), replayed on a live actor whose effects only record, and compared
 * after every step with a plain model of the thread (screen, comments, the form sending, what was posted, the
 * refusal, likes in flight, the announcement, the effects asked for and the `thread.changed` it emitted). Answers
 * are the path's own events, numbered with the load they belong to. A last test fails if any state or transition was
 * never reached. The effects file is run against the scripted API in comment-thread.effects.test.ts; the thread both
 * use is in comment-thread.fixtures.ts; the bugs the model found are kept fixed in comment-thread.regressions.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { EventObject, SnapshotFrom } from 'xstate';
import {
  type CommentThreadEvent, commentThreadMachine,
} from '../../src/application/comment-thread.machine';
import type { Comment } from '../../src/domain/discussion';
import { c1, failure, instrumented, POST, REFUSAL, stepsOf, THREAD, TOO_LONG, tooFast, tooLong, U } from './comment-thread.fixtures';
import { agree, type Coverage, getShortestPaths, holds, newCoverage, type PathLike, pathName, replay, uncovered } from './model-kit';

/** Changes (each reloads the thread) are offered up to this load number: enough for older loads' answers to exist. */
const MAX_LOAD = 3;

/** The server's count after a toggle, by comment and by how the toggle ended. */
const SERVER_COUNT: Record<string, { liked: number; unliked: number }> = { c1: { liked: 2, unliked: 1 }, c2: { liked: 7, unliked: 6 } };

type Snapshot = SnapshotFrom<typeof commentThreadMachine>;

const texts: { text: string; parentCommentId: string | null }[] = [
  { text: 'Nice post', parentCommentId: null },
  { text: 'Agreed.\n\nAnd one more thing.', parentCommentId: 'c1' },
  { text: '  \n ', parentCommentId: null },
  { text: '\n\n', parentCommentId: 'c1' },
];

/**
 * The events the world can send in a state. Answers carry the current load's number (or the one before); a post is
 * answered only while it is in flight; a like's answer may come while its press is in flight or late.
 */
function eventsFor(s: Snapshot): CommentThreadEvent[] {
  const c = s.context;
  const changes = c.load < MAX_LOAD;
  const list: CommentThreadEvent[] = [];
  list.push({ type: 'thread.loaded', load: c.load, comments: THREAD }, { type: 'thread.loaded', load: c.load, comments: [] });
  list.push({ type: 'thread.failed', load: c.load, error: failure });
  if (c.load > 1) list.push({ type: 'thread.loaded', load: c.load - 1, comments: [c1] }, { type: 'thread.failed', load: c.load - 1, error: failure });
  for (const { text, parentCommentId } of texts) list.push({ type: 'comment.post', text, parentCommentId });
  if (c.sendingFrom !== undefined) {
    const from = c.sendingFrom;
    if (changes) list.push({ type: 'comment.posted', from, id: 'c9' });
    list.push({ type: 'comment.postFailed', from, refusal: null, error: failure }, { type: 'comment.postFailed', from, refusal: REFUSAL, error: tooFast });
    list.push({ type: 'comment.postFailed', from, refusal: null, fieldError: TOO_LONG, error: tooLong });
  }
  list.push({ type: 'comment.delete', id: 'c2' });
  if (changes) list.push({ type: 'comment.deleted', id: 'c2' });
  list.push({ type: 'comment.deleteFailed', id: 'c2', error: failure });
  if (changes) list.push({ type: 'comment.edited', id: 'c1' }, { type: 'thread.reload' });
  list.push({ type: 'comment.like', id: 'c1', userId: U }, { type: 'comment.like', id: 'c2', userId: U });
  // A like's answer may arrive while its press is in flight, or late (after the list was read again).
  for (const id of ['c1', 'c2']) {
    const count = SERVER_COUNT[id]!;
    if (changes) {
      list.push(
        { type: 'comment.likeSettled', id, userId: U, liked: true, likeCount: count.liked },
        { type: 'comment.likeSettled', id, userId: U, liked: false, likeCount: count.unliked },
      );
    }
    list.push({ type: 'comment.likeFailed', id, userId: U, error: failure });
  }
  return list;
}

/** Graph states are told apart by what the guards and the answers above look at. */
function serializeState(s: Snapshot): string {
  const c = s.context;
  return JSON.stringify([s.value, c.load, c.sendingFrom === undefined ? 'none' : c.sendingFrom, [...c.liking].sort()]);
}

// ---- The plain model of the thread. ----

type Screen = 'loading' | 'failed' | 'ready';

interface LikeState {
  likes: string[];
  likeCount: number;
}

interface Model {
  screen: Screen;
  load: number;
  fresh: boolean;
  comments: Comment[];
  /** undefined: nothing sending; null: the new-comment form; an id: that comment's reply form. */
  sending: string | null | undefined;
  posted: { from: string | null; count: number };
  lastPostedId: string | null;
  refusal: { from: string | null; message: string } | null;
  /** Each like in flight, with what its comment showed before the press. */
  inFlight: Map<string, LikeState>;
  announcement: string;
  effects: string[];
  logged: unknown[];
  emitted: number;
}

const initialModel = (): Model => ({
  screen: 'loading', load: 1, fresh: false, comments: [], sending: undefined, posted: { from: null, count: 0 }, lastPostedId: null, refusal: null,
  inFlight: new Map(), announcement: '', effects: [`load ${POST} #1`], logged: [], emitted: 0,
});

const withLike = (d: Comment, liked: boolean, likeCount: number): Comment => ({
  ...d,
  likes: liked ? (d.likes.includes(U) ? d.likes : [...d.likes, U]) : d.likes.filter((id) => id !== U),
  likeCount,
});
/** Plain text is blank when it has no visible character. */
const visible = (text: string) => text.trim() !== '';

function step(m: Model, e: CommentThreadEvent): Model {
  const next: Model = { ...m, effects: [...m.effects], logged: [...m.logged], inFlight: new Map(m.inFlight) };
  const effect = (text: string) => next.effects.push(text);
  const log = (message: string, error: unknown) => {
    effect(`log ${message}`);
    next.logged.push(error);
  };
  /** Every change reads the thread again, past the cache; the comments stay on screen meanwhile. */
  const reload = (): Model => {
    effect(`load ${POST} #${m.load + 1} fresh`);
    return { ...next, screen: 'loading', load: m.load + 1, fresh: true };
  };
  const mapComment = (id: string, f: (d: Comment) => Comment) => next.comments.map((d) => (d._id === id ? f(d) : d));
  switch (e.type) {
    case 'thread.loaded': {
      if (m.screen !== 'loading' || e.load !== m.load) return m;
      // The fresh list has the last word, except on a like still on its way: it shows the press until it is answered.
      for (const id of m.inFlight.keys()) if (!e.comments.some((d) => d._id === id)) next.inFlight.delete(id);
      const pressed = (d: Comment) => (next.inFlight.has(d._id) ? m.comments.find((x) => x._id === d._id) : undefined);
      const comments = e.comments.map((d) => {
        const shown = pressed(d);
        return shown ? { ...d, likes: shown.likes, likeCount: shown.likeCount } : d;
      });
      return { ...next, screen: 'ready', comments };
    }
    case 'thread.failed':
      if (m.screen !== 'loading' || e.load !== m.load) return m;
      log('loading comments failed', e.error);
      return { ...next, screen: 'failed' };
    case 'comment.post':
      // Sent in any state: the form stays on screen while the list is read again, or after it failed.
      if (m.sending !== undefined || !visible(e.text)) return m;
      effect(`post ${JSON.stringify(e.text)} under ${e.parentCommentId ?? 'the post'}`);
      return { ...next, sending: e.parentCommentId, refusal: null, announcement: '' };
    case 'comment.posted':
      next.emitted++;
      return { ...reload(), sending: undefined, posted: { from: e.from, count: m.posted.count + 1 }, lastPostedId: e.id ?? null, announcement: 'Comment posted' };
    case 'comment.postFailed':
      log('posting a comment failed', e.error);
      return { ...next, sending: undefined, refusal: (e.refusal ?? e.fieldError) ? { from: e.from, message: (e.refusal ?? e.fieldError)! } : null };
    case 'comment.delete':
      effect(`delete ${e.id}`);
      return next;
    case 'comment.deleted':
      next.emitted++;
      return { ...reload(), announcement: 'Comment deleted' };
    case 'comment.edited':
      return { ...reload(), announcement: 'Comment updated' };
    case 'thread.reload':
      return reload();
    case 'comment.deleteFailed':
      log('deleting a comment failed', e.error);
      return next;
    case 'comment.like': {
      // Pressed in any state, on a comment the thread shows, once at a time.
      const shown = m.comments.find((d) => d._id === e.id);
      if (!shown || m.inFlight.has(e.id)) return m;
      next.inFlight.set(e.id, { likes: shown.likes, likeCount: shown.likeCount });
      effect(`like ${e.id} by ${e.userId}`);
      return {
        ...next,
        comments: mapComment(e.id, (d) => (d.likes.includes(U) ? withLike(d, false, Math.max(0, d.likeCount - 1)) : withLike(d, true, d.likeCount + 1))),
        announcement: '',
      };
    }
    case 'comment.likeSettled': {
      if (!m.inFlight.has(e.id)) return m; // its comment is gone from the list read since
      next.inFlight.delete(e.id);
      const comments = mapComment(e.id, (d) => withLike(d, e.liked, e.likeCount));
      const announcement = `${e.liked ? 'Liked' : 'Like removed'}. ${e.likeCount} ${e.likeCount === 1 ? 'like' : 'likes'}`;
      return { ...reload(), comments, announcement };
    }
    case 'comment.likeFailed': {
      if (!m.inFlight.has(e.id)) return m;
      const before = m.inFlight.get(e.id);
      next.inFlight.delete(e.id);
      log('like failed', e.error);
      return { ...next, comments: before ? mapComment(e.id, (d) => ({ ...d, ...before })) : next.comments };
    }
  }
  return m; // the graph's first step, xstate.init
}

/**
 * Thousands of steps: `expect` is compared cheaply first and called only to explain a difference (an object whose
 * keys come in another order falls through to `toEqual`, which decides).
 */

/** Likes compared as sets: an undone press may put the member's id back at the end. */
const comparable = (comments: readonly Comment[]) => comments.map((d) => ({ ...d, likes: [...d.likes].sort() }));

const screenOf = (s: Snapshot): Screen => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready');

function checker(world: ReturnType<typeof instrumented>['world']) {
  let model = initialModel();
  let previous: Snapshot | null = null;
  return (snapshot: Snapshot, event: EventObject | null) => {
    const before = model;
    if (event) model = step(model, event as CommentThreadEvent);
    const c = snapshot.context;

    // The plain model and the machine agree on everything the view shows, every effect asked for, every emission.
    agree(
      { screen: screenOf(snapshot), load: c.load, fresh: c.fresh, comments: comparable(c.comments), sending: c.sendingFrom ?? 'none', posted: c.posted,
        lastPostedId: c.lastPostedId, refusal: c.refusal, liking: [...c.liking].sort(), announcement: c.announcement, effects: world.effects, emitted: world.emitted },
      { screen: model.screen, load: model.load, fresh: model.fresh, comments: comparable(model.comments), sending: model.sending ?? 'none',
        posted: model.posted, lastPostedId: model.lastPostedId, refusal: model.refusal, liking: [...model.inFlight.keys()].sort(), announcement: model.announcement,
        effects: model.effects, emitted: model.emitted },
    );
    holds(world.logged.length === model.logged.length && world.logged.every((error, i) => error === model.logged[i]), 'each failure is logged with its own error');

    // Blank text is never sent, and one comment at a time.
    const posts = world.effects.filter((x) => x.startsWith('post '));
    holds(posts.every((x) => visible(JSON.parse(x.slice(5, x.lastIndexOf(' under '))) as string)), 'blank text is never sent');
    if (c.sendingFrom !== undefined) holds(!snapshot.can({ type: 'comment.post', text: 'More', parentCommentId: null }), 'one comment in flight at a time');
    // While a like is in flight, the comment shows the press: the count before it, one up or one down.
    for (const [id, was] of model.inFlight) {
      const shown = c.comments.find((d) => d._id === id);
      if (!shown) continue;
      const had = was.likes.includes(U);
      holds(shown.likes.includes(U) === !had && shown.likeCount === was.likeCount + (had ? -1 : 1), `${id} shows the press while in flight`);
    }
    if (!event || !previous) {
      holds(snapshot.matches('loading') && world.emitted === 0, 'starts loading, having emitted nothing');
      previous = snapshot;
      return;
    }
    const e = event as CommentThreadEvent;
    // `thread.changed` is emitted exactly when a comment was posted or deleted, once.
    const changed = e.type === 'comment.posted' || e.type === 'comment.deleted';
    holds(model.emitted - before.emitted === (changed ? 1 : 0), `thread.changed emitted exactly on posted and deleted (${e.type})`);
    // A posted comment reloads the thread past the cache and counts for the form it came from.
    if (e.type === 'comment.posted') {
      holds(snapshot.matches('loading') && c.fresh && c.load === previous.context.load + 1, 'a posted comment reloads fresh');
      agree(c.posted, { from: e.from, count: previous.context.posted.count + 1 });
      agree(world.effects.at(-1), `load ${POST} #${c.load} fresh`);
    }
    // A refused or failed comment leaves nothing sending; a refusal shows only when the server gave one.
    if (e.type === 'comment.postFailed') {
      holds(c.sendingFrom === undefined, 'nothing sending after a failure');
      const said = e.refusal ?? e.fieldError ?? null;
      agree(c.refusal, said ? { from: e.from, message: said } : null);
    }
    // Once settled, the comment shows the server's answer, and the thread is read again.
    if (e.type === 'comment.likeSettled' && previous.context.liking.includes(e.id)) {
      const shown = c.comments.find((d) => d._id === e.id);
      if (shown) holds(shown.likeCount === e.likeCount && shown.likes.includes(U) === e.liked, `${e.id} shows the server's like after settling`);
      holds(snapshot.matches('loading') && c.fresh, 'a settled like reloads fresh');
    }
    // An answer for another load never touches the thread.
    if ((e.type === 'thread.loaded' || e.type === 'thread.failed') && e.load !== previous.context.load) {
      holds(c === previous.context && snapshot.value === previous.value, 'an older load\'s answer is dropped');
    }
    previous = snapshot;
  };
}

/** The shortest path to every abstract state, extended by every event the state accepts. */
function edgePaths(machine: ReturnType<typeof instrumented>['machine']) {
  const paths: (PathLike<CommentThreadEvent> & { target: string | null })[] = [];
  for (const path of getShortestPaths(machine, { events: eventsFor as never, input: { discussionId: POST }, serializeState: serializeState as never })) {
    const state = path.state as Snapshot;
    const steps = path.steps as { event: CommentThreadEvent }[];
    paths.push({ steps, target: serializeState(state) });
    for (const event of eventsFor(state)) if (state.can(event)) paths.push({ steps: [...steps, { event }], target: null });
  }
  return paths;
}

describe('comment thread machine (model-based)', () => {
  const coverage: Coverage = newCoverage();
  const paths = edgePaths(instrumented().machine);
  const run = (path: PathLike<CommentThreadEvent>) => {
    const sut = instrumented();
    return { sut, last: replay(sut.machine, path, coverage, checker(sut.world), { discussionId: POST }) };
  };

  it('has a finite graph with paths to walk', () => {
    expect(paths.length).toBeGreaterThan(500);
  });
  it.each(paths.map((p, i) => [`${i} ${pathName(p)}`, p] as const))('%s', (_name, path) => {
    const { last } = run(path);
    if (path.target) expect(serializeState(last)).toBe(path.target);
  });

  it('sends a reply, counts it for its form, reloads and emits thread.changed once; blank text and a second comment are not sent', () => {
    const { sut, last } = run(stepsOf([
      { type: 'thread.loaded', load: 1, comments: THREAD },
      { type: 'comment.post', text: '   ', parentCommentId: 'c1' },
      { type: 'comment.post', text: 'Agreed', parentCommentId: 'c1' },
      { type: 'comment.post', text: 'And another', parentCommentId: null },
      { type: 'comment.posted', from: 'c1' },
      // The first list's answer arrives late, after the reload started: it is dropped.
      { type: 'thread.loaded', load: 1, comments: [] },
    ]));
    expect(last.value).toBe('loading');
    expect(last.context.posted).toEqual({ from: 'c1', count: 1 });
    expect(last.context.comments).toEqual(THREAD);
    expect(sut.world.effects.filter((x) => x.startsWith('post'))).toEqual(['post "Agreed" under c1']);
    expect(sut.world.emitted).toBe(1);
  });

  it('shows a refusal only when the server gave one', () => {
    const { last } = run(stepsOf([
      { type: 'thread.loaded', load: 1, comments: THREAD },
      { type: 'comment.post', text: 'Nice', parentCommentId: null },
      { type: 'comment.postFailed', from: null, refusal: REFUSAL, error: tooFast },
      { type: 'comment.post', text: 'Nice', parentCommentId: 'c1' },
    ]));
    expect(last.context.refusal).toBeNull();
    expect(last.context.sendingFrom).toBe('c1');
  });

  it('reached every state and took every transition', () => {
    expect(uncovered(commentThreadMachine, coverage)).toEqual({ states: [], transitions: [] });
  });
});

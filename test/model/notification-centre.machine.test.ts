/**
 * Model-based tests of the notification centre (issue 37 item 9, ADR 147): paths from the machine's own graph (the
 * shortest path to every abstract state, each extended by every event the world can send there, and the simple
 * paths), replayed on a live actor whose effects only record, and compared after every step with a plain model
 * (screen, latest items, unread count, last seq, read-through mark, attempts, announcement, effects asked for). Named
 * rules are checked besides, and a last test fails if any state or transition was never reached. The effects file is
 * then run against the scripted API, a fake clock and a scripted stream.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type EventObject, type SnapshotFrom, waitFor } from 'xstate';
import { provideNotificationCentre } from '../../src/application/notification-centre.effects';
import {
  mergeLatest, NOTIFICATION_CENTRE_TEXT, type NotificationCentreContext, type NotificationCentreEvent, notificationCentreMachine, retryDelay, unreadText,
} from '../../src/application/notification-centre.machine';
import type { NotificationStream, NotificationStreamListener } from '../../src/application/ports';
import { FakeClock, RecordingNotifier, ScriptedApi } from '../../src/application/testing/fakes';
import type { NotificationItem } from '../../src/contract/notifications';
import { NOTIFICATION_PANEL_SIZE } from '../../src/domain/notifications';
import { agree, type Coverage, getShortestPaths, getSimplePaths, holds, newCoverage, type PathLike, pathName, replay, uncovered } from './model-kit';

function item(seq: number, read = false): NotificationItem {
  return {
    _id: `n${seq}`, seq, kind: 'reply_post', actor: { _id: 'u2', name: 'Grace Hopper' }, actorCount: 1,
    discussion: { _id: 'd1', title: 'Embodied carbon' }, commentId: `c${seq}`, detail: null,
    createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', read,
  };
}

/** The first read: two unread and one read. */
const LATEST = [item(3), item(2), item(1, true)];

type Snapshot = SnapshotFrom<typeof notificationCentreMachine>;
type Screen = 'idle' | 'loading' | 'connecting' | 'live' | 'waiting';

/** The events the world can send: the member's presses, the session, and the answers to what was asked for. */
function eventsFor(s: Snapshot): NotificationCentreEvent[] {
  const c = s.context;
  const next = (c.lastSeq ?? 0) + 1;
  const list: NotificationCentreEvent[] = [
    { type: 'start' }, { type: 'stop' },
    { type: 'latest.loaded', notifications: LATEST, unread: 2 }, { type: 'latest.loaded', notifications: [], unread: 0 }, { type: 'latest.failed' },
    { type: 'stream.opened' }, { type: 'stream.failed' }, { type: 'retry.elapsed' },
    { type: 'read.all' }, { type: 'read.items', ids: ['n3'] }, { type: 'read.items', ids: [] },
    { type: 'read.done', unread: 0 }, { type: 'read.done', unread: 1 }, { type: 'read.failed' },
  ];
  // A new notification, and (on a resumed stream) one already received, sent again.
  if (next <= 6) list.push({ type: 'stream.received', event: { notification: item(next), unread: c.unread + 1 } });
  if (c.lastSeq !== null) list.push({ type: 'stream.received', event: { notification: item(c.lastSeq), unread: c.unread + 1 } });
  return list;
}

interface Model extends NotificationCentreContext {
  screen: Screen;
  effects: string[];
}

const initialModel = (): Model => ({ screen: 'idle', items: [], unread: 0, lastSeq: null, readThrough: 0, attempt: 0, loaded: false, announcement: '', effects: [] });

function step(m: Model, e: NotificationCentreEvent): Model {
  const next: Model = { ...m, effects: [...m.effects] };
  const fx = (text: string) => next.effects.push(text);
  const wait = (to: Model): Model => {
    if (to.screen === 'waiting') fx('cancel wait');
    fx('close');
    fx(`wait ${retryDelay(to.attempt)}`);
    return { ...to, screen: 'waiting', attempt: to.attempt + 1 };
  };
  const leave = (to: Model, screen: Screen): Model => {
    if (m.screen === 'waiting') fx('cancel wait');
    return { ...to, screen };
  };
  if (m.screen === 'idle') {
    if (e.type !== 'start') return m;
    fx(`load ${NOTIFICATION_PANEL_SIZE}`);
    return { ...next, screen: 'loading' };
  }
  // Heard in every active state.
  switch (e.type) {
    case 'stop':
      if (m.screen === 'waiting') fx('cancel wait');
      fx('close');
      fx('cancel wait');
      return { ...initialModel(), effects: next.effects };
    case 'stream.received': {
      const n = e.event.notification;
      if (m.lastSeq !== null && n.seq <= m.lastSeq) return m;
      return { ...next, items: mergeLatest(m.items, [n]), unread: e.event.unread, lastSeq: n.seq, announcement: unreadText(e.event.unread) };
    }
    case 'read.all':
      if (m.unread === 0) return m;
      fx('read all');
      return { ...next, items: m.items.map((n) => ({ ...n, read: true })), unread: 0, readThrough: m.lastSeq ?? 0, announcement: unreadText(0) };
    case 'read.items': {
      if (e.ids.length === 0) return m;
      const fresh = m.items.filter((n) => !n.read && e.ids.includes(n._id)).length;
      fx(`read ${e.ids.join(',')}`);
      return { ...next, items: m.items.map((n) => (e.ids.includes(n._id) ? { ...n, read: true } : n)), unread: Math.max(0, m.unread - fresh) };
    }
    case 'read.done':
      return { ...next, unread: e.unread, announcement: e.unread === m.unread ? m.announcement : unreadText(e.unread) };
    case 'read.failed':
      fx(`toast ${NOTIFICATION_CENTRE_TEXT.readFailed}`);
      return next;
  }
  switch (m.screen) {
    case 'loading':
      if (e.type === 'latest.loaded') {
        const lastSeq = e.notifications.reduce<number | null>((max, n) => (max === null || n.seq > max ? n.seq : max), m.lastSeq) ?? 0;
        fx(`open after ${lastSeq}`);
        return { ...next, screen: 'connecting', items: mergeLatest(m.items, e.notifications), unread: e.unread, lastSeq, loaded: true };
      }
      if (e.type === 'latest.failed') return wait(next);
      return m;
    case 'connecting':
      if (e.type === 'stream.opened') return { ...next, screen: 'live', attempt: 0 };
      if (e.type === 'stream.failed') return wait(next);
      return m;
    case 'live':
      return e.type === 'stream.failed' ? wait(next) : m;
    case 'waiting':
      if (e.type !== 'retry.elapsed') return m;
      if (m.loaded) {
        const to = leave(next, 'connecting');
        to.effects.push(`open after ${m.lastSeq}`);
        return to;
      }
      {
        const to = leave(next, 'loading');
        to.effects.push(`load ${NOTIFICATION_PANEL_SIZE}`);
        return to;
      }
  }
}

function instrumented() {
  const world = { effects: [] as string[] };
  const fx = (text: string) => void world.effects.push(text);
  const machine = notificationCentreMachine.provide({
    actions: {
      loadLatest: (_, p) => fx(`load ${p.limit}`),
      openStream: (_, p) => fx(`open after ${p.lastSeq}`),
      closeStream: () => fx('close'),
      armRetry: (_, p) => fx(`wait ${p.delayMs}`),
      cancelRetry: () => fx('cancel wait'),
      markRead: (_, p) => fx('all' in p ? 'read all' : `read ${p.ids.join(',')}`),
      reportFailure: (_, p) => fx(`toast ${p.message}`),
    },
  });
  return { world, machine };
}

const screenOf = (s: Snapshot): Screen => (typeof s.value === 'string' ? s.value : (s.value as { active: Screen }).active) as Screen;

function checker(world: ReturnType<typeof instrumented>['world']) {
  let model = initialModel();
  return (snapshot: Snapshot, event: EventObject | null) => {
    if (event) model = step(model, event as NotificationCentreEvent);
    agree({ screen: screenOf(snapshot), ...snapshot.context, effects: world.effects }, model);
    const c = snapshot.context;
    holds(c.items.length <= NOTIFICATION_PANEL_SIZE, 'the panel holds at most a page of the latest');
    holds(c.items.every((n, i) => i === 0 || c.items[i - 1]!.seq > n.seq), 'the latest are newest first, each once');
    holds(c.unread >= 0, 'the unread count is never negative');
    if (c.lastSeq !== null) holds(c.items.every((n) => n.seq <= c.lastSeq!), 'the stream resumes after the newest item held');
    // A stream is opened only once the latest were read: nothing pushed is lost between the read and the stream.
    if (snapshot.matches({ active: 'connecting' }) || snapshot.matches({ active: 'live' })) holds(c.loaded, 'the stream follows the first read');
    if (snapshot.matches('idle')) holds(c.items.length === 0 && c.unread === 0 && c.lastSeq === null, 'signed out, nothing is kept');
  };
}

describe('notification centre machine (model-based)', () => {
  const coverage: Coverage = newCoverage();
  const serialize = (s: Snapshot) =>
    JSON.stringify([s.value, s.context.loaded, s.context.unread > 0, s.context.attempt > 0, s.context.lastSeq === null, s.context.items.some((n) => !n.read)]);
  const paths: PathLike<NotificationCentreEvent>[] = [];
  for (const path of getShortestPaths(notificationCentreMachine, { events: eventsFor as never, serializeState: serialize as never })) {
    for (const event of eventsFor(path.state as Snapshot)) paths.push({ steps: [...(path.steps as { event: NotificationCentreEvent }[]), { event }] });
  }
  const simple = getSimplePaths(notificationCentreMachine, {
    events: eventsFor as never,
    serializeState: ((s: Snapshot) => JSON.stringify([s.value, s.context.loaded])) as never,
  }).filter((p) => p.steps.length <= 6);
  paths.push(...(simple as unknown as PathLike<NotificationCentreEvent>[]));

  it.each(paths.map((p) => [pathName(p), p] as const))('%s', (_name, path) => {
    const { world, machine } = instrumented();
    replay(machine, path, coverage, checker(world));
  });

  it('reached every state and every transition', () => {
    expect(uncovered(notificationCentreMachine, coverage)).toEqual({ states: [], transitions: [] });
  });

  it('waits longer after each failure, at most 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});

/** A stream whose connections the test drives: each open is recorded with the seq it resumes after. */
class ScriptedStream implements NotificationStream {
  readonly opens: { lastSeq: number | null; listener: NotificationStreamListener; closed: boolean }[] = [];
  open(lastSeq: number | null, listener: NotificationStreamListener) {
    const entry = { lastSeq, listener, closed: false };
    this.opens.push(entry);
    return () => {
      entry.closed = true;
    };
  }
  get last() {
    return this.opens.at(-1)!;
  }
}

describe('notification centre effects (scripted API, fake clock, scripted stream)', () => {
  it('reads the latest, resumes the stream after the newest, reconnects after a growing wait, and marks all read', async () => {
    const clock = new FakeClock();
    const stream = new ScriptedStream();
    const notifier = new RecordingNotifier();
    const api = new ScriptedApi({
      'notifications.list': () => Promise.resolve({ success: true, notifications: LATEST, unread: 2, nextBefore: null }),
      'notifications.read': () => Promise.resolve({ success: true, unread: 0 }),
    });
    const actor = createActor(provideNotificationCentre({ api, clock, stream, notifier, log: () => {} })).start();
    actor.send({ type: 'start' });
    await waitFor(actor, (s) => s.matches({ active: 'connecting' }));
    expect(stream.last.lastSeq).toBe(3);
    stream.last.listener.opened();
    expect(actor.getSnapshot().matches({ active: 'live' })).toBe(true);
    stream.last.listener.received({ notification: item(4), unread: 3 });
    expect(actor.getSnapshot().context.announcement).toBe('3 unread notifications');
    // A failure closes the stream; the next one opens after 1 s, from seq 4; a second failure waits 2 s.
    const first = stream.last;
    first.listener.failed();
    expect(first.closed).toBe(true);
    clock.advance(999);
    expect(stream.opens).toHaveLength(1);
    clock.advance(1);
    expect(stream.opens).toHaveLength(2);
    expect(stream.last.lastSeq).toBe(4);
    // The closed stream's late words are not heard.
    first.listener.received({ notification: item(9), unread: 9 });
    expect(actor.getSnapshot().context.lastSeq).toBe(4);
    stream.last.listener.failed();
    clock.advance(1999);
    expect(stream.opens).toHaveLength(2);
    clock.advance(1);
    expect(stream.opens).toHaveLength(3);
    actor.send({ type: 'read.all' });
    await waitFor(actor, () => api.calls.some((c) => c.name === 'notifications.read'));
    expect(api.calls.map((c) => [c.name, c.input])).toEqual([
      ['notifications.list', { query: { limit: NOTIFICATION_PANEL_SIZE } }],
      ['notifications.read', { body: { all: true } }],
    ]);
    expect(actor.getSnapshot().context.unread).toBe(0);
    actor.send({ type: 'stop' });
    expect(stream.last.closed).toBe(true);
    expect(clock.activeTimers).toBe(0);
    actor.stop();
  });

  it('waits and reads again when the first read fails, and says when marking read fails', async () => {
    const clock = new FakeClock();
    const stream = new ScriptedStream();
    const notifier = new RecordingNotifier();
    const logged: string[] = [];
    let lists = 0;
    const api = new ScriptedApi({
      'notifications.list': () => (++lists === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ success: true, notifications: [], unread: 1, nextBefore: null })),
      'notifications.read': () => Promise.reject(new Error('offline')),
    });
    const actor = createActor(provideNotificationCentre({ api, clock, stream, notifier, log: (m) => logged.push(m) })).start();
    actor.send({ type: 'start' });
    await waitFor(actor, (s) => s.matches({ active: 'waiting' }));
    clock.advance(1000);
    await waitFor(actor, (s) => s.matches({ active: 'connecting' }));
    // No notification yet: the stream resumes after 0, so one written since the read is not lost.
    expect(stream.last.lastSeq).toBe(0);
    actor.send({ type: 'read.all' });
    await waitFor(actor, () => notifier.errors.length > 0);
    expect(notifier.errors).toEqual([NOTIFICATION_CENTRE_TEXT.readFailed]);
    expect(logged).toEqual(['reading the latest notifications failed', 'marking notifications read failed']);
    actor.stop();
  });
});

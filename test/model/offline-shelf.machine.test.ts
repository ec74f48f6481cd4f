/**
 * Model-based tests of what this device keeps for offline reading (issue 42 item 2, ADR 174): paths from the
 * machine's own graph (the shortest path to every state, each extended by every event, and the simple paths between
 * abstract states), replayed on a live actor whose effects only record, and compared after every step with a plain
 * model (screen, items, busy, estimate, persisted, error, announcement, effects asked for). A last test fails if any
 * state or transition was never reached. Then the effects file runs against a scripted in-memory shelf.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom, waitFor } from 'xstate';
import { provideOfflineShelf } from '../../src/application/offline-shelf.effects';
import { type OfflineShelfEvent, offlineShelfMachine } from '../../src/application/offline-shelf.machine';
import type { OfflineShelf } from '../../src/application/ports';
import {
  type KeepRequest, type KeptItem, keptAnnouncement, keptKey, OFFLINE_TEXT, removedAnnouncement, type StorageEstimate, updatedAnnouncement,
} from '../../src/domain/offline';
import { agree, type Coverage, edgePaths, getSimplePaths, holds, newCoverage, type PathLike, pathName, replay, uncovered } from './model-kit';

const COURSE: KeepRequest = { kind: 'course', id: 'c1', title: 'Daylight in deep plans', href: '/courses/c1' };
const ARTICLE: KeepRequest = { kind: 'article', id: 'a1', title: 'Timber at height', href: '/articles/a1' };
const KEPT_COURSE: KeptItem = { ...COURSE, bytes: 820_000, keptAt: '2026-05-01T10:00:00.000Z', version: 'l1@2026-04-30' };
const KEPT_ARTICLE: KeptItem = { ...ARTICLE, bytes: 3_400_000, keptAt: '2026-04-01T09:00:00.000Z' };
/** The same article kept again later: it replaces the older copy and comes first. */
const REKEPT_ARTICLE: KeptItem = { ...KEPT_ARTICLE, bytes: 3_500_000, keptAt: '2026-05-02T08:00:00.000Z' };
/** The kept course again, its lessons changed on the server (issue 42 item 5). */
const UPDATED_COURSE: KeptItem = { ...KEPT_COURSE, bytes: 900_000, keptAt: '2026-05-04T07:00:00.000Z', version: 'v2' };
const LOADED: StorageEstimate = { usage: 3_400_000, quota: 1_200_000_000 };
const AFTER_KEEP: StorageEstimate = { usage: 4_220_000, quota: 1_200_000_000 };
const AFTER_REMOVE: StorageEstimate = { usage: 820_000, quota: 1_200_000_000 };

const EVENTS: OfflineShelfEvent[] = [
  { type: 'shelf.open' }, { type: 'shelf.loaded', items: [KEPT_ARTICLE], estimate: LOADED }, { type: 'shelf.loaded', items: [], estimate: null },
  { type: 'shelf.unsupported' },
  { type: 'user.keep', request: COURSE }, { type: 'user.keep', request: ARTICLE },
  { type: 'user.remove', item: KEPT_ARTICLE }, { type: 'user.remove', item: KEPT_COURSE },
  { type: 'keep.done', item: KEPT_COURSE, estimate: AFTER_KEEP, persisted: true },
  { type: 'keep.done', item: REKEPT_ARTICLE, estimate: null, persisted: false },
  { type: 'keep.failed', request: COURSE },
  { type: 'remove.done', item: KEPT_ARTICLE, estimate: AFTER_REMOVE }, { type: 'remove.done', item: KEPT_COURSE, estimate: null },
  { type: 'remove.failed', item: KEPT_ARTICLE }, { type: 'session.ended' },
  { type: 'connection.back' }, { type: 'refresh.done', item: UPDATED_COURSE },
];

type Screen = 'closed' | 'loading' | 'unsupported' | 'ready';
interface Model {
  screen: Screen;
  items: KeptItem[];
  busy: string[];
  estimate: StorageEstimate | null;
  persisted: boolean;
  error: string | null;
  announcement: string;
  /** The item the announcement or the error is about. */
  subject: string | null;
  effects: string[];
}

const keepEffect = (request: KeepRequest) => `keep ${JSON.stringify(request)}`;
const removeEffect = (item: KeptItem) => `remove ${JSON.stringify(item)}`;
const refreshEffect = (items: KeptItem[]) => `refresh ${items.map(keptKey).join(',')}`;
const others = (items: KeptItem[], key: string) => items.filter((i) => keptKey(i) !== key);
const notBusy = (busy: string[], key: string) => busy.filter((k) => k !== key);

/** On the list: each item is kept or removed one at a time; an answer frees its item while it is busy. */
function onShelf(m: Model, e: OfflineShelfEvent): Model {
  switch (e.type) {
    case 'user.keep':
    case 'user.remove': {
      const key = keptKey(e.type === 'user.keep' ? e.request : e.item);
      if (m.busy.includes(key)) return m;
      const effect = e.type === 'user.keep' ? keepEffect(e.request) : removeEffect(e.item);
      return { ...m, busy: [...m.busy, key], error: null, announcement: '', subject: key, effects: [...m.effects, effect] };
    }
    // An answer counts only while its item is busy (one after the session ended is dropped).
    case 'keep.done': {
      const key = keptKey(e.item);
      if (!m.busy.includes(key)) return m;
      return {
        ...m, items: [e.item, ...others(m.items, key)], busy: notBusy(m.busy, key), estimate: e.estimate, persisted: e.persisted,
        error: null, announcement: keptAnnouncement(e.item.title), subject: key,
      };
    }
    case 'keep.failed':
      if (!m.busy.includes(keptKey(e.request))) return m;
      return { ...m, busy: notBusy(m.busy, keptKey(e.request)), error: OFFLINE_TEXT.failed, subject: keptKey(e.request) };
    case 'remove.done': {
      const key = keptKey(e.item);
      if (!m.busy.includes(key)) return m;
      return {
        ...m, items: others(m.items, key), busy: notBusy(m.busy, key), estimate: e.estimate, error: null, announcement: removedAnnouncement(e.item.title), subject: key,
      };
    }
    case 'remove.failed':
      if (!m.busy.includes(keptKey(e.item))) return m;
      return { ...m, busy: notBusy(m.busy, keptKey(e.item)), error: OFFLINE_TEXT.removeFailed, subject: keptKey(e.item) };
    // The connection is back: the kept courses are checked again.
    case 'connection.back':
      return { ...m, effects: [...m.effects, refreshEffect(m.items)] };
    // A course kept again with its changed lessons, unless a keep or removal of it is in flight, or it is gone.
    case 'refresh.done': {
      const key = keptKey(e.item);
      if (m.busy.includes(key) || !m.items.some((i) => keptKey(i) === key)) return m;
      return {
        ...m, items: m.items.map((i) => (keptKey(i) === key ? e.item : i)), error: null, announcement: updatedAnnouncement(e.item.title), subject: key,
      };
    }
    // The session ended: everything kept goes, the estimate and persisted stay as last told.
    case 'session.ended':
      return { ...m, items: [], busy: [], error: null, announcement: '', subject: null, effects: [...m.effects, 'clear'] };
    default:
      return m;
  }
}

function step(m: Model, e: OfflineShelfEvent): Model {
  switch (m.screen) {
    case 'closed':
      return e.type === 'shelf.open' ? { ...m, screen: 'loading', effects: [...m.effects, 'load'] } : m;
    case 'loading':
      // Opened, the kept courses are checked against the server.
      if (e.type === 'shelf.loaded') return { ...m, screen: 'ready', items: e.items, estimate: e.estimate, effects: [...m.effects, refreshEffect(e.items)] };
      if (e.type === 'shelf.unsupported') return { ...m, screen: 'unsupported' };
      return m;
    case 'ready':
      return onShelf(m, e);
    default:
      return m;
  }
}

const initialModel = (): Model => ({ screen: 'closed', items: [], busy: [], estimate: null, persisted: false, error: null, announcement: '', subject: null, effects: [] });

function recording(effects: string[]) {
  return offlineShelfMachine.provide({
    actions: {
      load: () => effects.push('load'),
      keep: (_, { request }) => effects.push(keepEffect(request)),
      remove: (_, { item }) => effects.push(removeEffect(item)),
      clear: () => effects.push('clear'),
      refresh: (_, { items }) => effects.push(refreshEffect(items)),
    },
  });
}

type Snapshot = SnapshotFrom<typeof offlineShelfMachine>;
const coverage: Coverage = newCoverage();

function walk(path: PathLike<OfflineShelfEvent>) {
  const effects: string[] = [];
  let model = initialModel();
  replay(recording(effects), path, coverage, (snapshot: Snapshot, event) => {
    if (event) model = step(model, event as OfflineShelfEvent);
    const c = snapshot.context;
    agree({ screen: snapshot.value, ...c, effects }, model);
    holds(new Set(c.busy).size === c.busy.length, 'an item is busy once at most');
    holds(new Set(c.items.map(keptKey)).size === c.items.length, 'an item is listed once at most');
  });
}

/**
 * Simple paths between abstract states (the screen and what is busy, what the guards read): with the full context the
 * simple paths are too many to walk (items, estimates and texts multiply); the edge paths cover every such state.
 */
const abstract = (s: Snapshot) => JSON.stringify([s.value, s.context.busy]);

describe('offline shelf: the machine against its model', () => {
  // The shortest path to every state (about 240 with the full context), each extended by every event: one test per
  // state with its extensions inside, so the file stays fast (each mutant reruns it).
  const edges = edgePaths(offlineShelfMachine, EVENTS);
  const states = Array.from({ length: edges.length / EVENTS.length }, (_, i) => edges.slice(i * EVENTS.length, (i + 1) * EVENTS.length));
  const simple = getSimplePaths(offlineShelfMachine, { events: EVENTS, serializeState: abstract as never }) as unknown as PathLike<OfflineShelfEvent>[];

  it('has paths to walk, with both items busy at once among them', () => {
    expect(states.length).toBeGreaterThan(100);
    expect(simple.length).toBeGreaterThan(50);
    const busyAtEnd = (path: PathLike<OfflineShelfEvent>) => {
      const actor = createActor(recording([])).start();
      for (const { event } of path.steps) actor.send(event);
      return actor.getSnapshot().context.busy.length;
    };
    expect(simple.some((p) => busyAtEnd(p) === 2)).toBe(true);
  });

  it.each(states.map((extensions, i) => [`${i} ${pathName({ steps: extensions[0]!.steps.slice(0, -1) })}`, extensions] as const))(
    '%s, then every event',
    (_name, extensions) => {
      for (const path of extensions) walk(path);
    },
  );

  it.each(simple.map((p, i) => [`${i} ${pathName(p)}`, p] as const))('simple %s', (_name, path) => walk(path));

  it('reached every state and every transition', () => {
    expect(uncovered(offlineShelfMachine, coverage)).toEqual({ states: [], transitions: [] });
  });
});

type Failing = 'list' | 'keep' | 'remove' | 'clear' | 'persist' | 'estimate' | 'refresh';

/** A scripted in-memory shelf: what it holds, which calls fail, and every call in order. */
class ScriptedShelf implements OfflineShelf {
  readonly calls: string[] = [];
  constructor(
    public items: KeptItem[] = [],
    private readonly script: { supported?: boolean; failing?: Failing[]; persisted?: boolean } = {},
  ) {}
  private call(name: Failing, detail = '') {
    this.calls.push(`${name}${detail}`);
    if (this.script.failing?.includes(name)) throw new Error(`${name} failed`);
  }
  supported() {
    this.calls.push('supported');
    return this.script.supported ?? true;
  }
  async list() {
    this.call('list');
    return [...this.items];
  }
  async keep(request: KeepRequest) {
    this.call('keep', ` ${keptKey(request)}`);
    const item: KeptItem = { ...request, bytes: 820_000, keptAt: '2026-05-03T12:00:00.000Z' };
    this.items = [item, ...others(this.items, keptKey(item))];
    return item;
  }
  async remove(item: Pick<KeptItem, 'kind' | 'id'>) {
    this.call('remove', ` ${keptKey(item)}`);
    this.items = others(this.items, keptKey(item));
  }
  /** Answers the course as updated when `updated` is set, else unchanged (null). */
  updated: KeptItem | null = null;
  async refresh(item: KeptItem) {
    this.calls.push(`refresh ${keptKey(item)}`);
    if (this.script.failing?.includes('refresh')) throw new Error('refresh failed');
    return this.updated && keptKey(this.updated) === keptKey(item) ? this.updated : null;
  }
  async clear() {
    this.call('clear');
    this.items = [];
  }
  async estimate() {
    this.call('estimate');
    return { usage: this.items.reduce((sum, i) => sum + i.bytes, 0), quota: 1_200_000_000 };
  }
  async persist() {
    this.call('persist');
    return this.script.persisted ?? true;
  }
}

describe('offline shelf: the effects against the port', () => {
  const start = (shelf: OfflineShelf, logged: string[] = [], said: string[] = []) => {
    const notifier = { success: (message: string) => said.push(message), error: (message: string) => said.push(`error: ${message}`) };
    const actor = createActor(provideOfflineShelf({ shelf, notifier, log: (message) => logged.push(message) })).start();
    return actor;
  };
  const ready = async (shelf: ScriptedShelf, logged: string[] = [], said: string[] = []) => {
    const actor = start(shelf, logged, said);
    actor.send({ type: 'shelf.open' });
    await waitFor(actor, (s) => s.matches('ready'));
    return actor;
  };

  it('reads nothing until opened; a browser without Cache Storage is unsupported without listing', async () => {
    const shelf = new ScriptedShelf([KEPT_ARTICLE], { supported: false });
    const actor = start(shelf);
    expect(shelf.calls).toEqual([]);
    actor.send({ type: 'shelf.open' });
    await waitFor(actor, (s) => s.matches('unsupported'));
    expect(shelf.calls).toEqual(['supported']);
    expect(actor.getSnapshot().context.items).toEqual([]);
    actor.stop();
  });

  it('opens with what is kept and the estimate', async () => {
    const shelf = new ScriptedShelf([KEPT_ARTICLE, KEPT_COURSE]);
    const actor = await ready(shelf);
    expect(actor.getSnapshot().context).toMatchObject({ items: [KEPT_ARTICLE, KEPT_COURSE], estimate: { usage: 4_220_000, quota: 1_200_000_000 }, busy: [] });
    // The kept course is checked against the server once the shelf is read; the article is not.
    expect(shelf.calls).toEqual(['supported', 'list', 'estimate', 'refresh course:c1']);
    actor.stop();
  });

  it('keeps an item, then asks for persisted storage, and answers with the item, the estimate and persisted', async () => {
    const shelf = new ScriptedShelf([KEPT_ARTICLE]);
    const actor = await ready(shelf);
    shelf.calls.length = 0;
    actor.send({ type: 'user.keep', request: COURSE });
    expect(actor.getSnapshot().context.busy).toEqual([keptKey(COURSE)]);
    await waitFor(actor, (s) => s.context.busy.length === 0);
    expect(shelf.calls).toEqual(['keep course:c1', 'persist', 'estimate']);
    const kept = shelf.items[0]!;
    expect(kept).toMatchObject(COURSE);
    expect(actor.getSnapshot().context).toMatchObject({
      items: [kept, KEPT_ARTICLE], estimate: { usage: 4_220_000, quota: 1_200_000_000 }, persisted: true, error: null,
      announcement: keptAnnouncement(COURSE.title),
    });
    actor.stop();
  });

  it('a refused or failing persist still keeps the item, not persisted', async () => {
    for (const script of [{ persisted: false }, { failing: ['persist' as const] }]) {
      const logged: string[] = [];
      const actor = await ready(new ScriptedShelf([], script), logged);
      actor.send({ type: 'user.keep', request: ARTICLE });
      await waitFor(actor, (s) => s.context.busy.length === 0);
      expect(actor.getSnapshot().context).toMatchObject({ items: [{ ...ARTICLE }], persisted: false, error: null });
      expect(logged).toEqual([]);
      actor.stop();
    }
  });

  it('a keep the shelf refuses ends with the failure text and the item no longer busy', async () => {
    const logged: string[] = [];
    const shelf = new ScriptedShelf([], { failing: ['keep'] });
    const actor = await ready(shelf, logged);
    actor.send({ type: 'user.keep', request: COURSE });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({ items: [], busy: [], error: OFFLINE_TEXT.failed, persisted: false });
    expect(shelf.calls).not.toContain('persist');
    expect(logged).toEqual(['keeping for offline reading failed']);
    actor.stop();
  });

  it('removes an item, and a failing remove says so and keeps it listed', async () => {
    const shelf = new ScriptedShelf([KEPT_COURSE, KEPT_ARTICLE]);
    const actor = await ready(shelf);
    actor.send({ type: 'user.remove', item: KEPT_COURSE });
    await waitFor(actor, (s) => s.context.busy.length === 0);
    expect(actor.getSnapshot().context).toMatchObject({
      items: [KEPT_ARTICLE], estimate: { usage: 3_400_000, quota: 1_200_000_000 }, announcement: removedAnnouncement(KEPT_COURSE.title), error: null,
    });
    actor.stop();

    const logged: string[] = [];
    const failing = new ScriptedShelf([KEPT_ARTICLE], { failing: ['remove'] });
    const stuck = await ready(failing, logged);
    stuck.send({ type: 'user.remove', item: KEPT_ARTICLE });
    await waitFor(stuck, (s) => s.context.error !== null);
    expect(stuck.getSnapshot().context).toMatchObject({ items: [KEPT_ARTICLE], busy: [], error: OFFLINE_TEXT.removeFailed });
    expect(logged).toEqual(['removing a kept item failed']);
    stuck.stop();
  });

  it('keeps one item while removing another, each answered on its own', async () => {
    const shelf = new ScriptedShelf([KEPT_ARTICLE]);
    const actor = await ready(shelf);
    actor.send({ type: 'user.keep', request: COURSE });
    actor.send({ type: 'user.remove', item: KEPT_ARTICLE });
    actor.send({ type: 'user.keep', request: COURSE });
    expect(actor.getSnapshot().context.busy).toEqual([keptKey(COURSE), keptKey(ARTICLE)]);
    await waitFor(actor, (s) => s.context.busy.length === 0 && s.context.items.length === 1);
    expect(shelf.calls.filter((c) => c.startsWith('keep') || c.startsWith('remove'))).toEqual(['keep course:c1', 'remove article:a1']);
    expect(actor.getSnapshot().context.items.map(keptKey)).toEqual([keptKey(COURSE)]);
    actor.stop();
  });

  it('an ended session clears the shelf, and a failing clear is logged', async () => {
    for (const failing of [[], ['clear' as const]]) {
      const logged: string[] = [];
      const shelf = new ScriptedShelf([KEPT_ARTICLE, KEPT_COURSE], { failing });
      const actor = await ready(shelf, logged);
      actor.send({ type: 'session.ended' });
      expect(actor.getSnapshot().context).toMatchObject({ items: [], busy: [], error: null, announcement: '', subject: null });
      await new Promise((settled) => setTimeout(settled, 0));
      expect(shelf.calls.at(-1)).toBe('clear');
      expect(shelf.items).toEqual(failing.length === 0 ? [] : [KEPT_ARTICLE, KEPT_COURSE]);
      expect(logged).toEqual(failing.length === 0 ? [] : ['removing what this device keeps failed']);
      actor.stop();
    }
  });

  it('a failing list still opens, with nothing kept and no estimate', async () => {
    const logged: string[] = [];
    const actor = await ready(new ScriptedShelf([KEPT_ARTICLE], { failing: ['list'] }), logged);
    expect(actor.getSnapshot().context).toMatchObject({ items: [], estimate: null, error: null });
    expect(logged).toEqual(['reading what this device keeps failed']);
    actor.stop();
  });

  it('a kept course whose lessons changed is kept again and says so; an unchanged one, or a failed check, says nothing', async () => {
    const said: string[] = [];
    const logged: string[] = [];
    const shelf = new ScriptedShelf([KEPT_COURSE, KEPT_ARTICLE]);
    const actor = await ready(shelf, logged, said);
    await new Promise((settled) => setTimeout(settled, 0));
    expect(said).toEqual([]);
    shelf.updated = UPDATED_COURSE;
    actor.send({ type: 'connection.back' });
    await waitFor(actor, (s) => s.context.items[0] === UPDATED_COURSE);
    expect(actor.getSnapshot().context).toMatchObject({ items: [UPDATED_COURSE, KEPT_ARTICLE], announcement: updatedAnnouncement(KEPT_COURSE.title) });
    expect(said).toEqual([updatedAnnouncement(KEPT_COURSE.title)]);
    actor.stop();

    const failing = await ready(new ScriptedShelf([KEPT_COURSE], { failing: ['refresh'] }), logged, said);
    await new Promise((settled) => setTimeout(settled, 0));
    expect(failing.getSnapshot().context.items).toEqual([KEPT_COURSE]);
    expect(logged).toEqual(['checking a kept course failed']);
    failing.stop();
  });
});

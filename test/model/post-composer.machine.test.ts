/**
 * Model-based tests of the post composer: paths from its own graph (shortest paths to every abstract state, each
 * extended by every event that state accepts), replayed on a live actor whose effects are recorded by a plain model of
 * the world (the draft store, the API requests, the log); invariants are checked after every step, and the last test
 * fails if any state or transition was never reached.
 */
import { describe, expect, it } from 'vitest';
import type { EventObject, SnapshotFrom } from 'xstate';
import { loadPostDraft, postDraftKey, providePostComposer } from '../../src/application/post-composer.effects';
import {
  CONTENT_REQUIRED, CREATE_FAILED, draftOf, isPostComplete, type PostComposerEvent, type PostDraft, postComposerMachine,
  SELECT_TOPIC_BEFORE_POSTING, SELECT_TOPIC_FIRST,
} from '../../src/application/post-composer.machine';
import { MemoryDraftStore } from '../../src/application/testing/fakes';
import { type Discussion, isBlank } from '../../src/domain/discussion';
import { type Coverage, getShortestPaths, newCoverage, type PathLike, pathName, replay, uncovered } from './model-kit';

const created: Discussion = {
  _id: 'd1', title: 'Timber', content: '<p>Body</p>', category: 'climate-action', subcategory: 'embodied-carbon', likes: [], likeCount: 0,
  commentCount: 0, createdBy: { _id: 'u1', name: 'Ada Lovelace' }, createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z',
};

const events: PostComposerEvent[] = [
  { type: 'topic.category', category: 'climate-action' },
  { type: 'topic.category', category: 'sustainable-cities-and-communities' },
  { type: 'topic.category', category: '' },
  { type: 'topic.subcategory', subcategory: 'embodied-carbon' },
  { type: 'composer.open' },
  { type: 'title.changed', title: 'Timber' },
  { type: 'title.changed', title: '   ' },
  { type: 'content.changed', content: '<p>Body</p>' },
  { type: 'content.changed', content: '<p> </p>' },
  { type: 'composer.submit' },
  { type: 'composer.cancel' },
  { type: 'create.succeeded', discussion: created },
  { type: 'create.failed', error: new Error('offline') },
  { type: 'alert.dismissed' },
];

type Snapshot = SnapshotFrom<typeof postComposerMachine>;

/** Graph states are told apart by what the rules look at, so the graph stays small and every rule's branch is in it. */
function serializeState(snapshot: Snapshot): string {
  const c = snapshot.context;
  const title = c.title.trim() ? 'title' : c.title ? 'blank-title' : 'no-title';
  return JSON.stringify([snapshot.value, Boolean(c.category), Boolean(c.subcategory), title, !isBlank(c.content), c.alert, c.lastCreatedId]);
}

const full: PostDraft = { category: 'climate-action', subcategory: 'embodied-carbon', title: 'Half-written', content: '<p>So far</p>' };
const inputs: { name: string; draft: PostDraft | null }[] = [
  { name: 'no stored draft', draft: null },
  { name: 'a complete stored draft', draft: full },
  { name: 'a stored draft with a topic only', draft: { ...full, title: '', content: '' } },
];

const KEY = postDraftKey('u1');

/** The system under test: the real effects file on fake ports, the API answering only when the test says so. */
function instrumented(draft: PostDraft | null) {
  const drafts = new MemoryDraftStore();
  if (draft) drafts.save(KEY, JSON.stringify(draft));
  const world = { drafts, requests: [] as PostDraft[], logged: [] as unknown[] };
  const api = {
    call: async (_call: unknown, input: { body: PostDraft }) => {
      world.requests.push(input.body);
      return new Promise(() => {}); // the path's own events answer
    },
    clearCache: () => {},
  };
  const machine = providePostComposer({
    api: api as never,
    drafts,
    draftKey: KEY,
    log: (_message, error) => world.logged.push(error),
  });
  return { world, machine, input: { draft: loadPostDraft(drafts, KEY) } };
}

function storedDraft(world: ReturnType<typeof instrumented>['world']): PostDraft | null {
  const raw = world.drafts.load(KEY);
  return raw ? (JSON.parse(raw) as PostDraft) : null;
}

function checker(world: ReturnType<typeof instrumented>['world']) {
  let previous: Snapshot | null = null;
  return (snapshot: Snapshot, event: EventObject | null) => {
    const c = snapshot.context;
    const open = snapshot.matches('editing') || snapshot.matches('submitting');
    // The editor is never open without both a category and a subcategory having been chosen first,
    // and the closed composer never holds typed text or a draft.
    if (snapshot.matches('closed')) {
      expect(c.title).toBe('');
      expect(c.content).toBe('');
      expect(storedDraft(world)).toBeNull();
    }
    if (event?.type === 'composer.open' && previous?.matches('closed')) {
      if (previous.context.category && previous.context.subcategory) expect(snapshot.matches('editing')).toBe(true);
      else {
        expect(snapshot.matches('closed')).toBe(true);
        expect(c.alert).toBe(SELECT_TOPIC_FIRST);
      }
    }
    // Whatever is typed while open is what the draft store holds.
    if (open) {
      const stored = storedDraft(world);
      if (stored) expect(stored).toEqual(draftOf(c));
    }
    // A request goes out exactly on a complete submit, carrying the post as typed.
    if (snapshot.matches('submitting') && previous?.matches('editing')) {
      expect(isPostComplete(previous.context)).toBe(true);
      expect(world.requests.at(-1)).toEqual(draftOf(previous.context));
    }
    if (event?.type === 'composer.submit' && previous?.matches('editing') && !isPostComplete(previous.context)) {
      expect(snapshot.matches('editing')).toBe(true);
      const hasTopicAndTitle = Boolean(previous.context.category && previous.context.subcategory && previous.context.title.trim());
      expect(c.alert).toBe(hasTopicAndTitle ? CONTENT_REQUIRED : SELECT_TOPIC_BEFORE_POSTING);
    }
    // Failure keeps what was typed and says so; success and cancel close and clear.
    if (event?.type === 'create.failed' && previous?.matches('submitting')) {
      expect(snapshot.matches('editing')).toBe(true);
      expect(draftOf(c)).toEqual(draftOf(previous.context));
      expect(c.alert).toBe(CREATE_FAILED);
      expect(world.logged.at(-1)).toBeInstanceOf(Error);
    }
    if (event?.type === 'create.succeeded' && previous?.matches('submitting')) {
      expect(snapshot.matches('closed')).toBe(true);
      expect(c.lastCreatedId).toBe('d1');
      expect(c.alert).toBeNull();
    }
    if (event?.type === 'composer.cancel' && previous && (previous.matches('editing'))) expect(snapshot.matches('closed')).toBe(true);
    // While the request is out nothing typed can change.
    if (snapshot.matches('submitting') && previous?.matches('submitting')) expect(draftOf(c)).toEqual(draftOf(previous.context));
    // A new category drops the subcategory; the same category keeps it.
    if (event?.type === 'topic.category' && previous) {
      const e = event as Extract<PostComposerEvent, { type: 'topic.category' }>;
      if (!previous.matches('submitting')) {
        expect(c.category).toBe(e.category);
        expect(c.subcategory).toBe(e.category === previous.context.category ? previous.context.subcategory : '');
      }
    }
    // Alerts belong to the state they are about.
    if (c.alert === SELECT_TOPIC_FIRST) expect(snapshot.matches('closed')).toBe(true);
    if (c.alert === SELECT_TOPIC_BEFORE_POSTING || c.alert === CONTENT_REQUIRED || c.alert === CREATE_FAILED) expect(open).toBe(true);
    previous = snapshot;
  };
}

/** The shortest path to every abstract state, extended by every event the state accepts (self-loops included). */
function edgePaths(machine: ReturnType<typeof instrumented>['machine'], input: unknown): PathLike<PostComposerEvent>[] {
  const paths: PathLike<PostComposerEvent>[] = [];
  for (const path of getShortestPaths(machine, { events, input: input as never, serializeState: serializeState as never })) {
    for (const event of events) {
      if ((path.state as { can(e: EventObject): boolean }).can(event)) paths.push({ steps: [...(path.steps as { event: PostComposerEvent }[]), { event }] });
    }
  }
  return paths;
}

describe('post composer machine (model-based)', () => {
  const coverage: Coverage = newCoverage();
  for (const { name, draft } of inputs) {
    describe(`with ${name}`, () => {
      const { machine, input } = instrumented(draft);
      const paths = edgePaths(machine, input);
      it('has a finite graph with paths to walk', () => {
        expect(paths.length).toBeGreaterThan(20);
      });
      it.each(paths.map((p) => [pathName(p), p] as const))('%s', (_name, path) => {
        const sut = instrumented(draft);
        replay(sut.machine, path, coverage, checker(sut.world), sut.input);
      });
    });
  }

  it('restores a stored draft into an open editor and starts closed without one', () => {
    const withDraft = instrumented(full);
    const last = replay(withDraft.machine, { steps: [] }, coverage, () => {}, withDraft.input);
    expect(last.value).toBe('editing');
    expect(draftOf(last.context)).toEqual(full);
    const without = instrumented(null);
    expect(replay(without.machine, { steps: [] }, coverage, () => {}, without.input).value).toBe('closed');
  });

  it('drops a stored draft it cannot read', () => {
    const drafts = new MemoryDraftStore();
    drafts.save(KEY, '{not json');
    expect(loadPostDraft(drafts, KEY)).toBeNull();
    expect(drafts.load(KEY)).toBeNull();
    drafts.save(KEY, JSON.stringify({ category: 1 }));
    expect(loadPostDraft(drafts, KEY)).toBeNull();
    expect(drafts.load(KEY)).toBeNull();
  });

  it('sends the post once, then closes and clears on success; on failure keeps the text and the draft', () => {
    const sut = instrumented(null);
    const steps: PostComposerEvent[] = [
      { type: 'topic.category', category: 'climate-action' },
      { type: 'topic.subcategory', subcategory: 'embodied-carbon' },
      { type: 'composer.open' },
      { type: 'title.changed', title: 'Timber' },
      { type: 'content.changed', content: '<p><strong>Body</strong></p>' },
      { type: 'composer.submit' },
      { type: 'create.failed', error: new Error('500') },
    ];
    const failed = replay(sut.machine, { steps: steps.map((event) => ({ event })) }, coverage, checker(sut.world), sut.input);
    expect(failed.value).toBe('editing');
    expect(failed.context.alert).toBe(CREATE_FAILED);
    expect(storedDraft(sut.world)).toEqual({ category: 'climate-action', subcategory: 'embodied-carbon', title: 'Timber', content: '<p><strong>Body</strong></p>' });
    expect(sut.world.requests).toHaveLength(1);

    const again = instrumented(null);
    const ok = replay(again.machine, { steps: [...steps.slice(0, 6), { type: 'create.succeeded', discussion: created }].map((event) => ({ event })) }, coverage, checker(again.world), again.input);
    expect(ok.value).toBe('closed');
    expect(ok.context).toMatchObject({ title: '', content: '', alert: null, lastCreatedId: 'd1', category: 'climate-action' });
    expect(again.world.drafts.items.size).toBe(0);
  });

  it('reached every state and took every transition', () => {
    expect(uncovered(postComposerMachine, coverage)).toEqual({ states: [], transitions: [] });
  });
});

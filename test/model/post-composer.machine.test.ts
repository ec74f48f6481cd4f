/**
 * Model-based tests of the post composer: paths from its own graph (the shortest path to every abstract state, each
 * extended by every event that state accepts), replayed on a live actor whose effects only record into a plain model
 * of the world (the draft store, the API requests, the log), so the path's own events, `draft.restored` included,
 * play the answers. Invariants are checked after every step, and the last test fails if any state or transition was
 * never reached. The real effects are then run once against fakes (the draft store and the scripted API).
 */
import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor, type EventObject, type SnapshotFrom, waitFor } from 'xstate';
import { ApiError } from '../../src/application/api-error';
import type { Topic } from '../../src/application/discussion-feed.machine';
import { loadPostDraft, providePostComposer } from '../../src/application/post-composer.effects';
import {
  CONTENT_REQUIRED, CREATE_FAILED, draftOf, isPostComplete, type PostComposerEvent, type PostDraft, postComposerMachine, postDraftKey,
  type PostText, SELECT_TOPIC_BEFORE_POSTING, SELECT_TOPIC_FIRST,
} from '../../src/application/post-composer.machine';
import { MemoryDraftStore, ScriptedApi } from '../../src/application/testing/fakes';
import { type Discussion, isBlank } from '../../src/domain/discussion';
import { agree, type Coverage, getShortestPaths, holds, newCoverage, type PathLike, pathName, replay, uncovered } from './model-kit';

const KEY = postDraftKey('u1');
const T1: Topic = { category: 'climate-action', subcategory: 'embodied-carbon' };
const T2: Topic = { category: 'sustainable-cities-and-communities', subcategory: 'green-buildings' };
const CATEGORY_ONLY: Topic = { category: 'climate-action', subcategory: '' };
const NO_TOPIC: Topic = { category: '', subcategory: '' };
const REFUSAL = 'You are posting too fast. Please wait 30 seconds before posting again.';

const created: Discussion = {
  _id: 'd1', title: 'Timber', content: '<p>Body</p>', category: T1.category, subcategory: T1.subcategory, likes: [], likeCount: 0,
  commentCount: 0, comments: [], createdBy: { _id: 'u1', name: 'Ada Lovelace' }, createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z',
};

const storedDraft: PostText = { title: 'Half-written', content: '<p>So far</p>' };
const titleOnlyDraft: PostText = { title: 'Only a title', content: '' };

const events: PostComposerEvent[] = [
  { type: 'draft.restored', draft: storedDraft },
  { type: 'draft.restored', draft: titleOnlyDraft },
  { type: 'draft.restored', draft: null },
  { type: 'topic.changed', topic: T1 },
  { type: 'topic.changed', topic: T2 },
  { type: 'topic.changed', topic: CATEGORY_ONLY },
  { type: 'topic.changed', topic: NO_TOPIC },
  { type: 'composer.open' },
  { type: 'title.changed', title: 'Timber' },
  { type: 'title.changed', title: '   ' },
  { type: 'content.changed', content: '<p>Body</p>' },
  { type: 'content.changed', content: '<p> </p>' },
  { type: 'composer.submit' },
  { type: 'composer.cancel' },
  { type: 'create.succeeded', discussion: created },
  { type: 'create.failed', error: new Error('offline'), refusal: null },
  { type: 'create.failed', error: new ApiError('http', 429, REFUSAL), refusal: REFUSAL },
  { type: 'alert.dismissed' },
];

/** The topics the page may start with: both chosen, or none (a half-chosen one is told later, in every state). */
const inputs: { name: string; topic: Topic }[] = [
  { name: 'a topic chosen', topic: T1 },
  { name: 'no topic chosen', topic: NO_TOPIC },
];

type Snapshot = SnapshotFrom<typeof postComposerMachine>;

/**
 * Graph states are told apart by what the guards look at (which of the topic is chosen, the kind of title, blank
 * content) and whether an alert shows, so the graph stays small and every rule's branch is in it. Which alert, and
 * which topic exactly, are the checker's business.
 */
function serializeState(snapshot: Snapshot): string {
  const c = snapshot.context;
  const title = c.title.trim() ? 'title' : c.title ? 'blank-title' : 'no-title';
  return JSON.stringify([snapshot.value, Boolean(c.category), Boolean(c.subcategory), title, !isBlank(c.content), c.alert !== null]);
}

interface World {
  /** The keys the composer read a draft under. */
  reads: string[];
  /** Every key it saved or cleared under. */
  keys: string[];
  /** What the draft store holds. */
  stored: PostText | null;
  requests: PostDraft[];
  logged: unknown[];
}

/** The system under test: the machine with effects that only record into the model of the world. */
function instrumented() {
  const world: World = { reads: [], keys: [], stored: null, requests: [], logged: [] };
  const machine = postComposerMachine.provide({
    actions: {
      restoreDraft: (_, { key }) => void world.reads.push(key),
      createDiscussion: (_, post) => void world.requests.push(post),
      saveDraft: (_, { key, text }) => {
        world.keys.push(key);
        world.stored = text;
      },
      clearDraft: (_, { key }) => {
        world.keys.push(key);
        world.stored = null;
      },
      logError: (_, { error }) => void world.logged.push(error),
    },
  });
  return { world, machine };
}

const textOf = (c: PostText): PostText => ({ title: c.title, content: c.content });
const topicOf = (c: Topic): Topic => ({ category: c.category, subcategory: c.subcategory });
const hasTopic = (c: Topic) => Boolean(c.category && c.subcategory);
const EMPTY_TEXT: PostText = { title: '', content: '' };

/**
 * Thousands of steps: `expect` is compared cheaply first and called only to explain a difference (an object whose
 * keys come in another order falls through to `toEqual`, which decides).
 */

function checker(world: World, inputTopic: Topic) {
  let previous: Snapshot | null = null;
  /** The last topic the page told the composer. */
  let told = inputTopic;
  let requests = 0;
  return (snapshot: Snapshot, event: EventObject | null) => {
    const c = snapshot.context;
    const e = event as PostComposerEvent | null;
    const open = snapshot.matches('editing') || snapshot.matches('submitting');

    // The draft is read once, at the start, under the member's key; every save and clear uses that key.
    agree(world.reads, [KEY]);
    holds(world.keys.every((k) => k === KEY), 'drafts are kept under the member\'s key');
    if (!e || !previous) {
      holds(snapshot.matches('restoring'), 'starts restoring');
      agree(topicOf(c), inputTopic);
      previous = snapshot;
      return;
    }
    const was = previous.context;
    // The answer to the read is what the store held.
    if (e.type === 'draft.restored' && previous.matches('restoring')) world.stored = e.draft;

    // The topic is always the last one told, and telling it never touches the text or the step.
    if (e.type === 'topic.changed') {
      told = e.topic;
      agree(textOf(c), textOf(was));
      agree(snapshot.value, previous.value);
    }
    agree(topicOf(c), topicOf(told));

    // A restored draft opens the editor with its text; no draft leaves the composer closed.
    if (e.type === 'draft.restored' && previous.matches('restoring')) {
      agree(snapshot.value, e.draft ? 'editing' : 'closed');
      if (e.draft) agree(textOf(c), e.draft);
    }
    // The closed composer holds no text and no draft.
    if (snapshot.matches('closed')) {
      agree(textOf(c), EMPTY_TEXT);
      holds(world.stored === null, 'no draft is kept while closed');
    }
    // Whatever is typed while open is what the draft store holds.
    if (open) agree(world.stored ?? EMPTY_TEXT, textOf(c));
    // 'Create a Post' opens the editor only with both a category and a subcategory.
    if (e.type === 'composer.open' && previous.matches('closed')) {
      if (hasTopic(was)) agree([snapshot.value, c.alert], ['editing', null]);
      else agree([snapshot.value, c.alert], ['closed', SELECT_TOPIC_FIRST]);
    }
    // A request goes out exactly on a complete submit, carrying the post as typed.
    if (e.type === 'composer.submit' && previous.matches('editing')) {
      if (isPostComplete(was)) {
        agree(snapshot.value, 'submitting');
        holds(world.requests.length === requests + 1, 'one request per complete submit');
        agree(world.requests.at(-1), draftOf(was));
      } else {
        const lacksOnlyContent = hasTopic(was) && Boolean(was.title.trim());
        agree([snapshot.value, c.alert], ['editing', lacksOnlyContent ? CONTENT_REQUIRED : SELECT_TOPIC_BEFORE_POSTING]);
      }
    }
    if (world.requests.length !== requests) {
      holds(e.type === 'composer.submit' && previous.matches('editing') && isPostComplete(was), 'a request only on a complete submit');
      requests = world.requests.length;
    }
    // While the request is out nothing typed can change.
    if (snapshot.matches('submitting') && previous.matches('submitting')) agree(textOf(c), textOf(was));
    // Failure keeps what was typed and says so: the server's refusal when there is one, else the spec's text.
    if (e.type === 'create.failed' && previous.matches('submitting')) {
      agree([snapshot.value, textOf(c), c.alert], ['editing', textOf(was), e.refusal ?? CREATE_FAILED]);
      holds(world.logged.at(-1) === e.error, 'the failure is logged');
    }
    // Success and cancel close and clear the draft (the closed state's rule above checks the clearing).
    if (e.type === 'create.succeeded' && previous.matches('submitting')) agree([snapshot.value, c.lastCreatedId, c.alert], ['closed', e.discussion._id, null]);
    else holds(c.lastCreatedId === was.lastCreatedId, 'only a success names a created post');
    if (e.type === 'composer.cancel' && previous.matches('editing')) agree(snapshot.value, 'closed');
    // Alerts belong to the state they are about.
    if (c.alert === SELECT_TOPIC_FIRST) holds(snapshot.matches('closed'), `${c.alert} shows only while closed`);
    if (c.alert === SELECT_TOPIC_BEFORE_POSTING || c.alert === CONTENT_REQUIRED || c.alert === CREATE_FAILED || c.alert === REFUSAL) {
      holds(open, `${c.alert} shows only while open`);
    }
    if (snapshot.matches('restoring') || snapshot.matches('submitting')) holds(c.alert === null, 'no alert while restoring or submitting');
    previous = snapshot;
  };
}

/** The shortest path to every abstract state, extended by every event the state accepts (self-loops included). */
function edgePaths(machine: ReturnType<typeof instrumented>['machine'], input: unknown) {
  const paths: (PathLike<PostComposerEvent> & { target: string | null })[] = [];
  for (const path of getShortestPaths(machine, { events, input: input as never, serializeState: serializeState as never })) {
    const state = path.state as Snapshot;
    const steps = path.steps as { event: PostComposerEvent }[];
    paths.push({ steps, target: serializeState(state) });
    for (const event of events) if (state.can(event)) paths.push({ steps: [...steps, { event }], target: null });
  }
  return paths;
}

const stepsOf = (list: PostComposerEvent[]) => ({ steps: list.map((event) => ({ event })) });

describe('post composer machine (model-based)', () => {
  const coverage: Coverage = newCoverage();
  const run = (path: PathLike<PostComposerEvent>, topic: Topic) => {
    const sut = instrumented();
    return { sut, last: replay(sut.machine, path, coverage, checker(sut.world, topic), { draftKey: KEY, topic }) };
  };
  for (const { name, topic } of inputs) {
    describe(`with ${name}`, () => {
      const paths = edgePaths(instrumented().machine, { draftKey: KEY, topic });
      it('has a finite graph with paths to walk', () => {
        expect(paths.length).toBeGreaterThan(100);
      });
      it.each(paths.map((p, i) => [`${i} ${pathName(p)}`, p] as const))('%s', (_name, path) => {
        const { last } = run(path, topic);
        if (path.target) expect(serializeState(last)).toBe(path.target);
      });
    });
  }

  it('keeps the typed text and the draft through topic changes, and posts under the last topic told', () => {
    const { sut, last } = run(stepsOf([
      { type: 'draft.restored', draft: null },
      { type: 'topic.changed', topic: NO_TOPIC },
      { type: 'composer.open' },
      { type: 'topic.changed', topic: T1 },
      { type: 'composer.open' },
      { type: 'title.changed', title: 'Timber' },
      { type: 'content.changed', content: '<p><strong>Body</strong></p>' },
      { type: 'topic.changed', topic: CATEGORY_ONLY },
      { type: 'composer.submit' },
      { type: 'topic.changed', topic: T2 },
      { type: 'composer.submit' },
    ]), T1);
    expect(last.value).toBe('submitting');
    expect(sut.world.requests).toEqual([{ ...T2, title: 'Timber', content: '<p><strong>Body</strong></p>' }]);
    expect(sut.world.stored).toEqual({ title: 'Timber', content: '<p><strong>Body</strong></p>' });
  });

  it('shows the refusal of a 429 and the spec text for any other failure, keeping the text and the draft', () => {
    const typed = stepsOf([
      { type: 'draft.restored', draft: storedDraft },
      { type: 'composer.submit' },
      { type: 'create.failed', error: new ApiError('http', 429, REFUSAL), refusal: REFUSAL },
      { type: 'composer.submit' },
      { type: 'create.failed', error: new ApiError('http', 500, 'Internal error'), refusal: null },
    ]);
    const { sut, last } = run(typed, T1);
    expect(last.value).toBe('editing');
    expect(last.context.alert).toBe(CREATE_FAILED);
    expect(sut.world.requests).toHaveLength(2);
    expect(sut.world.stored).toEqual(storedDraft);
  });

  it('reopens a restored draft even where the page has no topic, and asks for one before posting', () => {
    const { sut, last } = run(stepsOf([
      { type: 'draft.restored', draft: storedDraft },
      { type: 'composer.submit' },
    ]), NO_TOPIC);
    expect(last.value).toBe('editing');
    expect(last.context.alert).toBe(SELECT_TOPIC_BEFORE_POSTING);
    expect(sut.world.requests).toEqual([]);
  });

  it('reached every state and took every transition', () => {
    expect(uncovered(postComposerMachine, coverage)).toEqual({ states: [], transitions: [] });
  });
});

// ---- The real effects, against fakes. ----

/** The real effects on fakes; `answers` are the events the effects sent back (the test itself sends none of them). */
function composerWorld(drafts = new MemoryDraftStore(), api = new ScriptedApi(), draftKey = KEY) {
  const logged: unknown[] = [];
  const answers: AnyEventObject[] = [];
  const answerTypes = new Set(['draft.restored', 'create.succeeded', 'create.failed']);
  const actor = createActor(providePostComposer({ api, drafts, log: (_message, error) => logged.push(error) }), {
    input: { draftKey, topic: T1 },
    inspect: (inspection) => {
      if (inspection.type === '@xstate.event' && answerTypes.has(inspection.event.type)) answers.push(inspection.event);
    },
  });
  actor.start();
  return { drafts, api, logged, answers, actor };
}

describe('post composer effects (fakes)', () => {
  it('restores the stored draft into an open editor, and starts closed without one', () => {
    const drafts = new MemoryDraftStore();
    drafts.save(KEY, JSON.stringify(storedDraft));
    const w = composerWorld(drafts);
    expect(w.actor.getSnapshot().value).toBe('editing');
    expect(textOf(w.actor.getSnapshot().context)).toEqual(storedDraft);
    expect(w.answers).toEqual([{ type: 'draft.restored', draft: storedDraft }]);
    // Another member on the same browser does not get this draft.
    const other = composerWorld(drafts, new ScriptedApi(), postDraftKey('u2'));
    expect(other.actor.getSnapshot().value).toBe('closed');
    expect(JSON.parse(drafts.load(KEY)!)).toEqual(storedDraft);
    const empty = composerWorld(new MemoryDraftStore());
    expect(empty.actor.getSnapshot().value).toBe('closed');
    expect(empty.answers).toEqual([{ type: 'draft.restored', draft: null }]);
  });

  it('drops a stored draft it cannot read', () => {
    for (const unreadable of ['{not json', JSON.stringify({ title: 1 }), JSON.stringify({ title: '', content: '' }), JSON.stringify('text')]) {
      const drafts = new MemoryDraftStore();
      drafts.save(KEY, unreadable);
      const w = composerWorld(drafts);
      expect(w.actor.getSnapshot().value).toBe('closed');
      expect(drafts.load(KEY)).toBeNull();
    }
    const drafts = new MemoryDraftStore();
    drafts.save(KEY, '{not json');
    expect(loadPostDraft(drafts, KEY)).toBeNull();
    expect(drafts.items.size).toBe(0);
  });

  it('keeps what is typed in the store and sends the post; success answers create.succeeded, closes and clears', async () => {
    const api = new ScriptedApi({ 'discussions.create': async () => ({ success: true, discussion: created }) });
    const w = composerWorld(new MemoryDraftStore(), api);
    w.actor.send({ type: 'composer.open' });
    w.actor.send({ type: 'title.changed', title: 'Timber' });
    w.actor.send({ type: 'content.changed', content: '<p>Body</p>' });
    expect(JSON.parse(w.drafts.load(KEY)!)).toEqual({ title: 'Timber', content: '<p>Body</p>' });
    w.actor.send({ type: 'composer.submit' });
    await waitFor(w.actor, (s) => s.matches('closed'));
    expect(api.calls).toEqual([{ name: 'discussions.create', input: { body: { ...T1, title: 'Timber', content: '<p>Body</p>' } } }]);
    expect(w.answers.at(-1)).toEqual({ type: 'create.succeeded', discussion: created });
    expect(w.actor.getSnapshot().context).toMatchObject({ title: '', content: '', alert: null, lastCreatedId: 'd1' });
    expect(w.drafts.items.size).toBe(0);
    expect(w.logged).toEqual([]);
  });

  it('answers a 429 with the server\'s message as the refusal, any other failure with none', async () => {
    const tooFast = new ApiError('http', 429, REFUSAL);
    const api = new ScriptedApi({ 'discussions.create': () => Promise.reject(tooFast) });
    const drafts = new MemoryDraftStore();
    drafts.save(KEY, JSON.stringify({ title: 'Timber', content: '<p>Body</p>' }));
    const w = composerWorld(drafts, api);
    w.actor.send({ type: 'composer.submit' });
    await waitFor(w.actor, (s) => s.matches('editing') && s.context.alert !== null);
    expect(w.answers.at(-1)).toEqual({ type: 'create.failed', error: tooFast, refusal: REFUSAL });
    expect(w.actor.getSnapshot().context.alert).toBe(REFUSAL);
    expect(w.logged).toEqual([tooFast]);

    for (const error of [new ApiError('http', 400, 'title: Too long'), new ApiError('http', 500, 'Internal error'), new ApiError('network', 0, 'offline')]) {
      api.answer('discussions.create', () => Promise.reject(error));
      w.actor.send({ type: 'alert.dismissed' });
      w.actor.send({ type: 'composer.submit' });
      await waitFor(w.actor, (s) => s.matches('editing') && s.context.alert !== null);
      expect(w.answers.at(-1)).toEqual({ type: 'create.failed', error, refusal: null });
      expect(w.actor.getSnapshot().context.alert).toBe(CREATE_FAILED);
    }
    expect(api.calls).toHaveLength(4);
    expect(JSON.parse(drafts.load(KEY)!)).toEqual({ title: 'Timber', content: '<p>Body</p>' });
  });
});

/**
 * Model-based tests of the post composer: paths from its own graph (the shortest path to every abstract state, each
 * extended by every event, accepted there or not), replayed on a live actor whose effects only record, so the path's
 * own events, `draft.restored` included, play the answers. After every step the machine is compared with a plain model
 * of what the composer should be (where it is, topic, title, content, alert, the post created last, and every effect
 * asked for with its parameters); named rules are checked besides, and the last test fails if any state or transition
 * was never reached. The real effects are then run once against fakes (the draft store and the scripted API).
 */
import { describe, expect, it } from 'vitest';
import { type AnyActorRef, type AnyEventObject, createActor, type EventObject, type SnapshotFrom, waitFor } from 'xstate';
import { ApiError } from '../../src/application/api-error';
import type { Topic } from '../../src/application/discussion-feed.machine';
import { loadPostDraft, providePostComposer } from '../../src/application/post-composer.effects';
import {
  COMPOSER_MENTIONS, draftOf, isPostComplete, type PostComposerEvent, type PostDraft, type PostFieldErrors, postComposerMachine, postDraftKey, type PostText,
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
const TITLE_TOO_LONG = 'Title must be at most 200 characters';

const created: Discussion = {
  _id: 'd1', title: 'Timber', content: '<p>Body</p>', category: T1.category, subcategory: T1.subcategory, likes: [], likeCount: 0,
  commentCount: 0, comments: [], createdBy: { _id: 'u1', name: 'Ada Lovelace' }, createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z', editedAt: null,
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
  { type: 'create.failed', error: new ApiError('http', 400, TITLE_TOO_LONG), refusal: null, fieldErrors: { title: TITLE_TOO_LONG } },
  { type: 'alert.dismissed' },
  // Mentions (ADR 150): told to the picker the editing composer holds; nothing of the composer's own changes.
  { type: 'mention.query', query: 'ad' },
  { type: 'mention.dismiss' },
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
  return JSON.stringify([snapshot.value, Boolean(c.category), Boolean(c.subcategory), title, !isBlank(c.content), c.alert !== null, Object.keys(c.fieldErrors).sort().join()]);
}

/** What the composer should be, written without looking at the machine. */
type Where = 'restoring' | 'closed' | 'editing' | 'submitting';
type Effect =
  | { type: 'restore'; key: string }
  | { type: 'save'; key: string; text: PostText }
  | { type: 'clear'; key: string }
  | { type: 'create'; post: PostDraft }
  | { type: 'log' };

interface Model extends PostDraft {
  where: Where;
  alert: string | null;
  /** Beside the title and the content (ADR 164). */
  fieldErrors: PostFieldErrors;
  lastCreatedId: string | null;
  effects: Effect[];
  /** The errors logged, compared by identity. */
  logged: unknown[];
}

/** The alerts as the member reads them (spec section 8; the content rule's text is the product's own). */
const TEXT = {
  selectTopicFirst: 'Please select both category and subcategory first',
  selectTopicBeforePosting: 'Please select both category and subcategory before creating a post',
  contentRequired: 'Please write the post before creating it',
  createFailed: 'Failed to create discussion. Please try again.',
};

const initialModel = (topic: Topic): Model => ({
  where: 'restoring', category: topic.category, subcategory: topic.subcategory, title: '', content: '', alert: null, fieldErrors: {}, lastCreatedId: null,
  effects: [{ type: 'restore', key: KEY }], logged: [],
});

function step(m: Model, e: PostComposerEvent): Model {
  const n: Model = { ...m, effects: [...m.effects], logged: [...m.logged] };
  const chosen = Boolean(m.category) && Boolean(m.subcategory);
  // The page tells the topic in every state; a new topic clears the alert about it.
  if (e.type === 'topic.changed') return { ...n, category: e.topic.category, subcategory: e.topic.subcategory, alert: null };
  const cleared = (): Model => {
    n.effects.push({ type: 'clear', key: KEY });
    return { ...n, where: 'closed', title: '', content: '', alert: null, fieldErrors: {} };
  };
  switch (m.where) {
    case 'restoring':
      if (e.type !== 'draft.restored') return m;
      return e.draft ? { ...n, where: 'editing', title: e.draft.title, content: e.draft.content } : { ...n, where: 'closed' };
    case 'closed':
      if (e.type === 'composer.open') return chosen ? { ...n, where: 'editing', alert: null } : { ...n, alert: TEXT.selectTopicFirst };
      if (e.type === 'alert.dismissed') return { ...n, alert: null };
      return m;
    case 'editing':
      switch (e.type) {
        case 'title.changed':
          n.effects.push({ type: 'save', key: KEY, text: { title: e.title, content: m.content } });
          return { ...n, title: e.title, fieldErrors: omit(m.fieldErrors, 'title') };
        case 'content.changed':
          n.effects.push({ type: 'save', key: KEY, text: { title: m.title, content: e.content } });
          return { ...n, content: e.content, fieldErrors: omit(m.fieldErrors, 'content') };
        case 'composer.submit': {
          const titled = chosen && m.title.trim() !== '';
          if (titled && !isBlank(m.content)) {
            n.effects.push({ type: 'create', post: { category: m.category, subcategory: m.subcategory, title: m.title, content: m.content } });
            return { ...n, where: 'submitting', alert: null, fieldErrors: {} };
          }
          // Content missing is said beside the editor; the topic's alert is the spec's.
          return titled ? { ...n, alert: null, fieldErrors: { content: TEXT.contentRequired } } : { ...n, alert: TEXT.selectTopicBeforePosting };
        }
        case 'composer.cancel':
          return cleared();
        case 'alert.dismissed':
          return { ...n, alert: null };
        default:
          return m;
      }
    case 'submitting':
      if (e.type === 'create.succeeded') return { ...cleared(), lastCreatedId: e.discussion._id };
      if (e.type === 'create.failed') {
        n.effects.push({ type: 'log' });
        n.logged.push(e.error);
        if (e.fieldErrors && Object.keys(e.fieldErrors).length) return { ...n, where: 'editing', alert: null, fieldErrors: e.fieldErrors };
        return { ...n, where: 'editing', alert: e.refusal ?? TEXT.createFailed };
      }
      return m;
  }
}

function omit(errors: PostFieldErrors, field: keyof PostText): PostFieldErrors {
  const { [field]: _gone, ...rest } = errors;
  return rest;
}

interface World {
  effects: Effect[];
  logged: unknown[];
  /** What the draft store holds. */
  stored: PostText | null;
}

/** The system under test: the machine with effects that only record into the model of the world. */
function instrumented() {
  const world: World = { effects: [], logged: [], stored: null };
  const machine = postComposerMachine.provide({
    actions: {
      restoreDraft: (_, { key }) => void world.effects.push({ type: 'restore', key }),
      createDiscussion: (_, post) => void world.effects.push({ type: 'create', post }),
      saveDraft: (_, { key, text }) => {
        world.effects.push({ type: 'save', key, text });
        world.stored = text;
      },
      clearDraft: (_, { key }) => {
        world.effects.push({ type: 'clear', key });
        world.stored = null;
      },
      logError: (_, { error }) => {
        world.effects.push({ type: 'log' });
        world.logged.push(error);
      },
    },
  });
  return { world, machine };
}

const textOf = (c: PostText): PostText => ({ title: c.title, content: c.content });
const EMPTY_TEXT: PostText = { title: '', content: '' };

/**
 * After every step the machine agrees with the plain model on where it is, the topic, the text, the alert, the post
 * created last and every effect asked for with its parameters; named rules are checked besides. Thousands of steps:
 * `agree` compares cheaply first and calls `expect` only to explain a difference.
 */
function checker(world: World, inputTopic: Topic) {
  let model = initialModel(inputTopic);
  return (snapshot: Snapshot, event: EventObject | null) => {
    const e = event as PostComposerEvent | null;
    // The answer to the read is what the store held.
    if (e?.type === 'draft.restored' && model.where === 'restoring') world.stored = e.draft;
    if (e) model = step(model, e);
    const c = snapshot.context;
    const { effects, logged, ...rest } = model;
    agree(
      { where: snapshot.value, category: c.category, subcategory: c.subcategory, title: c.title, content: c.content, alert: c.alert, fieldErrors: c.fieldErrors, lastCreatedId: c.lastCreatedId, effects: world.effects },
      { ...rest, effects },
    );
    holds(world.logged.length === logged.length && world.logged.every((error, i) => error === logged[i]), 'each failure is logged with its own error');
    // The key the draft is kept under is the member's, and never changes.
    holds(c.draftKey === KEY, 'the draft key is the member\'s');
    // The closed composer holds no text and no draft; whatever is typed while open is what the draft store holds.
    if (snapshot.matches('closed')) holds(world.stored === null && c.title === '' && c.content === '', 'nothing is kept while closed');
    if (snapshot.matches('editing') || snapshot.matches('submitting')) agree(world.stored ?? EMPTY_TEXT, textOf(c));
    // The submit button is enabled exactly when a request would go out.
    holds(isPostComplete(c) === (hasTopic(c) && c.title.trim() !== '' && !isBlank(c.content)), 'complete means topic, title and content');
    agree(draftOf(c), { category: c.category, subcategory: c.subcategory, title: c.title, content: c.content });
    if (snapshot.matches('restoring') || snapshot.matches('submitting')) holds(c.alert === null, 'no alert while restoring or submitting');
    // The closed composer's only alert asks for a topic, and only while none is chosen.
    if (snapshot.matches('closed') && c.alert !== null) holds(c.alert === TEXT.selectTopicFirst && !hasTopic(c), 'asks for a topic only without one');
  };
}

const hasTopic = (c: Topic) => Boolean(c.category && c.subcategory);

/**
 * The shortest path to every abstract state, with its extensions by every event, accepted there or not: the model
 * says which, so a transition a change to the machine removed is missed by the model, not hidden by the graph. One
 * test per state keeps the file fast (each mutant reruns it).
 */
function edgePaths(machine: ReturnType<typeof instrumented>['machine'], input: unknown) {
  return getShortestPaths(machine, { events, input: input as never, serializeState: serializeState as never }).map((path) => {
    const steps = path.steps as { event: PostComposerEvent }[];
    return { steps, target: serializeState(path.state as Snapshot), extensions: events.map((event) => ({ steps: [...steps, { event }] })) };
  });
}

const requestsOf = (world: World) => world.effects.flatMap((e) => (e.type === 'create' ? [e.post] : []));

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
        expect(paths.length).toBeGreaterThan(10);
      });
      it.each(paths.map((p, i) => [`${i} ${pathName(p)}`, p] as const))('%s, then every event', (_name, path) => {
        const { last } = run(path, topic);
        expect(serializeState(last)).toBe(path.target);
        for (const extension of path.extensions) run(extension, topic);
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
    expect(requestsOf(sut.world)).toEqual([{ ...T2, title: 'Timber', content: '<p><strong>Body</strong></p>' }]);
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
    expect(last.context.alert).toBe(TEXT.createFailed);
    expect(requestsOf(sut.world)).toHaveLength(2);
    expect(sut.world.stored).toEqual(storedDraft);
  });

  it('reopens a restored draft even where the page has no topic, and asks for one before posting', () => {
    const { sut, last } = run(stepsOf([
      { type: 'draft.restored', draft: storedDraft },
      { type: 'composer.submit' },
    ]), NO_TOPIC);
    expect(last.value).toBe('editing');
    expect(last.context.alert).toBe(TEXT.selectTopicBeforePosting);
    expect(requestsOf(sut.world)).toEqual([]);
  });

  it('holds a mention picker while editing, tells it the mention events, and lets it go when the post is sent', () => {
    const sut = instrumented();
    const actor = createActor(sut.machine, { input: { draftKey: KEY, topic: T1 } }).start();
    actor.send({ type: 'draft.restored', draft: storedDraft });
    const picker = () => actor.getSnapshot().children[COMPOSER_MENTIONS] as AnyActorRef | undefined;
    actor.send({ type: 'mention.query', query: 'ad' });
    expect(picker()?.getSnapshot().value).toBe('querying');
    actor.send({ type: 'mention.dismiss' });
    expect(picker()?.getSnapshot().value).toBe('idle');
    actor.send({ type: 'composer.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(picker()).toBeUndefined();
    actor.stop();
  });

  it('reached every state and took every transition', () => {
    expect(uncovered(postComposerMachine, coverage)).toEqual({ states: [], transitions: [] });
  });
});

// ---- The real effects, against fakes. ----

/** The real effects on fakes; `answers` are the events the effects sent back (the test itself sends none of them). */
function composerWorld(drafts = new MemoryDraftStore(), api = new ScriptedApi(), draftKey = KEY) {
  const logged: unknown[] = [];
  const messages: string[] = [];
  const answers: AnyEventObject[] = [];
  const answerTypes = new Set(['draft.restored', 'create.succeeded', 'create.failed']);
  const actor = createActor(providePostComposer({ api, drafts, log: (message, error) => {
    messages.push(message);
    logged.push(error);
  } }), {
    input: { draftKey, topic: T1 },
    inspect: (inspection) => {
      if (inspection.type === '@xstate.event' && answerTypes.has(inspection.event.type)) answers.push(inspection.event);
    },
  });
  actor.start();
  return { drafts, api, logged, messages, answers, actor };
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

  it('restores a draft with only a title or only content, and writes nothing when there is none', () => {
    for (const draft of [titleOnlyDraft, { title: '', content: '<p>Only content</p>' }]) {
      const drafts = new MemoryDraftStore();
      drafts.save(KEY, JSON.stringify(draft));
      const w = composerWorld(drafts);
      expect(w.actor.getSnapshot().value).toBe('editing');
      expect(textOf(w.actor.getSnapshot().context)).toEqual(draft);
      expect(JSON.parse(drafts.load(KEY)!)).toEqual(draft);
    }
    // Reading no draft neither saves nor removes anything.
    const writes: string[] = [];
    const drafts = new MemoryDraftStore();
    const watched = { load: (key: string) => drafts.load(key), save: (key: string) => writes.push(`save ${key}`), remove: (key: string) => writes.push(`remove ${key}`) };
    expect(loadPostDraft(watched, KEY)).toBeNull();
    expect(writes).toEqual([]);
  });

  it('drops a stored draft it cannot read', () => {
    const unreadables = [
      '{not json', 'null', '[]', JSON.stringify('text'), JSON.stringify({ title: 1 }), JSON.stringify({ title: 'Only a title' }), JSON.stringify({ content: '<p>Only content</p>' }),
      JSON.stringify({ title: 'Timber', content: 7 }), JSON.stringify({ title: '', content: '' }),
      JSON.stringify({ title: 'x'.repeat(1001), content: '' }), JSON.stringify({ title: '😀'.repeat(1001), content: '' }), JSON.stringify({ title: '', content: 'x'.repeat(200_001) }),
    ];
    for (const unreadable of unreadables) {
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

  it('restores a draft at the longest a draft may be, counted in characters, and leaves behind anything else stored with it', () => {
    const drafts = new MemoryDraftStore();
    // An emoji is two UTF-16 units but one character.
    for (const longest of [{ title: 'x'.repeat(1000), content: 'y'.repeat(200_000) }, { title: '😀'.repeat(1000), content: '🌳'.repeat(200_000) }]) {
      drafts.save(KEY, JSON.stringify(longest));
      expect(loadPostDraft(drafts, KEY)).toEqual(longest);
    }
    drafts.save(KEY, JSON.stringify({ title: 'Timber', content: '<p>Body</p>', topic: 'old', saved: 1 }));
    expect(loadPostDraft(drafts, KEY)).toStrictEqual({ title: 'Timber', content: '<p>Body</p>' });
    expect(drafts.items.size).toBe(1);
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
    expect(w.answers.at(-1)).toEqual({ type: 'create.failed', error: tooFast, refusal: REFUSAL, fieldErrors: null });
    expect(w.actor.getSnapshot().context.alert).toBe(REFUSAL);
    expect(w.logged).toEqual([tooFast]);
    expect(w.messages).toEqual(['creating a discussion failed']);

    for (const error of [new ApiError('http', 400, 'title: Too long'), new ApiError('http', 500, 'Internal error'), new ApiError('network', 0, 'offline')]) {
      api.answer('discussions.create', () => Promise.reject(error));
      w.actor.send({ type: 'alert.dismissed' });
      w.actor.send({ type: 'composer.submit' });
      await waitFor(w.actor, (s) => s.matches('editing') && s.context.alert !== null);
      expect(w.answers.at(-1)).toEqual({ type: 'create.failed', error, refusal: null, fieldErrors: null });
      expect(w.actor.getSnapshot().context.alert).toBe(TEXT.createFailed);
    }
    expect(api.calls).toHaveLength(4);
    expect(JSON.parse(drafts.load(KEY)!)).toEqual({ title: 'Timber', content: '<p>Body</p>' });

    // A 400 naming the title (ADR 164): said beside it, with no alert; other fields it names are not the composer's.
    const body = { success: false, message: `title: ${TITLE_TOO_LONG}`, fieldErrors: { title: TITLE_TOO_LONG, category: 'Please choose a category' } };
    const refused = new ApiError('http', 400, TITLE_TOO_LONG, body);
    api.answer('discussions.create', () => Promise.reject(refused));
    w.actor.send({ type: 'alert.dismissed' });
    w.actor.send({ type: 'composer.submit' });
    await waitFor(w.actor, (s) => s.matches('editing') && s.context.fieldErrors.title !== undefined);
    expect(w.answers.at(-1)).toEqual({ type: 'create.failed', error: refused, refusal: null, fieldErrors: { title: TITLE_TOO_LONG } });
    expect(w.actor.getSnapshot().context).toMatchObject({ alert: null, fieldErrors: { title: TITLE_TOO_LONG } });
    w.actor.send({ type: 'title.changed', title: 'Shorter' });
    expect(w.actor.getSnapshot().context.fieldErrors).toEqual({});
  });
});

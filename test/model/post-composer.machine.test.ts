/**
 * Model-based tests of the post composer: paths from its own graph (the shortest path to every abstract state, each
 * extended by every event, accepted there or not), replayed on a live actor whose effects only record, so the path's
 * own events, `draft.restored` included, play the answers. After every step the machine is compared with a plain model
 * of what the composer should be (where it is, topic, title, content, alert, the post created last, and every effect
 * asked for with its parameters); named rules are checked besides, and the last test fails if any state or transition
 * was never reached. The real effects are run against fakes in post-composer.effects.test.ts; the world both use is in
 * post-composer.fixtures.ts.
 */
import { describe, expect, it } from 'vitest';
import { type AnyActorRef, createActor, type EventObject, type SnapshotFrom } from 'xstate';
import { ApiError } from '../../src/application/api-error';
import type { Topic } from '../../src/application/discussion-feed.machine';
import {
  COMPOSER_MENTIONS, draftOf, isPostComplete, type PostComposerEvent, type PostDraft, type PostFieldErrors, postComposerMachine, type PostText,
} from '../../src/application/post-composer.machine';
import { isBlank } from '../../src/domain/discussion';
import { agree, type Coverage, getShortestPaths, holds, newCoverage, type PathLike, pathName, replay, uncovered } from './model-kit';
import {
  CATEGORY_ONLY, created, KEY, NO_TOPIC, REFUSAL, storedDraft, T1, T2, TEXT, textOf, TITLE_TOO_LONG, titleOnlyDraft,
} from './post-composer.fixtures';

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

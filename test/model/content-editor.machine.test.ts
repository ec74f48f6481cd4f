/**
 * Model-based tests of the content editor (issue 38 item 10, ADR 157): paths from the machine's own graph (the shortest
 * path to every abstract state, each extended by every event, and the simple paths), replayed on a live actor whose
 * effects only record, and compared after every step with a plain model. A last test fails if any state or transition
 * was never reached. The effects file is then run against the scripted API.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type EventObject, type SnapshotFrom, waitFor } from 'xstate';
import { ApiError } from '../../src/application/api-error';
import { provideContentEditor } from '../../src/application/content-editor.effects';
import { fieldErrorsOf } from '../../src/domain/authoring';
import {
  CONTENT_EDITOR_TEXT, type ContentEditorEvent, contentEditorMachine, type EditorConflict, type EditorItem, type PublishingAction,
} from '../../src/application/content-editor.machine';
import { RecordingNotifier, ScriptedApi } from '../../src/application/testing/fakes';
import { agree, type Coverage, getShortestPaths, getSimplePaths, holds, newCoverage, type PathLike, pathName, replay, uncovered } from './model-kit';

const ID = '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f';
const FIELDS = { slug: 'counting-carbon', title: 'Counting carbon', category: 'carbon', description: 'How.', imageUrl: '/media/articles/carbon.svg', body: 'Text' };
const item = (version: number, fields: Record<string, unknown> = FIELDS, status: EditorItem['status'] = 'draft'): EditorItem => ({
  id: ID, version, status, fields, publicUrl: status === 'published' ? `/articles/${ID}` : null, scheduledAt: null, updatedByName: 'Ada Lovelace', updatedAt: '2026-11-29T09:00:00.000Z',
});
const CONFLICT: EditorConflict = { message: 'Changed by Ada Lovelace at 2026-11-29 09:00 UTC', current: item(5, { ...FIELDS, title: 'Theirs' }), yours: FIELDS };

type Snapshot = SnapshotFrom<typeof contentEditorMachine>;
type Screen = 'editing' | 'validating' | 'saving' | 'conflict' | 'previewing' | 'publishing' | 'failed';

function eventsFor(s: Snapshot): ContentEditorEvent[] {
  const list: ContentEditorEvent[] = [
    { type: 'field.change', name: 'title', value: 'Counting carbon early' }, { type: 'field.change', name: 'title', value: 'Counting carbon' },
    { type: 'editor.save' }, { type: 'editor.preview' }, { type: 'editor.publish', at: null }, { type: 'editor.publish', at: '2026-12-01T09:00:00.000Z' },
    { type: 'editor.unpublish', to: 'archived' }, { type: 'editor.restore', revisionId: 'r1' },
    { type: 'conflict.keepMine' }, { type: 'conflict.takeTheirs' }, { type: 'preview.close' }, { type: 'failed.dismiss' },
  ];
  if (s.matches('validating')) list.push({ type: 'validation.passed' }, { type: 'validation.failed', fieldErrors: { title: 'Title is required' } });
  if (s.matches('saving')) {
    list.push({ type: 'save.succeeded', item: item(4, s.context.fields) }, { type: 'save.invalid', fieldErrors: { slug: 'Another item already uses this slug' } },
      { type: 'save.conflict', conflict: CONFLICT }, { type: 'save.failed', message: 'offline' });
  }
  if (s.matches('previewing')) list.push({ type: 'preview.loaded', page: { title: 'Counting carbon' } }, { type: 'preview.failed', message: 'Not found' });
  if (s.matches('publishing')) {
    list.push({ type: 'publish.succeeded', item: item(6, s.context.fields, 'published') }, { type: 'publish.conflict', conflict: CONFLICT },
      { type: 'publish.invalid', fieldErrors: { 'sections:lesson:counting-carbon': 'the lesson is empty' } }, { type: 'publish.failed', message: 'offline' });
  }
  return list;
}

interface Model {
  screen: Screen;
  item: EditorItem | null;
  fields: Record<string, unknown>;
  saved: Record<string, unknown>;
  fieldErrors: Record<string, string>;
  conflict: EditorConflict | null;
  pending: PublishingAction | null;
  page: Record<string, unknown> | null;
  error: string | null;
  announcement: string;
  effects: string[];
}

const dirty = (m: Model) => !m.item || JSON.stringify(m.fields) !== JSON.stringify(m.saved);
const loaded = (i: EditorItem) => ({ item: i, fields: i.fields, saved: i.fields, fieldErrors: {}, conflict: null, error: null });

function step(m: Model, e: ContentEditorEvent): Model {
  const next: Model = { ...m, effects: [...m.effects] };
  const begin = (pending: PublishingAction): Model => {
    if (dirty(m)) return { ...next, error: CONTENT_EDITOR_TEXT.saveFirst };
    next.effects.push(`publish ${m.item!.id} v${m.item!.version} ${JSON.stringify(pending)}`);
    return { ...next, screen: 'publishing', pending, error: null };
  };
  switch (m.screen) {
    case 'editing':
      if (e.type === 'field.change') {
        const rest = Object.fromEntries(Object.entries(m.fieldErrors).filter(([name]) => name !== e.name && !name.startsWith(`${e.name}:`)));
        return { ...next, fields: { ...m.fields, [e.name]: e.value }, fieldErrors: rest };
      }
      if (e.type === 'editor.save') {
        next.effects.push(`validate ${JSON.stringify(m.fields)}`);
        return { ...next, screen: 'validating', error: null, announcement: '' };
      }
      if (e.type === 'editor.preview') {
        if (dirty(m)) return { ...next, error: CONTENT_EDITOR_TEXT.saveFirst };
        next.effects.push(`preview ${m.item!.id}`);
        return { ...next, screen: 'previewing', page: null, error: null };
      }
      if (e.type === 'editor.publish') return begin({ type: 'publish', at: e.at });
      if (e.type === 'editor.unpublish') return begin({ type: 'unpublish', to: e.to });
      if (e.type === 'editor.restore') return begin({ type: 'restore', revisionId: e.revisionId });
      return m;
    case 'validating':
      if (e.type === 'validation.passed') {
        next.effects.push(`save ${m.item?.id ?? 'new'} v${m.item?.version ?? 0} ${JSON.stringify(m.fields)}`);
        return { ...next, screen: 'saving', fieldErrors: {} };
      }
      if (e.type === 'validation.failed') return { ...next, screen: 'editing', fieldErrors: e.fieldErrors };
      return m;
    case 'saving':
      if (e.type === 'save.succeeded') {
        next.effects.push(`tell ${CONTENT_EDITOR_TEXT.saved}`);
        return { ...next, ...loaded(e.item), screen: 'editing', announcement: CONTENT_EDITOR_TEXT.saved };
      }
      if (e.type === 'save.invalid') return { ...next, screen: 'editing', fieldErrors: e.fieldErrors };
      if (e.type === 'save.conflict') return { ...next, screen: 'conflict', conflict: e.conflict };
      if (e.type === 'save.failed') return { ...next, screen: 'failed', error: e.message };
      return m;
    case 'conflict':
      if (e.type === 'conflict.keepMine') return { ...next, screen: 'editing', item: m.conflict!.current, saved: m.conflict!.current.fields, conflict: null };
      if (e.type === 'conflict.takeTheirs') return { ...next, ...loaded(m.conflict!.current), screen: 'editing' };
      return m;
    case 'previewing':
      if (e.type === 'preview.loaded') return { ...next, page: e.page };
      if (e.type === 'preview.failed') return { ...next, screen: 'failed', error: e.message };
      if (e.type === 'preview.close') return { ...next, screen: 'editing', page: null };
      return m;
    case 'publishing':
      if (e.type === 'publish.succeeded') {
        const text = m.pending?.type === 'restore' ? CONTENT_EDITOR_TEXT.restored : m.pending?.type === 'unpublish' ? CONTENT_EDITOR_TEXT.unpublished : CONTENT_EDITOR_TEXT.published;
        next.effects.push(`tell ${text}`);
        return { ...next, ...loaded(e.item), screen: 'editing', pending: null, announcement: text };
      }
      if (e.type === 'publish.conflict') return { ...next, screen: 'conflict', conflict: e.conflict, pending: null };
      if (e.type === 'publish.invalid') return { ...next, screen: 'editing', fieldErrors: e.fieldErrors, pending: null };
      if (e.type === 'publish.failed') return { ...next, screen: 'failed', error: e.message, pending: null };
      return m;
    case 'failed':
      if (e.type === 'field.change') {
        const rest = Object.fromEntries(Object.entries(m.fieldErrors).filter(([name]) => name !== e.name && !name.startsWith(`${e.name}:`)));
        return { ...next, screen: 'editing', error: null, fields: { ...m.fields, [e.name]: e.value }, fieldErrors: rest };
      }
      return e.type === 'failed.dismiss' ? { ...next, screen: 'editing', error: null } : m;
  }
}

function instrumented() {
  const world = { effects: [] as string[] };
  const machine = contentEditorMachine.provide({
    actions: {
      validate: (_, p) => void world.effects.push(`validate ${JSON.stringify(p.fields)}`),
      save: (_, p) => void world.effects.push(`save ${p.id ?? 'new'} v${p.version} ${JSON.stringify(p.fields)}`),
      loadPreview: (_, p) => void world.effects.push(`preview ${p.id}`),
      publish: (_, p) => void world.effects.push(`publish ${p.id} v${p.version} ${JSON.stringify(p.action)}`),
      tell: (_, p) => void world.effects.push(`tell ${p.message}`),
    },
  });
  return { world, machine };
}

function checker(world: ReturnType<typeof instrumented>['world'], start: Model) {
  let model = start;
  return (snapshot: Snapshot, event: EventObject | null) => {
    if (event) model = step(model, event as ContentEditorEvent);
    const { effects, screen, ...expected } = model;
    const { kind: _kind, ...context } = snapshot.context;
    agree({ screen: snapshot.value, ...context, effects: world.effects }, { screen, ...expected, effects });
    // Nothing is sent twice at once: while a call is on its way, no other save or publish can start.
    if (['validating', 'saving', 'publishing', 'previewing'].includes(String(snapshot.value))) {
      holds(!snapshot.can({ type: 'editor.save' }) && !snapshot.can({ type: 'editor.publish', at: null }), 'one call at a time');
    }
    // Unsaved changes are never published: every publish names the version its fields were saved as.
    holds(!(snapshot.matches('publishing') && JSON.stringify(snapshot.context.fields) !== JSON.stringify(snapshot.context.saved)), 'only saved fields are published');
  };
}

describe('content editor machine (model-based)', () => {
  const coverage: Coverage = newCoverage();
  const starts = [
    { name: 'a new article', input: { kind: 'articles' as const, item: null, fields: FIELDS } },
    { name: 'a saved article', input: { kind: 'articles' as const, item: item(3) } },
  ];
  for (const start of starts) {
    const initial: Model = {
      screen: 'editing', item: start.input.item, fields: start.input.item?.fields ?? start.input.fields ?? {}, saved: start.input.item?.fields ?? {},
      fieldErrors: {}, conflict: null, pending: null, page: null, error: null, announcement: '', effects: [],
    };
    const serialize = (s: Snapshot) => JSON.stringify([s.value, s.context.item?.version ?? null, s.context.fields.title === s.context.saved.title, s.context.error !== null, Object.keys(s.context.fieldErrors).length]);
    const paths: PathLike<ContentEditorEvent>[] = [];
    const machine = contentEditorMachine;
    for (const path of getShortestPaths(machine, { events: eventsFor as never, serializeState: serialize as never, input: start.input } as never)) {
      for (const event of eventsFor(path.state as Snapshot)) paths.push({ steps: [...(path.steps as { event: ContentEditorEvent }[]), { event }] });
    }
    const simple = getSimplePaths(machine, {
      events: eventsFor as never, input: start.input,
      serializeState: ((s: Snapshot) => JSON.stringify([s.value, s.context.item === null, s.context.fields.title === s.context.saved.title])) as never,
    } as never).filter((p) => p.steps.length <= 4);
    paths.push(...(simple as unknown as PathLike<ContentEditorEvent>[]).slice(0, 150));

    it.each(paths.map((p) => [`${start.name}: ${pathName(p)}`, p] as const))('%s', (_name, path) => {
      const { world, machine: provided } = instrumented();
      replay(provided, path, coverage, checker(world, initial), start.input);
    });
  }

  it('reached every state and every transition', () => {
    expect(uncovered(contentEditorMachine, coverage)).toEqual({ states: [], transitions: [] });
  });
});

describe('content editor effects (scripted API, notifier)', () => {
  it('checks the fields with the kind schema before any call', () => {
    expect(fieldErrorsOf('articles', { ...FIELDS, title: '', slug: 'Not A Slug' })).toEqual({ title: 'Title is required', slug: 'Use lower-case letters, digits and hyphens' });
    expect(fieldErrorsOf('articles', FIELDS)).toEqual({});
  });

  it('creates a new article, then saves over its version; a 409 shows both versions', async () => {
    const notifier = new RecordingNotifier();
    const api = new ScriptedApi({
      'authoring.create': () => Promise.resolve({ success: true, id: ID, version: 1 }),
      'authoring.get': () => Promise.resolve({ success: true, item: { ...item(1), kind: 'articles', title: 'Counting carbon', publishedAt: null, previewUrl: '/p' } }),
      'authoring.save': () => Promise.reject(new ApiError('http', 409, CONFLICT.message, { success: false, ...CONFLICT, current: { ...CONFLICT.current, kind: 'articles', title: 'Theirs', publishedAt: null, previewUrl: '/p' } })),
    });
    const actor = createActor(provideContentEditor({ api, notifier, log: () => {} }), { input: { kind: 'articles', item: null, fields: FIELDS } }).start();
    actor.send({ type: 'editor.save' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.item !== null);
    expect(notifier.successes).toEqual([CONTENT_EDITOR_TEXT.saved]);
    actor.send({ type: 'field.change', name: 'title', value: 'Mine' });
    actor.send({ type: 'editor.save' });
    await waitFor(actor, (s) => s.matches('conflict'));
    expect(actor.getSnapshot().context.conflict?.message).toBe(CONFLICT.message);
    expect(actor.getSnapshot().context.conflict?.current.fields.title).toBe('Theirs');
    expect(api.calls.map((c) => c.name)).toEqual(['authoring.create', 'authoring.get', 'authoring.save']);
    expect(api.calls[2]!.input).toMatchObject({ params: { kind: 'articles', id: ID }, body: { version: 1 } });
    actor.stop();
  });

  it('shows the server field errors beside their fields, and publishes at a chosen time', async () => {
    const api = new ScriptedApi({
      'authoring.save': () => Promise.reject(new ApiError('http', 400, 'Some fields need attention', { success: false, message: 'Some fields need attention', fieldErrors: { slug: 'Another item already uses this slug' } })),
      'authoring.publish': () => Promise.resolve({ success: true, item: { ...item(4), scheduledAt: '2026-12-01T09:00:00.000Z', kind: 'articles', title: 'x', publishedAt: null, previewUrl: '/p' } }),
    });
    const actor = createActor(provideContentEditor({ api, notifier: new RecordingNotifier(), log: () => {} }), { input: { kind: 'articles', item: item(3) } }).start();
    actor.send({ type: 'field.change', name: 'slug', value: 'taken' });
    actor.send({ type: 'editor.save' });
    await waitFor(actor, (s) => s.matches('editing') && Object.keys(s.context.fieldErrors).length > 0);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ slug: 'Another item already uses this slug' });
    actor.send({ type: 'field.change', name: 'slug', value: 'counting-carbon' });
    actor.send({ type: 'editor.publish', at: '2026-12-01T09:00:00.000Z' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.announcement !== '');
    expect(actor.getSnapshot().context.announcement).toBe(CONTENT_EDITOR_TEXT.scheduled);
    expect(api.calls.at(-1)!.input).toEqual({ params: { kind: 'articles', id: ID }, body: { version: 3, at: '2026-12-01T09:00:00.000Z' } });
    actor.stop();
  });

  it('shows a publish refused by field beside its field (a course lesson that breaks a lesson rule), not as a failure', async () => {
    const fieldErrors = { 'sections:lesson:counting-carbon': 'sources: a "## Sources" heading followed by a list of named sources is required' };
    const api = new ScriptedApi({
      'authoring.publish': () => Promise.reject(new ApiError('http', 400, 'Some fields need attention', { success: false, message: 'Some fields need attention', fieldErrors })),
    });
    const actor = createActor(provideContentEditor({ api, notifier: new RecordingNotifier(), log: () => {} }), { input: { kind: 'courses', item: item(3) } }).start();
    actor.send({ type: 'editor.publish', at: null });
    await waitFor(actor, (s) => s.matches('editing') && Object.keys(s.context.fieldErrors).length > 0);
    expect(actor.getSnapshot().context).toMatchObject({ fieldErrors, error: null, pending: null });
    // An edit of the outline takes the lesson's error away (it is the outline's part) until the next check.
    actor.send({ type: 'field.change', name: 'sections', value: [] });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    actor.stop();
  });
});

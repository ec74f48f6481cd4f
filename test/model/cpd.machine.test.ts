/**
 * Model-based tests of the /cpd dashboard machine (issue 39, ADR 155): paths from the machine's own graph (the shortest
 * path to every abstract state, each extended by every event, and short simple paths), replayed on a live actor whose
 * effects only record, and compared after every step with a plain model. Named rules are checked besides, and a last
 * test fails if any state or transition was never reached. The effects file is then run against scripted ports.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type EventObject, type SnapshotFrom, waitFor } from 'xstate';
import { ApiError } from '../../src/application/api-error';
import { activityForm, provideCpd } from '../../src/application/cpd.effects';
import {
  type ActivityDraft, CPD_TEXT, type CpdEvent, cpdMachine, type DraftField, type DraftProblems, draftProblems, EMPTY_DRAFT, type EvidenceFile,
  type LedgerView, selfReportTypes,
} from '../../src/application/cpd.machine';
import type { FileUploader } from '../../src/application/ports';
import { RecordingNotifier, ScriptedApi } from '../../src/application/testing/fakes';
import { HSW_SELF_REPORT_REFUSED } from '../../src/domain/cpd';
import { type Coverage, agree, getShortestPaths, getSimplePaths, holds, newCoverage, type PathLike, pathName, replay, uncovered } from './model-kit';

const TODAY = '2026-11-29';
const AIA: LedgerView = { body: 'aia', period: { id: '2026' } };
const AIA_2025: LedgerView = { body: 'aia', period: { id: '2025' } };
const PDF: EvidenceFile = { name: 'certificate.pdf', size: 2048, type: 'application/pdf' };
const EXE: EvidenceFile = { name: 'setup.exe', size: 2048, type: 'application/octet-stream' };

type Snapshot = SnapshotFrom<typeof cpdMachine>;
const fieldEvents: [DraftField, string][] = [
  ['title', 'Daylighting seminar'], ['title', ' '], ['provider', 'Timber Council'], ['date', '2026-05-01'], ['date', '2030-01-01'],
  ['amount', '2'], ['amount', '0'], ['body', 'aia'], ['body', 'riba'], ['type', 'LU'], ['type', 'LU/HSW'], ['type', 'general'], ['courseNumber', 'TC-22'],
];

const EVENTS: CpdEvent[] = [
  { type: 'ledger.loaded', bodies: [AIA] }, { type: 'ledger.failed', message: 'offline' }, { type: 'ledger.reload' },
  { type: 'period.choose', body: 'aia', period: '2025' }, { type: 'period.loaded', ledger: AIA_2025 }, { type: 'period.failed', message: 'gone' },
  { type: 'activity.open', body: 'aia' }, { type: 'activity.open' }, { type: 'activity.close' },
  ...fieldEvents.map(([field, value]) => ({ type: 'field.change' as const, field, value })),
  { type: 'file.change', file: PDF }, { type: 'file.change', file: EXE }, { type: 'file.change', file: null },
  { type: 'activity.submit' }, { type: 'activity.succeeded', title: 'Daylighting seminar' }, { type: 'activity.failed', message: 'Too many attempts' },
  { type: 'activity.another' },
];

interface Model {
  dashboard: 'loading' | 'ready' | 'failed' | 'switching';
  activity: 'closed' | 'editing' | 'submitting' | 'failed' | 'done';
  bodies: LedgerView[];
  switching: { body: string; period: string } | null;
  loadError: string | null;
  draft: ActivityDraft;
  problems: DraftProblems;
  submitError: string | null;
  effects: string[];
}

/** The model's own idea of a field change: a new body drops a type it does not grant. */
function change(draft: ActivityDraft, field: DraftField, value: string): ActivityDraft {
  const next = { ...draft, [field]: value } as ActivityDraft;
  if (field === 'body' && next.type && !(selfReportTypes(next.body) as string[]).includes(next.type)) next.type = '';
  return next;
}

function reload(m: Model): Model {
  if (m.dashboard !== 'ready' && m.dashboard !== 'failed') return m;
  return { ...m, dashboard: 'loading', effects: [...m.effects, 'loadLedger'] };
}

function step(m: Model, e: CpdEvent): Model {
  let next: Model = { ...m, effects: [...m.effects] };
  // The dashboard region.
  if (e.type === 'ledger.loaded' && m.dashboard === 'loading') next = { ...next, dashboard: 'ready', bodies: e.bodies, loadError: null };
  if (e.type === 'ledger.failed' && m.dashboard === 'loading') next = { ...next, dashboard: 'failed', loadError: e.message };
  if (e.type === 'ledger.reload') next = reload(next);
  if (e.type === 'period.choose' && m.dashboard === 'ready') {
    next = { ...next, dashboard: 'switching', switching: { body: e.body, period: e.period } };
    next.effects.push(`loadPeriod ${e.body} ${e.period}`);
  }
  if (e.type === 'period.loaded' && m.dashboard === 'switching') {
    next = { ...next, dashboard: 'ready', switching: null, bodies: m.bodies.map((b) => (b.body === e.ledger.body ? e.ledger : b)) };
  }
  if (e.type === 'period.failed' && m.dashboard === 'switching') {
    next = { ...next, dashboard: 'ready', switching: null };
    next.effects.push(`warn ${e.message}`);
  }
  // The activity region.
  switch (m.activity) {
    case 'closed':
      if (e.type === 'activity.open') next = { ...next, activity: 'editing', draft: { ...EMPTY_DRAFT, body: e.body ?? '' }, problems: {}, submitError: null };
      break;
    case 'editing':
      if (e.type === 'activity.close') next = { ...next, activity: 'closed' };
      if (e.type === 'field.change') next = { ...next, draft: change(m.draft, e.field, e.value), problems: { ...m.problems, [e.field]: undefined } };
      if (e.type === 'file.change') next = { ...next, draft: { ...m.draft, file: e.file }, problems: { ...m.problems, file: undefined } };
      if (e.type === 'activity.submit') next = submit(next);
      break;
    case 'submitting':
      if (e.type === 'activity.succeeded') {
        next = { ...next, activity: 'done' };
        next.effects.push(`announce ${e.title}`);
        next = reload(next);
      }
      if (e.type === 'activity.failed') next = { ...next, activity: 'failed', submitError: e.message };
      break;
    case 'failed':
      if (e.type === 'field.change') next = { ...next, activity: 'editing', draft: change(m.draft, e.field, e.value), submitError: null };
      if (e.type === 'file.change') next = { ...next, activity: 'editing', draft: { ...m.draft, file: e.file }, submitError: null };
      if (e.type === 'activity.submit') next = submit(next);
      if (e.type === 'activity.close') next = { ...next, activity: 'closed', submitError: null };
      break;
    case 'done':
      if (e.type === 'activity.another') next = { ...next, activity: 'editing', draft: { ...EMPTY_DRAFT, body: m.draft.body }, problems: {} };
      if (e.type === 'activity.close') next = { ...next, activity: 'closed' };
      break;
  }
  return next;
}

function submit(m: Model): Model {
  const problems = draftProblems(m.draft, TODAY);
  if (Object.keys(problems).length) return { ...m, activity: 'editing', problems };
  return { ...m, activity: 'submitting', problems: {}, submitError: null, effects: [...m.effects, `submit ${m.draft.title}|${m.draft.type}|${m.draft.file?.name ?? '-'}`] };
}

function instrumented() {
  const world = { effects: [] as string[] };
  const machine = cpdMachine.provide({
    actions: {
      loadLedger: () => void world.effects.push('loadLedger'),
      loadPeriod: (_, p) => void world.effects.push(`loadPeriod ${p.body} ${p.period}`),
      submitActivity: (_, p) => void world.effects.push(`submit ${p.draft.title}|${p.draft.type}|${p.draft.file?.name ?? '-'}`),
      announce: (_, p) => void world.effects.push(`announce ${p.title}`),
      warn: (_, p) => void world.effects.push(`warn ${p.message}`),
    },
  });
  return { world, machine };
}

function checker(world: ReturnType<typeof instrumented>['world']) {
  let model: Model = {
    dashboard: 'loading', activity: 'closed', bodies: [], switching: null, loadError: null, draft: EMPTY_DRAFT, problems: {}, submitError: null, effects: ['loadLedger'],
  };
  return (snapshot: Snapshot, event: EventObject | null) => {
    if (event) model = step(model, event as CpdEvent);
    const { effects, ...expected } = model;
    const { today: _today, ...context } = snapshot.context;
    agree({ dashboard: snapshot.value.dashboard, activity: snapshot.value.activity, ...context, effects: world.effects }, { ...expected, effects });
    // Nothing is sent twice and nothing changes while an activity is on its way.
    if (snapshot.matches({ activity: 'submitting' })) {
      holds(!snapshot.can({ type: 'activity.submit' }) && !snapshot.can({ type: 'field.change', field: 'title', value: 'x' }), 'one activity at a time');
    }
    // An activity only ever goes valid, and never as AIA HSW.
    for (const e of world.effects.filter((x) => x.startsWith('submit '))) holds(!e.includes('|LU/HSW|'), 'no self-reported HSW is sent');
    // One period switch at a time, from a read ledger only.
    holds(snapshot.can({ type: 'period.choose', body: 'aia', period: '2024' }) === snapshot.matches({ dashboard: 'ready' }), 'a period is chosen from a shown ledger');
  };
}

describe('cpd machine (model-based)', () => {
  const coverage: Coverage = newCoverage();
  const abstract = (s: Snapshot) =>
    JSON.stringify([s.value, Object.keys(draftProblems(s.context.draft, TODAY)).length]);
  const paths: PathLike<CpdEvent>[] = [];
  const input = { today: TODAY };
  for (const path of getShortestPaths(cpdMachine, { events: EVENTS as never, serializeState: abstract as never, input: input as never })) {
    for (const event of EVENTS) paths.push({ steps: [...(path.steps as { event: CpdEvent }[]), { event }] });
  }
  const simple = getSimplePaths(cpdMachine, {
    events: EVENTS as never,
    serializeState: ((s: Snapshot) => JSON.stringify(s.value)) as never,
    input: input as never,
  }).filter((p) => p.steps.length <= 4);
  paths.push(...(simple as unknown as PathLike<CpdEvent>[]).slice(0, 200));

  it.each(paths.map((p, i) => [`${i} ${pathName(p)}`, p] as const))('%s', (_name, path) => {
    const { world, machine } = instrumented();
    replay(machine, path, coverage, checker(world), input);
  });

  it('reached every state and every transition', () => {
    expect(uncovered(cpdMachine, coverage)).toEqual({ states: [], transitions: [] });
  });
});

describe('the activity draft', () => {
  const good: ActivityDraft = { ...EMPTY_DRAFT, title: 'Seminar', provider: 'Council', date: '2026-05-01', amount: '2', body: 'aia', type: 'LU' };
  it('is valid with every field, and says each problem beside its field', () => {
    expect(draftProblems(good, TODAY)).toEqual({});
    expect(draftProblems(EMPTY_DRAFT, TODAY)).toEqual({
      title: 'Title is required', provider: 'Provider is required', date: 'Enter the date you did it', amount: 'Enter the credit earned',
      body: 'Choose the body', type: 'Choose the type of credit',
    });
    expect(draftProblems({ ...good, type: 'LU/HSW' }, TODAY)).toEqual({ type: HSW_SELF_REPORT_REFUSED });
    expect(draftProblems({ ...good, date: '2030-01-01' }, TODAY).date).toMatch(/future/);
    expect(draftProblems({ ...good, amount: '13' }, TODAY).amount).toMatch(/12 LU a day/);
    expect(draftProblems({ ...good, file: EXE }, TODAY).file).toMatch(/PDF, JPEG or PNG/);
    expect(draftProblems({ ...good, file: { ...PDF, size: 11 * 1024 * 1024 } }, TODAY).file).toMatch(/10 MB/);
  });
  it('offers no HSW for the AIA', () => {
    expect(selfReportTypes('aia')).toEqual(['LU']);
    expect(selfReportTypes('gbci')).toEqual(['general', 'leed-specific']);
    expect(selfReportTypes('')).toEqual([]);
  });
});

describe('cpd effects (scripted ports)', () => {
  const ledgerAnswer = { success: true, bodies: [{ body: 'aia', period: { id: '2026' } }] };

  it('reads the ledger, a period, and sends an activity with its evidence, then reads the ledger again', async () => {
    const notifier = new RecordingNotifier();
    const api = new ScriptedApi({ 'cpd.ledger': () => Promise.resolve(ledgerAnswer) });
    const sent: { fields: Record<string, string>; file?: { field: string; filename: string } }[] = [];
    const uploads: FileUploader = {
      upload: () => Promise.reject(new Error('not used')),
      submitForm: (_call, fields, file) => {
        sent.push({ fields, ...(file ? { file: { field: file.field, filename: file.filename } } : {}) });
        return Promise.resolve({ success: true, entry: { title: fields.title } }) as never;
      },
    };
    const actor = createActor(provideCpd({ api, uploads, notifier, log: () => {} }), { input: { today: TODAY } }).start();
    await waitFor(actor, (s) => s.matches({ dashboard: 'ready' }));
    actor.send({ type: 'period.choose', body: 'aia', period: '2025' });
    await waitFor(actor, (s) => s.matches({ dashboard: 'ready' }));
    actor.send({ type: 'activity.open', body: 'aia' });
    for (const [field, value] of [['title', ' Daylighting seminar '], ['provider', 'Council'], ['date', '2026-05-01'], ['amount', '2'], ['type', 'LU']] as const) {
      actor.send({ type: 'field.change', field, value });
    }
    actor.send({ type: 'file.change', file: { ...PDF, blob: new Blob(['%PDF-1.4']) } });
    actor.send({ type: 'activity.submit' });
    await waitFor(actor, (s) => s.matches({ activity: 'done' }));
    expect(sent).toEqual([{
      fields: { title: 'Daylighting seminar', provider: 'Council', date: '2026-05-01', amount: '2', body: 'aia', type: 'LU' },
      file: { field: 'evidence', filename: 'certificate.pdf' },
    }]);
    expect(notifier.successes).toEqual([`${CPD_TEXT.added}: Daylighting seminar`]);
    await waitFor(actor, (s) => s.matches({ dashboard: 'ready' }));
    expect(api.calls.map((c) => c.input)).toEqual([{ query: {} }, { query: { body: 'aia', period: '2025' } }, { query: {} }]);
    actor.stop();
  });

  it("keeps the form with the server's words when the activity is refused, and says a failed read", async () => {
    const notifier = new RecordingNotifier();
    let ledger: () => Promise<unknown> = () => Promise.reject(new ApiError('network', 0, 'offline'));
    const api = new ScriptedApi({ 'cpd.ledger': () => ledger() });
    const uploads: FileUploader = { upload: () => Promise.reject(new Error('not used')), submitForm: () => Promise.reject(new ApiError('http', 400, 'The date cannot be in the future')) };
    const actor = createActor(provideCpd({ api, uploads, notifier, log: () => {} }), { input: { today: TODAY } }).start();
    await waitFor(actor, (s) => s.matches({ dashboard: 'failed' }));
    expect(actor.getSnapshot().context.loadError).toBe(CPD_TEXT.loadFailed);
    ledger = () => Promise.resolve(ledgerAnswer);
    actor.send({ type: 'ledger.reload' });
    await waitFor(actor, (s) => s.matches({ dashboard: 'ready' }));
    ledger = () => Promise.reject(new ApiError('network', 0, 'offline'));
    actor.send({ type: 'period.choose', body: 'aia', period: '2025' });
    await waitFor(actor, (s) => s.matches({ dashboard: 'ready' }) && notifier.errors.length > 0);
    expect(notifier.errors).toEqual([CPD_TEXT.periodFailed]);
    actor.send({ type: 'activity.open', body: 'aia' });
    for (const [field, value] of [['title', 'Seminar'], ['provider', 'Council'], ['date', '2026-05-01'], ['amount', '1'], ['type', 'LU']] as const) {
      actor.send({ type: 'field.change', field, value });
    }
    actor.send({ type: 'activity.submit' });
    await waitFor(actor, (s) => s.matches({ activity: 'failed' }));
    expect(actor.getSnapshot().context.submitError).toBe('The date cannot be in the future');
    actor.stop();
  });

  it('sends the course number only when there is one', () => {
    expect(activityForm({ ...EMPTY_DRAFT, courseNumber: '  ' })).not.toHaveProperty('courseNumber');
    expect(activityForm({ ...EMPTY_DRAFT, courseNumber: ' TC-1 ' }).courseNumber).toBe('TC-1');
  });
});

/**
 * Model-based tests of 'Export for AIA CES' (issue 39 item 6, ADR 166): paths from the machine's own graph (the
 * shortest path to every abstract state, each extended by every event, and the simple paths), replayed on a live actor
 * whose effects only record, and compared after every step with a plain model. Named rules are checked besides, and a
 * last test fails if any state or transition was never reached. The effects file is then run against the scripted API.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type EventObject, type SnapshotFrom, waitFor } from 'xstate';
import { ApiError } from '../../src/application/api-error';
import { aiaExportFilename, csvDataRows, provideStaffCpdExport } from '../../src/application/staff-cpd-export.effects';
import {
  exportedText, STAFF_CPD_EXPORT_TEXT, type StaffCpdExportEvent, staffCpdExportMachine,
} from '../../src/application/staff-cpd-export.machine';
import { RecordingFileSaver, RecordingNotifier, ScriptedApi } from '../../src/application/testing/fakes';
import { agree, type Coverage, getShortestPaths, getSimplePaths, holds, newCoverage, type PathLike, pathName, replay, uncovered } from './model-kit';

type Snapshot = SnapshotFrom<typeof staffCpdExportMachine>;
type Screen = 'idle' | 'exporting' | 'done' | 'failed';

const EVENTS: StaffCpdExportEvent[] = [
  { type: 'ready.change', count: 0 }, { type: 'ready.change', count: 3 },
  { type: 'export' }, { type: 'retry' },
  { type: 'export.done', rows: 3 }, { type: 'export.done', rows: 1 },
  { type: 'export.failed', message: 'Nothing to export' },
];

interface Model {
  screen: Screen;
  ready: number;
  exported: number;
  error: string | null;
  announcement: string;
  round: number;
  effects: string[];
}

function step(m: Model, e: StaffCpdExportEvent): Model {
  const next: Model = { ...m, effects: [...m.effects] };
  if (e.type === 'ready.change') return { ...next, ready: e.count };
  const start = (): Model => {
    next.effects.push('export');
    return { ...next, screen: 'exporting', error: null, announcement: STAFF_CPD_EXPORT_TEXT.exporting };
  };
  switch (m.screen) {
    case 'idle':
    case 'done':
      return e.type === 'export' && m.ready > 0 ? start() : m;
    case 'failed':
      return e.type === 'retry' ? start() : m;
    case 'exporting':
      if (e.type === 'export.done') {
        next.effects.push('saved');
        return { ...next, screen: 'done', exported: e.rows, announcement: exportedText(e.rows), round: m.round + 1 };
      }
      if (e.type === 'export.failed') {
        next.effects.push(`failed ${e.message}`);
        return { ...next, screen: 'failed', error: e.message, announcement: '' };
      }
      return m;
  }
}

function instrumented() {
  const world = { effects: [] as string[] };
  const machine = staffCpdExportMachine.provide({
    actions: {
      exportCsv: () => void world.effects.push('export'),
      notifySaved: () => void world.effects.push('saved'),
      notifyFailed: (_, { message }) => void world.effects.push(`failed ${message}`),
    },
  });
  return { world, machine };
}

function checker(world: ReturnType<typeof instrumented>['world']) {
  let model: Model = { screen: 'idle', ready: 0, exported: 0, error: null, announcement: '', round: 0, effects: [] };
  return (snapshot: Snapshot, event: EventObject | null) => {
    if (event) model = step(model, event as StaffCpdExportEvent);
    const { effects, screen, ...expected } = model;
    agree({ screen: snapshot.value, ...snapshot.context, effects: world.effects }, { screen, ...expected, effects });
    // One export at a time: pressing again while one is on its way makes no second request.
    if (snapshot.matches('exporting')) holds(!snapshot.can({ type: 'export' }) && !snapshot.can({ type: 'retry' }), 'one export at a time');
    // Nothing is asked of the server while the list shows nothing ready (a retry is the one exception: it repeats).
    holds(snapshot.can({ type: 'export' }) === ((snapshot.matches('idle') || snapshot.matches('done')) && snapshot.context.ready > 0), 'export only with completions ready');
    holds(snapshot.can({ type: 'retry' }) === snapshot.matches('failed'), 'retry only after a failure');
    // Each file saved reads the list again: the round counts the exports done.
    holds(snapshot.context.round === world.effects.filter((x) => x === 'saved').length, 'the list is read again after each export');
  };
}

describe('staff CPD export machine (model-based)', () => {
  const coverage: Coverage = newCoverage();
  const serialize = (s: Snapshot) => JSON.stringify([s.value, s.context.ready > 0]);
  const paths: PathLike<StaffCpdExportEvent>[] = [];
  for (const path of getShortestPaths(staffCpdExportMachine, { events: EVENTS as never, serializeState: serialize as never, input: { ready: 0 } as never })) {
    for (const event of EVENTS) paths.push({ steps: [...(path.steps as { event: StaffCpdExportEvent }[]), { event }] });
  }
  const simple = getSimplePaths(staffCpdExportMachine, { events: EVENTS as never, serializeState: serialize as never, input: { ready: 0 } as never });
  paths.push(...(simple as unknown as PathLike<StaffCpdExportEvent>[]));

  it.each(paths.map((p) => [pathName(p), p] as const))('%s', (_name, path) => {
    const { world, machine } = instrumented();
    replay(machine, path, coverage, checker(world), { ready: 0 });
  });

  it('reached every state and every transition', () => {
    expect(paths.length).toBeGreaterThan(20);
    expect(uncovered(staffCpdExportMachine, coverage)).toEqual({ states: [], transitions: [] });
  });
});

describe('staff CPD export effects (scripted API, file saver, notifier)', () => {
  const csv = (text: string) => new TextEncoder().encode(`\uFEFF${text}`);
  const NOW = Date.UTC(2026, 10, 2, 15);

  it('counts the data rows of a CSV, line ends inside quotes included', () => {
    expect(csvDataRows(csv('"A","B"\r\n"1","2"\r\n"3","4"\r\n'))).toBe(2);
    expect(csvDataRows(csv('"A","B"\r\n"1","two\r\nlines"\r\n'))).toBe(1);
    expect(csvDataRows(csv('"A","B"\r\n'))).toBe(0);
    expect(csvDataRows(csv('"A","B"\r\n"1","2"'))).toBe(1);
  });

  it('saves the file under the day\'s name, says how many were marked and reads the list again', async () => {
    const api = new ScriptedApi({ 'staffCpd.export': () => Promise.resolve(csv('"AIA Member Number"\r\n"38112456"\r\n"40077881"\r\n')) });
    const files = new RecordingFileSaver();
    const notifier = new RecordingNotifier();
    const actor = createActor(provideStaffCpdExport({ api, files, notifier, clock: { now: () => NOW }, log: () => {} }), { input: { ready: 2 } }).start();
    actor.send({ type: 'export' });
    expect(actor.getSnapshot().value).toBe('exporting');
    await waitFor(actor, (s) => s.matches('done'));
    expect(api.calls).toEqual([{ name: 'staffCpd.export', input: { body: { body: 'aia' } } }]);
    expect(files.saved.map((f) => [f.filename, f.mimeType])).toEqual([[aiaExportFilename(NOW), 'text/csv']]);
    expect(aiaExportFilename(NOW)).toBe('aia-ces-completions-2026-11-02.csv');
    expect(actor.getSnapshot().context).toMatchObject({ exported: 2, round: 1, announcement: exportedText(2) });
    expect(notifier.successes).toEqual([STAFF_CPD_EXPORT_TEXT.saved]);
    actor.stop();
  });

  it('fails with the server\'s words or a general sentence, and retries', async () => {
    const logged: string[] = [];
    let answer: () => Promise<unknown> = () => Promise.reject(new ApiError('http', 409, 'Nothing to export'));
    const api = new ScriptedApi({ 'staffCpd.export': () => answer() });
    const files = new RecordingFileSaver();
    const notifier = new RecordingNotifier();
    const actor = createActor(provideStaffCpdExport({ api, files, notifier, clock: { now: () => NOW }, log: (m) => logged.push(m) }), { input: { ready: 1 } }).start();
    actor.send({ type: 'export' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('Nothing to export');
    answer = () => Promise.reject(new ApiError('network', 0, 'offline'));
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches('failed') && s.context.error === STAFF_CPD_EXPORT_TEXT.failed);
    answer = () => Promise.resolve(csv('"h"\r\n"1"\r\n'));
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(notifier.errors).toEqual(['Nothing to export', STAFF_CPD_EXPORT_TEXT.failed]);
    expect(files.saved).toHaveLength(1);
    expect(logged).toEqual(['exporting completions failed', 'exporting completions failed']);
    actor.stop();
  });
});

/**
 * Model-based tests of the report dialog (issue 37 items 7 and 9, ADR 149): paths from the machine's own graph (the
 * shortest path to every abstract state, each extended by every event, and the simple paths), replayed on a live actor
 * whose effects only record, and compared after every step with a plain model. Named rules are checked besides, and a
 * last test fails if any state or transition was never reached. The effects file is then run against the scripted API.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type EventObject, type SnapshotFrom, waitFor } from 'xstate';
import { ApiError } from '../../src/application/api-error';
import { provideReportDialog } from '../../src/application/report-dialog.effects';
import {
  REPORT_DIALOG_TEXT, type ReportDialogEvent, type ReportTargetRef, reportDialogMachine,
} from '../../src/application/report-dialog.machine';
import { RecordingNotifier, ScriptedApi } from '../../src/application/testing/fakes';
import { ALREADY_REPORTED, REPORT_NOTE_MAX, type ReportReason, REPORTED_MESSAGE } from '../../src/domain/moderation';
import { agree, type Coverage, getShortestPaths, getSimplePaths, holds, newCoverage, type PathLike, pathName, replay, uncovered } from './model-kit';

const POST: ReportTargetRef = { type: 'discussion', id: '0b8a5d2e-4c1f-4e7a-9a53-2f3c4d5e6f70' };
const COMMENT: ReportTargetRef = { type: 'comment', id: '7d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d' };

type Snapshot = SnapshotFrom<typeof reportDialogMachine>;
type Screen = 'closed' | 'editing' | 'sending';

/** The events the world can send: a member's presses and typing, and the answers to what was asked for. */
function eventsFor(s: Snapshot): ReportDialogEvent[] {
  const list: ReportDialogEvent[] = [
    { type: 'report.open', target: POST }, { type: 'report.open', target: COMMENT }, { type: 'dialog.close' },
    { type: 'reason.change', value: 'off_topic' }, { type: 'reason.change', value: 'other' },
    { type: 'note.change', value: '  Copied from a press release  ' }, { type: 'note.change', value: '   ' },
    { type: 'note.change', value: 'x'.repeat(REPORT_NOTE_MAX + 1) },
    { type: 'report.submit' },
  ];
  if (s.matches('sending')) list.push({ type: 'report.succeeded', message: REPORTED_MESSAGE }, { type: 'report.failed', message: ALREADY_REPORTED });
  return list;
}

interface Model {
  screen: Screen;
  target: ReportTargetRef | null;
  reason: ReportReason | null;
  note: string;
  error: string | null;
  announcement: string;
  effects: string[];
}

const problem = (reason: ReportReason | null, note: string) =>
  !reason ? REPORT_DIALOG_TEXT.reasonRequired
    : note.trim().length > REPORT_NOTE_MAX ? REPORT_DIALOG_TEXT.noteTooLong
      : reason === 'other' && !note.trim() ? REPORT_DIALOG_TEXT.noteRequired : null;

function step(m: Model, e: ReportDialogEvent): Model {
  const next: Model = { ...m, effects: [...m.effects] };
  switch (m.screen) {
    case 'closed':
      return e.type === 'report.open' ? { ...next, screen: 'editing', target: e.target, reason: null, note: '', error: null, announcement: '' } : m;
    case 'editing':
      if (e.type === 'dialog.close') return { ...next, screen: 'closed', reason: null, note: '', error: null };
      if (e.type === 'reason.change') return { ...next, reason: e.value, error: null };
      if (e.type === 'note.change') return { ...next, note: e.value, error: null };
      if (e.type === 'report.submit') {
        const wrong = problem(m.reason, m.note);
        if (wrong) return { ...next, error: wrong };
        next.effects.push(`send ${m.target!.type} ${m.target!.id} ${m.reason} "${m.note.trim()}"`);
        return { ...next, screen: 'sending', error: null };
      }
      return m;
    case 'sending':
      if (e.type === 'report.succeeded') {
        next.effects.push(`thank ${e.message}`);
        return { ...next, screen: 'closed', reason: null, note: '', error: null, announcement: e.message };
      }
      if (e.type === 'report.failed') return { ...next, screen: 'editing', error: e.message };
      return m;
  }
}

function instrumented() {
  const world = { effects: [] as string[] };
  const machine = reportDialogMachine.provide({
    actions: {
      send: (_, p) => void world.effects.push(`send ${p.target.type} ${p.target.id} ${p.reason} "${p.note}"`),
      thank: (_, p) => void world.effects.push(`thank ${p.message}`),
    },
  });
  return { world, machine };
}

function checker(world: ReturnType<typeof instrumented>['world']) {
  let model: Model = { screen: 'closed', target: null, reason: null, note: '', error: null, announcement: '', effects: [] };
  return (snapshot: Snapshot, event: EventObject | null) => {
    if (event) model = step(model, event as ReportDialogEvent);
    const { effects, screen, ...expected } = model;
    agree({ screen: snapshot.value, ...snapshot.context, effects: world.effects }, { screen, ...expected, effects });
    // One report at a time: nothing can be changed or sent while one is on its way.
    if (snapshot.matches('sending')) {
      holds(!snapshot.can({ type: 'report.submit' }) && !snapshot.can({ type: 'dialog.close' }) && !snapshot.can({ type: 'note.change', value: 'x' }), 'one report at a time');
    }
    // A report only ever goes with a reason, a note for 'other', and a note the server accepts.
    for (const e of world.effects.filter((x) => x.startsWith('send '))) {
      const [, reason, note] = /^send \S+ \S+ (\S+) "(.*)"$/s.exec(e)!;
      holds(note!.length <= REPORT_NOTE_MAX && note === note!.trim() && (reason !== 'other' || note!.length > 0), 'a report the server accepts');
    }
    holds(snapshot.can({ type: 'report.open', target: POST }) === snapshot.matches('closed'), 'Report opens the dialog only when closed');
  };
}

describe('report dialog machine (model-based)', () => {
  const coverage: Coverage = newCoverage();
  const serialize = (s: Snapshot) => JSON.stringify([s.value, s.context.reason, problem(s.context.reason, s.context.note), s.context.error !== null]);
  const paths: PathLike<ReportDialogEvent>[] = [];
  for (const path of getShortestPaths(reportDialogMachine, { events: eventsFor as never, serializeState: serialize as never })) {
    for (const event of eventsFor(path.state as Snapshot)) paths.push({ steps: [...(path.steps as { event: ReportDialogEvent }[]), { event }] });
  }
  const simple = getSimplePaths(reportDialogMachine, {
    events: eventsFor as never,
    serializeState: ((s: Snapshot) => JSON.stringify([s.value, s.context.reason, s.context.note.trim() !== ''])) as never,
  }).filter((p) => p.steps.length <= 6);
  paths.push(...(simple as unknown as PathLike<ReportDialogEvent>[]).slice(0, 400));

  it.each(paths.map((p) => [pathName(p), p] as const))('%s', (_name, path) => {
    const { world, machine } = instrumented();
    replay(machine, path, coverage, checker(world));
  });

  it('reached every state and every transition', () => {
    expect(uncovered(reportDialogMachine, coverage)).toEqual({ states: [], transitions: [] });
  });
});

describe('report dialog effects (scripted API, notifier)', () => {
  it('sends the report with the trimmed note, and thanks with the server words', async () => {
    const notifier = new RecordingNotifier();
    const api = new ScriptedApi({ 'reports.create': () => Promise.resolve({ success: true, message: REPORTED_MESSAGE }) });
    const actor = createActor(provideReportDialog({ api, notifier, log: () => {} })).start();
    actor.send({ type: 'report.open', target: COMMENT });
    actor.send({ type: 'reason.change', value: 'other' });
    actor.send({ type: 'note.change', value: ' Spam link ' });
    actor.send({ type: 'report.submit' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(api.calls.map((c) => [c.name, c.input])).toEqual([
      ['reports.create', { body: { targetType: 'comment', targetId: COMMENT.id, reason: 'other', note: 'Spam link' } }],
    ]);
    expect(notifier.successes).toEqual([REPORTED_MESSAGE]);
    expect(actor.getSnapshot().context.announcement).toBe(REPORTED_MESSAGE);
    actor.stop();
  });

  it("keeps the dialog open with the server's words for a refusal, a general sentence for a failure", async () => {
    const logged: string[] = [];
    let answer: () => Promise<unknown> = () => Promise.reject(new ApiError('http', 409, ALREADY_REPORTED));
    const api = new ScriptedApi({ 'reports.create': () => answer() });
    const actor = createActor(provideReportDialog({ api, notifier: new RecordingNotifier(), log: (m) => logged.push(m) })).start();
    actor.send({ type: 'report.open', target: POST });
    actor.send({ type: 'reason.change', value: 'sensational' });
    actor.send({ type: 'report.submit' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe(ALREADY_REPORTED);
    answer = () => Promise.reject(new ApiError('network', 0, 'offline'));
    actor.send({ type: 'report.submit' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.error === REPORT_DIALOG_TEXT.failed);
    expect(api.calls.map((c) => c.input)).toEqual([
      { body: { targetType: 'discussion', targetId: POST.id, reason: 'sensational' } },
      { body: { targetType: 'discussion', targetId: POST.id, reason: 'sensational' } },
    ]);
    expect(logged).toEqual(['a report failed', 'a report failed']);
    actor.stop();
  });
});

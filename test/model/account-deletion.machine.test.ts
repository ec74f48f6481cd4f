/**
 * Model-based tests of deleting one's account (issue 35, ADR 134): paths from the machine's own graph (the shortest
 * path to every abstract state, each extended by every event, and the simple paths through the dialog), replayed on a
 * live actor whose effects only record, and compared after every step with a plain model (screen, fields, error,
 * announcement and the effects asked for, with their parameters). Named rules are checked besides, and a last test
 * fails if any state or transition was never reached. The effects file is then run against the scripted API and the
 * recording navigator and notifier.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type EventObject, type SnapshotFrom, waitFor } from 'xstate';
import { provideAccountDeletion } from '../../src/application/account-deletion.effects';
import { ACCOUNT_DELETION_TEXT, type AccountDeletionEvent, accountDeletionMachine } from '../../src/application/account-deletion.machine';
import { exportFilename, saveAccountExport } from '../../src/application/account-export';
import { ApiError } from '../../src/application/api-error';
import { RecordingFileSaver, RecordingNavigator, RecordingNotifier, ScriptedApi } from '../../src/application/testing/fakes';
import { agree, type Coverage, getShortestPaths, getSimplePaths, holds, newCoverage, type PathLike, pathName, replay, uncovered } from './model-kit';

const WRONG = 'Current password is incorrect';

/** The events the world can send: a member's typing and presses, and the answers to what the dialog asked for. */
function eventsFor(s: Snapshot): AccountDeletionEvent[] {
  // A deleted account's dialog is done: its actor takes no events any more.
  if (s.status === 'done') return [];
  const list: AccountDeletionEvent[] = [
    { type: 'dialog.open' }, { type: 'dialog.close' },
    { type: 'password.change', value: 'correct horse battery' }, { type: 'password.change', value: '' },
    { type: 'code.change', value: '123 456' }, { type: 'code.change', value: '12' },
    { type: 'deletePosts.change', value: true }, { type: 'deletePosts.change', value: false },
    { type: 'code.request' }, { type: 'delete.confirm' },
  ];
  if (s.matches('requestingCode')) list.push({ type: 'code.sent' }, { type: 'code.failed', message: ACCOUNT_DELETION_TEXT.codeFailed });
  if (s.matches('deleting')) list.push({ type: 'delete.succeeded' }, { type: 'delete.failed', message: WRONG });
  return list;
}

type Snapshot = SnapshotFrom<typeof accountDeletionMachine>;
type Screen = 'closed' | 'editing' | 'requestingCode' | 'deleting' | 'deleted';

interface Model {
  screen: Screen;
  password: string;
  code: string;
  codeSent: boolean;
  deletePosts: boolean;
  error: string | null;
  announcement: string;
  effects: string[];
}

const blank = { password: '', code: '', codeSent: false, deletePosts: false, error: null, announcement: '' };
const initialModel = (): Model => ({ screen: 'closed', ...blank, effects: [] });

function step(m: Model, e: AccountDeletionEvent): Model {
  const next: Model = { ...m, effects: [...m.effects] };
  const effect = (text: string) => next.effects.push(text);
  switch (m.screen) {
    case 'closed':
      // Opening always starts from empty fields, whatever was typed before.
      return e.type === 'dialog.open' ? { ...next, ...blank, screen: 'editing' } : m;
    case 'editing':
      if (e.type === 'dialog.close') return { ...next, ...blank, screen: 'closed' };
      if (e.type === 'password.change') return { ...next, password: e.value, error: null };
      // Only the digits of a pasted code are kept ("123 456" is 123456).
      if (e.type === 'code.change') return { ...next, code: e.value.replace(/\D/g, '').slice(0, 6), error: null };
      if (e.type === 'deletePosts.change') return { ...next, deletePosts: e.value };
      if (e.type === 'code.request') {
        effect('request code');
        return { ...next, screen: 'requestingCode', error: null, announcement: '' };
      }
      if (e.type === 'delete.confirm') {
        const ready = m.codeSent ? m.code.length === 6 : m.password.length > 0;
        if (!ready) return { ...next, error: m.codeSent ? ACCOUNT_DELETION_TEXT.codeRequired : ACCOUNT_DELETION_TEXT.passwordRequired };
        effect(`delete with ${m.codeSent ? `code ${m.code}` : `password ${m.password}`}${m.deletePosts ? ' and posts' : ''}`);
        return { ...next, screen: 'deleting', error: null, announcement: '' };
      }
      return m;
    case 'requestingCode':
      if (e.type === 'code.sent') return { ...next, screen: 'editing', codeSent: true, code: '', announcement: ACCOUNT_DELETION_TEXT.codeSent };
      if (e.type === 'code.failed') return { ...next, screen: 'editing', error: e.message };
      return m;
    case 'deleting':
      if (e.type === 'delete.succeeded') {
        effect('finish');
        return { ...next, screen: 'deleted' };
      }
      if (e.type === 'delete.failed') return { ...next, screen: 'editing', error: e.message };
      return m;
    case 'deleted':
      return m;
  }
}

function instrumented() {
  const world = { effects: [] as string[] };
  const effect = (text: string) => void world.effects.push(text);
  const machine = accountDeletionMachine.provide({
    actions: {
      requestCode: () => effect('request code'),
      deleteAccount: (_, p) => effect(`delete with ${'code' in p.confirmation ? `code ${p.confirmation.code}` : `password ${p.confirmation.password}`}${p.deletePosts ? ' and posts' : ''}`),
      finish: () => effect('finish'),
    },
  });
  return { world, machine };
}

function checker(world: ReturnType<typeof instrumented>['world']) {
  let model = initialModel();
  return (snapshot: Snapshot, event: EventObject | null) => {
    if (event) model = step(model, event as AccountDeletionEvent);
    const c = snapshot.context;
    const { effects: _e, screen, ...fields } = model;
    agree({ screen: snapshot.value, ...c, effects: world.effects }, { screen, ...fields, effects: model.effects });
    // One request at a time: nothing can be sent, typed or closed while one is on its way.
    if (snapshot.matches('requestingCode') || snapshot.matches('deleting')) {
      holds(!snapshot.can({ type: 'delete.confirm' }) && !snapshot.can({ type: 'code.request' }) && !snapshot.can({ type: 'dialog.close' }), 'one request at a time');
    }
    // The delete is asked for only with something to confirm it with, and the session ends only after it succeeded.
    const deletes = world.effects.filter((e) => e.startsWith('delete'));
    for (const d of deletes) holds(/^delete with (password .+|code \d{6})/.test(d), 'a delete always carries its confirmation');
    holds(!world.effects.includes('finish') || snapshot.matches('deleted'), 'signed out only once the account is gone');
    if (snapshot.matches('deleted')) holds(snapshot.status === 'done', 'a deleted account ends the dialog for good');
  };
}

describe('account deletion machine (model-based)', () => {
  const coverage: Coverage = newCoverage();
  const serialize = (s: Snapshot) => JSON.stringify([s.value, s.context.password !== '', s.context.code.length === 6, s.context.codeSent, s.context.deletePosts, s.context.error !== null]);
  const shortest = getShortestPaths(accountDeletionMachine, { events: eventsFor as never, serializeState: serialize as never });
  const paths: PathLike<AccountDeletionEvent>[] = [];
  for (const path of shortest) {
    for (const event of eventsFor(path.state as Snapshot)) paths.push({ steps: [...(path.steps as { event: AccountDeletionEvent }[]), { event }] });
  }
  const simple = getSimplePaths(accountDeletionMachine, {
    events: eventsFor as never,
    serializeState: ((s: Snapshot) => JSON.stringify([s.value, s.context.codeSent, s.context.password !== ''])) as never,
  }).filter((p) => p.steps.length <= 7);
  paths.push(...(simple as unknown as PathLike<AccountDeletionEvent>[]));

  it.each(paths.map((p) => [pathName(p), p] as const))('%s', (_name, path) => {
    const { world, machine } = instrumented();
    replay(machine, path, coverage, checker(world));
  });

  it('reached every state and every transition', () => {
    expect(paths.length).toBeGreaterThan(50);
    expect(uncovered(accountDeletionMachine, coverage)).toEqual({ states: [], transitions: [] });
  });
});

describe('account deletion effects (scripted API, navigator, notifier)', () => {
  it('asks for a code, deletes with it and the posts, then goes home, ends the session and says so', async () => {
    const navigator = new RecordingNavigator();
    const notifier = new RecordingNotifier();
    let ended = 0;
    const api = new ScriptedApi({
      'account.requestDeleteCode': () => Promise.resolve({ success: true, message: 'We sent a code to your email address' }),
      'account.delete': () => Promise.resolve({ success: true, message: 'Your account has been deleted' }),
    });
    const actor = createActor(provideAccountDeletion({ api, navigator, notifier, endSession: () => { ended += 1; }, log: () => {} })).start();
    actor.send({ type: 'dialog.open' });
    actor.send({ type: 'code.request' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.codeSent);
    actor.send({ type: 'code.change', value: '654321' });
    actor.send({ type: 'deletePosts.change', value: true });
    actor.send({ type: 'delete.confirm' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(api.calls.map((c) => [c.name, c.input])).toEqual([
      ['account.requestDeleteCode', {}],
      ['account.delete', { body: { code: '654321', deletePosts: true } }],
    ]);
    expect(navigator.moves).toEqual(['/']);
    expect(ended).toBe(1);
    expect(notifier.successes).toEqual([ACCOUNT_DELETION_TEXT.deleted]);
  });

  it("shows the server's words for a wrong password and a generic text for a failure, and ends nothing", async () => {
    const logged: string[] = [];
    let answer = () => Promise.reject(new ApiError('http', 400, WRONG));
    const api = new ScriptedApi({ 'account.delete': () => answer(), 'account.requestDeleteCode': () => Promise.reject(new ApiError('network', 0, 'offline')) });
    const navigator = new RecordingNavigator();
    let ended = 0;
    const actor = createActor(provideAccountDeletion({ api, navigator, notifier: new RecordingNotifier(), endSession: () => { ended += 1; }, log: (m) => logged.push(m) })).start();
    actor.send({ type: 'dialog.open' });
    actor.send({ type: 'password.change', value: 'not it' });
    actor.send({ type: 'delete.confirm' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe(WRONG);
    expect(api.calls[0]!.input).toEqual({ body: { password: 'not it', deletePosts: false } });
    answer = () => Promise.reject(new ApiError('http', 500, 'Internal Server Error'));
    actor.send({ type: 'delete.confirm' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.error === ACCOUNT_DELETION_TEXT.deleteFailed);
    actor.send({ type: 'code.request' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.error === ACCOUNT_DELETION_TEXT.codeFailed);
    expect(logged).toEqual(['deleting the account failed', 'deleting the account failed', 'requesting a delete code failed']);
    expect(navigator.moves).toEqual([]);
    expect(ended).toBe(0);
    actor.stop();
  });

  it('saves the export under the day it was taken', async () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x05, 0x06]);
    const api = new ScriptedApi({ 'account.export': () => Promise.resolve(zip) });
    const files = new RecordingFileSaver();
    await saveAccountExport(api, files, Date.parse('2026-11-28T23:59:00Z'));
    expect(files.saved).toEqual([{ bytes: zip, filename: 'sustainlearn-data-2026-11-28.zip', mimeType: 'application/zip' }]);
    expect(exportFilename(Date.parse('2027-01-02T00:00:00Z'))).toBe('sustainlearn-data-2027-01-02.zip');
  });
});

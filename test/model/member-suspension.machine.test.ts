/**
 * Model-based tests of suspending a member from the staff console (issue 36 items 6 and 9, ADR 140): paths from the
 * machine's own graph (the shortest path to every abstract state, each extended by every event, and the simple paths),
 * from a member active and from one already suspended, replayed on a live actor whose effects only record, and compared
 * after every step with a plain model. Named rules are checked besides, and a last test fails if any state or
 * transition was never reached. The effects file is then run against the scripted API and the recording notifier.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type EventObject, type SnapshotFrom, waitFor } from 'xstate';
import { ApiError } from '../../src/application/api-error';
import { provideMemberSuspension } from '../../src/application/member-suspension.effects';
import {
  MEMBER_SUSPENSION_TEXT, type MemberSuspensionEvent, type MemberSuspensionInput, memberSuspensionMachine,
} from '../../src/application/member-suspension.machine';
import { RecordingNotifier, ScriptedApi } from '../../src/application/testing/fakes';
import { SUSPENSION_TEXT } from '../../src/domain/suspension';
import { agree, type Coverage, getShortestPaths, getSimplePaths, holds, newCoverage, type PathLike, pathName, replay, uncovered } from './model-kit';

const ID = '0b8a5d2e-4c1f-4e7a-9a53-2f3c4d5e6f70';
const REFUSED = 'Only an admin may suspend a member of staff.';

type Snapshot = SnapshotFrom<typeof memberSuspensionMachine>;
type Screen = 'active' | 'confirming' | 'suspending' | 'suspended' | 'lifting';

/** The events the world can send: a moderator's typing and presses, and the answers to what was asked for. */
function eventsFor(s: Snapshot): MemberSuspensionEvent[] {
  const list: MemberSuspensionEvent[] = [
    { type: 'suspend.open' }, { type: 'dialog.close' },
    { type: 'reason.change', value: '  Spam, after two warnings  ' }, { type: 'reason.change', value: '   ' }, { type: 'reason.change', value: 'x'.repeat(501) },
    { type: 'suspend.confirm' }, { type: 'lift.request' },
  ];
  if (s.matches('suspending')) list.push({ type: 'suspend.succeeded' }, { type: 'suspend.failed', message: REFUSED });
  if (s.matches('lifting')) list.push({ type: 'lift.succeeded' }, { type: 'lift.failed', message: MEMBER_SUSPENSION_TEXT.liftFailed });
  return list;
}

interface Model {
  screen: Screen;
  reason: string;
  error: string | null;
  announcement: string;
  effects: string[];
}

const problem = (reason: string) =>
  reason.trim() === '' ? SUSPENSION_TEXT.reasonRequired : reason.trim().length > 500 ? SUSPENSION_TEXT.reasonTooLong : null;

function step(m: Model, e: MemberSuspensionEvent): Model {
  const next: Model = { ...m, effects: [...m.effects] };
  const effect = (text: string) => next.effects.push(text);
  switch (m.screen) {
    case 'active':
      return e.type === 'suspend.open' ? { ...next, screen: 'confirming', reason: '', error: null, announcement: '' } : m;
    case 'confirming':
      if (e.type === 'dialog.close') return { ...next, screen: 'active', reason: '', error: null };
      if (e.type === 'reason.change') return { ...next, reason: e.value, error: null };
      if (e.type === 'suspend.confirm') {
        const wrong = problem(m.reason);
        if (wrong) return { ...next, error: wrong };
        effect(`suspend ${ID} because "${m.reason.trim()}"`);
        return { ...next, screen: 'suspending', error: null };
      }
      return m;
    case 'suspending':
      if (e.type === 'suspend.succeeded') {
        effect(`report ${MEMBER_SUSPENSION_TEXT.suspended}`);
        return { ...next, screen: 'suspended', reason: '', announcement: MEMBER_SUSPENSION_TEXT.suspended };
      }
      if (e.type === 'suspend.failed') return { ...next, screen: 'confirming', error: e.message };
      return m;
    case 'suspended':
      if (e.type === 'lift.request') {
        effect(`lift ${ID}`);
        return { ...next, screen: 'lifting', error: null, announcement: '' };
      }
      return m;
    case 'lifting':
      if (e.type === 'lift.succeeded') {
        effect(`report ${MEMBER_SUSPENSION_TEXT.lifted}`);
        return { ...next, screen: 'active', announcement: MEMBER_SUSPENSION_TEXT.lifted };
      }
      if (e.type === 'lift.failed') return { ...next, screen: 'suspended', error: e.message };
      return m;
  }
}

function instrumented() {
  const world = { effects: [] as string[] };
  const effect = (text: string) => void world.effects.push(text);
  const machine = memberSuspensionMachine.provide({
    actions: {
      suspend: (_, p) => effect(`suspend ${p.memberId} because "${p.reason}"`),
      lift: (_, p) => effect(`lift ${p.memberId}`),
      report: (_, p) => effect(`report ${p.message}`),
    },
  });
  return { world, machine };
}

function checker(world: ReturnType<typeof instrumented>['world'], input: MemberSuspensionInput) {
  let model: Model = { screen: input.suspended ? 'suspended' : 'active', reason: '', error: null, announcement: '', effects: [] };
  return (snapshot: Snapshot, event: EventObject | null) => {
    if (event) model = step(model, event as MemberSuspensionEvent);
    const { memberId, startedSuspended: _s, ...fields } = snapshot.context;
    holds(memberId === ID, 'the member never changes');
    const { effects, screen, ...expected } = model;
    agree({ screen: snapshot.value, ...fields, effects: world.effects }, { screen, ...expected, effects });
    // One request at a time: nothing else can be sent while one is on its way.
    if (snapshot.matches('suspending') || snapshot.matches('lifting')) {
      holds(!snapshot.can({ type: 'suspend.confirm' }) && !snapshot.can({ type: 'lift.request' }) && !snapshot.can({ type: 'dialog.close' }), 'one request at a time');
    }
    // A suspension is only ever sent with a reason the server accepts.
    for (const e of world.effects.filter((x) => x.startsWith('suspend '))) {
      const reason = /because "(.*)"$/.exec(e)![1]!;
      holds(reason.length > 0 && reason.length <= 500 && reason === reason.trim(), 'a suspension carries a reason of 1-500 characters');
    }
    // Lift is offered only for a suspended member, Suspend only for an active one.
    holds(snapshot.can({ type: 'lift.request' }) === snapshot.matches('suspended'), 'Lift only while suspended');
    holds(snapshot.can({ type: 'suspend.open' }) === snapshot.matches('active'), 'Suspend only while active');
  };
}

describe('member suspension machine (model-based)', () => {
  const coverage: Coverage = newCoverage();
  const serialize = (s: Snapshot) => JSON.stringify([s.value, problem(s.context.reason), s.context.error !== null]);
  for (const suspended of [false, true]) {
    const input: MemberSuspensionInput = { memberId: ID, suspended };
    const paths: PathLike<MemberSuspensionEvent>[] = [];
    for (const path of getShortestPaths(memberSuspensionMachine, { events: eventsFor as never, serializeState: serialize as never, input })) {
      for (const event of eventsFor(path.state as Snapshot)) paths.push({ steps: [...(path.steps as { event: MemberSuspensionEvent }[]), { event }] });
    }
    const simple = getSimplePaths(memberSuspensionMachine, {
      events: eventsFor as never, input,
      serializeState: ((s: Snapshot) => JSON.stringify([s.value, s.context.reason.trim() !== ''])) as never,
    }).filter((p) => p.steps.length <= 7);
    paths.push(...(simple as unknown as PathLike<MemberSuspensionEvent>[]));

    it.each(paths.map((p) => [pathName(p), p] as const))(`from ${suspended ? 'suspended' : 'active'}: %s`, (_name, path) => {
      const { world, machine } = instrumented();
      replay(machine, path, coverage, checker(world, input), input);
    });
  }

  it('reached every state and every transition', () => {
    expect(uncovered(memberSuspensionMachine, coverage)).toEqual({ states: [], transitions: [] });
  });
});

describe('member suspension effects (scripted API, notifier)', () => {
  it('suspends with the trimmed reason, lifts, and says so each time', async () => {
    const notifier = new RecordingNotifier();
    const api = new ScriptedApi({
      'staffMembers.suspend': () => Promise.resolve({ success: true, member: {} }),
      'staffMembers.lift': () => Promise.resolve({ success: true, member: {} }),
    });
    const actor = createActor(provideMemberSuspension({ api, notifier, log: () => {} }), { input: { memberId: ID, suspended: false } }).start();
    actor.send({ type: 'suspend.open' });
    actor.send({ type: 'reason.change', value: ' Spam ' });
    actor.send({ type: 'suspend.confirm' });
    await waitFor(actor, (s) => s.matches('suspended'));
    actor.send({ type: 'lift.request' });
    await waitFor(actor, (s) => s.matches('active'));
    expect(api.calls.map((c) => [c.name, c.input])).toEqual([
      ['staffMembers.suspend', { params: { id: ID }, body: { reason: 'Spam' } }],
      ['staffMembers.lift', { params: { id: ID } }],
    ]);
    expect(notifier.successes).toEqual([MEMBER_SUSPENSION_TEXT.suspended, MEMBER_SUSPENSION_TEXT.lifted]);
    actor.stop();
  });

  it("shows the server's words for a refusal and a general sentence for a failure", async () => {
    const logged: string[] = [];
    const api = new ScriptedApi({
      'staffMembers.suspend': () => Promise.reject(new ApiError('http', 403, REFUSED)),
      'staffMembers.lift': () => Promise.reject(new ApiError('network', 0, 'offline')),
    });
    const actor = createActor(provideMemberSuspension({ api, notifier: new RecordingNotifier(), log: (m) => logged.push(m) }), { input: { memberId: ID, suspended: false } }).start();
    actor.send({ type: 'suspend.open' });
    actor.send({ type: 'reason.change', value: 'Spam' });
    actor.send({ type: 'suspend.confirm' });
    await waitFor(actor, (s) => s.matches('confirming') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe(REFUSED);
    actor.stop();
    const lifting = createActor(provideMemberSuspension({ api, notifier: new RecordingNotifier(), log: (m) => logged.push(m) }), { input: { memberId: ID, suspended: true } }).start();
    lifting.send({ type: 'lift.request' });
    await waitFor(lifting, (s) => s.matches('suspended') && s.context.error !== null);
    expect(lifting.getSnapshot().context.error).toBe(MEMBER_SUSPENSION_TEXT.liftFailed);
    expect(logged).toEqual(['suspending a member failed', 'lifting a suspension failed']);
    lifting.stop();
  });
});

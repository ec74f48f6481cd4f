/**
 * Model-based tests of the email change: every path from its graph (shortest, simple, and every event from every
 * state), replayed on a live actor whose effects only record, compared after every step with a plain model (step,
 * address, kept password, countdown, error, ticking, and the effects asked for in order). Then the effects file
 * against the scripted API, a fake clock and a notifier.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type EventObject, waitFor } from 'xstate';
import { ApiError } from '../../src/application/api-error';
import { provideEmailChange } from '../../src/application/email-change.effects';
import { EMAIL_CHANGE_TEXT, type EmailChangeEvent, emailChangeMachine } from '../../src/application/email-change.machine';
import { OTP_TEXT } from '../../src/application/otp-wizard.machine';
import { FakeClock, RecordingNotifier, ScriptedApi } from '../../src/application/testing/fakes';
import { OTP_RESEND_SECONDS } from '../../src/domain/otp';
import { agree, type Coverage, edgePaths, getShortestPaths, getSimplePaths, holds, newCoverage, pathName, replay, uncovered } from './model-kit';

const RESEND = 2;

const events: EmailChangeEvent[] = [
  { type: 'user.submitEmail', email: '  ', currentPassword: 'secret words' },
  { type: 'user.submitEmail', email: 'new@example.com', currentPassword: '' },
  { type: 'user.submitEmail', email: ' New@Example.com ', currentPassword: 'secret words' },
  { type: 'user.submitCode', code: '' },
  { type: 'user.submitCode', code: '123' },
  { type: 'user.submitCode', code: 'abcdef' },
  { type: 'user.submitCode', code: '123456' },
  { type: 'user.resend' },
  { type: 'user.changeEmail' },
  { type: 'clock.tick' },
  { type: 'code.sent' },
  { type: 'code.sendFailed', message: 'Current password is incorrect' },
  { type: 'code.resent' },
  { type: 'code.resendFailed', message: 'Please wait before requesting a new OTP' },
  { type: 'code.verified' },
  { type: 'code.verifyFailed', message: 'Invalid OTP. Please try again.' },
  { type: 'code.verifyFailed', message: 'Too many wrong codes. Please request a new one.' },
];

/** Simple paths walk the way through and each failure once. */
const simpleEvents = events.filter((e) =>
  ['code.sent', 'code.sendFailed', 'code.verified', 'code.verifyFailed'].includes(e.type)
  || (e.type === 'user.submitEmail' && e.email.trim() !== '' && e.currentPassword !== '')
  || (e.type === 'user.submitCode' && e.code === '123456'));

type Where = 'entering' | 'sending' | 'code.idle' | 'code.verifying' | 'code.resending' | 'done';

/** What the flow should be, written from the brief without looking at the machine. */
interface Model {
  where: Where;
  email: string;
  currentPassword: string;
  secondsLeft: number;
  error: string | null;
  ticking: boolean;
  effects: string[];
}

const initialModel = (): Model => ({ where: 'entering', email: '', currentPassword: '', secondsLeft: 0, error: null, ticking: false, effects: [] });

function step(m: Model, e: EmailChangeEvent): Model {
  if (m.where === 'done') return m;
  const n: Model = { ...m, effects: [...m.effects] };
  const stopTicking = () => {
    n.effects.push('stopTicking');
    n.ticking = false;
  };
  const startTicking = (notice: string) => {
    n.secondsLeft = RESEND;
    n.effects.push('startTicking', `notify ${notice}`);
    n.ticking = true;
  };
  if (e.type === 'clock.tick') {
    if (m.secondsLeft === 1) stopTicking();
    return { ...n, secondsLeft: Math.max(0, m.secondsLeft - 1) };
  }
  if (m.where.startsWith('code.') && e.type === 'user.changeEmail') {
    stopTicking();
    return { ...n, where: 'entering', secondsLeft: 0, currentPassword: '', error: null };
  }
  switch (m.where) {
    case 'entering': {
      if (e.type !== 'user.submitEmail') return m;
      if (e.email.trim() === '') return { ...n, error: EMAIL_CHANGE_TEXT.emailRequired };
      if (e.currentPassword === '') return { ...n, error: EMAIL_CHANGE_TEXT.passwordRequired };
      const email = e.email.trim().toLowerCase();
      n.effects.push(`requestCode ${email} ${e.currentPassword}`);
      return { ...n, where: 'sending', email, currentPassword: e.currentPassword, error: null };
    }
    case 'sending':
      if (e.type === 'code.sent') {
        startTicking(OTP_TEXT.sent);
        return { ...n, where: 'code.idle' };
      }
      if (e.type === 'code.sendFailed') return { ...n, where: 'entering', currentPassword: '', error: e.message };
      return m;
    case 'code.idle':
      if (e.type === 'user.submitCode') {
        if (!/^\d{6}$/.test(e.code)) return { ...n, error: OTP_TEXT.otpRequired };
        n.effects.push(`confirmCode ${e.code}`);
        return { ...n, where: 'code.verifying', error: null };
      }
      if (e.type === 'user.resend') {
        if (m.secondsLeft > 0) return { ...n, error: OTP_TEXT.waitBeforeResend };
        n.effects.push(`resendCode ${m.email} ${m.currentPassword}`);
        return { ...n, where: 'code.resending', error: null };
      }
      return m;
    case 'code.verifying':
      if (e.type === 'code.verified') {
        stopTicking();
        n.effects.push(`notify ${EMAIL_CHANGE_TEXT.changed}`);
        return { ...n, where: 'done', secondsLeft: 0, currentPassword: '' };
      }
      if (e.type === 'code.verifyFailed') {
        // A dead code ends the countdown: a new one may be asked for at once.
        if (/request a new one/.test(e.message)) {
          stopTicking();
          return { ...n, where: 'code.idle', error: e.message, secondsLeft: 0 };
        }
        return { ...n, where: 'code.idle', error: e.message };
      }
      return m;
    case 'code.resending':
      if (e.type === 'code.resent') {
        startTicking(OTP_TEXT.resent);
        return { ...n, where: 'code.idle' };
      }
      if (e.type === 'code.resendFailed') return { ...n, where: 'code.idle', error: e.message };
      return m;
    default:
      return m;
  }
}

function instrumented() {
  const world = { effects: [] as string[], ticking: false };
  const machine = emailChangeMachine.provide({
    actions: {
      requestCode: (_, p) => void world.effects.push(`requestCode ${p.email} ${p.currentPassword}`),
      resendCode: (_, p) => void world.effects.push(`resendCode ${p.email} ${p.currentPassword}`),
      confirmCode: (_, p) => void world.effects.push(`confirmCode ${p.code}`),
      startTicking: () => {
        world.effects.push('startTicking');
        world.ticking = true;
      },
      stopTicking: () => {
        world.effects.push('stopTicking');
        world.ticking = false;
      },
      notify: (_, p) => void world.effects.push(`notify ${p.message}`),
    },
  });
  return { world, machine };
}

type Snapshot = ReturnType<typeof emailChangeMachine.transition>;
const whereOf = (s: Snapshot): Where =>
  (typeof s.value === 'string' ? s.value : Object.entries(s.value).map(([k, v]) => `${k}.${v as string}`)[0]) as Where;

function checker(world: ReturnType<typeof instrumented>['world']) {
  let model = initialModel();
  return (snapshot: Snapshot, event: EventObject | null) => {
    if (event) model = step(model, event as EmailChangeEvent);
    const c = snapshot.context;
    agree(
      { where: whereOf(snapshot), email: c.email, currentPassword: c.currentPassword, secondsLeft: c.secondsLeft, error: c.error, ticking: world.ticking, effects: world.effects },
      model,
    );
    holds(c.resendSeconds === RESEND, 'the countdown length never changes');
    holds(snapshot.status === (model.where === 'done' ? 'done' : 'active'), 'the flow ends only when the code was right');
    holds(world.ticking === (snapshot.matches('code') && c.secondsLeft > 0), 'ticking only while counting down on the code step');
    holds(snapshot.matches('done') ? c.currentPassword === '' : true, 'the password is not kept once the email changed');
  };
}

describe('email change machine (model-based)', () => {
  const coverage: Coverage = newCoverage();
  const input = { resendSeconds: RESEND };
  const { machine } = instrumented();
  const paths = [
    ...getShortestPaths(machine, { events, input }),
    ...getSimplePaths(machine, { events: simpleEvents, input, toState: (s) => s.status === 'done' }),
    ...edgePaths(machine, events, input),
  ];
  it.each(paths.map((p, i) => [`${i} ${pathName(p)}`, p] as const))('%s', (_name, path) => {
    const sut = instrumented();
    replay(sut.machine, path, coverage, checker(sut.world), input);
  });

  it('counts down second by second and allows a resend only at 0', () => {
    const sut = instrumented();
    const steps = [
      { type: 'user.submitEmail', email: 'new@example.com', currentPassword: 'secret words' },
      { type: 'code.sent' }, { type: 'user.resend' }, { type: 'clock.tick' }, { type: 'clock.tick' }, { type: 'clock.tick' }, { type: 'user.resend' },
    ].map((event) => ({ event: event as EmailChangeEvent }));
    const seconds: number[] = [];
    const last = replay(sut.machine, { steps }, coverage, (s) => seconds.push(s.context.secondsLeft), input);
    expect(seconds).toEqual([0, 0, 2, 2, 1, 0, 0, 0]);
    expect(last.matches({ code: 'resending' })).toBe(true);
  });

  it('counts down from the spec’s 120 seconds when no length is given', () => {
    const actor = createActor(emailChangeMachine, { input: {} }).start();
    actor.send({ type: 'user.submitEmail', email: 'new@example.com', currentPassword: 'secret words' });
    actor.send({ type: 'code.sent' });
    expect(actor.getSnapshot().context).toMatchObject({ resendSeconds: OTP_RESEND_SECONDS, secondsLeft: OTP_RESEND_SECONDS });
    actor.stop();
  });

  it('reached every state and took every transition', () => {
    expect(uncovered(emailChangeMachine, coverage)).toEqual({ states: [], transitions: [] });
  });
});

describe('email change effects (scripted API, fake clock)', () => {
  function flow(answers: ConstructorParameters<typeof ScriptedApi>[0]) {
    const api = new ScriptedApi(answers);
    const clock = new FakeClock();
    const notifier = new RecordingNotifier();
    const actor = createActor(provideEmailChange({ api, clock, notifier }), { input: { resendSeconds: 3 } }).start();
    return { api, clock, notifier, actor };
  }

  it('asks for a code with the password, counts down on the clock, resends, confirms and stops the clock', async () => {
    const f = flow({
      'account.requestEmailChange': () => Promise.resolve({ success: true, message: 'OTP sent successfully!' }),
      'account.confirmEmailChange': () => Promise.resolve({ success: true, message: 'Email updated successfully', user: {} }),
    });
    f.actor.send({ type: 'user.submitEmail', email: ' New@Example.com ', currentPassword: 'secret words' });
    await waitFor(f.actor, (s) => s.matches('code'));
    expect(f.notifier.successes).toEqual([OTP_TEXT.sent]);
    f.clock.advance(1000);
    expect(f.actor.getSnapshot().context.secondsLeft).toBe(2);
    f.clock.advance(2000);
    expect(f.clock.activeTimers).toBe(0);
    f.actor.send({ type: 'user.resend' });
    await waitFor(f.actor, (s) => s.matches({ code: 'idle' }) && s.context.secondsLeft === 3);
    expect(f.clock.activeTimers).toBe(1);
    f.actor.send({ type: 'user.submitCode', code: '654321' });
    await waitFor(f.actor, (s) => s.status === 'done');
    expect(f.clock.activeTimers).toBe(0);
    expect(f.notifier.successes).toEqual([OTP_TEXT.sent, OTP_TEXT.resent, EMAIL_CHANGE_TEXT.changed]);
    expect(f.api.calls.map((c) => [c.name, c.input])).toEqual([
      ['account.requestEmailChange', { body: { email: 'new@example.com', currentPassword: 'secret words' } }],
      ['account.requestEmailChange', { body: { email: 'new@example.com', currentPassword: 'secret words' } }],
      ['account.confirmEmailChange', { body: { otp: '654321' } }],
    ]);
  });

  it("shows the server's words for a refusal and the flow's own words for anything else", async () => {
    const refused = (message: string) => () => Promise.reject(new ApiError('http', 400, message));
    const f = flow({ 'account.requestEmailChange': refused('Current password is incorrect') });
    f.actor.send({ type: 'user.submitEmail', email: 'new@example.com', currentPassword: 'wrong' });
    await waitFor(f.actor, (s) => s.matches('entering') && s.context.error !== null);
    expect(f.actor.getSnapshot().context.error).toBe('Current password is incorrect');
    f.api.answer('account.requestEmailChange', () => Promise.reject(new ApiError('network', 0, 'offline')));
    f.actor.send({ type: 'user.submitEmail', email: 'new@example.com', currentPassword: 'secret words' });
    await waitFor(f.actor, (s) => s.matches('entering') && s.context.error === OTP_TEXT.sendFailed);
    f.api.answer('account.requestEmailChange', () => Promise.resolve({ success: true, message: 'sent' }));
    f.actor.send({ type: 'user.submitEmail', email: 'new@example.com', currentPassword: 'secret words' });
    await waitFor(f.actor, (s) => s.matches('code'));
    f.clock.advance(3000);
    f.api.answer('account.requestEmailChange', () => Promise.reject(new ApiError('http', 500, 'boom')));
    f.actor.send({ type: 'user.resend' });
    await waitFor(f.actor, (s) => s.matches({ code: 'idle' }) && s.context.error !== null);
    expect(f.actor.getSnapshot().context.error).toBe(OTP_TEXT.resendFailed);
    f.api.answer('account.confirmEmailChange', refused('Too many wrong codes. Please request a new one.'));
    f.actor.send({ type: 'user.submitCode', code: '123456' });
    await waitFor(f.actor, (s) => s.matches({ code: 'idle' }) && s.context.error !== null);
    expect(f.actor.getSnapshot().context.error).toBe('Too many wrong codes. Please request a new one.');
    f.api.answer('account.confirmEmailChange', () => Promise.reject(new ApiError('network', 0, 'offline')));
    f.actor.send({ type: 'user.submitCode', code: '123456' });
    await waitFor(f.actor, (s) => s.matches({ code: 'idle' }) && s.context.error === OTP_TEXT.verifyFailed);
  });

  it('stops the clock at the next tick once the flow is stopped mid-count', async () => {
    const f = flow({ 'account.requestEmailChange': () => Promise.resolve({ success: true, message: 'sent' }) });
    f.actor.send({ type: 'user.submitEmail', email: 'new@example.com', currentPassword: 'secret words' });
    await waitFor(f.actor, (s) => s.matches('code'));
    expect(f.clock.activeTimers).toBe(1);
    f.actor.stop();
    f.clock.advance(1000);
    expect(f.clock.activeTimers).toBe(0);
  });
});

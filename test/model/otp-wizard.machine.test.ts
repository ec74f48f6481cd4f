/**
 * Model-based tests of the OTP wizard, both purposes: every path from its graph (shortest, simple and every event
 * from every state), replayed on a live actor whose effects only record, and compared after every step with a plain
 * model of the wizard (step, email, countdown, verified, error, token, ticking, and the effects asked for with their
 * parameters, in order). Then the effects file against the scripted API, a token store, a fake clock and a notifier.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type EventObject, waitFor } from 'xstate';
import { ApiError } from '../../src/application/api-error';
import { OTP_TEXT, otpWizardMachine, type OtpWizardEvent } from '../../src/application/otp-wizard.machine';
import { provideOtpWizard } from '../../src/application/otp-wizard.effects';
import { FakeClock, MemoryTokenStore, RecordingNavigator, RecordingNotifier, ScriptedApi } from '../../src/application/testing/fakes';
import { OTP_LOCKED_MESSAGE, OTP_RESEND_SECONDS, type OtpPurpose } from '../../src/domain/otp';
import { agree, type Coverage, edgePaths, getShortestPaths, getSimplePaths, holds, newCoverage, pathName, replay, uncovered } from './model-kit';

const RESEND = 2;
const long = (n: number) => 'p'.repeat(n);

const events: OtpWizardEvent[] = [
  { type: 'user.submitEmail', email: '   ' },
  { type: 'user.submitEmail', email: ' Ada@Example.com ' },
  { type: 'user.submitCode', code: '' },
  { type: 'user.submitCode', code: '   ' },
  { type: 'user.submitCode', code: '123' },
  { type: 'user.submitCode', code: 'abcdef' },
  { type: 'user.submitCode', code: '123456' },
  { type: 'user.resend' },
  { type: 'user.changeEmail' },
  { type: 'user.submitPassword', password: long(8), confirmPassword: long(8) },
  { type: 'user.submitPassword', password: long(8), confirmPassword: long(8), firstName: ' ', lastName: 'Lovelace' },
  { type: 'user.submitPassword', password: long(8), confirmPassword: long(8), firstName: 'Ada' },
  { type: 'user.submitPassword', password: long(8), confirmPassword: long(8), firstName: 'A'.repeat(101), lastName: 'Lovelace' },
  { type: 'user.submitPassword', password: long(8), confirmPassword: long(8), firstName: 'Ada', lastName: 'L'.repeat(101) },
  { type: 'user.submitPassword', password: '', confirmPassword: '', firstName: 'Ada', lastName: 'Lovelace' },
  { type: 'user.submitPassword', password: 'long enough', confirmPassword: '', firstName: 'Ada', lastName: 'Lovelace' },
  { type: 'user.submitPassword', password: '', confirmPassword: 'long enough', firstName: 'Ada', lastName: 'Lovelace' },
  { type: 'user.submitPassword', password: 'long enough', confirmPassword: 'different one', firstName: 'Ada', lastName: 'Lovelace' },
  { type: 'user.submitPassword', password: long(7), confirmPassword: long(7), firstName: 'Ada', lastName: 'Lovelace' },
  { type: 'user.submitPassword', password: long(8), confirmPassword: long(8), firstName: ' Ada ', lastName: 'Lovelace ' },
  { type: 'user.submitPassword', password: long(128), confirmPassword: long(128), firstName: 'Ada', lastName: 'Lovelace' },
  { type: 'user.submitPassword', password: long(129), confirmPassword: long(129), firstName: 'Ada', lastName: 'Lovelace' },
  { type: 'clock.tick' },
  { type: 'otp.sent' },
  { type: 'otp.sendFailed', message: 'Failed to send OTP. Please try again.' },
  { type: 'otp.verified', token: 'reset-token' },
  { type: 'otp.verified', token: null },
  { type: 'otp.verified', token: '' },
  { type: 'otp.verifyFailed', message: 'Invalid OTP. Please try again.' },
  { type: 'otp.verifyFailed', message: OTP_LOCKED_MESSAGE },
  { type: 'otp.resent' },
  { type: 'otp.resendFailed', message: 'Please wait before requesting a new OTP' },
  { type: 'password.set', token: 'final-token' },
  { type: 'password.set', token: null },
  { type: 'password.failed', message: 'An unexpected error occurred' },
];

/** Simple paths over every event explode combinatorially; they walk the happy-path events and each failure once. */
const simpleEvents: OtpWizardEvent[] = events.filter((e) =>
  ['user.submitEmail', 'otp.sent', 'otp.sendFailed', 'user.submitCode', 'otp.verified', 'otp.verifyFailed', 'password.set'].includes(e.type)
  && !(e.type === 'user.submitCode' && e.code !== '123456') && !(e.type === 'user.submitEmail' && e.email.trim() === '')
  && !(e.type === 'otp.verified' && e.token === '')
  || (e.type === 'user.submitPassword' && e.password === e.confirmPassword && e.password === long(8) && e.firstName === ' Ada '));

type Where = 'email' | 'sending' | 'code.idle' | 'code.verifying' | 'code.resending' | 'password.idle' | 'password.saving' | 'done';

/** What the wizard should be, written from the spec without looking at the machine. */
interface Model {
  where: Where;
  email: string;
  secondsLeft: number;
  otpVerified: boolean;
  error: string | null;
  token: string | null;
  ticking: boolean;
  effects: string[];
}

const initialModel = (): Model => ({ where: 'email', email: '', secondsLeft: 0, otpVerified: false, error: null, token: null, ticking: false, effects: [] });

function passwordError(purpose: OtpPurpose, e: Extract<OtpWizardEvent, { type: 'user.submitPassword' }>): string | null {
  const { password, confirmPassword: confirm } = e;
  if (purpose === 'signup') {
    const first = (e.firstName ?? '').trim();
    const last = (e.lastName ?? '').trim();
    if (!first || !last) return OTP_TEXT.namesRequired;
    if (first.length > 100 || last.length > 100) return OTP_TEXT.nameTooLong;
  }
  if (!password || !confirm) return OTP_TEXT.passwordsRequired;
  if (password !== confirm) return OTP_TEXT.passwordsDiffer;
  if (password.length < 8) return OTP_TEXT.passwordTooShort;
  if (password.length > 128) return OTP_TEXT.passwordTooLong;
  return null;
}

function step(purpose: OtpPurpose, m: Model, e: OtpWizardEvent): Model {
  if (m.where === 'done') return m;
  const n: Model = { ...m, effects: [...m.effects] };
  const stopTicking = (to: Model) => {
    to.effects.push('stopTicking');
    to.ticking = false;
  };
  const startTicking = (to: Model, notice: string) => {
    to.secondsLeft = RESEND;
    to.effects.push('startTicking', `notify ${notice}`);
    to.ticking = true;
  };
  const storeToken = (to: Model, token: string | null) => {
    if (!token) return;
    to.effects.push(`storeToken ${token}`);
    to.token = token;
  };
  // The countdown is heard on every step; the last second stops the clock.
  if (e.type === 'clock.tick') {
    if (m.secondsLeft === 1) stopTicking(n);
    return { ...n, secondsLeft: Math.max(0, m.secondsLeft - 1) };
  }
  if (m.where.startsWith('code.') && e.type === 'user.changeEmail') {
    stopTicking(n);
    return { ...n, where: 'email', secondsLeft: 0, error: null };
  }
  switch (m.where) {
    case 'email':
      if (e.type !== 'user.submitEmail') return m;
      if (e.email.trim() === '') return { ...n, error: OTP_TEXT.emailRequired };
      n.effects.push(`requestOtp ${purpose} ${e.email.trim().toLowerCase()}`);
      return { ...n, where: 'sending', email: e.email.trim().toLowerCase(), error: null };
    case 'sending':
      if (e.type === 'otp.sent') {
        startTicking(n, OTP_TEXT.sent);
        return { ...n, where: 'code.idle' };
      }
      if (e.type === 'otp.sendFailed') return { ...n, where: 'email', error: e.message };
      return m;
    case 'code.idle':
      if (e.type === 'user.submitCode') {
        if (!/^\d{6}$/.test(e.code)) return { ...n, error: OTP_TEXT.otpRequired };
        n.effects.push(`verifyOtp ${purpose} ${m.email} ${e.code}`);
        return { ...n, where: 'code.verifying', error: null };
      }
      if (e.type === 'user.resend') {
        if (m.secondsLeft > 0) return { ...n, error: OTP_TEXT.waitBeforeResend };
        n.effects.push(`resendOtp ${purpose} ${m.email}`);
        return { ...n, where: 'code.resending', error: null };
      }
      return m;
    case 'code.verifying':
      if (e.type === 'otp.verified') {
        storeToken(n, e.token);
        stopTicking(n);
        return { ...n, where: 'password.idle', otpVerified: true, secondsLeft: 0 };
      }
      if (e.type === 'otp.verifyFailed') {
        // A dead code ends the countdown: a new one may be asked for at once.
        if (/request a new one/.test(e.message)) {
          stopTicking(n);
          return { ...n, where: 'code.idle', error: e.message, secondsLeft: 0 };
        }
        return { ...n, where: 'code.idle', error: e.message };
      }
      return m;
    case 'code.resending':
      if (e.type === 'otp.resent') {
        startTicking(n, OTP_TEXT.resent);
        return { ...n, where: 'code.idle' };
      }
      if (e.type === 'otp.resendFailed') return { ...n, where: 'code.idle', error: e.message };
      return m;
    case 'password.idle': {
      if (e.type !== 'user.submitPassword') return m;
      const error = passwordError(purpose, e);
      if (error) return { ...n, error };
      n.effects.push(`setPassword ${e.password}${purpose === 'signup' ? ` ${e.firstName!.trim()}|${e.lastName!.trim()}` : ''}`);
      return { ...n, where: 'password.saving', error: null };
    }
    case 'password.saving':
      if (e.type === 'password.set') {
        storeToken(n, e.token);
        n.effects.push(`finish ${purpose}`);
        return { ...n, where: 'done' };
      }
      if (e.type === 'password.failed') return { ...n, where: 'password.idle', error: e.message };
      return m;
    default:
      return m;
  }
}

function instrumented() {
  const world = { effects: [] as string[], token: null as string | null, ticking: false };
  const machine = otpWizardMachine.provide({
    actions: {
      requestOtp: (_, p) => void world.effects.push(`requestOtp ${p.purpose} ${p.email}`),
      resendOtp: (_, p) => void world.effects.push(`resendOtp ${p.purpose} ${p.email}`),
      verifyOtp: (_, p) => void world.effects.push(`verifyOtp ${p.purpose} ${p.email} ${p.code}`),
      setPassword: (_, p) => void world.effects.push(`setPassword ${p.password}${p.names ? ` ${p.names.firstName}|${p.names.lastName}` : ''}`),
      storeToken: (_, p) => {
        world.effects.push(`storeToken ${p.token}`);
        world.token = p.token;
      },
      startTicking: () => {
        world.effects.push('startTicking');
        world.ticking = true;
      },
      stopTicking: () => {
        world.effects.push('stopTicking');
        world.ticking = false;
      },
      notify: (_, p) => void world.effects.push(`notify ${p.message}`),
      finish: (_, p) => void world.effects.push(`finish ${p.purpose}`),
    },
  });
  return { world, machine };
}

type Snapshot = ReturnType<typeof otpWizardMachine.transition>;
const whereOf = (s: Snapshot): Where =>
  (typeof s.value === 'string' ? s.value : Object.entries(s.value).map(([k, v]) => `${k}.${v as string}`)[0]) as Where;

function checker(purpose: OtpPurpose, world: ReturnType<typeof instrumented>['world']) {
  let model = initialModel();
  return (snapshot: Snapshot, event: EventObject | null) => {
    if (event) model = step(purpose, model, event as OtpWizardEvent);
    const c = snapshot.context;
    agree(
      { where: whereOf(snapshot), email: c.email, secondsLeft: c.secondsLeft, otpVerified: c.otpVerified, error: c.error, token: world.token, ticking: world.ticking, effects: world.effects },
      model,
    );
    holds(c.purpose === purpose && c.resendSeconds === RESEND, 'the purpose and the countdown length never change');
    holds(snapshot.status === (model.where === 'done' ? 'done' : 'active'), 'the wizard ends only when the password is set');
    // The clock runs exactly while a countdown is under way on the code step.
    holds(world.ticking === (snapshot.matches('code') && c.secondsLeft > 0), 'ticking only while counting down');
  };
}

describe('OTP wizard machine (model-based)', () => {
  const coverage: Coverage = newCoverage();
  for (const purpose of ['signup', 'reset'] as const) {
    const input = { purpose, resendSeconds: RESEND };
    const { machine } = instrumented();
    const paths = [
      ...getShortestPaths(machine, { events, input }),
      ...getSimplePaths(machine, { events: simpleEvents, input, toState: (s) => s.status === 'done' }),
      ...edgePaths(machine, events, input),
    ];
    describe(purpose, () => {
      it.each(paths.map((p, i) => [`${i} ${pathName(p)}`, p] as const))('%s', (_name, path) => {
        const sut = instrumented();
        replay(sut.machine, path, coverage, checker(purpose, sut.world), input);
      });
    });
  }

  it('counts down second by second and allows a resend only at 0', () => {
    const sut = instrumented();
    const steps = ['user.submitEmail', 'otp.sent', 'user.resend', 'clock.tick', 'clock.tick', 'clock.tick', 'user.resend'].map((type) => ({
      event: (type === 'user.submitEmail' ? { type, email: 'ada@example.com' } : { type }) as OtpWizardEvent,
    }));
    const seconds: number[] = [];
    const last = replay(sut.machine, { steps }, coverage, (s) => seconds.push(s.context.secondsLeft), { purpose: 'signup', resendSeconds: RESEND });
    expect(seconds).toEqual([0, 0, 2, 2, 1, 0, 0, 0]);
    expect(last.matches({ code: 'resending' })).toBe(true);
  });

  it('counts down from the spec’s 120 seconds when no length is given', () => {
    const actor = createActor(otpWizardMachine, { input: { purpose: 'reset' } }).start();
    actor.send({ type: 'user.submitEmail', email: 'ada@example.com' });
    actor.send({ type: 'otp.sent' });
    expect(actor.getSnapshot().context).toMatchObject({ resendSeconds: OTP_RESEND_SECONDS, secondsLeft: OTP_RESEND_SECONDS });
    actor.stop();
  });

  it('reached every state and took every transition', () => {
    expect(uncovered(otpWizardMachine, coverage)).toEqual({ states: [], transitions: [] });
  });
});

describe('OTP wizard effects (scripted API, fake clock)', () => {
  function wizard(purpose: OtpPurpose, answers: ConstructorParameters<typeof ScriptedApi>[0]) {
    const api = new ScriptedApi(answers);
    const tokens = new MemoryTokenStore();
    const navigator = new RecordingNavigator();
    const clock = new FakeClock();
    const notifier = new RecordingNotifier();
    const actor = createActor(provideOtpWizard({ api, tokens, navigator, clock, notifier }), { input: { purpose, resendSeconds: 3 } }).start();
    return { api, tokens, navigator, clock, notifier, actor };
  }

  it('signs up: asks for a code, counts down on the clock, verifies, keeps the token, sets the password and reloads at /', async () => {
    const w = wizard('signup', {
      'auth.requestSignupOtp': () => Promise.resolve({ success: true, message: 'sent' }),
      'auth.signup': () => Promise.resolve({ success: true, token: 'signup-token' }),
      'auth.setPassword': () => Promise.resolve({ success: true, message: 'set' }),
    });
    w.actor.send({ type: 'user.submitEmail', email: ' Ada@Example.com ' });
    await waitFor(w.actor, (s) => s.matches('code'));
    expect(w.notifier.successes).toEqual([OTP_TEXT.sent]);
    expect(w.notifier.options).toEqual([{ position: 'top-right', durationMs: 3000 }]);
    w.clock.advance(999);
    expect(w.actor.getSnapshot().context.secondsLeft).toBe(3);
    w.clock.advance(1);
    expect(w.actor.getSnapshot().context.secondsLeft).toBe(2);
    w.actor.send({ type: 'user.submitCode', code: '123456' });
    await waitFor(w.actor, (s) => s.matches('password'));
    expect(w.tokens.token).toBe('signup-token');
    expect(w.clock.activeTimers).toBe(0);
    w.actor.send({ type: 'user.submitPassword', password: 'long enough', confirmPassword: 'long enough', firstName: ' Ada ', lastName: 'Lovelace' });
    await waitFor(w.actor, (s) => s.status === 'done');
    expect(w.api.calls.map((c) => [c.name, c.input])).toEqual([
      ['auth.requestSignupOtp', { body: { email: 'ada@example.com' } }],
      ['auth.signup', { body: { email: 'ada@example.com', otp: '123456' } }],
      ['auth.setPassword', { body: { password: 'long enough', firstName: 'Ada', lastName: 'Lovelace' } }],
    ]);
    expect(w.navigator.redirects).toEqual(['/']);
    expect(w.navigator.headingFocused).toEqual(['/']);
  });

  it('resets: the reset calls, a resend after the countdown, and the clock stopped when the wizard ends mid-count', async () => {
    const w = wizard('reset', {
      'auth.forgotPassword': () => Promise.resolve({ success: true, message: 'sent' }),
      'auth.verifyResetOtp': () => Promise.resolve({ success: true, token: 'reset-token' }),
    });
    w.actor.send({ type: 'user.submitEmail', email: 'ada@example.com' });
    await waitFor(w.actor, (s) => s.matches('code'));
    w.clock.advance(3000);
    expect(w.actor.getSnapshot().context.secondsLeft).toBe(0);
    expect(w.clock.activeTimers).toBe(0);
    w.actor.send({ type: 'user.resend' });
    await waitFor(w.actor, (s) => s.matches({ code: 'idle' }) && s.context.secondsLeft === 3);
    expect(w.notifier.successes).toEqual([OTP_TEXT.sent, OTP_TEXT.resent]);
    expect(w.clock.activeTimers).toBe(1);
    w.actor.send({ type: 'user.submitCode', code: '654321' });
    await waitFor(w.actor, (s) => s.matches('password'));
    expect(w.api.calls.map((c) => [c.name, c.input])).toEqual([
      ['auth.forgotPassword', { body: { email: 'ada@example.com' } }],
      ['auth.forgotPassword', { body: { email: 'ada@example.com' } }],
      ['auth.verifyResetOtp', { body: { email: 'ada@example.com', otp: '654321' } }],
    ]);
    expect(w.tokens.token).toBe('reset-token');
    expect(w.clock.activeTimers).toBe(0);
    // A countdown restarted, then the actor stopped: the next tick stops the clock instead of sending.
    const again = wizard('reset', { 'auth.forgotPassword': () => Promise.resolve({ success: true, message: 'sent' }) });
    again.actor.send({ type: 'user.submitEmail', email: 'ada@example.com' });
    await waitFor(again.actor, (s) => s.matches('code'));
    again.actor.stop();
    again.clock.advance(1000);
    expect(again.clock.activeTimers).toBe(0);
  });

  it("shows the server's words for a refusal and the wizard's own words for anything else", async () => {
    const refused = (message: string) => () => Promise.reject(new ApiError('http', 400, message));
    const w = wizard('signup', {
      'auth.requestSignupOtp': refused('Email already registered'),
    });
    w.actor.send({ type: 'user.submitEmail', email: 'ada@example.com' });
    await waitFor(w.actor, (s) => s.matches('email') && s.context.error !== null);
    expect(w.actor.getSnapshot().context.error).toBe('Email already registered');
    w.api.answer('auth.requestSignupOtp', () => Promise.reject(new ApiError('network', 0, 'offline')));
    w.actor.send({ type: 'user.submitEmail', email: 'ada@example.com' });
    await waitFor(w.actor, (s) => s.matches('email') && s.context.error === OTP_TEXT.sendFailed);
    w.api.answer('auth.requestSignupOtp', () => Promise.resolve({ success: true, message: 'sent' }));
    w.actor.send({ type: 'user.submitEmail', email: 'ada@example.com' });
    await waitFor(w.actor, (s) => s.matches('code'));
    w.clock.advance(3000);
    w.api.answer('auth.requestSignupOtp', () => Promise.reject(new ApiError('http', 500, 'boom')));
    w.actor.send({ type: 'user.resend' });
    await waitFor(w.actor, (s) => s.matches({ code: 'idle' }) && s.context.error !== null);
    expect(w.actor.getSnapshot().context.error).toBe(OTP_TEXT.resendFailed);
    w.api.answer('auth.signup', () => Promise.reject(new ApiError('network', 0, 'offline')));
    w.actor.send({ type: 'user.submitCode', code: '123456' });
    await waitFor(w.actor, (s) => s.matches({ code: 'idle' }) && s.context.error === OTP_TEXT.verifyFailed);
    w.api.answer('auth.signup', () => Promise.resolve({ success: true, token: 't' }));
    w.actor.send({ type: 'user.submitCode', code: '123456' });
    await waitFor(w.actor, (s) => s.matches('password'));
    w.api.answer('auth.setPassword', () => Promise.reject(new ApiError('network', 0, 'offline')));
    w.actor.send({ type: 'user.submitPassword', password: 'long enough', confirmPassword: 'long enough', firstName: 'Ada', lastName: 'Lovelace' });
    await waitFor(w.actor, (s) => s.matches({ password: 'idle' }) && s.context.error !== null);
    expect(w.actor.getSnapshot().context.error).toBe(OTP_TEXT.unexpected);
  });
});

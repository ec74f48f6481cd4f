/** Model-based tests of the OTP wizard, both purposes: every path from its graph, replayed against a plain model. */
import { describe, expect, it } from 'vitest';
import { OTP_TEXT, otpWizardMachine, type OtpWizardEvent } from '../../src/application/otp-wizard.machine';
import type { OtpPurpose } from '../../src/domain/otp';
import { type Coverage, edgePaths, getShortestPaths, getSimplePaths, newCoverage, pathName, replay, uncovered } from './model-kit';

const RESEND = 2;

const events: OtpWizardEvent[] = [
  { type: 'user.submitEmail', email: '   ' },
  { type: 'user.submitEmail', email: ' Ada@Example.com ' },
  { type: 'user.submitCode', code: '' },
  { type: 'user.submitCode', code: '123' },
  { type: 'user.submitCode', code: '123456' },
  { type: 'user.resend' },
  { type: 'user.changeEmail' },
  { type: 'user.submitPassword', password: '', confirmPassword: '' },
  { type: 'user.submitPassword', password: 'long enough', confirmPassword: 'different one' },
  { type: 'user.submitPassword', password: 'short', confirmPassword: 'short' },
  { type: 'user.submitPassword', password: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) },
  { type: 'user.submitPassword', password: 'long enough', confirmPassword: 'long enough' },
  { type: 'clock.tick' },
  { type: 'otp.sent' },
  { type: 'otp.sendFailed', message: 'Failed to send OTP. Please try again.' },
  { type: 'otp.verified', token: 'reset-token' },
  { type: 'otp.verified', token: null },
  { type: 'otp.verifyFailed', message: 'Invalid OTP. Please try again.' },
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
  || (e.type === 'user.submitPassword' && e.password === e.confirmPassword && e.password === 'long enough'));

function instrumented() {
  const world = {
    requests: [] as string[],
    verifies: [] as string[],
    passwords: [] as string[],
    token: null as string | null,
    ticking: false,
    notices: [] as string[],
    finished: false,
  };
  const machine = otpWizardMachine.provide({
    actions: {
      requestOtp: (_, p) => void world.requests.push(`${p.purpose}:${p.email}`),
      resendOtp: (_, p) => void world.requests.push(`${p.purpose}:${p.email}`),
      verifyOtp: (_, p) => void world.verifies.push(p.code),
      setPassword: (_, p) => void world.passwords.push(p.password),
      storeToken: (_, p) => {
        world.token = p.token;
      },
      startTicking: () => {
        world.ticking = true;
      },
      stopTicking: () => {
        world.ticking = false;
      },
      notify: (_, p) => void world.notices.push(p.message),
      finish: () => {
        world.finished = true;
      },
    },
  });
  return { world, machine };
}

type Snapshot = ReturnType<typeof otpWizardMachine.transition>;

function check(purpose: OtpPurpose, snapshot: Snapshot, world: ReturnType<typeof instrumented>['world'], event: OtpWizardEvent | null) {
  const { context } = snapshot;
  expect(context.purpose).toBe(purpose);
  expect(context.secondsLeft).toBeGreaterThanOrEqual(0);
  expect(context.secondsLeft).toBeLessThanOrEqual(RESEND);
  // The countdown runs exactly while there is time left on the code step.
  if (snapshot.matches('code')) expect(world.ticking).toBe(context.secondsLeft > 0);
  if (snapshot.matches('password') || snapshot.matches('done') || snapshot.matches('email')) expect(world.ticking).toBe(false);
  if (snapshot.matches('sending')) expect(world.requests.at(-1)).toBe(`${purpose}:ada@example.com`);
  if (snapshot.matches({ code: 'verifying' })) expect(world.verifies.at(-1)).toBe('123456');
  if (snapshot.matches('password')) expect(context.otpVerified).toBe(true);
  if (snapshot.matches('done')) {
    expect(world.finished).toBe(true);
    expect(world.passwords.at(-1)).toBe('long enough');
  }
  if (!event) return;
  if (event.type === 'user.submitEmail' && event.email.trim() === '' && snapshot.matches('email')) expect(context.error).toBe(OTP_TEXT.emailRequired);
  if (event.type === 'user.submitCode' && event.code.length < 6 && snapshot.matches({ code: 'idle' })) expect(context.error).toBe(OTP_TEXT.otpRequired);
  if (event.type === 'user.resend' && snapshot.matches({ code: 'idle' })) expect(context.error).toBe(OTP_TEXT.waitBeforeResend);
  if (event.type === 'otp.sent' && snapshot.matches('code')) {
    expect(context.secondsLeft).toBe(RESEND);
    expect(world.notices.at(-1)).toBe(OTP_TEXT.sent);
  }
  if (event.type === 'otp.resent' && snapshot.matches('code')) {
    expect(context.secondsLeft).toBe(RESEND);
    expect(world.notices.at(-1)).toBe(OTP_TEXT.resent);
  }
  if (event.type === 'otp.verified' && snapshot.matches('password') && event.token) expect(world.token).toBe(event.token);
  if (event.type === 'user.submitPassword' && snapshot.matches({ password: 'idle' })) {
    const expected = !event.password ? OTP_TEXT.passwordsRequired
      : event.password !== event.confirmPassword ? OTP_TEXT.passwordsDiffer
      : event.password.length < 8 ? OTP_TEXT.passwordTooShort
      : OTP_TEXT.passwordTooLong;
    expect(context.error).toBe(expected);
  }
  if (event.type.endsWith('Failed') && 'message' in event) expect(context.error).toBe(event.message);
  if (event.type === 'password.set' && event.token && snapshot.matches('done')) expect(world.token).toBe(event.token);
}

describe('OTP wizard machine (model-based)', () => {
  const coverage: Coverage = newCoverage();
  for (const purpose of ['signup', 'reset'] as const) {
    const input = { purpose, resendSeconds: RESEND };
    const { machine } = instrumented();
    const paths = [
      ...getShortestPaths(machine, { events, input }),
      ...getSimplePaths(machine, { events: simpleEvents, input, toState: (s) => s.status === "done" }),
      ...edgePaths(machine, events, input),
    ];
    describe(purpose, () => {
      it.each(paths.map((p, i) => [`${i} ${pathName(p)}`, p] as const))('%s', (_name, path) => {
        const sut = instrumented();
        replay(sut.machine, path, coverage, (snapshot, event) => check(purpose, snapshot, sut.world, event), input);
      });
    });
  }

  it('counts down second by second and allows a resend only at 0', () => {
    const sut = instrumented();
    const steps = [
      { type: 'user.submitEmail', email: 'ada@example.com' },
      { type: 'otp.sent' },
      { type: 'user.resend' },
      { type: 'clock.tick' },
      { type: 'clock.tick' },
      { type: 'user.resend' },
    ].map((event) => ({ event: event as OtpWizardEvent }));
    const seconds: number[] = [];
    const last = replay(sut.machine, { steps }, coverage, (s) => seconds.push(s.context.secondsLeft), { purpose: 'signup', resendSeconds: RESEND });
    expect(seconds).toEqual([0, 0, 2, 2, 1, 0, 0]);
    expect(last.matches({ code: 'resending' })).toBe(true);
    expect(sut.world.requests).toEqual(['signup:ada@example.com', 'signup:ada@example.com']);
  });

  it('reached every state and took every transition', () => {
    expect(uncovered(otpWizardMachine, coverage)).toEqual({ states: [], transitions: [] });
  });
});

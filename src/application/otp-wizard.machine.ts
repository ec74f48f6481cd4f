/**
 * The email → code → password wizard of spec section 4, one machine for both purposes (`signup` | `reset`).
 * The resend countdown is driven by `clock.tick` events from a Clock port (resend-countdown.ts, shared with the email
 * change); effects are named and provided elsewhere.
 */
import { assign, assertEvent, setup } from 'xstate';
import { isCompleteOtp, isDeadCodeMessage, OTP_RESEND_SECONDS, type OtpPurpose } from '../domain/otp';
import { nameProblem, NAME_TEXT, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../domain/user';
import { COUNTDOWN_GUARDS } from './resend-countdown';

export const OTP_TEXT = {
  emailRequired: 'Please enter your email',
  otpRequired: 'Please enter the OTP',
  passwordsDiffer: 'Passwords do not match',
  passwordsRequired: 'Please enter and confirm your password',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  waitBeforeResend: 'Please wait before requesting a new OTP',
  sent: 'OTP sent successfully!',
  resent: 'New OTP sent successfully!',
  sendFailed: 'Failed to send OTP. Please try again.',
  verifyInvalid: 'Invalid OTP. Please try again.',
  verifyFailed: 'Failed to verify OTP. Please try again.',
  resendFailed: 'Failed to resend OTP. Please try again.',
  unexpected: 'An unexpected error occurred',
  namesRequired: NAME_TEXT.required,
  nameTooLong: NAME_TEXT.tooLong,
} as const;

export interface OtpWizardInput {
  purpose: OtpPurpose;
  resendSeconds?: number;
}

export interface OtpWizardContext {
  purpose: OtpPurpose;
  resendSeconds: number;
  email: string;
  secondsLeft: number;
  otpVerified: boolean;
  error: string | null;
}

export type OtpWizardEvent =
  | { type: 'user.submitEmail'; email: string }
  | { type: 'user.submitCode'; code: string }
  | { type: 'user.resend' }
  | { type: 'user.changeEmail' }
  /** Signup asks for the member's first and last name with the password (issue 35); reset does not. */
  | { type: 'user.submitPassword'; password: string; confirmPassword: string; firstName?: string; lastName?: string }
  | { type: 'clock.tick' }
  | { type: 'otp.sent' }
  | { type: 'otp.sendFailed'; message: string }
  | { type: 'otp.verified'; token: string | null }
  | { type: 'otp.verifyFailed'; message: string }
  | { type: 'otp.resent' }
  | { type: 'otp.resendFailed'; message: string }
  | { type: 'password.set'; token: string | null }
  | { type: 'password.failed'; message: string };

export const otpWizardMachine = setup({
  // Stryker disable next-line ObjectLiteral: types exist for TypeScript alone; nothing reads them at run time (ADR 091).
  types: {
    context: {} as OtpWizardContext,
    events: {} as OtpWizardEvent,
    input: {} as OtpWizardInput,
  },
  actions: {
    /** POST /auth/otp (signup) or /auth/forgot-password (reset); answers otp.sent or otp.sendFailed. */
    requestOtp: (_, _params: { purpose: OtpPurpose; email: string }) => {},
    /** The same request again; answers otp.resent or otp.resendFailed. */
    resendOtp: (_, _params: { purpose: OtpPurpose; email: string }) => {},
    /** POST /auth/signup or /auth/verify-otp; answers otp.verified or otp.verifyFailed. */
    verifyOtp: (_, _params: { purpose: OtpPurpose; email: string; code: string }) => {},
    /** PUT /auth/set-password; answers password.set or password.failed. */
    setPassword: (_, _params: { password: string; names: { firstName: string; lastName: string } | null }) => {},
    storeToken: (_, _params: { token: string }) => {},
    startTicking: () => {},
    stopTicking: () => {},
    notify: (_, _params: { message: string }) => {},
    /** Signup reloads the page to /; reset goes to /. */
    finish: (_, _params: { purpose: OtpPurpose }) => {},
  },
  guards: {
    emailBlank: ({ event }) => {
      assertEvent(event, 'user.submitEmail');
      return event.email.trim() === '';
    },
    codeIncomplete: ({ event }) => {
      assertEvent(event, 'user.submitCode');
      return !isCompleteOtp(event.code);
    },
    ...COUNTDOWN_GUARDS,
    codeDead: ({ event }) => {
      assertEvent(event, 'otp.verifyFailed');
      return isDeadCodeMessage(event.message);
    },
    namesMissing: ({ context, event }) => {
      assertEvent(event, 'user.submitPassword');
      return context.purpose === 'signup' && nameProblem(event.firstName, event.lastName) === NAME_TEXT.required;
    },
    nameTooLong: ({ context, event }) => {
      assertEvent(event, 'user.submitPassword');
      return context.purpose === 'signup' && nameProblem(event.firstName, event.lastName) === NAME_TEXT.tooLong;
    },
    passwordsBlank: ({ event }) => {
      assertEvent(event, 'user.submitPassword');
      return !event.password || !event.confirmPassword;
    },
    passwordsDiffer: ({ event }) => {
      assertEvent(event, 'user.submitPassword');
      return event.password !== event.confirmPassword;
    },
    passwordTooShort: ({ event }) => {
      assertEvent(event, 'user.submitPassword');
      return event.password.length < PASSWORD_MIN_LENGTH;
    },
    passwordTooLong: ({ event }) => {
      assertEvent(event, 'user.submitPassword');
      return event.password.length > PASSWORD_MAX_LENGTH;
    },
    hasToken: ({ event }) => {
      assertEvent(event, ['otp.verified', 'password.set']);
      return Boolean(event.token);
    },
  },
}).createMachine({
  id: 'otpWizard',
  context: ({ input }) => ({
    purpose: input.purpose,
    resendSeconds: input.resendSeconds ?? OTP_RESEND_SECONDS,
    email: '',
    secondsLeft: 0,
    otpVerified: false,
    error: null,
  }),
  initial: 'email',
  on: {
    'clock.tick': [
      { guard: 'lastTick', actions: [assign({ secondsLeft: 0 }), 'stopTicking'] },
      { guard: 'countingDown', actions: assign({ secondsLeft: ({ context }) => context.secondsLeft - 1 }) },
    ],
  },
  states: {
    email: {
      on: {
        'user.submitEmail': [
          { guard: 'emailBlank', actions: assign({ error: OTP_TEXT.emailRequired }) },
          {
            target: 'sending',
            actions: [
              assign({ email: ({ event }) => event.email.trim().toLowerCase(), error: null }),
              { type: 'requestOtp', params: ({ context }) => ({ purpose: context.purpose, email: context.email }) },
            ],
          },
        ],
      },
    },
    sending: {
      on: {
        'otp.sent': {
          target: 'code',
          actions: [
            assign({ secondsLeft: ({ context }) => context.resendSeconds }),
            'startTicking',
            { type: 'notify', params: { message: OTP_TEXT.sent } },
          ],
        },
        'otp.sendFailed': { target: 'email', actions: assign({ error: ({ event }) => event.message }) },
      },
    },
    code: {
      initial: 'idle',
      on: {
        'user.changeEmail': { target: 'email', actions: [assign({ secondsLeft: 0, error: null }), 'stopTicking'] },
      },
      states: {
        idle: {
          on: {
            'user.submitCode': [
              // A blank code is an incomplete one: both ask for the OTP.
              { guard: 'codeIncomplete', actions: assign({ error: OTP_TEXT.otpRequired }) },
              {
                target: 'verifying',
                actions: [
                  assign({ error: null }),
                  { type: 'verifyOtp', params: ({ context, event }) => ({ purpose: context.purpose, email: context.email, code: event.code }) },
                ],
              },
            ],
            'user.resend': [
              { guard: 'countingDown', actions: assign({ error: OTP_TEXT.waitBeforeResend }) },
              {
                target: 'resending',
                actions: [assign({ error: null }), { type: 'resendOtp', params: ({ context }) => ({ purpose: context.purpose, email: context.email }) }],
              },
            ],
          },
        },
        verifying: {
          on: {
            'otp.verified': [
              {
                guard: 'hasToken',
                target: '#otpWizard.password',
                actions: [
                  { type: 'storeToken', params: ({ event }) => ({ token: event.token! }) },
                  assign({ otpVerified: true, secondsLeft: 0 }),
                  'stopTicking',
                ],
              },
              { target: '#otpWizard.password', actions: [assign({ otpVerified: true, secondsLeft: 0 }), 'stopTicking'] },
            ],
            'otp.verifyFailed': [
              // A dead code can be replaced at once: the countdown ends with it (the server lets it; issue 41 item 9).
              { guard: 'codeDead', target: 'idle', actions: [assign({ error: ({ event }) => event.message, secondsLeft: 0 }), 'stopTicking'] },
              { target: 'idle', actions: assign({ error: ({ event }) => event.message }) },
            ],
          },
        },
        resending: {
          on: {
            'otp.resent': {
              target: 'idle',
              actions: [
                assign({ secondsLeft: ({ context }) => context.resendSeconds }),
                'startTicking',
                { type: 'notify', params: { message: OTP_TEXT.resent } },
              ],
            },
            'otp.resendFailed': { target: 'idle', actions: assign({ error: ({ event }) => event.message }) },
          },
        },
      },
    },
    password: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'user.submitPassword': [
              { guard: 'namesMissing', actions: assign({ error: OTP_TEXT.namesRequired }) },
              { guard: 'nameTooLong', actions: assign({ error: OTP_TEXT.nameTooLong }) },
              { guard: 'passwordsBlank', actions: assign({ error: OTP_TEXT.passwordsRequired }) },
              { guard: 'passwordsDiffer', actions: assign({ error: OTP_TEXT.passwordsDiffer }) },
              { guard: 'passwordTooShort', actions: assign({ error: OTP_TEXT.passwordTooShort }) },
              { guard: 'passwordTooLong', actions: assign({ error: OTP_TEXT.passwordTooLong }) },
              {
                target: 'saving',
                actions: [
                  assign({ error: null }),
                  {
                    type: 'setPassword',
                    params: ({ context, event }) => ({
                      password: event.password,
                      names: context.purpose === 'signup' ? { firstName: event.firstName!.trim(), lastName: event.lastName!.trim() } : null,
                    }),
                  },
                ],
              },
            ],
          },
        },
        saving: {
          on: {
            'password.set': [
              {
                guard: 'hasToken',
                target: '#otpWizard.done',
                actions: { type: 'storeToken', params: ({ event }) => ({ token: event.token! }) },
              },
              { target: '#otpWizard.done' },
            ],
            'password.failed': { target: 'idle', actions: assign({ error: ({ event }) => event.message }) },
          },
        },
      },
    },
    done: {
      type: 'final',
      entry: { type: 'finish', params: ({ context }) => ({ purpose: context.purpose }) },
    },
  },
});

export type OtpWizardMachine = typeof otpWizardMachine;

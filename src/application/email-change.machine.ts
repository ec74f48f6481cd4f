/**
 * Changing the member's email (issue 35 item 6): the new address and the current password, then the 6-digit code
 * sent to that address with the resend countdown, then done. The code step works as the OTP wizard's does, with its
 * texts, its code rule and its countdown (resend-countdown.ts); effects are named and provided elsewhere.
 */
import { assertEvent, assign, setup } from 'xstate';
import { isCompleteOtp, isDeadCodeMessage, OTP_RESEND_SECONDS } from '../domain/otp';
import { OTP_TEXT } from './otp-wizard.machine';
import { COUNTDOWN_GUARDS } from './resend-countdown';

export const EMAIL_CHANGE_TEXT = {
  emailRequired: 'Please enter the new email address',
  passwordRequired: 'Current password is required',
  changed: 'Email updated successfully',
} as const;

export interface EmailChangeInput {
  resendSeconds?: number;
}

export interface EmailChangeContext {
  resendSeconds: number;
  /** The new address, as the server will read it (trimmed, lower case). */
  email: string;
  /** Kept until the code is right: a resend asks with it again. */
  currentPassword: string;
  secondsLeft: number;
  error: string | null;
}

export type EmailChangeEvent =
  | { type: 'user.submitEmail'; email: string; currentPassword: string }
  | { type: 'user.submitCode'; code: string }
  | { type: 'user.resend' }
  | { type: 'user.changeEmail' }
  | { type: 'clock.tick' }
  | { type: 'code.sent' }
  | { type: 'code.sendFailed'; message: string }
  | { type: 'code.resent' }
  | { type: 'code.resendFailed'; message: string }
  | { type: 'code.verified' }
  | { type: 'code.verifyFailed'; message: string };

export const emailChangeMachine = setup({
  // Stryker disable next-line ObjectLiteral: types exist for TypeScript alone; nothing reads them at run time (ADR 091).
  types: {
    context: {} as EmailChangeContext,
    events: {} as EmailChangeEvent,
    input: {} as EmailChangeInput,
  },
  actions: {
    /** POST /account/email; answers code.sent or code.sendFailed. */
    requestCode: (_, _params: { email: string; currentPassword: string }) => {},
    /** The same request again; answers code.resent or code.resendFailed. */
    resendCode: (_, _params: { email: string; currentPassword: string }) => {},
    /** PUT /account/email; answers code.verified or code.verifyFailed. */
    confirmCode: (_, _params: { code: string }) => {},
    startTicking: () => {},
    stopTicking: () => {},
    notify: (_, _params: { message: string }) => {},
  },
  guards: {
    ...COUNTDOWN_GUARDS,
    codeDead: ({ event }) => {
      assertEvent(event, 'code.verifyFailed');
      return isDeadCodeMessage(event.message);
    },
    emailBlank: ({ event }) => {
      assertEvent(event, 'user.submitEmail');
      return event.email.trim() === '';
    },
    passwordBlank: ({ event }) => {
      assertEvent(event, 'user.submitEmail');
      return event.currentPassword === '';
    },
    codeIncomplete: ({ event }) => {
      assertEvent(event, 'user.submitCode');
      return !isCompleteOtp(event.code);
    },
  },
}).createMachine({
  id: 'emailChange',
  context: ({ input }) => ({
    resendSeconds: input.resendSeconds ?? OTP_RESEND_SECONDS,
    email: '',
    currentPassword: '',
    secondsLeft: 0,
    error: null,
  }),
  initial: 'entering',
  on: {
    'clock.tick': [
      { guard: 'lastTick', actions: [assign({ secondsLeft: 0 }), 'stopTicking'] },
      { guard: 'countingDown', actions: assign({ secondsLeft: ({ context }) => context.secondsLeft - 1 }) },
    ],
  },
  states: {
    entering: {
      on: {
        'user.submitEmail': [
          { guard: 'emailBlank', actions: assign({ error: EMAIL_CHANGE_TEXT.emailRequired }) },
          { guard: 'passwordBlank', actions: assign({ error: EMAIL_CHANGE_TEXT.passwordRequired }) },
          {
            target: 'sending',
            actions: [
              assign({ email: ({ event }) => event.email.trim().toLowerCase(), currentPassword: ({ event }) => event.currentPassword, error: null }),
              { type: 'requestCode', params: ({ context }) => ({ email: context.email, currentPassword: context.currentPassword }) },
            ],
          },
        ],
      },
    },
    sending: {
      on: {
        'code.sent': {
          target: 'code',
          actions: [assign({ secondsLeft: ({ context }) => context.resendSeconds }), 'startTicking', { type: 'notify', params: { message: OTP_TEXT.sent } }],
        },
        'code.sendFailed': { target: 'entering', actions: assign({ currentPassword: '', error: ({ event }) => event.message }) },
      },
    },
    code: {
      initial: 'idle',
      on: {
        'user.changeEmail': { target: 'entering', actions: [assign({ secondsLeft: 0, currentPassword: '', error: null }), 'stopTicking'] },
      },
      states: {
        idle: {
          on: {
            'user.submitCode': [
              { guard: 'codeIncomplete', actions: assign({ error: OTP_TEXT.otpRequired }) },
              { target: 'verifying', actions: [assign({ error: null }), { type: 'confirmCode', params: ({ event }) => ({ code: event.code }) }] },
            ],
            'user.resend': [
              { guard: 'countingDown', actions: assign({ error: OTP_TEXT.waitBeforeResend }) },
              {
                target: 'resending',
                actions: [assign({ error: null }), { type: 'resendCode', params: ({ context }) => ({ email: context.email, currentPassword: context.currentPassword }) }],
              },
            ],
          },
        },
        verifying: {
          on: {
            'code.verified': {
              target: '#emailChange.done',
              actions: [assign({ secondsLeft: 0, currentPassword: '' }), 'stopTicking', { type: 'notify', params: { message: EMAIL_CHANGE_TEXT.changed } }],
            },
            'code.verifyFailed': [
              // A dead code can be replaced at once: the countdown ends with it (issue 41 item 9).
              { guard: 'codeDead', target: 'idle', actions: [assign({ error: ({ event }) => event.message, secondsLeft: 0 }), 'stopTicking'] },
              { target: 'idle', actions: assign({ error: ({ event }) => event.message }) },
            ],
          },
        },
        resending: {
          on: {
            'code.resent': {
              target: 'idle',
              actions: [assign({ secondsLeft: ({ context }) => context.resendSeconds }), 'startTicking', { type: 'notify', params: { message: OTP_TEXT.resent } }],
            },
            'code.resendFailed': { target: 'idle', actions: assign({ error: ({ event }) => event.message }) },
          },
        },
      },
    },
    done: { type: 'final' },
  },
});

export type EmailChangeMachine = typeof emailChangeMachine;

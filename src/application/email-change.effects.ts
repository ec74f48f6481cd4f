/** The email change's named effects, against ports only. Call once per actor: its countdown belongs to it. */
import { messageOf } from './api-error';
import { EMAIL_CHANGE_TEXT, emailChangeMachine } from './email-change.machine';
import { lazyCalls } from './lazy-calls';
import { OTP_TEXT } from './otp-wizard.machine';
import type { ApiClient, Clock, Notifier } from './ports';
import { resendTicker } from './resend-countdown';

export interface EmailChangePorts {
  api: ApiClient;
  clock: Clock;
  notifier: Notifier;
}

/** The email calls (and zod with them) load with the first call. */
const emailCalls = lazyCalls(() => import('../contract/account-email'));

export function provideEmailChange({ api, clock, notifier }: EmailChangePorts) {
  const ticker = resendTicker(clock);
  return emailChangeMachine.provide({
    actions: {
      requestCode: ({ self }, body) => {
        emailCalls((calls) => api.call(calls.requestEmailChange, { body })).then(
          () => self.send({ type: 'code.sent' }),
          (error: unknown) => self.send({ type: 'code.sendFailed', message: messageOf(error, OTP_TEXT.sendFailed) }),
        );
      },
      resendCode: ({ self }, body) => {
        emailCalls((calls) => api.call(calls.requestEmailChange, { body })).then(
          () => self.send({ type: 'code.resent' }),
          (error: unknown) => self.send({ type: 'code.resendFailed', message: messageOf(error, OTP_TEXT.resendFailed) }),
        );
      },
      confirmCode: ({ self }, { code }) => {
        emailCalls((calls) => api.call(calls.confirmEmailChange, { body: { otp: code } })).then(
          () => self.send({ type: 'code.verified' }),
          (error: unknown) => self.send({ type: 'code.verifyFailed', message: messageOf(error, OTP_TEXT.verifyFailed) }),
        );
      },
      startTicking: ({ self }) => ticker.start(self),
      stopTicking: () => ticker.stop(),
      // The code toasts of spec section 8: top-right, 3 seconds.
      notify: (_, { message }) => notifier.success(message, { position: 'top-right', durationMs: message === EMAIL_CHANGE_TEXT.changed ? 4000 : 3000 }),
    },
  });
}

/** The OTP wizard's named effects, against ports only. Call once per wizard actor: its countdown belongs to it. */
import type * as authContract from '../contract/auth';
import type { OtpPurpose } from '../domain/otp';
import { messageOf } from './api-error';
import { OTP_TEXT, otpWizardMachine } from './otp-wizard.machine';
import type { ApiClient, Clock, Navigator, Notifier, TokenStore } from './ports';
import { lazyCalls } from './lazy-calls';
import { resendTicker } from './resend-countdown';

export interface OtpWizardPorts {
  api: ApiClient;
  tokens: TokenStore;
  navigator: Navigator;
  clock: Clock;
  notifier: Notifier;
}

/** The auth calls (and zod with them) load with the first call, not with the app shell. */
const authCalls = lazyCalls(() => import('../contract/auth'));

const requestCall = (calls: typeof authContract, purpose: OtpPurpose) => (purpose === 'signup' ? calls.requestSignupOtp : calls.forgotPassword);
const verifyCall = (calls: typeof authContract, purpose: OtpPurpose) => (purpose === 'signup' ? calls.verifySignupOtp : calls.verifyResetOtp);

export function provideOtpWizard({ api, tokens, navigator, clock, notifier }: OtpWizardPorts) {
  // Spec section 8: the OTP toasts are top-right and last 3 seconds.
  const notify = (message: string) => notifier.success(message, { position: 'top-right', durationMs: 3000 });
  const ticker = resendTicker(clock);
  return otpWizardMachine.provide({
    actions: {
      requestOtp: ({ self }, { purpose, email }) => {
        authCalls((calls) => api.call(requestCall(calls, purpose), { body: { email } }))
          .then(
            () => self.send({ type: 'otp.sent' }),
            (error: unknown) => self.send({ type: 'otp.sendFailed', message: messageOf(error, OTP_TEXT.sendFailed) }),
          );
      },
      resendOtp: ({ self }, { purpose, email }) => {
        authCalls((calls) => api.call(requestCall(calls, purpose), { body: { email } }))
          .then(
            () => self.send({ type: 'otp.resent' }),
            (error: unknown) => self.send({ type: 'otp.resendFailed', message: messageOf(error, OTP_TEXT.resendFailed) }),
          );
      },
      verifyOtp: ({ self }, { purpose, email, code }) => {
        authCalls((calls) => api.call(verifyCall(calls, purpose), { body: { email, otp: code } }))
          .then(
            (answer) => self.send({ type: 'otp.verified', token: answer.token }),
            (error: unknown) => self.send({ type: 'otp.verifyFailed', message: messageOf(error, OTP_TEXT.verifyFailed) }),
          );
      },
      setPassword: ({ self }, { password, names }) => {
        authCalls((calls) => api.call(calls.setPassword, { body: { password, ...names } }))
          .then(
            () => self.send({ type: 'password.set', token: null }),
            (error: unknown) => self.send({ type: 'password.failed', message: messageOf(error, OTP_TEXT.unexpected) }),
          );
      },
      storeToken: (_, { token }) => {
        tokens.set(token);
        api.clearCache();
      },
      startTicking: ({ self }) => ticker.start(self),
      stopTicking: () => ticker.stop(),
      notify: (_, { message }) => notify(message),
      finish: () => {
        ticker.stop();
        // A full page load, so the whole app starts again with the new session; its heading takes the focus (ADR 164).
        navigator.hardRedirect('/', { focusHeading: true });
      },
    },
  });
}

/** OTP rules of the spec: six characters, a 120-second resend countdown shown as m:ss. */
export const OTP_LENGTH = 6;
export const OTP_RESEND_SECONDS = 120;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;

export type OtpPurpose = 'signup' | 'reset';

/** The server's words for a code that can no longer be used: a new one may be asked for at once (issue 41 item 9). */
export const OTP_EXPIRED_MESSAGE = 'This code has expired. Please request a new one.';
export const OTP_LOCKED_MESSAGE = 'Too many wrong codes. Please request a new one.';
export const isDeadCodeMessage = (message: string) => message === OTP_EXPIRED_MESSAGE || message === OTP_LOCKED_MESSAGE;

export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Keeps the digits of a pasted code ("123 456", "123-456"), at most six. */
export function normaliseOtp(input: string): string {
  return input.replace(/\D/g, '').slice(0, OTP_LENGTH);
}

export function isCompleteOtp(code: string): boolean {
  return code.length === OTP_LENGTH && /^\d+$/.test(code);
}

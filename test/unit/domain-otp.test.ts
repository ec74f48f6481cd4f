/**
 * OTP rules (src/domain/otp.ts), beyond the cases of domain.test.ts: the spec's numbers (six digits, a 120-second
 * resend countdown, ten minutes to live, five tries), the countdown for minutes and fractions of a second, a pasted
 * code cut to six digits, and a complete code that is six digits and nothing else.
 */
import { describe, expect, it } from 'vitest';
import { formatCountdown, isCompleteOtp, normaliseOtp, OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_RESEND_SECONDS, OTP_TTL_MINUTES } from '../../src/domain/otp';

describe('OTP numbers', () => {
  it('follow the spec', () => {
    expect({ OTP_LENGTH, OTP_RESEND_SECONDS, OTP_TTL_MINUTES, OTP_MAX_ATTEMPTS }).toEqual({ OTP_LENGTH: 6, OTP_RESEND_SECONDS: 120, OTP_TTL_MINUTES: 10, OTP_MAX_ATTEMPTS: 5 });
  });
});

describe('the countdown', () => {
  it.each([[600, '10:00'], [59.9, '0:59'], [60, '1:00'], [0.5, '0:00'], [-0.5, '0:00'], [3599, '59:59'], [10, '0:10']])('%d s shows %s', (s, text) => {
    expect(formatCountdown(s)).toBe(text);
  });
});

describe('a pasted code', () => {
  it('keeps its digits only, at most six', () => {
    expect(normaliseOtp('')).toBe('');
    expect(normaliseOtp('abc')).toBe('');
    expect(normaliseOtp('1234567')).toBe('123456');
    expect(normaliseOtp('Your code: 987 654.')).toBe('987654');
  });
});

describe('a complete code', () => {
  it.each([['000000', true], ['987654', true], ['1234567', false], ['', false], ['a12345', false], ['123 45', false], ['12345６', false], ['１２３４５６', false]])(
    '%j is complete: %s',
    (code, complete) => {
      expect(isCompleteOtp(code)).toBe(complete);
    },
  );
});

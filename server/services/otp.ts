/**
 * One-time codes for signup, reset and a new email address: 6 digits from a cryptographic source, stored as an HMAC,
 * single use, 10-minute life, dead after 5 wrong guesses, and no new code for the same email and purpose within the 120 s resend window.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  OTP_EXPIRED_MESSAGE, OTP_LOCKED_MESSAGE, OTP_MAX_ATTEMPTS, OTP_RESEND_SECONDS, OTP_TTL_MINUTES, type OtpPurpose,
} from '../../src/domain/otp';
import type { Db } from '../data/client';
import { consumeCode, newestUnusedCode, replaceCode, takeGuess } from '../data/otp-codes';
import { hitCounters } from '../data/rate-limits';
import { DomainError, invalid } from './errors';

/**
 * What a code is for: the spec's purposes, and the server's own. A new address's code belongs to one member
 * (`email-change:<member id>`), so two members asking for the same address never share a code or a resend window;
 * `delete-account` confirms deleting an account without a password (ADR 134).
 */
export type CodePurpose = OtpPurpose | `email-change:${string}` | 'delete-account';

export const OTP_WAIT_MESSAGE = 'Please wait before requesting a new OTP';
export const OTP_INVALID_MESSAGE = 'Invalid OTP. Please try again.';
export { OTP_EXPIRED_MESSAGE, OTP_LOCKED_MESSAGE };


export class OtpService {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly now: () => number,
  ) {}

  private digest(email: string, purpose: CodePurpose, code: string): string {
    return createHmac('sha256', this.secret).update(`${purpose}:${email}:${code}`).digest('base64url');
  }

  /** Issues a new code, or refuses inside the resend window. The caller decides whether to mail it. */
  async issue(email: string, purpose: CodePurpose): Promise<string> {
    const now = this.now();
    // The resend window is a counter taken before the code is made: requests sent at once get one code, not several.
    const key = `otp-issue:${purpose}:${email}`;
    let [window] = (await hitCounters(this.db, [{ key, windowMs: OTP_RESEND_SECONDS * 1000 }], new Date(now))).values();
    if (window && window.count > 1) {
      // A dead code (too many wrong guesses, or expired) does not make the member wait out the window: the first
      // request after it gets a new code at once; requests sent together still share one window, keyed by that code.
      const newest = await newestUnusedCode(this.db, email, purpose);
      if (newest && (newest.attempts >= OTP_MAX_ATTEMPTS || newest.expiresAt.getTime() <= now)) {
        [window] = (await hitCounters(this.db, [{ key: `${key}:after:${newest.id}`, windowMs: OTP_RESEND_SECONDS * 1000 }], new Date(now))).values();
      }
    }
    if (window && window.count > 1) {
      throw new DomainError('too-many', OTP_WAIT_MESSAGE, Math.max(1, Math.ceil((window.expiresAt.getTime() - now) / 1000)));
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await replaceCode(this.db, {
      email, purpose, codeHash: this.digest(email, purpose, code), expiresAt: new Date(now + OTP_TTL_MINUTES * 60_000), now: new Date(now),
    });
    return code;
  }

  /** Consumes the code when it is right; otherwise counts the wrong guess and refuses with the reason. */
  async consume(email: string, purpose: CodePurpose, code: string): Promise<void> {
    const now = this.now();
    const row = await newestUnusedCode(this.db, email, purpose);
    if (!row) throw invalid(OTP_INVALID_MESSAGE);
    if (row.expiresAt.getTime() <= now) throw invalid(OTP_EXPIRED_MESSAGE);
    // The guess is counted before it is compared, so guesses sent at once cannot pass the budget (ADR 123).
    const used = await takeGuess(this.db, row.id, OTP_MAX_ATTEMPTS);
    if (used === undefined) throw invalid(OTP_LOCKED_MESSAGE);
    const expected = Buffer.from(row.codeHash);
    const given = Buffer.from(this.digest(email, purpose, code));
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw invalid(used >= OTP_MAX_ATTEMPTS ? OTP_LOCKED_MESSAGE : OTP_INVALID_MESSAGE);
    }
    if (!(await consumeCode(this.db, row.id, new Date(now)))) throw invalid(OTP_INVALID_MESSAGE);
  }
}

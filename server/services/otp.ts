/**
 * One-time codes for signup and reset: 6 digits from a cryptographic source, stored as an HMAC, single use, 10-minute
 * life, dead after 5 wrong guesses, and no new code for the same email and purpose within the 120 s resend window.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { OTP_MAX_ATTEMPTS, OTP_RESEND_SECONDS, OTP_TTL_MINUTES, type OtpPurpose } from '../../src/domain/otp';
import type { Db } from '../db/client';
import { otpCodes } from '../db/schema';
import { HttpError, badRequest } from '../http/errors';

export const OTP_WAIT_MESSAGE = 'Please wait before requesting a new OTP';
export const OTP_INVALID_MESSAGE = 'Invalid OTP. Please try again.';
export const OTP_EXPIRED_MESSAGE = 'This code has expired. Please request a new one.';
export const OTP_LOCKED_MESSAGE = 'Too many wrong codes. Please request a new one.';

export class OtpService {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly now: () => number,
  ) {}

  private digest(email: string, purpose: OtpPurpose, code: string): string {
    return createHmac('sha256', this.secret).update(`${purpose}:${email}:${code}`).digest('base64url');
  }

  /** Issues a new code, or refuses (429) inside the resend window. The caller decides whether to mail it. */
  async issue(email: string, purpose: OtpPurpose): Promise<string> {
    const now = this.now();
    const [latest] = await this.db
      .select({ createdAt: otpCodes.createdAt })
      .from(otpCodes)
      .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose)))
      .orderBy(desc(otpCodes.createdAt))
      .limit(1);
    if (latest) {
      const waitMs = latest.createdAt.getTime() + OTP_RESEND_SECONDS * 1000 - now;
      if (waitMs > 0) throw new HttpError(429, OTP_WAIT_MESSAGE, { 'retry-after': String(Math.ceil(waitMs / 1000)) });
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    // Older unused codes die when a new one is issued: only the newest code works.
    await this.db
      .update(otpCodes)
      .set({ consumedAt: new Date(now) })
      .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose), isNull(otpCodes.consumedAt)));
    await this.db.insert(otpCodes).values({
      email,
      purpose,
      codeHash: this.digest(email, purpose, code),
      expiresAt: new Date(now + OTP_TTL_MINUTES * 60_000),
      createdAt: new Date(now),
    });
    return code;
  }

  /** Consumes the code when it is right; otherwise counts the wrong guess and throws 400 with the reason. */
  async consume(email: string, purpose: OtpPurpose, code: string): Promise<void> {
    const now = this.now();
    const [row] = await this.db
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose), isNull(otpCodes.consumedAt)))
      .orderBy(desc(otpCodes.createdAt))
      .limit(1);
    if (!row) throw badRequest(OTP_INVALID_MESSAGE);
    if (row.expiresAt.getTime() <= now) throw badRequest(OTP_EXPIRED_MESSAGE);
    if (row.attempts >= OTP_MAX_ATTEMPTS) throw badRequest(OTP_LOCKED_MESSAGE);
    const expected = Buffer.from(row.codeHash);
    const given = Buffer.from(this.digest(email, purpose, code));
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      const attempts = row.attempts + 1;
      await this.db.update(otpCodes).set({ attempts }).where(eq(otpCodes.id, row.id));
      throw badRequest(attempts >= OTP_MAX_ATTEMPTS ? OTP_LOCKED_MESSAGE : OTP_INVALID_MESSAGE);
    }
    // Single use, even under two concurrent verifies: only the update that flips consumed_at wins.
    const consumed = await this.db
      .update(otpCodes)
      .set({ consumedAt: new Date(now) })
      .where(and(eq(otpCodes.id, row.id), isNull(otpCodes.consumedAt)))
      .returning({ id: otpCodes.id });
    if (consumed.length === 0) throw badRequest(OTP_INVALID_MESSAGE);
  }
}

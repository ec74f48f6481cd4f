/** Housekeeping: rows that can no longer matter are deleted, so the tables stay the size of what is live. */
import type { Db } from '../data/client';
import { pruneOtpCodes } from '../data/otp-codes';
import { pruneCounters } from '../data/rate-limits';
import { pruneRevokedTokens } from '../data/revoked-tokens';
import { pruneUserSessions } from '../data/user-sessions';

const DAY = 24 * 60 * 60 * 1000;

export interface Pruned {
  revokedTokens: number;
  rateLimits: number;
  otpCodes: number;
  userSessions: number;
}

export async function pruneExpired(db: Db, now: Date): Promise<Pruned> {
  return {
    revokedTokens: await pruneRevokedTokens(db, now),
    rateLimits: await pruneCounters(db, now),
    // A code lives 10 minutes and the resend window is 2; a day later nothing reads it.
    otpCodes: await pruneOtpCodes(db, new Date(now.getTime() - DAY)),
    // A device's row goes when its token expires (ending it earlier deletes the row at once).
    userSessions: await pruneUserSessions(db, now),
  };
}

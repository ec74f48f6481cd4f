/** One-time codes: stored as an HMAC, newest only, single use (a conditional UPDATE), guesses counted before they are compared. */
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from './client';
import { otpCodes } from './schema';

export type OtpCodeRow = typeof otpCodes.$inferSelect;

/** Ends every unused code of this email and purpose, then stores the new one: only the newest code works. */
export async function replaceCode(
  db: Db,
  code: { email: string; purpose: string; codeHash: string; expiresAt: Date; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(otpCodes)
      .set({ consumedAt: code.now })
      .where(and(eq(otpCodes.email, code.email), eq(otpCodes.purpose, code.purpose), isNull(otpCodes.consumedAt)));
    await tx.insert(otpCodes).values({
      email: code.email, purpose: code.purpose, codeHash: code.codeHash, expiresAt: code.expiresAt, createdAt: code.now,
    });
  });
}

export async function newestUnusedCode(db: Db, email: string, purpose: string): Promise<OtpCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose), isNull(otpCodes.consumedAt)))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  return row;
}

/**
 * Takes one guess of the code before it is compared (ADR 123): one conditional increment, so guesses sent at once
 * can never all read a count under the budget. Answers the guesses used, this one included, or undefined when the
 * code has none left or was used meanwhile.
 */
export async function takeGuess(db: Db, id: string, maxGuesses: number): Promise<number | undefined> {
  const [row] = await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(and(eq(otpCodes.id, id), isNull(otpCodes.consumedAt), lt(otpCodes.attempts, maxGuesses)))
    .returning({ attempts: otpCodes.attempts });
  return row?.attempts;
}

/** Uses the code up; false when another request used it first. */
export async function consumeCode(db: Db, id: string, now: Date): Promise<boolean> {
  const consumed = await db
    .update(otpCodes)
    .set({ consumedAt: now })
    .where(and(eq(otpCodes.id, id), isNull(otpCodes.consumedAt)))
    .returning({ id: otpCodes.id });
  return consumed.length > 0;
}

/** Deletes codes issued before `before`: long dead, and past any resend window. */
export async function pruneOtpCodes(db: Db, before: Date): Promise<number> {
  const deleted = await db.delete(otpCodes).where(lt(otpCodes.createdAt, before)).returning({ id: otpCodes.id });
  return deleted.length;
}

/** One-time codes: stored as an HMAC, newest only, single use (a conditional UPDATE), counted wrong guesses. */
import { and, desc, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from './client';
import { otpCodes } from './schema';

export type OtpCodeRow = typeof otpCodes.$inferSelect;

/** When the newest code for this email and purpose was issued (the resend window counts from it). */
export async function lastIssuedAt(db: Db, email: string, purpose: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: otpCodes.createdAt })
    .from(otpCodes)
    .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose)))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  return row?.createdAt;
}

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

export async function recordWrongGuess(db: Db, id: string, attempts: number): Promise<void> {
  await db.update(otpCodes).set({ attempts }).where(eq(otpCodes.id, id));
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

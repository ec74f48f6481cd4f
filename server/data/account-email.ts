/** A member's new email address: kept as pending until its code is entered, then made the email in one statement. */
import { and, eq } from 'drizzle-orm';
import type { Db } from './client';
import { pgErrorCode } from './pg-errors';
import { users } from './schema';
import type { UserRow } from './users';

/** 23505: the address became another account's meanwhile (users_email_unique). */
const UNIQUE_VIOLATION = '23505';

export async function setPendingEmail(db: Db, userId: string, email: string): Promise<void> {
  await db.update(users).set({ pendingEmail: email }).where(eq(users.id, userId));
}

/**
 * Makes the pending address the member's email, if it is still the one the code was sent to. Answers the updated row,
 * `taken` when another account has that address, or undefined when nothing was pending.
 */
export async function replaceEmail(db: Db, userId: string, pending: string): Promise<UserRow | 'taken' | undefined> {
  try {
    const [row] = await db
      .update(users)
      .set({ email: pending, pendingEmail: null })
      .where(and(eq(users.id, userId), eq(users.pendingEmail, pending)))
      .returning();
    return row;
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) return 'taken';
    throw error;
  }
}

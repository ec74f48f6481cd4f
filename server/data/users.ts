/** The users table: accounts, their names, their password hash and the instant before which their tokens die. */
import { eq } from 'drizzle-orm';
import { isUuid } from '../../src/domain/ids';
import type { Db } from './client';
import { users } from './schema';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

/** The account of an email, made (without a password) when there is none; two signups at once make one. */
export async function ensureUser(db: Db, email: string): Promise<UserRow> {
  const [created] = await db.insert(users).values({ email, tokensValidAfter: new Date(0) }).onConflictDoNothing().returning();
  return created ?? (await findUserByEmail(db, email))!;
}

/** A new password hash; tokens issued before `tokensValidAfter` stop working, except the one called `keptTokenJti`. */
/** The new password hash, and with it the names a new member gives at signup: one statement. */
export async function setPasswordHash(
  db: Db, userId: string, passwordHash: string, tokensValidAfter: Date, keptTokenJti: string,
  names?: { firstName: string; lastName: string },
): Promise<void> {
  await db.update(users).set({ passwordHash, tokensValidAfter, keptTokenJti, ...names }).where(eq(users.id, userId));
}

/** Names and address, and the public profile's fields when given (issue 35). */
export interface ProfileUpdate {
  firstName: string;
  lastName: string;
  address: string;
  headline?: string | undefined;
  profession?: string | undefined;
  organisation?: string | undefined;
  bio?: string | undefined;
}

export async function updateNames(db: Db, userId: string, fields: ProfileUpdate): Promise<UserRow | undefined> {
  const given = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  const [row] = await db.update(users).set(given).where(eq(users.id, userId)).returning();
  return row;
}

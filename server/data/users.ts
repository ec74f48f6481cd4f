/** Reads and shapes users; the public shape is the User of spec section 3. */
import { eq } from 'drizzle-orm';
import type { User } from '../../src/domain/user';
import type { Db } from '../db/client';
import { users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;

export function toPublicUser(row: UserRow): User {
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ');
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    address: row.address,
    name,
    email: row.email,
    profilePicture: row.profilePicture,
  };
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

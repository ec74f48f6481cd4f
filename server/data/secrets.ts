/** Secrets generated once and kept in the database, so every server process on it shares them (ADR 061). */
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { serverSecrets } from './schema';

/**
 * The secret called `name`: the stored one, or `generate()`'s, stored first. Two processes starting at once store
 * one (the primary key) and both read the winner.
 */
export async function sharedSecret(db: Db, name: string, generate: () => string): Promise<string> {
  const [stored] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name)).limit(1);
  if (stored) return stored.value;
  await db.insert(serverSecrets).values({ name, value: generate() }).onConflictDoNothing();
  const [winner] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name)).limit(1);
  return winner!.value;
}

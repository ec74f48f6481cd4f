/** Secrets generated once and kept in the database, so every server process on it shares them (ADR 061). */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database, Db } from './client';
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

/**
 * The JWT secret: JWT_SECRET when set; otherwise one kept in the database, so every process on it signs and checks
 * with the same key (ADR 061). An earlier install's DATA_DIR/jwt-secret file becomes that key, so sessions survive.
 */
export async function jwtSecretOf(config: Config, database: Database): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  const legacy = join(config.dataDir, 'jwt-secret');
  return sharedSecret(database.db, 'jwt', () => (existsSync(legacy) ? readFileSync(legacy, 'utf8').trim() : randomBytes(48).toString('base64url')));
}

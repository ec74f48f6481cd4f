/**
 * Rate-limit counters: one row per key and window, shared by every server process on the database. A hit is one
 * statement (INSERT … ON CONFLICT DO UPDATE), so parallel requests never lose a count; an expired window starts over.
 */
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from './client';
import { rateLimits } from './schema';

export interface Counter {
  count: number;
  expiresAt: Date;
}

/** Counts one hit of `key` in a window of `windowMs` that started with the key's first hit. */
export async function hitCounter(db: Db, key: string, windowMs: number, now: Date): Promise<Counter> {
  const expiresAt = new Date(now.getTime() + windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, expiresAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.expiresAt} <= ${now.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
        expiresAt: sql`case when ${rateLimits.expiresAt} <= ${now.toISOString()}::timestamptz then ${expiresAt.toISOString()}::timestamptz else ${rateLimits.expiresAt} end`,
      },
    })
    .returning({ count: rateLimits.count, expiresAt: rateLimits.expiresAt });
  return row!;
}

/** The live count of `key`, without counting; undefined when it has none or its window is over. */
export async function peekCounter(db: Db, key: string, now: Date): Promise<Counter | undefined> {
  const [row] = await db
    .select({ count: rateLimits.count, expiresAt: rateLimits.expiresAt })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), gt(rateLimits.expiresAt, now)))
    .limit(1);
  return row;
}

export async function resetCounter(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

export async function pruneCounters(db: Db, now: Date): Promise<number> {
  const deleted = await db.delete(rateLimits).where(lt(rateLimits.expiresAt, now)).returning({ key: rateLimits.key });
  return deleted.length;
}

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

/**
 * Counts one hit of each key, in one statement: a key's window starts with its first hit and lasts its `windowMs`;
 * an expired window starts over at 1.
 */
export async function hitCounters(db: Db, hits: readonly { key: string; windowMs: number }[], now: Date): Promise<Map<string, Counter>> {
  if (hits.length === 0) return new Map();
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = await db
    .insert(rateLimits)
    .values(hits.map((h) => ({ key: h.key, count: 1, expiresAt: new Date(now.getTime() + h.windowMs) })))
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.expiresAt} <= ${at} then 1 else ${rateLimits.count} + 1 end`,
        expiresAt: sql`case when ${rateLimits.expiresAt} <= ${at} then excluded.expires_at else ${rateLimits.expiresAt} end`,
      },
    })
    .returning({ key: rateLimits.key, count: rateLimits.count, expiresAt: rateLimits.expiresAt });
  return new Map(rows.map((r) => [r.key, { count: r.count, expiresAt: r.expiresAt }]));
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

/**
 * Rate-limit counters: one row per key and window, shared by every server process on the database. A hit is one
 * statement (INSERT … ON CONFLICT DO UPDATE), so parallel requests never lose a count; an expired window starts over.
 */
import { eq, inArray, lt, sql } from 'drizzle-orm';
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
  // Rows are locked in key order by every statement here, so two of them never wait on each other in a cycle.
  const ordered = [...hits].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const rows = await db
    .insert(rateLimits)
    .values(ordered.map((h) => ({ key: h.key, count: 1, expiresAt: new Date(now.getTime() + h.windowMs) })))
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

/**
 * Gives back one hit of each key (a slot taken before the work that turned out not to count: a right password, or an
 * attempt refused by another budget). One statement; a count never goes below zero.
 */
export async function refundCounters(db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  // Locked in key order first, as hitCounters locks them: a refund and a hit never deadlock.
  const locked = db
    .select({ key: rateLimits.key })
    .from(rateLimits)
    .where(inArray(rateLimits.key, [...keys]))
    .orderBy(rateLimits.key)
    .for('update');
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(inArray(rateLimits.key, locked));
}

export async function resetCounter(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

export async function pruneCounters(db: Db, now: Date): Promise<number> {
  const deleted = await db.delete(rateLimits).where(lt(rateLimits.expiresAt, now)).returning({ key: rateLimits.key });
  return deleted.length;
}

/**
 * A job queue kept in the database (ADR 081): works the same on PGlite and PostgreSQL, survives restarts, and a job
 * is claimed by one process at a time (`FOR UPDATE SKIP LOCKED` under a short lease), then marked done.
 */
import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from './client';
import { jobs } from './schema';

export type JobRow = typeof jobs.$inferSelect;

/** Adds a job; one with the same key already there (done or not) makes this a no-op. */
export async function enqueueJob(db: Db | Tx, job: NewJob): Promise<void> {
  await enqueueJobs(db, [job]);
}

export interface NewJob {
  key: string;
  kind: string;
  payload: Record<string, string>;
  runAt: Date;
}

/** Several jobs in one statement; a key already queued (or named twice) is queued once. */
export async function enqueueJobs(db: Db | Tx, list: readonly NewJob[]): Promise<void> {
  if (list.length > 0) await db.insert(jobs).values([...list]).onConflictDoNothing();
}

/** Claims up to `limit` due jobs for `leaseMs`: no other process claims them until the lease ends. */
export async function claimDueJobs(db: Db, now: Date, leaseMs: number, limit = 10): Promise<JobRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(isNull(jobs.doneAt), lte(jobs.runAt, now), or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, now))))
      .orderBy(asc(jobs.runAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const claimed: JobRow[] = [];
    for (const { id } of due) {
      const [row] = await tx
        .update(jobs)
        .set({ lockedUntil: new Date(now.getTime() + leaseMs), attempts: sql`${jobs.attempts} + 1` })
        .where(eq(jobs.id, id))
        .returning();
      if (row) claimed.push(row);
    }
    return claimed;
  });
}

export async function markJobDone(db: Db, id: string, now: Date): Promise<void> {
  await db.update(jobs).set({ doneAt: now, lockedUntil: null, lastError: null }).where(eq(jobs.id, id));
}

/** A failed attempt: tried again after `retryAt`, up to the caller's limit (then marked done with the error). */
export async function markJobFailed(db: Db, id: string, error: string, retryAt: Date | null): Promise<void> {
  await db
    .update(jobs)
    .set(retryAt ? { lockedUntil: retryAt, lastError: error.slice(0, 500) } : { doneAt: new Date(), lockedUntil: null, lastError: error.slice(0, 500) })
    .where(eq(jobs.id, id));
}

export async function jobByKey(db: Db, key: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.key, key)).limit(1);
  return row;
}

/** Jobs not done (the metrics' queue depth): due by `now`, and scheduled for later. Served by the `jobs_due` index. */
export async function jobQueueDepth(db: Db, now: Date): Promise<{ due: number; scheduled: number }> {
  const [row] = await db
    .select({
      due: sql<number>`count(*) filter (where ${jobs.runAt} <= ${now.toISOString()}::timestamptz)`.mapWith(Number),
      scheduled: sql<number>`count(*) filter (where ${jobs.runAt} > ${now.toISOString()}::timestamptz)`.mapWith(Number),
    })
    .from(jobs)
    .where(isNull(jobs.doneAt));
  return { due: row?.due ?? 0, scheduled: row?.scheduled ?? 0 };
}

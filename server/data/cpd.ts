/**
 * Continuing-education credit (issue 39): a member's memberships, their ledger entries, evidence files and issued
 * transcripts. An entry for our own activity is written at most once per member, source, activity, body and type: the
 * unique index cpd_entries_once decides, never a read before the write.
 */
import { and, asc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { CreditLine } from '../../src/domain/cpd.schema';
import type { Db, Tx } from './client';
import { courses, cpdEntries, cpdMemberships, cpdTranscripts, files, users, workshops, workshopSeries } from './schema';

type Reader = Db | Tx;

export type MembershipRow = typeof cpdMemberships.$inferSelect;
export type EntryRow = typeof cpdEntries.$inferSelect;
export type NewEntry = typeof cpdEntries.$inferInsert;
export type TranscriptRow = typeof cpdTranscripts.$inferSelect;

export async function membershipsOf(db: Reader, userId: string): Promise<MembershipRow[]> {
  return db.select().from(cpdMemberships).where(eq(cpdMemberships.userId, userId)).orderBy(asc(cpdMemberships.createdAt), asc(cpdMemberships.body));
}

/**
 * Replaces the member's list in one transaction. Two saves at once take turns on the member's row: otherwise both
 * delete nothing the other can see, both insert, and one breaks the one-per-body index.
 */
export async function replaceMemberships(
  db: Db,
  userId: string,
  list: readonly { body: string; bodyName: string; number: string; credentials: string[]; since: string | null }[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    await tx.delete(cpdMemberships).where(eq(cpdMemberships.userId, userId));
    if (list.length) await tx.insert(cpdMemberships).values(list.map((m) => ({ userId, ...m })));
  });
}

/** The member's entries with `body` earned between `start` and `end` (ISO dates, both included), oldest first. */
export async function entriesBetween(db: Reader, userId: string, body: string, start: string, end: string): Promise<EntryRow[]> {
  return db.select().from(cpdEntries)
    .where(and(eq(cpdEntries.userId, userId), eq(cpdEntries.body, body), gte(cpdEntries.earnedOn, start), lte(cpdEntries.earnedOn, end)))
    .orderBy(asc(cpdEntries.earnedOn), asc(cpdEntries.createdAt));
}

export async function entryOf(db: Reader, entryId: string): Promise<EntryRow | undefined> {
  const [row] = await db.select().from(cpdEntries).where(eq(cpdEntries.id, entryId)).limit(1);
  return row;
}

/** What the member already counts for `body` on `day` (the AIA's daily cap). */
export async function dayTotal(db: Reader, userId: string, body: string, day: string): Promise<number> {
  const [row] = await db.select({ total: sql<string>`coalesce(sum(${cpdEntries.amount}), 0)` }).from(cpdEntries)
    .where(and(eq(cpdEntries.userId, userId), eq(cpdEntries.body, body), eq(cpdEntries.earnedOn, day)));
  return Number(row?.total ?? 0);
}

/** Writes the entries that are not there yet (the unique index drops a second one); answers how many were new. */
export async function insertEntriesOnce(db: Reader, rows: NewEntry[]): Promise<number> {
  if (!rows.length) return 0;
  const inserted = await db.insert(cpdEntries).values(rows).onConflictDoNothing().returning({ id: cpdEntries.id });
  return inserted.length;
}

export async function insertEntry(db: Reader, row: NewEntry): Promise<EntryRow> {
  const [inserted] = await db.insert(cpdEntries).values(row).returning();
  return inserted!;
}

/** Drops our own activity's entries that were not reported to a body yet (a workshop attendance unmarked). */
export async function deleteUnreportedEntries(db: Reader, userId: string, source: string, sourceRef: string): Promise<void> {
  await db.delete(cpdEntries).where(and(eq(cpdEntries.userId, userId), eq(cpdEntries.source, source), eq(cpdEntries.sourceRef, sourceRef), isNull(cpdEntries.reportedAt)));
}

export async function insertFile(db: Reader, file: { path: string; contentType: string; body: Uint8Array }): Promise<void> {
  await db.insert(files).values({ path: file.path, contentType: file.contentType, size: file.body.byteLength, body: Buffer.from(file.body) });
}

export async function fileAt(db: Reader, path: string) {
  const [row] = await db.select().from(files).where(eq(files.path, path)).limit(1);
  return row;
}

/** The course's title, pass mark and credit lines. */
export async function courseCredit(db: Reader, courseId: string): Promise<{ title: string; passPercent: number; credits: CreditLine[] } | undefined> {
  const [row] = await db.select({ title: courses.title, passPercent: courses.passPercent, credits: courses.credits }).from(courses).where(eq(courses.id, courseId)).limit(1);
  return row;
}

/** A workshop session's title, start and its series' credit lines. */
export async function sessionCredit(db: Reader, sessionId: string): Promise<{ title: string; startsAt: Date; credits: CreditLine[] } | undefined> {
  const [row] = await db
    .select({ title: workshops.title, startsAt: workshops.startsAt, credits: sql<CreditLine[]>`coalesce(${workshopSeries.credits}, '[]'::jsonb)` })
    .from(workshops)
    .leftJoin(workshopSeries, eq(workshopSeries.id, workshops.seriesId))
    .where(eq(workshops.id, sessionId))
    .limit(1);
  return row;
}

export async function memberName(db: Reader, userId: string): Promise<{ firstName: string; lastName: string; certificateName: string | null } | undefined> {
  const [row] = await db.select({ firstName: users.firstName, lastName: users.lastName, certificateName: users.certificateName }).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/** The newest transcript issued to the member for this body and period. */
export async function latestTranscript(db: Reader, userId: string, body: string, periodId: string): Promise<TranscriptRow | undefined> {
  const [row] = await db.select().from(cpdTranscripts)
    .where(and(eq(cpdTranscripts.userId, userId), eq(cpdTranscripts.body, body), eq(cpdTranscripts.periodId, periodId)))
    .orderBy(sql`${cpdTranscripts.issuedAt} desc`)
    .limit(1);
  return row;
}

export async function insertTranscript(db: Reader, row: typeof cpdTranscripts.$inferInsert): Promise<TranscriptRow> {
  const [inserted] = await db.insert(cpdTranscripts).values(row).returning();
  return inserted!;
}

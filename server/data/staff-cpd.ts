/**
 * What the staff console reads and writes of the reports to the bodies (issue 39 item 6): ledger entries from our own
 * activities not yet reported, with the member's number for the body, and an export that marks the ready ones.
 */
import { and, asc, eq, inArray, isNotNull, isNull, not, sql } from 'drizzle-orm';
import type { Db, Tx } from './client';
import { cpdEntries, cpdExports, cpdMemberships, users } from './schema';

type Runner = Db | Tx;

export interface UnreportedRow {
  id: string;
  userId: string;
  firstName: string;
  lastName: string;
  memberNumber: string | null;
  title: string;
  courseNumber: string | null;
  earnedOn: string;
  amount: number;
  type: string;
}

const columns = {
  id: cpdEntries.id, userId: cpdEntries.userId, firstName: users.firstName, lastName: users.lastName, memberNumber: cpdMemberships.number,
  title: cpdEntries.title, courseNumber: cpdEntries.courseNumber, earnedOn: cpdEntries.earnedOn, amount: cpdEntries.amount, type: cpdEntries.type,
};

/** The member's number for the body ('other' bodies are not reported by us, so the empty name is the one). */
const membershipOn = (body: string) =>
  and(eq(cpdMemberships.userId, cpdEntries.userId), eq(cpdMemberships.body, body), eq(cpdMemberships.bodyName, ''));

/** Entries of the body from our own activities (not self-reported) not yet reported, oldest first. */
export function unreportedEntries(db: Runner, body: string, limit = 500): Promise<UnreportedRow[]> {
  return db
    .select(columns)
    .from(cpdEntries)
    .innerJoin(users, eq(users.id, cpdEntries.userId))
    .leftJoin(cpdMemberships, membershipOn(body))
    .where(and(eq(cpdEntries.body, body), not(cpdEntries.selfReported), isNull(cpdEntries.reportedAt), isNull(users.deletedAt)))
    .orderBy(asc(cpdEntries.earnedOn), asc(cpdEntries.createdAt), asc(cpdEntries.id))
    .limit(limit);
}

/**
 * Marks as reported by a new export every entry of the body that is ready (a course number from the body, a member
 * number, not self-reported, not yet reported) and answers them; none: nothing is written. An entry another export
 * marked meanwhile is not marked twice (the update re-checks `reported_at` on the row it waited for).
 */
export async function markReadyReported(tx: Tx, body: string, madeBy: string, at: Date): Promise<{ exportId: string; rows: UnreportedRow[] } | null> {
  const ready = await tx
    .select({ id: cpdEntries.id })
    .from(cpdEntries)
    .innerJoin(users, eq(users.id, cpdEntries.userId))
    .innerJoin(cpdMemberships, membershipOn(body))
    .where(and(
      eq(cpdEntries.body, body), not(cpdEntries.selfReported), isNull(cpdEntries.reportedAt), isNull(users.deletedAt),
      isNotNull(cpdEntries.courseNumber), sql`btrim(${cpdEntries.courseNumber}) <> ''`,
    ));
  if (ready.length === 0) return null;
  const [made] = await tx.insert(cpdExports).values({ body, rows: 0, madeBy, createdAt: at }).returning({ id: cpdExports.id });
  const exportId = made!.id;
  const marked = await tx
    .update(cpdEntries)
    .set({ reportedAt: at, exportId })
    .where(and(inArray(cpdEntries.id, ready.map((r) => r.id)), isNull(cpdEntries.reportedAt)))
    .returning({ id: cpdEntries.id });
  if (marked.length === 0) return null;
  await tx.update(cpdExports).set({ rows: marked.length }).where(eq(cpdExports.id, exportId));
  const rows = await tx
    .select(columns)
    .from(cpdEntries)
    .innerJoin(users, eq(users.id, cpdEntries.userId))
    .leftJoin(cpdMemberships, membershipOn(body))
    .where(eq(cpdEntries.exportId, exportId))
    .orderBy(asc(cpdEntries.earnedOn), asc(cpdEntries.createdAt), asc(cpdEntries.id));
  return { exportId, rows };
}

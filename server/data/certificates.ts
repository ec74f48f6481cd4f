/**
 * Certificates as people and a status list see them (issue 35, ADR 131): the name a member confirmed for their
 * certificates, reissuing one under a new name, revocation, and each certificate's place in the published revocation
 * status list (a Bitstring Status List index, random and unique, given under a lock so two issues never share one).
 */
import { and, desc, eq, isNotNull, isNull, like, sql } from 'drizzle-orm';
import type { Db, Tx } from './client';
import { assessmentAttempts, certificates, users } from './schema';

type Reader = Db | Tx;

/** Serialises the choice of status-list indexes across processes (pg_advisory_xact_lock takes a 64-bit integer). */
const STATUS_INDEX_LOCK = 7_340_131;
/** The W3C minimum length of a status list, in bits (16 KB): the list grows by this much when half full. */
export const STATUS_LIST_BLOCK = 131_072;

/** The member's names as their certificates may use them; undefined for no such member. */
export async function namesForCertificates(db: Reader, userId: string): Promise<{ certificateName: string | null; firstName: string; lastName: string } | undefined> {
  const [row] = await db
    .select({ certificateName: users.certificateName, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** Keeps the name the member just confirmed for their certificates. */
export async function saveCertificateName(db: Reader, userId: string, name: string): Promise<void> {
  await db.update(users).set({ certificateName: name }).where(eq(users.id, userId));
}

/** The member's certificates whose learner name holds an '@' (issued under an email address before ADR 131). */
export function certificatesNamedByEmail(db: Reader, userId: string) {
  return db.select({ id: certificates.id }).from(certificates).where(and(eq(certificates.userId, userId), like(certificates.learnerName, '%@%')));
}

/** Puts a new learner name on a certificate, keeping its id, course, score and date. */
export async function renameCertificate(db: Reader, id: string, learnerName: string): Promise<void> {
  await db.update(certificates).set({ learnerName }).where(eq(certificates.id, id));
}

/**
 * Gives the certificate its status-list index when it has none: a random free index (so an index says nothing of
 * when or in which order certificates were issued), in a list that doubles when half full. Must run in a transaction.
 */
export async function assignStatusIndex(tx: Tx, id: string, random: () => number = Math.random): Promise<number | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(${STATUS_INDEX_LOCK})`);
  const [row] = await tx.select({ statusIndex: certificates.statusIndex }).from(certificates).where(eq(certificates.id, id)).limit(1);
  if (!row) return null;
  if (row.statusIndex !== null) return row.statusIndex;
  const [{ used = 0 } = {}] = await tx.select({ used: sql<number>`count(*)::int` }).from(certificates).where(isNotNull(certificates.statusIndex));
  const size = STATUS_LIST_BLOCK * Math.max(1, Math.ceil((2 * (used + 1)) / STATUS_LIST_BLOCK));
  for (;;) {
    const candidate = Math.floor(random() * size);
    const [taken] = await tx.select({ id: certificates.id }).from(certificates).where(eq(certificates.statusIndex, candidate)).limit(1);
    if (taken) continue;
    await tx.update(certificates).set({ statusIndex: candidate }).where(eq(certificates.id, id));
    return candidate;
  }
}

/** Marks every certificate of the member revoked (once); answers the ids revoked now. */
export async function revokeAll(db: Reader, userId: string, at: Date): Promise<string[]> {
  const rows = await db
    .update(certificates)
    .set({ revokedAt: at })
    .where(and(eq(certificates.userId, userId), isNull(certificates.revokedAt)))
    .returning({ id: certificates.id });
  return rows.map((r) => r.id);
}

/** The member's certificates that have no status-list index yet. */
export async function unindexedCertificatesOf(db: Reader, userId: string): Promise<string[]> {
  const rows = await db.select({ id: certificates.id }).from(certificates).where(and(eq(certificates.userId, userId), isNull(certificates.statusIndex)));
  return rows.map((r) => r.id);
}

/** What the published list holds: the indexes of revoked certificates, and the highest index given. */
export async function statusListState(db: Reader): Promise<{ revoked: number[]; highest: number }> {
  const [revoked, [top]] = await Promise.all([
    db.select({ index: certificates.statusIndex }).from(certificates).where(and(isNotNull(certificates.revokedAt), isNotNull(certificates.statusIndex))),
    db.select({ highest: sql<number | null>`max(${certificates.statusIndex})` }).from(certificates),
  ]);
  return { revoked: revoked.map((r) => r.index!), highest: top?.highest ?? -1 };
}

/** The member's best passed attempt at the course's assessment (the score its certificate states); undefined if none. */
export async function bestPassedAttempt(db: Reader, userId: string, courseId: string): Promise<{ score: number; totalQuestions: number } | undefined> {
  const [row] = await db
    .select({ score: assessmentAttempts.score, totalQuestions: assessmentAttempts.totalQuestions })
    .from(assessmentAttempts)
    .where(and(eq(assessmentAttempts.userId, userId), eq(assessmentAttempts.courseId, courseId), eq(assessmentAttempts.passed, true)))
    .orderBy(desc(assessmentAttempts.score), desc(assessmentAttempts.completedAt))
    .limit(1);
  return row;
}

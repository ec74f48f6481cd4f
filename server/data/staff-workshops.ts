/** What the staff console reads and writes of workshop sessions and their registrations (issue 36 item 5). */
import { and, asc, desc, eq, gte, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from './client';
import { users, workshopRegistrations, workshops, workshopSeries } from './schema';

type Runner = Db | Tx;

const counts = {
  registered: sql<number>`count(${workshopRegistrations.id}) filter (where ${workshopRegistrations.status} = 'registered')`.mapWith(Number),
  waitlisted: sql<number>`count(${workshopRegistrations.id}) filter (where ${workshopRegistrations.status} = 'waitlisted')`.mapWith(Number),
  attended: sql<number>`count(${workshopRegistrations.attendedAt})`.mapWith(Number),
};

const sessionColumns = {
  id: workshops.id, title: workshops.title, startsAt: workshops.startsAt, durationMinutes: workshops.duration, capacity: workshops.capacity,
  cancelledAt: workshops.cancelledAt, sequence: workshops.sequence,
  timeZone: sql<string>`coalesce(${workshopSeries.schedule}->>'timeZone', 'UTC')`,
};

export type StaffSessionRow = {
  id: string; title: string; startsAt: Date; durationMinutes: number; capacity: number; registered: number; waitlisted: number; attended: number;
  cancelledAt: Date | null; sequence: number; timeZone: string;
};

/** Sessions not yet over (soonest first) or over (latest first), with their seat counts. */
export function sessionsWithSeats(db: Runner, when: 'upcoming' | 'past', now: Date, limit = 50): Promise<StaffSessionRow[]> {
  const end = sql`${workshops.startsAt} + make_interval(mins => ${workshops.duration})`;
  return db
    .select({ ...sessionColumns, ...counts })
    .from(workshops)
    .leftJoin(workshopSeries, eq(workshopSeries.id, workshops.seriesId))
    .leftJoin(workshopRegistrations, eq(workshopRegistrations.workshopId, workshops.id))
    .where(when === 'upcoming' ? gte(end, now) : lt(end, now))
    .groupBy(workshops.id, workshopSeries.id)
    .orderBy(when === 'upcoming' ? asc(workshops.startsAt) : desc(workshops.startsAt), asc(workshops.title))
    .limit(limit);
}

export async function sessionWithSeats(db: Runner, sessionId: string): Promise<StaffSessionRow | undefined> {
  const [row] = await db
    .select({ ...sessionColumns, ...counts })
    .from(workshops)
    .leftJoin(workshopSeries, eq(workshopSeries.id, workshops.seriesId))
    .leftJoin(workshopRegistrations, eq(workshopRegistrations.workshopId, workshops.id))
    .where(eq(workshops.id, sessionId))
    .groupBy(workshops.id, workshopSeries.id);
  return row;
}

const registrationColumns = {
  userId: workshopRegistrations.userId, status: workshopRegistrations.status, registeredAt: workshopRegistrations.createdAt,
  attendedAt: workshopRegistrations.attendedAt, firstName: users.firstName, lastName: users.lastName, email: users.email,
  deletedAt: users.deletedAt,
};
export type StaffRegistrationRow = { userId: string; status: string; registeredAt: Date; attendedAt: Date | null; firstName: string; lastName: string; email: string; deletedAt: Date | null };

/** The registered members (in the order they took a seat), then the waitlist in its order. */
export function registrationsOfSession(db: Runner, sessionId: string): Promise<StaffRegistrationRow[]> {
  return db
    .select(registrationColumns)
    .from(workshopRegistrations)
    .innerJoin(users, eq(users.id, workshopRegistrations.userId))
    .where(eq(workshopRegistrations.workshopId, sessionId))
    .orderBy(
      sql`case when ${workshopRegistrations.status} = 'registered' then 0 else 1 end`,
      sql`coalesce(${workshopRegistrations.seatedAt}, ${workshopRegistrations.createdAt})`,
      asc(workshopRegistrations.createdAt),
    );
}

/** Sets or clears a registered member's attendance; answers whether a registered row was there, and whether it changed. */
export async function setAttendance(tx: Tx, sessionId: string, userId: string, attended: boolean, by: string, at: Date) {
  const where = and(eq(workshopRegistrations.workshopId, sessionId), eq(workshopRegistrations.userId, userId), eq(workshopRegistrations.status, 'registered'));
  const [row] = await tx.select({ attendedAt: workshopRegistrations.attendedAt }).from(workshopRegistrations).where(where).for('update');
  if (!row) return { found: false, changed: false } as const;
  if ((row.attendedAt !== null) === attended) return { found: true, changed: false } as const;
  await tx.update(workshopRegistrations).set(attended ? { attendedAt: at, attendedMarkedBy: by } : { attendedAt: null, attendedMarkedBy: null }).where(where);
  return { found: true, changed: true } as const;
}

/**
 * Another session of the series at `startsAt` for `durationMinutes`: one not cancelled that overlaps it, or any at that
 * very start (a cancelled one keeps its row, and a series has one session per start).
 */
export async function clashingSession(db: Runner, seriesId: string, sessionId: string, startsAt: Date, durationMinutes: number) {
  const end = new Date(startsAt.getTime() + durationMinutes * 60_000);
  const [row] = await db
    .select({ id: workshops.id, startsAt: workshops.startsAt })
    .from(workshops)
    .where(and(
      eq(workshops.seriesId, seriesId),
      ne(workshops.id, sessionId),
      or(
        eq(workshops.startsAt, startsAt),
        and(isNull(workshops.cancelledAt), lt(workshops.startsAt, end), sql`${workshops.startsAt} + make_interval(mins => ${workshops.duration}) > ${startsAt.toISOString()}::timestamptz`),
      ),
    ))
    .orderBy(asc(workshops.startsAt))
    .limit(1);
  return row;
}

/** A session's new start; its sequence goes up (its calendar file's SEQUENCE). */
export async function moveSessionTo(tx: Tx, sessionId: string, startsAt: Date) {
  const [row] = await tx.update(workshops).set({ startsAt, sequence: sql`${workshops.sequence} + 1` }).where(eq(workshops.id, sessionId)).returning();
  return row!;
}

/** A session called off: marked (its row stays, so its schedule does not make it again), its places gone. */
export async function cancelSessionAt(tx: Tx, sessionId: string, at: Date) {
  const [row] = await tx.update(workshops).set({ cancelledAt: at, sequence: sql`${workshops.sequence} + 1` }).where(eq(workshops.id, sessionId)).returning();
  await tx.delete(workshopRegistrations).where(eq(workshopRegistrations.workshopId, sessionId));
  return row!;
}

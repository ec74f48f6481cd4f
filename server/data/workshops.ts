/**
 * Workshops: series, their sessions on a rolling window, and members' registrations. Seats are counted under a lock
 * on the session's row, so parallel registrations for the last seats never take more than there are (ADR 080).
 */
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { isUuid } from '../../src/domain/ids';
import { type RegistrationStatus, SESSION_WINDOW_DAYS, sessionsBetween } from '../../src/domain/workshops';
import { holidayTest } from '../calendar/public-holidays';
import type { Db, Tx } from './client';
import { users, workshopRegistrations, workshops, workshopSeries } from './schema';

export type SessionRow = typeof workshops.$inferSelect;
export type SeriesRow = typeof workshopSeries.$inferSelect;
export type RegistrationRow = typeof workshopRegistrations.$inferSelect;
type Reader = Db | Tx;

/** A session's slug: the series' and the local start date, so a session keeps its row across imports. */
const sessionSlug = (series: string, startsAt: Date) => `${series}--${startsAt.toISOString().slice(0, 16).replace(':', '')}`;

/**
 * Makes every session of every series that starts in the next SESSION_WINDOW_DAYS days, but for its region's public
 * holidays (existing ones stay as they are, with their registrations); answers how many were added.
 */
export async function generateSessions(db: Reader, now: Date): Promise<number> {
  const all = await db.select().from(workshopSeries);
  const until = new Date(now.getTime() + SESSION_WINDOW_DAYS * 86_400_000);
  const rows = all.flatMap((s) =>
    sessionsBetween(s.schedule, now, until, holidayTest(s.schedule)).map((startsAt) => ({
      slug: sessionSlug(s.slug, startsAt), title: s.title, description: s.description, imageUrl: s.imageUrl, startsAt,
      duration: s.duration, joinUrl: s.joinUrl, seriesId: s.id, capacity: s.capacity,
    })));
  // Sessions still to come follow their series' words, picture, seats and link (an import may have changed them).
  await db.execute(sql`update ${workshops} set title = s.title, description = s.description, image_url = s.image_url,
    join_url = s.join_url, capacity = s.capacity, duration = s.duration
    from ${workshopSeries} s where ${workshops.seriesId} = s.id and ${workshops.startsAt} >= ${now.toISOString()}::timestamptz`);
  if (rows.length === 0) return 0;
  const made = await db.insert(workshops).values(rows).onConflictDoNothing().returning({ id: workshops.id });
  return made.length;
}

/** A session's series' time zone (UTC for a session without a series), for showing its times (issue 41). */
const seriesZone = sql<string>`coalesce(${workshopSeries.schedule}->>'timeZone', 'UTC')`;

/** Upcoming: not yet over (a session that has started can be joined until its end), soonest first, with its zone. */
export function upcomingSessions(db: Reader, now: Date) {
  return db
    .select({ session: workshops, timeZone: seriesZone })
    .from(workshops)
    .leftJoin(workshopSeries, eq(workshopSeries.id, workshops.seriesId))
    .where(and(gte(sql`${workshops.startsAt} + make_interval(mins => ${workshops.duration})`, now), isNull(workshops.cancelledAt)))
    .orderBy(asc(workshops.startsAt), asc(workshops.title));
}

export async function findSession(db: Reader, id: string, lock = false): Promise<{ session: SessionRow; series: SeriesRow | null } | undefined> {
  if (!isUuid(id)) return undefined;
  const query = db.select().from(workshops).where(eq(workshops.id, id)).limit(1);
  const [session] = lock ? await query.for('update') : await query;
  if (!session) return undefined;
  const [series] = session.seriesId ? await db.select().from(workshopSeries).where(eq(workshopSeries.id, session.seriesId)).limit(1) : [];
  return { session, series: series ?? null };
}

export async function seatsTaken(db: Reader, workshopId: string): Promise<{ registered: number; waitlisted: number }> {
  const rows = await db
    .select({ status: workshopRegistrations.status, n: count() })
    .from(workshopRegistrations)
    .where(eq(workshopRegistrations.workshopId, workshopId))
    .groupBy(workshopRegistrations.status);
  const of = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
  return { registered: of('registered'), waitlisted: of('waitlisted') };
}

export async function registrationOf(db: Reader, workshopId: string, userId: string): Promise<RegistrationRow | undefined> {
  const [row] = await db
    .select()
    .from(workshopRegistrations)
    .where(and(eq(workshopRegistrations.workshopId, workshopId), eq(workshopRegistrations.userId, userId)))
    .limit(1);
  return row;
}

/** 1 for the first member on the waitlist. */
export async function waitlistPosition(db: Reader, registration: RegistrationRow): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(workshopRegistrations)
    .where(and(
      eq(workshopRegistrations.workshopId, registration.workshopId),
      eq(workshopRegistrations.status, 'waitlisted'),
      lt(workshopRegistrations.createdAt, registration.createdAt),
    ));
  return (row?.n ?? 0) + 1;
}

export async function insertRegistration(db: Reader, workshopId: string, userId: string, status: RegistrationStatus, now: Date): Promise<RegistrationRow> {
  const [row] = await db
    .insert(workshopRegistrations)
    // The database's own clock orders the waitlist: the row lock makes it the order in which places were taken.
    .values({ workshopId, userId, status, createdAt: sql`clock_timestamp()`, seatedAt: status === 'registered' ? now : null })
    .returning();
  return row!;
}

export async function deleteRegistration(db: Reader, id: string): Promise<void> {
  await db.delete(workshopRegistrations).where(eq(workshopRegistrations.id, id));
}

/** The first member on the waitlist takes the seat; answers their row, or undefined when the waitlist is empty. */
export async function promoteFirstWaitlisted(db: Reader, workshopId: string, now: Date): Promise<RegistrationRow | undefined> {
  const [first] = await db
    .select()
    .from(workshopRegistrations)
    .where(and(eq(workshopRegistrations.workshopId, workshopId), eq(workshopRegistrations.status, 'waitlisted')))
    .orderBy(asc(workshopRegistrations.createdAt), asc(workshopRegistrations.id))
    .limit(1);
  if (!first) return undefined;
  const [row] = await db
    .update(workshopRegistrations)
    .set({ status: 'registered', seatedAt: now })
    .where(eq(workshopRegistrations.id, first.id))
    .returning();
  return row;
}

/** Where a mail to the member goes: nowhere once they deleted their account. */
export async function memberContact(db: Reader, userId: string): Promise<{ email: string; firstName: string } | undefined> {
  const [row] = await db.select({ email: users.email, firstName: users.firstName }).from(users).where(and(eq(users.id, userId), isNull(users.deletedAt))).limit(1);
  return row;
}

/** A member's registrations with their sessions, newest session first. */
export function registrationsOf(db: Reader, userId: string) {
  return db
    .select({ registration: workshopRegistrations, session: workshops, timeZone: seriesZone })
    .from(workshopRegistrations)
    .innerJoin(workshops, eq(workshops.id, workshopRegistrations.workshopId))
    .leftJoin(workshopSeries, eq(workshopSeries.id, workshops.seriesId))
    .where(eq(workshopRegistrations.userId, userId))
    .orderBy(desc(workshops.startsAt))
    .limit(200);
}

export async function sessionsByIds(db: Reader, ids: string[]): Promise<SessionRow[]> {
  return ids.length ? db.select().from(workshops).where(inArray(workshops.id, ids)) : [];
}

/** Sessions without a series (an older import's fixed workshops) are not kept once series exist. */
export async function deleteOrphanSessions(db: Reader): Promise<void> {
  await db.delete(workshops).where(isNull(workshops.seriesId));
}

/**
 * A series whose schedule changed: its future sessions that the schedule no longer has, and that nobody registered
 * for, go (sessions with registrations stay, so nobody loses a place without being told).
 */
export async function pruneUnscheduledSessions(db: Reader, now: Date): Promise<void> {
  const until = new Date(now.getTime() + SESSION_WINDOW_DAYS * 86_400_000);
  for (const series of await db.select().from(workshopSeries)) {
    const keep = new Set(sessionsBetween(series.schedule, now, until, holidayTest(series.schedule)).map((d) => d.getTime()));
    // A session staff moved or cancelled (sequence above 0) is theirs: the schedule neither drops nor makes it again.
    const future = await db.select({ id: workshops.id, startsAt: workshops.startsAt }).from(workshops)
      .where(and(eq(workshops.seriesId, series.id), gte(workshops.startsAt, now), eq(workshops.sequence, 0)));
    const stale = future.filter((s) => !keep.has(s.startsAt.getTime())).map((s) => s.id);
    if (stale.length === 0) continue;
    const taken = await db.select({ id: workshopRegistrations.workshopId }).from(workshopRegistrations)
      .where(inArray(workshopRegistrations.workshopId, stale));
    const busy = new Set(taken.map((t) => t.id));
    const drop = stale.filter((id) => !busy.has(id));
    if (drop.length) await db.delete(workshops).where(inArray(workshops.id, drop));
  }
}

export async function registrationById(db: Reader, id: string, workshopId: string): Promise<RegistrationRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(workshopRegistrations)
    .where(and(eq(workshopRegistrations.id, id), eq(workshopRegistrations.workshopId, workshopId)))
    .limit(1);
  return row;
}

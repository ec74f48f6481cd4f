/**
 * Workshops members can attend (issue 15), over HTTP on PGlite and PostgreSQL: a session's page, 50 parallel
 * registrations for the last 10 seats, the waitlist moving up, cancellation, a started workshop refused, the calendar
 * file read back with node-ical, the reminder sent once across a restart and across three instances, and sessions
 * generated across a daylight-saving change, and none on a public holiday of its series' region (issue 41).
 */
import { readFileSync } from 'node:fs';
import Holidays from 'date-holidays';
import { eq } from 'drizzle-orm';
import ical from 'node-ical';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { holidayTest } from '../../server/calendar/public-holidays';
import { loadConfig } from '../../server/config';
import { reindexWorkshops } from '../../server/data/search';
import { jobs, searchDocuments, workshopRegistrations, workshops, workshopSeries } from '../../server/data/schema';
import { listWorkshops } from '../../src/contract/content';
import { cancelWorkshopRegistration, getWorkshop, myWorkshops, registerWorkshop, workshopCalendar } from '../../src/contract/workshops';
import { localDateOf, type Schedule, sessionsBetween, WORKSHOP_TEXT, type WorkshopDetail } from '../../src/domain/workshops';
import { send } from './api';
import { describeWithApp, MemoryMailer, type TestContext } from './fixture';
import { type Member, member, members } from './members';

const ENV = { JOB_POLL_SECONDS: '0' };

let made = 0;

/** A session of its own for a test: about `hoursAhead` from the app's clock (on a whole minute), `capacity` seats. */
async function session(ctx: TestContext, hoursAhead: number, capacity: number): Promise<string> {
  const { db } = ctx.database;
  const [series] = await db.select().from(workshopSeries).limit(1);
  made += 1;
  // Whole seconds (a calendar file has no milliseconds), one apart per session (a series has one session per start).
  const startsAt = new Date(Math.floor((ctx.clock.now + hoursAhead * 3_600_000) / 60_000) * 60_000 + made * 1000);
  const [row] = await db
    .insert(workshops)
    .values({
      slug: `test-${Math.random().toString(36).slice(2, 10)}`, title: series!.title, description: series!.description, imageUrl: series!.imageUrl,
      startsAt, duration: series!.duration, joinUrl: series!.joinUrl, seriesId: series!.id, capacity,
    })
    .returning({ id: workshops.id });
  return row!.id;
}

const register = (ctx: TestContext, who: Member, id: string) => send(ctx, registerWorkshop, { params: { id }, token: who.token });
const detail = async (ctx: TestContext, who: Member, id: string): Promise<WorkshopDetail> =>
  (await send(ctx, getWorkshop, { params: { id }, token: who.token })).json().workshop;
const mailsTo = (mailer: MemoryMailer, email: string, subject: RegExp) => mailer.sent.filter((m) => m.to === email && subject.test(m.subject));
const settle = () => new Promise((r) => setTimeout(r, 20));

describeWithApp('workshops', { seed: true, env: ENV }, (ctx) => {
  it('keeps one search entry per series when several processes fill the window at once', async () => {
    const { db } = ctx().database;
    // The hourly fill of every process, and the content import, rebuild the workshops' search entries.
    await Promise.all(Array.from({ length: 4 }, () => reindexWorkshops(db, new Date(ctx().clock.now))));
    const series = await db.select({ id: workshopSeries.id }).from(workshopSeries);
    const entries = await db.select({ refId: searchDocuments.refId, url: searchDocuments.url }).from(searchDocuments).where(eq(searchDocuments.kind, 'workshop'));
    expect(series.length).toBeGreaterThan(0);
    expect(entries.map((e) => e.refId).sort()).toEqual(series.map((s) => s.id).sort());
    for (const entry of entries) expect(entry.url).toMatch(/^\/workshops(\/[0-9a-f-]{36})?$/);
  });

  it('shows a session: hosts, agenda, audience, preparation, seats, and no join link for a member who is not registered', async () => {
    const ada = await member(ctx(), 'ada.workshops@example.com');
    const { workshops: list } = (await send(ctx(), listWorkshops, { token: ada.token })).json();
    const first = await detail(ctx(), ada, list[0]._id);
    expect(first).toMatchObject({ _id: list[0]._id, title: list[0].title, date: list[0].date, myStatus: null, joinUrl: null, started: false });
    expect(first.hosts.length).toBeGreaterThan(0);
    expect(first.agenda.reduce((sum, a) => sum + a.minutes, 0)).toBe(first.duration);
    expect(first.prepare.length).toBeGreaterThan(0);
    expect(first.seatsLeft).toBe(first.capacity);
    expect(first.timeZone).toMatch(/\//);
    const unknown = await send(ctx(), getWorkshop, { params: { id: '00000000-0000-4000-8000-000000000000' }, token: ada.token });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(WORKSHOP_TEXT.notFound);
    expect((await send(ctx(), getWorkshop, { params: { id: list[0]._id } })).statusCode).toBe(401);
  });

  it('gives the last 10 seats to exactly 10 of 50 members registering at once; the rest wait in line', async () => {
    const id = await session(ctx(), 72, 12);
    const early = await members(ctx(), 2, 'early');
    for (const m of early) expect((await register(ctx(), m, id)).statusCode).toBe(200);
    const crowd = await members(ctx(), 50, 'crowd');
    const answers = await Promise.all(crowd.map((m) => register(ctx(), m, id)));
    expect(answers.map((a) => a.statusCode)).toEqual(crowd.map(() => 200));
    const statuses = answers.map((a) => a.json().workshop.myStatus as string);
    expect(statuses.filter((s) => s === 'registered')).toHaveLength(10);
    expect(statuses.filter((s) => s === 'waitlisted')).toHaveLength(40);
    const rows = await ctx().database.db.select().from(workshopRegistrations).where(eq(workshopRegistrations.workshopId, id));
    expect(rows.filter((r) => r.status === 'registered')).toHaveLength(12);
    const seen = await detail(ctx(), early[0]!, id);
    expect(seen).toMatchObject({ seatsLeft: 0, waitlisted: 40, myStatus: 'registered' });
    // Registering again changes nothing.
    const again = await register(ctx(), early[0]!, id);
    expect(again.json().workshop).toMatchObject({ myStatus: 'registered', seatsLeft: 0 });
  });

  it('moves the first member on the waitlist up when a registered member cancels, and mails both', async () => {
    const id = await session(ctx(), 72, 2);
    const [a, b, c, d] = await members(ctx(), 4, 'line');
    for (const m of [a!, b!, c!, d!]) await register(ctx(), m, id);
    await settle();
    expect(mailsTo(ctx().mailer, a!.email, /^You are registered/)).toHaveLength(1);
    expect(mailsTo(ctx().mailer, c!.email, /^You are on the waitlist/)).toHaveLength(1);
    expect(await detail(ctx(), d!, id)).toMatchObject({ myStatus: 'waitlisted', waitlistPosition: 2 });

    const cancelled = await send(ctx(), cancelWorkshopRegistration, { params: { id }, token: a!.token });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ message: WORKSHOP_TEXT.cancelled, workshop: { myStatus: null, seatsLeft: 0, waitlisted: 1 } });
    await settle();
    expect(await detail(ctx(), c!, id)).toMatchObject({ myStatus: 'registered' });
    expect(await detail(ctx(), d!, id)).toMatchObject({ myStatus: 'waitlisted', waitlistPosition: 1 });
    expect(mailsTo(ctx().mailer, a!.email, /^Registration cancelled/)).toHaveLength(1);
    const promoted = mailsTo(ctx().mailer, c!.email, /^A seat opened/);
    expect(promoted).toHaveLength(1);
    expect(promoted[0]!.attachments?.[0]).toMatchObject({ filename: 'workshop.ics', contentType: expect.stringContaining('text/calendar') });

    // A waitlisted member cancelling frees no seat; cancelling twice is refused.
    expect((await send(ctx(), cancelWorkshopRegistration, { params: { id }, token: d!.token })).statusCode).toBe(200);
    expect(await detail(ctx(), b!, id)).toMatchObject({ seatsLeft: 0, waitlisted: 0 });
    const twice = await send(ctx(), cancelWorkshopRegistration, { params: { id }, token: d!.token });
    expect(twice.statusCode).toBe(404);
  });

  it('refuses registration and cancellation once a workshop has started, and shows the join link only at the time', async () => {
    const started = await session(ctx(), -0.5, 10);
    const [m] = await members(ctx(), 1, 'late');
    const refused = await register(ctx(), m!, started);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(WORKSHOP_TEXT.started);

    const soon = await session(ctx(), 2, 10);
    expect((await register(ctx(), m!, soon)).json().workshop.joinUrl).toBeNull();
    ctx().clock.advance(2 * 3_600_000 - 14 * 60_000);
    const open = await detail(ctx(), m!, soon);
    expect(open.joinUrl).toMatch(/^https:\/\//);
    const [other] = await members(ctx(), 1, 'unregistered');
    expect((await detail(ctx(), other!, soon)).joinUrl).toBeNull();
    ctx().clock.advance(3 * 3_600_000);
    expect((await detail(ctx(), m!, soon)).joinUrl).toBeNull();
    expect((await send(ctx(), cancelWorkshopRegistration, { params: { id: soon }, token: m!.token })).statusCode).toBe(409);
  });

  it('answers a calendar file that node-ical reads: UID, UTC start and end, the page, and an alarm', async () => {
    const id = await session(ctx(), 100, 10);
    const [m] = await members(ctx(), 1, 'cal');
    const res = await send(ctx(), workshopCalendar, { params: { id }, token: m!.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    const text = res.body;
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    const parsed = ical.sync.parseICS(text);
    const events = Object.values(parsed).filter((e) => e?.type === 'VEVENT') as ical.VEvent[];
    expect(events).toHaveLength(1);
    const event = events[0]!;
    const shown = await detail(ctx(), m!, id);
    expect(event.uid).toBe(`${id}@sustainlearn`);
    const start = new Date(event.start as unknown as Date);
    const end = new Date(event.end as unknown as Date);
    expect(start.toISOString()).toBe(shown.date);
    expect(end.getTime() - start.getTime()).toBe(shown.duration * 60_000);
    expect(String(event.summary)).toBe(shown.title);
    expect(text).toMatch(/DTSTART:\d{8}T\d{6}Z/);
    expect(text).toContain('BEGIN:VALARM');
    expect(text).toContain('TRIGGER:-PT30M');
    expect(text).not.toContain(shown.joinUrl ?? 'events.sustainlearn.example');
    expect((await send(ctx(), workshopCalendar, { params: { id } })).statusCode).toBe(401);
  });

  it("lists a member's upcoming and past workshops", async () => {
    const [m] = await members(ctx(), 1, 'mine');
    const later = await session(ctx(), 200, 10);
    const sooner = await session(ctx(), 150, 10);
    await register(ctx(), m!, later);
    await register(ctx(), m!, sooner);
    const mine = (await send(ctx(), myWorkshops, { token: m!.token })).json();
    expect(mine.upcoming.map((w: { _id: string }) => w._id)).toEqual([sooner, later]);
    expect(mine.past).toEqual([]);
  });
});

/** The public holidays date-holidays lists for a region, read from the library itself (not through the server's module). */
const calendars = new Map<string, Holidays>();
function listedHoliday(region: string, zone: string, at: Date): string | null {
  const [country, state] = region.split('-') as [string, string | undefined];
  const calendar = calendars.get(region) ?? (state ? new Holidays(country, state) : new Holidays(country));
  calendars.set(region, calendar);
  const { year, month, day } = localDateOf(at, zone);
  const local = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const found = calendar.getHolidays(year).find((h) => h.type === 'public' && h.date.startsWith(local));
  return found ? `${local} ${found.name}` : null;
}

type SeededSeries = { slug: string; schedule: Schedule & { region?: string } };
const seeded = (JSON.parse(readFileSync(new URL('../../content/workshops.json', import.meta.url), 'utf8')) as SeededSeries[]);

describeWithApp('workshop sessions and public holidays', { seed: true, env: ENV }, (ctx) => {
  it("puts no session of a seeded series on a public holiday of the series' region", async () => {
    const rows = await ctx().database.db
      .select({ startsAt: workshops.startsAt, schedule: workshopSeries.schedule, slug: workshopSeries.slug })
      .from(workshops).innerJoin(workshopSeries, eq(workshops.seriesId, workshopSeries.id));
    expect(rows.length).toBeGreaterThan(seeded.length);
    for (const row of rows) {
      const region = (row.schedule as { region?: string }).region;
      expect(region, row.slug).toBeDefined();
      expect(listedHoliday(region!, row.schedule.timeZone, row.startsAt), row.slug).toBeNull();
    }
  });

  it('skips them over a whole year, where the bare rule would meet on Christmas Day and other holidays', () => {
    const from = new Date('2026-12-01T00:00:00Z');
    const to = new Date('2027-12-01T00:00:00Z');
    let skipped = 0;
    for (const { slug, schedule } of seeded) {
      const region = schedule.region!;
      const bare = sessionsBetween(schedule, from, to);
      const kept = sessionsBetween(schedule, from, to, holidayTest(schedule));
      for (const at of kept) expect(listedHoliday(region, schedule.timeZone, at), slug).toBeNull();
      // Only the holidays go: every other meeting of the rule stays.
      expect(bare.filter((at) => !listedHoliday(region, schedule.timeZone, at)).map(String), slug).toEqual(kept.map(String));
      skipped += bare.length - kept.length;
    }
    // The last Friday of December 2026 is Christmas Day: the Amsterdam charrette's rule lands on it.
    const charrette = seeded.find((s) => s.slug === 'circular-interiors-charrette')!.schedule;
    expect(sessionsBetween(charrette, from, to).map((d) => d.toISOString())).toContain('2026-12-25T14:30:00.000Z');
    expect(sessionsBetween(charrette, from, to, holidayTest(charrette)).map((d) => d.toISOString())).not.toContain('2026-12-25T14:30:00.000Z');
    expect(skipped).toBeGreaterThan(0);
  });
});

describeWithApp('workshop reminders', { seed: true, env: ENV }, (ctx) => {
  it('sends the reminder 24 hours before, once, across a restart and across three instances', async () => {
    const id = await session(ctx(), 26, 10);
    const [m, n] = await members(ctx(), 2, 'remind');
    await register(ctx(), m!, id);
    await register(ctx(), n!, id);
    await send(ctx(), cancelWorkshopRegistration, { params: { id }, token: n!.token });
    // Not yet due.
    expect(await ctx().app.jobs.tick()).toBe(0);

    // Three more instances on the same database (and a restart of this one): all run their queues at once.
    const config = loadConfig({ JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789', LOG_LEVEL: 'silent', STATIC_DIR: '/nonexistent', RATE_LIMIT: 'off', ...ENV });
    ctx().clock.advance(2 * 3_600_000 + 60_000);
    const mailers = [ctx().mailer, new MemoryMailer(), new MemoryMailer(), new MemoryMailer()];
    const others = await Promise.all(mailers.slice(1).map((mailer) => buildApp({ config, database: ctx().database, mailer, logger: false, now: () => ctx().clock.now })));
    try {
      await Promise.all([ctx().app, ...others].map((app) => app.jobs.tick()));
      await Promise.all([ctx().app, ...others].map((app) => app.jobs.tick()));
      const reminders = mailers.flatMap((mailer) => mailsTo(mailer, m!.email, /^Tomorrow:/));
      expect(reminders).toHaveLength(1);
      // The member who cancelled gets none.
      expect(mailers.flatMap((mailer) => mailsTo(mailer, n!.email, /^Tomorrow:/))).toHaveLength(0);
    } finally {
      await Promise.all(others.map((app) => app.close()));
    }
    // A restart later: a new instance finds the job done and sends nothing.
    const restarted = new MemoryMailer();
    const again = await buildApp({ config, database: ctx().database, mailer: restarted, logger: false, now: () => ctx().clock.now });
    try {
      ctx().clock.advance(3_600_000);
      await again.jobs.tick();
      expect(restarted.sent).toHaveLength(0);
    } finally {
      await again.close();
    }
    const [job] = await ctx().database.db.select().from(jobs).where(eq(jobs.kind, 'workshop-reminder'));
    expect(job!.doneAt).not.toBeNull();
  });
});

describe('workshop sessions across a daylight-saving change', () => {
  it('keeps 17:00 London time: 16:00 UTC in summer, 17:00 UTC in winter', () => {
    const schedule: Schedule = { kind: 'monthly', week: 1, weekday: 'tuesday', time: '17:00', timeZone: 'Europe/London' };
    const starts = sessionsBetween(schedule, new Date('2026-09-01T00:00:00Z'), new Date('2026-12-31T00:00:00Z')).map((d) => d.toISOString());
    // Clocks go back on 25 October 2026.
    expect(starts).toEqual(['2026-09-01T16:00:00.000Z', '2026-10-06T16:00:00.000Z', '2026-11-03T17:00:00.000Z', '2026-12-01T17:00:00.000Z']);
  });

  it('keeps 12:30 New York time every other Wednesday across the November change', () => {
    const schedule: Schedule = { kind: 'weekly', weekday: 'wednesday', every: 2, from: '2026-10-01', time: '12:30', timeZone: 'America/New_York' };
    const starts = sessionsBetween(schedule, new Date('2026-10-01T00:00:00Z'), new Date('2026-11-30T00:00:00Z')).map((d) => d.toISOString());
    expect(starts).toEqual(['2026-10-07T16:30:00.000Z', '2026-10-21T16:30:00.000Z', '2026-11-04T17:30:00.000Z', '2026-11-18T17:30:00.000Z']);
  });

  it('keeps 08:00 Sydney time on the last Thursday across the October change (southern spring)', () => {
    const schedule: Schedule = { kind: 'monthly', week: -1, weekday: 'thursday', time: '08:00', timeZone: 'Australia/Sydney' };
    const starts = sessionsBetween(schedule, new Date('2026-09-01T00:00:00Z'), new Date('2026-11-01T00:00:00Z')).map((d) => d.toISOString());
    expect(starts).toEqual(['2026-09-23T22:00:00.000Z', '2026-10-28T21:00:00.000Z']);
  });
});

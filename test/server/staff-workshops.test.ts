/**
 * Issue 36 item 5: workshops in the staff console, over HTTP on each database. The role matrix of its calls; a
 * session's registrations and waitlist with names and emails; the CSV (formula-safe, BOM, CRLF); attendance marked once
 * the session has started, each change logged once; a message to the registrants through the job queue, delivered by a
 * real SMTP receiver to each registrant once (and the waitlist only when asked).
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { auditLog, workshopRegistrations, workshops, workshopSeries } from '../../server/data/schema';
import { SmtpMailer } from '../../server/mail/smtp-mailer';
import type { Call } from '../../src/contract/define';
import * as calls from '../../src/contract/staff-workshops';
import { registerWorkshop } from '../../src/contract/workshops';
import { readMails } from '../e2e/support/mailbox';
import { send } from './api';
import { smtpReceiver } from './smtp-receiver';
import { describeWithApp, type TestContext } from './fixture';
import { type Member, member } from './members';
import { roleMatrix, staffCallsOf, staffPeople } from './staff-matrix';

const receiver = smtpReceiver('sl-staff-workshops');
const { mailFile } = receiver;

/** A session of its own with `capacity` seats, starting `fromNowMs` from the test clock's now. */
async function session(ctx: TestContext, capacity: number, fromNowMs: number): Promise<string> {
  const { db } = ctx.database;
  const [series] = await db.select().from(workshopSeries).limit(1);
  const [row] = await db.insert(workshops).values({
    slug: `staff-${Math.random().toString(36).slice(2, 10)}`, title: 'Retrofit clinic: heat pumps in terraces', description: series!.description,
    imageUrl: series!.imageUrl, startsAt: new Date(Math.floor((ctx.clock.now + fromNowMs) / 60_000) * 60_000), duration: 60,
    joinUrl: series!.joinUrl, seriesId: series!.id, capacity,
  }).returning({ id: workshops.id });
  return row!.id;
}

/** Seats taken by hand at a session that has started (registration closes at the start). */
async function seat(ctx: TestContext, sessionId: string, who: Member, status: 'registered' | 'waitlisted') {
  await ctx.database.db.insert(workshopRegistrations).values({ workshopId: sessionId, userId: who.id, status, seatedAt: status === 'registered' ? new Date(ctx.clock.now) : null });
}

/** The mails to `email` with `subject`, waited for until there are `count` (and a little longer for any extra). */
async function received(email: string, subject: string, count: number): Promise<string[]> {
  const mine = () => readMails(mailFile).filter((m) => m.to.includes(email) && m.raw.includes(`Subject: ${subject}`)).map((m) => m.raw);
  for (let i = 0; i < 100 && mine().length < count; i++) await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setTimeout(r, 200));
  return mine();
}

const auditOf = async (ctx: TestContext, action: string, target: string) =>
  ctx.database.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.target, target)));

describeWithApp('staff: workshops', { seed: true, relayMail: () => new SmtpMailer(`smtp://127.0.0.1:${receiver.port()}`, 'SustainLearn <noreply@example.com>') }, (ctx) => {
  const people = staffPeople(ctx, 'ws');
  let started: string;
  let attendee: Member;
  // Moved, then cancelled, by each role the matrix tries (a second move to the same time and a second cancel change nothing).
  let ahead: string;
  let aheadTo: string;

  beforeAll(async () => {
    const c = ctx();
    started = await session(c, 10, -10 * 60_000);
    ahead = await session(c, 10, 30 * 86_400_000 + 7 * 60_000);
    aheadTo = new Date(Math.floor((c.clock.now + 31 * 86_400_000 + 7 * 60_000) / 60_000) * 60_000).toISOString();
    attendee = await member(c, 'ws-attendee@example.com', 'Ama', 'Mensah');
    await seat(c, started, attendee, 'registered');
  }, 120_000);

  const requestFor = (c: Call): { params?: Record<string, string>; body?: unknown } => {
    if (c === calls.markAttended) return { params: { sessionId: started, userId: attendee.id }, body: { attended: true } };
    if (c === calls.messageRegistrants) return { params: { sessionId: started }, body: { subject: 'Slides', message: 'The slides are on the page.' } };
    if (c === calls.staffWorkshops) return {};
    if (c === calls.moveSession) return { params: { sessionId: ahead }, body: { startsAt: aheadTo } };
    if (c === calls.cancelSession) return { params: { sessionId: ahead } };
    return { params: { sessionId: started } };
  };
  roleMatrix(ctx, staffCallsOf(calls), people, requestFor);

  it('lists a session\'s registered members in seat order, then the waitlist in its order, with names and emails', async () => {
    const c = ctx();
    const id = await session(c, 2, 72 * 3_600_000);
    const [first, second, third] = [
      await member(c, 'ws-first@example.com', 'Chidi', 'Okafor'),
      await member(c, 'ws-second@example.com', 'Léa', 'Dubois'),
      await member(c, 'ws-third@example.com', 'Sam', 'Patel'),
    ];
    for (const m of [first!, second!, third!]) {
      expect((await send(c, registerWorkshop, { params: { id }, token: m.token })).statusCode).toBe(200);
      c.clock.advance(1000);
    }
    const res = await send(c, calls.sessionRegistrations, { params: { sessionId: id }, token: people.editor.token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.started).toBe(false);
    expect(body.session).toMatchObject({ id, capacity: 2, registered: 2, waitlisted: 1, attended: 0 });
    expect(body.registrations.map((r: { name: string; email: string; status: string; waitlistPosition: number | null }) => [r.name, r.email, r.status, r.waitlistPosition])).toEqual([
      ['Chidi Okafor', 'ws-first@example.com', 'registered', null],
      ['Léa Dubois', 'ws-second@example.com', 'registered', null],
      ['Sam Patel', 'ws-third@example.com', 'waitlisted', 1],
    ]);
    const upcoming = (await send(c, calls.staffWorkshops, { token: people.editor.token })).json().sessions as { id: string; registered: number }[];
    expect(upcoming.find((s) => s.id === id)).toMatchObject({ registered: 2 });
    const past = (await send(c, calls.staffWorkshops, { query: { when: 'past' }, token: people.editor.token })).json().sessions as { id: string }[];
    expect(past.map((s) => s.id)).not.toContain(id);

    // Attendance waits for the start.
    const early = await send(c, calls.markAttended, { params: { sessionId: id, userId: first!.id }, body: { attended: true }, token: people.editor.token });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Attendance can be marked once the workshop has started.');
  });

  it('exports the registrations as CSV that a spreadsheet reads safely, and logs the export', async () => {
    const c = ctx();
    const id = await session(c, 1, 48 * 3_600_000);
    const sly = await member(c, 'ws-sly@example.com', '=HYPERLINK("http://evil")', 'O"Brien');
    const late = await member(c, 'ws-late@example.com', 'Mei', 'Lin');
    await send(c, registerWorkshop, { params: { id }, token: sly.token });
    c.clock.advance(1000);
    await send(c, registerWorkshop, { params: { id }, token: late.token });
    const res = await send(c, calls.registrationsCsv, { params: { sessionId: id }, token: people.admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="registrations-retrofit-clinic-heat-pumps-in-terraces-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe('"Name","Email","Status","Waitlist position","Registered at (UTC)","Attended at (UTC)"');
    expect(lines[1]).toMatch(/^"'=HYPERLINK\(""http:\/\/evil""\) O""Brien","ws-sly@example.com","registered","","\d{4}-.+Z",""$/);
    expect(lines[2]).toMatch(/^"Mei Lin","ws-late@example.com","waitlisted","1",/);
    expect(lines).toHaveLength(4);
    expect(await auditOf(c, 'registrations.exported', `workshop:${id}`)).toHaveLength(1);
  });

  it('marks attendance once the session has started, logs each change once, and refuses the waitlist', async () => {
    const c = ctx();
    const id = await session(c, 5, -5 * 60_000);
    const here = await member(c, 'ws-here@example.com', 'Here', 'Now');
    const waiting = await member(c, 'ws-waiting@example.com', 'Wait', 'Ing');
    await seat(c, id, here, 'registered');
    await seat(c, id, waiting, 'waitlisted');
    const mark = (who: Member, attended: boolean) =>
      send(c, calls.markAttended, { params: { sessionId: id, userId: who.id }, body: { attended }, token: people.editor.token });
    const marked = await mark(here, true);
    expect(marked.statusCode).toBe(200);
    expect(marked.json().registration).toMatchObject({ userId: here.id, name: 'Here Now', status: 'registered' });
    expect(marked.json().registration.attendedAt).toBe(new Date(Math.floor(c.clock.now)).toISOString());
    expect((await mark(here, true)).statusCode).toBe(200);
    expect(await auditOf(c, 'workshop.attended', `workshop:${id}`)).toHaveLength(1);
    expect((await mark(waiting, true)).statusCode).toBe(404);
    const unmarked = await mark(here, false);
    expect(unmarked.json().registration.attendedAt).toBeNull();
    expect(await auditOf(c, 'workshop.unattended', `workshop:${id}`)).toHaveLength(1);
    const listed = (await send(c, calls.sessionRegistrations, { params: { sessionId: id }, token: people.editor.token })).json();
    expect(listed.started).toBe(true);
    expect(listed.session.attended).toBe(0);
  });

  it('mails a message to each registrant once through the queue, the waitlist only when asked, with the sender logged', async () => {
    const c = ctx();
    const id = await session(c, 1, 24 * 3_600_000 + 3_600_000);
    const seated = await member(c, 'ws-seated@example.com', 'Nia', 'Brown');
    const waiting = await member(c, 'ws-listed@example.com', 'Oli', 'Green');
    await send(c, registerWorkshop, { params: { id }, token: seated.token });
    c.clock.advance(1000);
    await send(c, registerWorkshop, { params: { id }, token: waiting.token });

    // The receiver is shared by both databases' runs: each run's subjects are its own.
    const tag = Math.random().toString(36).slice(2, 8);
    const body = { subject: `Bring a recent energy bill (${tag})`, message: 'Hello all,\n\nPlease bring a recent energy bill: we will read it together.' };
    const res = await send(c, calls.messageRegistrants, { params: { sessionId: id }, body, token: people.editor.token });
    expect(res.json()).toEqual({ success: true, recipients: 1, message: 'Your message is on its way to 1 member.' });
    await c.app.jobs.tick();
    await c.app.jobs.tick();
    const mails = await received(seated.email, body.subject, 1);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('we will read it together');
    expect(mails[0]).toContain('because you are registered for this SustainLearn workshop');
    expect(await received(waiting.email, body.subject, 0)).toHaveLength(0);

    const both = await send(c, calls.messageRegistrants, { params: { sessionId: id }, body: { ...body, subject: `Room change (${tag})`, includeWaitlist: true }, token: people.editor.token });
    expect(both.json().recipients).toBe(2);
    await c.app.jobs.tick();
    const toWaiting = await received(waiting.email, `Room change (${tag})`, 1);
    expect(toWaiting).toHaveLength(1);
    expect(toWaiting[0]).toContain('because you are on the waitlist');
    expect(await received(seated.email, `Room change (${tag})`, 1)).toHaveLength(1);
    const logged = await auditOf(c, 'workshop.messaged', `workshop:${id}`);
    expect(logged.map((e) => [e.actorId, e.detail.recipients])).toEqual([[people.editor.id, 1], [people.editor.id, 2]]);
  });

  it('refuses an empty message and an unknown session', async () => {
    const c = ctx();
    const empty = await send(c, calls.messageRegistrants, { params: { sessionId: started }, body: { subject: ' ', message: 'x' }, token: people.editor.token });
    expect(empty.statusCode).toBe(400);
    const unknown = await send(c, calls.sessionRegistrations, { params: { sessionId: '00000000-0000-4000-8000-000000000000' }, token: people.editor.token });
    expect(unknown.statusCode).toBe(404);
  });
});

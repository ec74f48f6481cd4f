/**
 * Issue 38 item 1: staff move and cancel single workshop sessions, over HTTP on each database. A move mails each
 * registered and waitlisted member once (a real SMTP receiver) with the new time, the registered with the calendar
 * file's same UID and a higher SEQUENCE; it refuses a past time and another session's time. A cancel mails everyone
 * (a calendar CANCEL for the registered), takes the session off the list and its page, and refuses registration.
 */
import { and, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { expect, it } from 'vitest';
import { auditLog, jobs, workshops, workshopSeries } from '../../server/data/schema';
import { SmtpMailer } from '../../server/mail/smtp-mailer';
import { REMINDER_JOB } from '../../server/services/workshops';
import { listWorkshops } from '../../src/contract/content';
import * as calls from '../../src/contract/staff-workshops';
import { getWorkshop, registerWorkshop, workshopCalendar } from '../../src/contract/workshops';
import { formatWorkshopTime, SESSION_CHANGE_TEXT } from '../../src/domain/workshops';
import { readMails } from '../e2e/support/mailbox';
import { send } from './api';
import { describeWithApp, type TestContext } from './fixture';
import { member } from './members';
import { smtpReceiver } from './smtp-receiver';
import { staffPeople } from './staff-matrix';

const receiver = smtpReceiver('sl-staff-sessions');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const minute = (ms: number) => new Date(Math.floor(ms / 60_000) * 60_000);

/** A session of the first series with `capacity` seats, `fromNowMs` from the test clock's now. */
async function session(ctx: TestContext, capacity: number, fromNowMs: number): Promise<{ id: string; seriesId: string; startsAt: Date }> {
  const { db } = ctx.database;
  const [series] = await db.select().from(workshopSeries).limit(1);
  const startsAt = minute(ctx.clock.now + fromNowMs);
  const [row] = await db.insert(workshops).values({
    slug: `sessions-${Math.random().toString(36).slice(2, 10)}`, title: 'Retrofit clinic: heat pumps in terraces', description: series!.description,
    imageUrl: series!.imageUrl, startsAt, duration: 60, joinUrl: series!.joinUrl, seriesId: series!.id, capacity,
  }).returning({ id: workshops.id });
  return { id: row!.id, seriesId: series!.id, startsAt };
}

/** The parsed mails to `email` whose subject starts with `subject`, waited for until there are `count`, then a little longer. */
async function received(email: string, subject: string, count: number) {
  const mine = () => readMails(receiver.mailFile).filter((m) => m.to.includes(email) && m.raw.includes(`Subject: ${subject}`));
  for (let i = 0; i < 100 && mine().length < count; i++) await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setTimeout(r, 200));
  return Promise.all(mine().map((m) => simpleParser(m.raw)));
}

const icsOf = (mail: Awaited<ReturnType<typeof simpleParser>>) => mail.attachments.find((a) => a.filename === 'workshop.ics')?.content.toString('utf8');

describeWithApp('staff: moving and cancelling sessions', { seed: true, relayMail: () => new SmtpMailer(`smtp://127.0.0.1:${receiver.port()}`, 'SustainLearn <noreply@example.com>') }, (ctx) => {
  const people = staffPeople(ctx, 'ss');

  it('moves a session: each registered and waitlisted member is mailed the new time once, the registered with the updated calendar file', async () => {
    const c = ctx();
    const s = await session(c, 2, 5 * DAY);
    const tag = Math.random().toString(36).slice(2, 8);
    const seated = [await member(c, `ss-a-${tag}@example.com`, 'Ama', 'Mensah'), await member(c, `ss-b-${tag}@example.com`, 'Léa', 'Dubois')];
    const waiting = await member(c, `ss-c-${tag}@example.com`, 'Sam', 'Patel');
    for (const m of [...seated, waiting]) {
      expect((await send(c, registerWorkshop, { params: { id: s.id }, token: m.token })).statusCode).toBe(200);
      c.clock.advance(1000);
    }
    const before = Buffer.from((await send(c, workshopCalendar, { params: { id: s.id }, token: seated[0]!.token })).rawPayload).toString('utf8');
    expect(before).toContain('SEQUENCE:0');

    const to = minute(s.startsAt.getTime() + 2 * DAY + 90 * 60_000);
    const res = await send(c, calls.moveSession, { params: { sessionId: s.id }, body: { startsAt: to.toISOString() }, token: people.editor.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, recipients: 3, message: SESSION_CHANGE_TEXT.moved(3), session: { id: s.id, startsAt: to.toISOString(), sequence: 1, cancelledAt: null } });
    await c.app.jobs.tick();
    await c.app.jobs.tick();

    const title = 'New time: Retrofit clinic';
    for (const m of seated) {
      const mails = await received(m.email, title, 1);
      expect(mails, m.email).toHaveLength(1);
      expect(mails[0]!.text).toContain(formatWorkshopTime(to.toISOString(), 'UTC'));
      expect(mails[0]!.text).toContain(`(${formatWorkshopTime(s.startsAt.toISOString(), 'UTC')}).`);
      const ics = icsOf(mails[0]!)!;
      expect(ics).toContain(`UID:${s.id}@sustainlearn`);
      expect(ics).toContain('SEQUENCE:1');
      expect(ics).toContain(`DTSTART:${to.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`);
    }
    const listed = await received(waiting.email, title, 1);
    expect(listed).toHaveLength(1);
    expect(listed[0]!.text).toContain('Your place on the waitlist is kept.');
    expect(icsOf(listed[0]!)).toBeUndefined();

    // The page, the calendar file and the list say the new time.
    expect((await send(c, getWorkshop, { params: { id: s.id }, token: seated[0]!.token })).json().workshop.date).toBe(to.toISOString());
    const after = Buffer.from((await send(c, workshopCalendar, { params: { id: s.id }, token: seated[0]!.token })).rawPayload).toString('utf8');
    expect(after).toContain(`UID:${s.id}@sustainlearn`);
    expect(after).toContain('SEQUENCE:1');
    // A reminder for the new time; the old one is not sent (its sequence is the old one).
    const reminders = await c.database.db.select().from(jobs).where(eq(jobs.kind, REMINDER_JOB));
    const mine = reminders.filter((j) => j.payload.workshopId === s.id);
    expect(mine.map((j) => [j.payload.sequence, j.runAt.toISOString()]).sort()).toEqual([
      ['0', new Date(s.startsAt.getTime() - DAY).toISOString()], ['0', new Date(s.startsAt.getTime() - DAY).toISOString()],
      ['1', new Date(to.getTime() - DAY).toISOString()], ['1', new Date(to.getTime() - DAY).toISOString()],
    ]);
    const logged = await c.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'workshop.moved'), eq(auditLog.target, `workshop:${s.id}`)));
    expect(logged.map((e) => [e.actorId, e.detail.from, e.detail.to, e.detail.recipients])).toEqual([[people.editor.id, s.startsAt.toISOString(), to.toISOString(), 3]]);

    // The same time again changes nothing and mails nobody.
    const again = await send(c, calls.moveSession, { params: { sessionId: s.id }, body: { startsAt: to.toISOString() }, token: people.admin.token });
    expect(again.json()).toMatchObject({ recipients: 0, message: SESSION_CHANGE_TEXT.unchanged });
    await c.app.jobs.tick();
    expect(await received(seated[0]!.email, title, 2)).toHaveLength(1);
  });

  it('refuses a move to the past, onto another session of the series, or of a session that has started', async () => {
    const c = ctx();
    const s = await session(c, 5, 9 * DAY);
    const other = await session(c, 5, 10 * DAY);
    const move = (id: string, at: Date) => send(c, calls.moveSession, { params: { sessionId: id }, body: { startsAt: at.toISOString() }, token: people.editor.token });

    const past = await move(s.id, new Date(c.clock.now - HOUR));
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(SESSION_CHANGE_TEXT.past);
    // Overlapping the other session (it runs 60 minutes) by half an hour.
    const clash = await move(s.id, new Date(other.startsAt.getTime() + 30 * 60_000));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toContain('Another session of this series is at that time');
    expect((await move(s.id, other.startsAt)).statusCode).toBe(409);
    // Right after it ends is free.
    expect((await move(s.id, new Date(other.startsAt.getTime() + 60 * 60_000))).statusCode).toBe(200);

    const begun = await session(c, 5, -5 * 60_000);
    const late = await move(begun.id, new Date(c.clock.now + DAY));
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(SESSION_CHANGE_TEXT.started);
    expect((await send(c, calls.moveSession, { params: { sessionId: s.id }, body: { startsAt: 'tomorrow' } as never, token: people.editor.token })).statusCode).toBe(400);
  });

  it('cancels a session: everyone on it is mailed once (the registered with a calendar CANCEL), and it leaves the site', async () => {
    const c = ctx();
    const s = await session(c, 1, 6 * DAY);
    const tag = Math.random().toString(36).slice(2, 8);
    const seated = await member(c, `ss-d-${tag}@example.com`, 'Nia', 'Brown');
    const waiting = await member(c, `ss-e-${tag}@example.com`, 'Oli', 'Green');
    await send(c, registerWorkshop, { params: { id: s.id }, token: seated.token });
    c.clock.advance(1000);
    await send(c, registerWorkshop, { params: { id: s.id }, token: waiting.token });
    const listedBefore = (await send(c, listWorkshops, { token: seated.token })).json().workshops as { _id: string }[];
    expect(listedBefore.some((w) => w._id === s.id)).toBe(true);

    const res = await send(c, calls.cancelSession, { params: { sessionId: s.id }, token: people.admin.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ recipients: 2, message: SESSION_CHANGE_TEXT.cancelledDone(2), session: { id: s.id, sequence: 1, registered: 0, waitlisted: 0 } });
    expect(res.json().session.cancelledAt).not.toBeNull();
    await c.app.jobs.tick();

    const title = 'Cancelled: Retrofit clinic';
    const toSeated = await received(seated.email, title, 1);
    expect(toSeated).toHaveLength(1);
    expect(toSeated[0]!.text).toContain('this workshop session is cancelled');
    const ics = icsOf(toSeated[0]!)!;
    expect(ics).toContain('METHOD:CANCEL');
    expect(ics).toContain('STATUS:CANCELLED');
    expect(ics).toContain(`UID:${s.id}@sustainlearn`);
    expect(ics).toContain('SEQUENCE:1');
    const toWaiting = await received(waiting.email, title, 1);
    expect(toWaiting).toHaveLength(1);
    expect(icsOf(toWaiting[0]!)).toBeUndefined();

    const listed = (await send(c, listWorkshops, { token: seated.token })).json().workshops as { _id: string }[];
    expect(listed.some((w) => w._id === s.id)).toBe(false);
    expect((await send(c, getWorkshop, { params: { id: s.id }, token: seated.token })).statusCode).toBe(404);
    expect((await send(c, registerWorkshop, { params: { id: s.id }, token: waiting.token })).statusCode).toBe(404);
    const staffList = (await send(c, calls.staffWorkshops, { token: people.editor.token })).json().sessions as { id: string; cancelledAt: string | null }[];
    expect(staffList.find((x) => x.id === s.id)?.cancelledAt).toBe(res.json().session.cancelledAt);
    const logged = await c.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'workshop.cancelled'), eq(auditLog.target, `workshop:${s.id}`)));
    expect(logged.map((e) => [e.actorId, e.detail.recipients])).toEqual([[people.admin.id, 2]]);

    // Cancelling again, or moving it, tells nobody anything more.
    expect((await send(c, calls.cancelSession, { params: { sessionId: s.id }, token: people.editor.token })).json().recipients).toBe(0);
    expect((await send(c, calls.moveSession, { params: { sessionId: s.id }, body: { startsAt: new Date(c.clock.now + 8 * DAY).toISOString() }, token: people.editor.token })).statusCode).toBe(409);
    await c.app.jobs.tick();
    expect(await received(seated.email, title, 2)).toHaveLength(1);
  });
});

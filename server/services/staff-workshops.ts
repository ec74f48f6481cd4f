/**
 * Workshops in the staff console (issue 36 item 5, ADR 142): sessions with their seats, a session's registrations and
 * waitlist, attendance (for continuing-education credit), a message to the registrants through the job queue (one job
 * per member, so a retry never mails anyone twice), and the registrations as CSV. Each action is in the audit log.
 */
import { randomUUID } from 'node:crypto';
import { displayName } from '../../src/domain/user';
import type { Db } from '../data/client';
import { enqueueJob, type JobRow } from '../data/jobs';
import { appendAudit } from '../data/staff';
import {
  registrationsOfSession, sessionsWithSeats, sessionWithSeats, setAttendance, type StaffRegistrationRow, type StaffSessionRow,
} from '../data/staff-workshops';
import { findSession, registrationOf } from '../data/workshops';
import { registrantMessageMail } from '../mail/workshop-mails';
import type { Mailer } from '../mail/mailer';
import { toCsv } from '../render/csv';
import { conflict, notFound } from './errors';
import type { WorkshopService } from './workshops';
import type { CpdCredit } from './cpd-credit';

export const REGISTRANT_MESSAGE_JOB = 'workshop-registrant-message';
export const NOT_STARTED = 'Attendance can be marked once the workshop has started.';
export const SESSION_NOT_FOUND = 'Workshop session not found';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toSession(row: StaffSessionRow) {
  return { ...row, startsAt: row.startsAt.toISOString(), cancelledAt: iso(row.cancelledAt) };
}

function toRegistrations(rows: StaffRegistrationRow[]) {
  let waiting = 0;
  return rows.map((row) => ({
    userId: row.userId,
    name: row.deletedAt ? 'Deleted member' : displayName(row.firstName, row.lastName),
    email: row.deletedAt ? '' : row.email,
    status: row.status as 'registered' | 'waitlisted',
    waitlistPosition: row.status === 'waitlisted' ? ++waiting : null,
    registeredAt: row.registeredAt.toISOString(),
    attendedAt: iso(row.attendedAt),
  }));
}

export class StaffWorkshopService {
  constructor(
    private readonly db: Db,
    private readonly workshops: WorkshopService,
    private readonly mailer: Mailer,
    /** `credit` writes a series' continuing-education credit on attendance (issue 39). */
    private readonly options: { staffEmail: string | undefined; now: () => number; credit?: CpdCredit },
  ) {}

  async sessions(when: 'upcoming' | 'past') {
    return (await sessionsWithSeats(this.db, when, new Date(this.options.now()))).map(toSession);
  }

  async registrations(sessionId: string) {
    const session = await sessionWithSeats(this.db, sessionId);
    if (!session) throw notFound(SESSION_NOT_FOUND);
    const rows = await registrationsOfSession(this.db, sessionId);
    return { session: toSession(session), started: session.startsAt.getTime() <= this.options.now(), registrations: toRegistrations(rows) };
  }

  async markAttended(actorId: string, sessionId: string, userId: string, attended: boolean) {
    const found = await findSession(this.db, sessionId);
    if (!found) throw notFound(SESSION_NOT_FOUND);
    const at = new Date(this.options.now());
    if (found.session.startsAt > at) throw conflict(NOT_STARTED);
    await this.db.transaction(async (tx) => {
      const result = await setAttendance(tx, sessionId, userId, attended, actorId, at);
      if (!result.found) throw notFound('This member has no seat at this session');
      // The series' credit lines are written once on a mark, and taken back on an unmark if not yet reported.
      await this.options.credit?.attendance(tx, userId, sessionId, attended);
      if (result.changed) {
        await appendAudit(tx, { actorId, action: attended ? 'workshop.attended' : 'workshop.unattended', target: `workshop:${sessionId}`, detail: { member: userId } });
      }
    });
    const registration = toRegistrations(await registrationsOfSession(this.db, sessionId)).find((r) => r.userId === userId);
    if (!registration) throw notFound('This member has no seat at this session');
    return registration;
  }

  /** Queues one mail per registrant (and waitlisted member when asked) in the transaction that logs the action. */
  async message(actorId: string, sessionId: string, body: { subject: string; message: string; includeWaitlist: boolean }) {
    const found = await findSession(this.db, sessionId);
    if (!found) throw notFound(SESSION_NOT_FOUND);
    const batch = randomUUID();
    const runAt = new Date(this.options.now());
    const recipients = await this.db.transaction(async (tx) => {
      const rows = (await registrationsOfSession(tx, sessionId)).filter((r) => !r.deletedAt && (r.status === 'registered' || body.includeWaitlist));
      for (const row of rows) {
        await enqueueJob(tx, {
          key: `${REGISTRANT_MESSAGE_JOB}:${batch}:${row.userId}`, kind: REGISTRANT_MESSAGE_JOB, runAt,
          payload: { workshopId: sessionId, userId: row.userId, subject: body.subject, message: body.message },
        });
      }
      await appendAudit(tx, {
        actorId, action: 'workshop.messaged', target: `workshop:${sessionId}`,
        detail: { subject: body.subject, recipients: rows.length, includeWaitlist: body.includeWaitlist },
      });
      return rows.length;
    });
    const message = recipients === 1 ? 'Your message is on its way to 1 member.' : `Your message is on its way to ${recipients} members.`;
    return { recipients, message };
  }

  /** The job: mails the member if they still hold a place at the session (they may have cancelled since). */
  async sendMessage(job: JobRow): Promise<void> {
    const { workshopId = '', userId = '', subject = '', message = '' } = job.payload;
    const found = await findSession(this.db, workshopId);
    if (!found) return;
    const place = await registrationOf(this.db, workshopId, userId);
    if (!place) return;
    const facts = await this.workshops.mailFacts(userId, found.session, found.series);
    if (facts) await this.mailer.send(registrantMessageMail(facts, subject, message, place.status === 'waitlisted', this.options.staffEmail));
  }

  async csv(actorId: string, sessionId: string) {
    const { session, registrations } = await this.registrations(sessionId);
    await appendAudit(this.db, { actorId, action: 'registrations.exported', target: `workshop:${sessionId}`, detail: { rows: registrations.length } });
    const body = toCsv(
      ['Name', 'Email', 'Status', 'Waitlist position', 'Registered at (UTC)', 'Attended at (UTC)'],
      registrations.map((r) => [r.name, r.email, r.status, r.waitlistPosition, r.registeredAt, r.attendedAt]),
    );
    const day = session.startsAt.slice(0, 10);
    const slug = session.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'workshop';
    return { body, filename: `registrations-${slug}-${day}.csv` };
  }
}

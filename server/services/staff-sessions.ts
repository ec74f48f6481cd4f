/**
 * Single workshop sessions in the staff console (issue 38 item 1, ADR 158): 'Move' to a new start and 'Cancel'. Each
 * is one transaction that changes the session, queues one mail per registered and waitlisted member (so a retry
 * never mails anyone twice) and logs the action; the registered get a calendar update with the same UID and a higher
 * SEQUENCE (a move) or a CANCEL. A cancelled session keeps its row (its schedule does not make it again), leaves the
 * listings and search, and takes no registration.
 */
import { SESSION_CHANGE_TEXT, formatWorkshopTime } from '../../src/domain/workshops';
import type { Db } from '../data/client';
import { enqueueJob, type JobRow } from '../data/jobs';
import { reindexWorkshops } from '../data/search';
import { appendAudit } from '../data/staff';
import { cancelSessionAt, clashingSession, moveSessionTo, registrationsOfSession, sessionWithSeats } from '../data/staff-workshops';
import { findSession, registrationOf } from '../data/workshops';
import type { Mailer } from '../mail/mailer';
import { sessionCancelledMail, sessionMovedMail } from '../mail/workshop-mails';
import { conflict, invalid, notFound } from './errors';
import { SESSION_NOT_FOUND, toSession } from './staff-workshops';
import type { WorkshopService } from './workshops';

export const SESSION_CHANGE_JOB = 'workshop-session-change';

type Change = 'moved' | 'cancelled';

export class StaffSessionService {
  constructor(
    private readonly db: Db,
    private readonly workshops: WorkshopService,
    private readonly mailer: Mailer,
    private readonly options: { now: () => number; onChanged: () => Promise<void> },
  ) {}

  private async answer(sessionId: string, recipients: number, message: string) {
    const session = await sessionWithSeats(this.db, sessionId);
    if (!session) throw notFound(SESSION_NOT_FOUND);
    return { session: toSession(session), recipients, message };
  }

  async move(actorId: string, sessionId: string, startsAtIso: string) {
    const now = this.options.now();
    // To the minute, as the schedule makes them.
    const startsAt = new Date(Math.floor(new Date(startsAtIso).getTime() / 60_000) * 60_000);
    const outcome = await this.db.transaction(async (tx) => {
      const found = await findSession(tx, sessionId, true);
      if (!found) throw notFound(SESSION_NOT_FOUND);
      const { session, series } = found;
      if (session.cancelledAt) throw conflict(SESSION_CHANGE_TEXT.cancelled);
      if (session.startsAt.getTime() <= now) throw conflict(SESSION_CHANGE_TEXT.started);
      if (startsAt.getTime() <= now) throw invalid(SESSION_CHANGE_TEXT.past);
      if (startsAt.getTime() === session.startsAt.getTime()) return null;
      if (session.seriesId) {
        const clash = await clashingSession(tx, session.seriesId, session.id, startsAt, session.duration);
        if (clash) throw conflict(SESSION_CHANGE_TEXT.clash(formatWorkshopTime(clash.startsAt.toISOString(), series?.schedule.timeZone ?? 'UTC')));
      }
      const moved = await moveSessionTo(tx, session.id, startsAt);
      const rows = (await registrationsOfSession(tx, session.id)).filter((r) => !r.deletedAt);
      for (const row of rows) {
        await this.tell(tx, 'moved', moved.id, moved.sequence, row.userId, { from: session.startsAt.toISOString() });
        // The reminder of the new time (the old one is skipped: its sequence is not the session's).
        const place = await registrationOf(tx, moved.id, row.userId);
        if (place?.status === 'registered') await this.workshops.remind(tx, place, moved);
      }
      await appendAudit(tx, {
        actorId, action: 'workshop.moved', target: `workshop:${session.id}`,
        detail: { from: session.startsAt.toISOString(), to: startsAt.toISOString(), recipients: rows.length },
      });
      await reindexWorkshops(tx, new Date(now));
      return rows.length;
    });
    if (outcome === null) return this.answer(sessionId, 0, SESSION_CHANGE_TEXT.unchanged);
    await this.options.onChanged();
    return this.answer(sessionId, outcome, SESSION_CHANGE_TEXT.moved(outcome));
  }

  /** Cancelling a cancelled session changes nothing and tells nobody again. */
  async cancel(actorId: string, sessionId: string) {
    const now = this.options.now();
    const outcome = await this.db.transaction(async (tx) => {
      const found = await findSession(tx, sessionId, true);
      if (!found) throw notFound(SESSION_NOT_FOUND);
      const { session } = found;
      if (session.cancelledAt) return null;
      if (session.startsAt.getTime() <= now) throw conflict(SESSION_CHANGE_TEXT.started);
      const rows = (await registrationsOfSession(tx, session.id)).filter((r) => !r.deletedAt);
      const cancelled = await cancelSessionAt(tx, session.id, new Date(now));
      for (const row of rows) {
        await this.tell(tx, 'cancelled', session.id, cancelled.sequence, row.userId, { waitlisted: row.status === 'waitlisted' ? '1' : '0' });
      }
      await appendAudit(tx, { actorId, action: 'workshop.cancelled', target: `workshop:${session.id}`, detail: { startsAt: session.startsAt.toISOString(), recipients: rows.length } });
      await reindexWorkshops(tx, new Date(now));
      return rows.length;
    });
    if (outcome === null) return this.answer(sessionId, 0, SESSION_CHANGE_TEXT.cancelled);
    await this.options.onChanged();
    return this.answer(sessionId, outcome, SESSION_CHANGE_TEXT.cancelledDone(outcome));
  }

  private tell(tx: Parameters<typeof enqueueJob>[0], change: Change, workshopId: string, sequence: number, userId: string, extra: Record<string, string>) {
    return enqueueJob(tx, {
      key: `${SESSION_CHANGE_JOB}:${workshopId}:${sequence}:${userId}`, kind: SESSION_CHANGE_JOB, runAt: new Date(this.options.now()),
      payload: { change, workshopId, userId, sequence: String(sequence), ...extra },
    });
  }

  /**
   * The job: a move is told to a member who still holds a place, unless the session changed again since (the later
   * change tells them); a cancel is told to everyone who held one (the places are gone with the session).
   */
  async sendChange(job: JobRow): Promise<void> {
    const { change = '', workshopId = '', userId = '', sequence = '0', from = '', waitlisted = '0' } = job.payload;
    const found = await findSession(this.db, workshopId);
    if (!found) return;
    const { session, series } = found;
    if (change === 'moved') {
      if (session.cancelledAt || String(session.sequence) !== sequence) return;
      const place = await registrationOf(this.db, workshopId, userId);
      if (!place) return;
      const facts = await this.workshops.mailFacts(userId, session, series);
      if (facts) await this.mailer.send(sessionMovedMail(facts, new Date(from), place.status === 'registered' ? this.workshops.ics(session) : null));
      return;
    }
    if (change !== 'cancelled' || !session.cancelledAt) return;
    const facts = await this.workshops.mailFacts(userId, session, series);
    // The session's page is gone: the mail links the workshops page.
    if (facts) await this.mailer.send(sessionCancelledMail({ ...facts, pageUrl: facts.pageUrl.replace(/\/[^/]+$/, '') }, waitlisted === '1' ? null : this.workshops.ics(session)));
  }
}

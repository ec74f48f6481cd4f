/**
 * Workshops members can attend (issue 15): the upcoming sessions, one session's page, registration with seats and a
 * waitlist, cancellation (the first on the waitlist moves up), a calendar file, 'My workshops', and the mails: a
 * confirmation with the calendar file, the waitlist, a cancellation, and a reminder 24 hours before from the job queue.
 */
import type { Workshop } from '../../src/domain/content';
import {
  joinOpen, JOIN_OPENS_MINUTES, type MyWorkshop, REMINDER_HOURS, WORKSHOP_TEXT, type WorkshopDetail,
} from '../../src/domain/workshops';
import type { Db, Tx } from '../data/client';
import type { JobRow } from '../data/jobs';
import { enqueueJob } from '../data/jobs';
import {
  deleteRegistration, findSession, generateSessions, insertRegistration, memberContact, promoteFirstWaitlisted, registrationById,
  type RegistrationRow, registrationOf, registrationsOf, seatsTaken, type SeriesRow, type SessionRow, upcomingSessions, waitlistPosition,
} from '../data/workshops';
import { reindexWorkshops } from '../data/search';
import type { Mail, Mailer } from '../mail/mailer';
import { cancelledMail, registeredMail, reminderMail, waitlistedMail, type WorkshopMailFacts } from '../mail/workshop-mails';
import { renderIcs } from '../render/ics';
import { conflict, notFound } from './errors';

export const REMINDER_JOB = 'workshop-reminder';
export const NOT_REGISTERED = 'You are not registered for this workshop';

/** A member who took a seat from the waitlist, with the session it is at. */
export interface MovedUp {
  session: SessionRow;
  series: SeriesRow | null;
  promoted: RegistrationRow;
}

export class WorkshopService {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
    private readonly now: () => number,
    private readonly onMailFailure: (error: unknown) => void,
  ) {}

  pageUrl(id: string): string {
    return `${this.publicUrl}/workshops/${id}`;
  }

  /** Keeps the rolling window of sessions filled (at start and every hour), and search's links to the next ones with it. */
  async fillWindow(): Promise<number> {
    const now = new Date(this.now());
    return this.db.transaction(async (tx) => {
      const made = await generateSessions(tx, now);
      await reindexWorkshops(tx, now);
      return made;
    });
  }

  async upcoming(): Promise<Workshop[]> {
    const rows = await upcomingSessions(this.db, new Date(this.now()));
    return rows.map(({ session: w, timeZone }) => ({
      _id: w.id, title: w.title, description: w.description, imageUrl: w.imageUrl, date: w.startsAt.toISOString(), duration: w.duration, timeZone,
    }));
  }

  private async session(id: string): Promise<{ session: SessionRow; series: SeriesRow | null }> {
    const found = await findSession(this.db, id);
    // A session staff cancelled is gone from the site (issue 38).
    if (!found || found.session.cancelledAt) throw notFound(WORKSHOP_TEXT.notFound);
    return found;
  }

  private async view(session: SessionRow, series: SeriesRow | null, userId: string): Promise<WorkshopDetail> {
    const now = new Date(this.now());
    const [seats, mine] = await Promise.all([seatsTaken(this.db, session.id), registrationOf(this.db, session.id, userId)]);
    const status = (mine?.status as WorkshopDetail['myStatus']) ?? null;
    const end = session.startsAt.getTime() + session.duration * 60_000;
    return {
      _id: session.id,
      title: session.title,
      description: session.description,
      imageUrl: session.imageUrl,
      date: session.startsAt.toISOString(),
      duration: session.duration,
      timeZone: series?.schedule.timeZone ?? 'UTC',
      hosts: series?.hosts ?? [],
      agenda: series?.agenda ?? [],
      audience: series?.audience ?? '',
      prepare: series?.prepare ?? [],
      capacity: session.capacity,
      seatsLeft: Math.max(0, session.capacity - seats.registered),
      waitlisted: seats.waitlisted,
      myStatus: status,
      waitlistPosition: mine?.status === 'waitlisted' ? await waitlistPosition(this.db, mine) : null,
      started: now >= session.startsAt,
      ended: now.getTime() >= end,
      joinUrl: status === 'registered' && joinOpen(session.startsAt, session.duration, now) ? session.joinUrl : null,
      joinOpensAt: new Date(session.startsAt.getTime() - JOIN_OPENS_MINUTES * 60_000).toISOString(),
      credits: series?.credits ?? [],
    };
  }

  /** One session as the list shows it, or undefined when there is none (a page's head; no member needed). */
  async summary(id: string): Promise<Workshop | undefined> {
    const found = await findSession(this.db, id);
    if (!found || found.session.cancelledAt) return undefined;
    const { session: w, series } = found;
    return {
      _id: w.id, title: w.title, description: w.description, imageUrl: w.imageUrl, date: w.startsAt.toISOString(), duration: w.duration,
      timeZone: series?.schedule.timeZone ?? 'UTC',
    };
  }

  async detail(userId: string, id: string): Promise<WorkshopDetail> {
    const { session, series } = await this.session(id);
    return this.view(session, series, userId);
  }

  /** What a mail to the member about the session says: null when the member is gone. */
  async mailFacts(userId: string, session: SessionRow, series: SeriesRow | null): Promise<WorkshopMailFacts | null> {
    const member = await memberContact(this.db, userId);
    if (!member) return null;
    return {
      to: member.email, firstName: member.firstName, title: session.title, startsAt: session.startsAt, durationMinutes: session.duration,
      timeZone: series?.schedule.timeZone ?? 'UTC', pageUrl: this.pageUrl(session.id),
    };
  }

  /** Mails go out after the answer; a failure is logged, never the member's problem. */
  private send(mail: Mail | null) {
    if (mail) this.mailer.send(mail).catch(this.onMailFailure);
  }

  /** The session's calendar file; a moved session's keeps its UID with its SEQUENCE, a cancelled one's is a CANCEL. */
  ics(session: SessionRow): string {
    return renderIcs({
      uid: `${session.id}@sustainlearn`, title: session.title, description: `${session.description}\n\n${this.pageUrl(session.id)}`,
      startsAt: session.startsAt, durationMinutes: session.duration, url: this.pageUrl(session.id), stamp: new Date(this.now()),
      sequence: session.sequence, method: session.cancelledAt ? 'CANCEL' : 'PUBLISH',
    });
  }

  /**
   * A reminder 24 hours before, when that is still ahead (a later registration gets its confirmation only), queued in
   * the transaction that gives the seat (ADR 128); again when staff move the session.
   */
  async remind(tx: Tx, registration: RegistrationRow, session: SessionRow) {
    const runAt = new Date(session.startsAt.getTime() - REMINDER_HOURS * 3_600_000);
    if (runAt.getTime() <= this.now()) return;
    // A session staff moved has a reminder per time it was at; only the one of its current time (its sequence) is sent.
    const key = session.sequence ? `${REMINDER_JOB}:${registration.id}:${session.sequence}` : `${REMINDER_JOB}:${registration.id}`;
    await enqueueJob(tx, { key, kind: REMINDER_JOB, payload: { registrationId: registration.id, workshopId: session.id, sequence: String(session.sequence) }, runAt });
  }

  /**
   * Registers the member, or puts them on the waitlist when every seat is taken. The session's row is locked while the
   * seats are counted, so parallel registrations for the last seats take exactly the seats there are.
   */
  async register(userId: string, id: string): Promise<{ workshop: WorkshopDetail; message: string }> {
    const outcome = await this.db.transaction(async (tx) => {
      const found = await findSession(tx, id, true);
      if (!found || found.session.cancelledAt) throw notFound(WORKSHOP_TEXT.notFound);
      if (this.now() >= found.session.startsAt.getTime()) throw conflict(WORKSHOP_TEXT.started);
      const existing = await registrationOf(tx, id, userId);
      if (existing) return { ...found, registration: existing, isNew: false };
      const { registered } = await seatsTaken(tx, id);
      const status = registered < found.session.capacity ? 'registered' : 'waitlisted';
      const registration = await insertRegistration(tx, id, userId, status, new Date(this.now()));
      if (status === 'registered') await this.remind(tx, registration, found.session);
      return { ...found, registration, isNew: true };
    });
    const { session, series, registration, isNew } = outcome;
    if (isNew) {
      const facts = await this.mailFacts(userId, session, series);
      if (registration.status === 'registered') {
        this.send(facts && registeredMail(facts, this.ics(session)));
      } else {
        this.send(facts && waitlistedMail(facts));
      }
    }
    return {
      workshop: await this.view(session, series, userId),
      message: registration.status === 'registered' ? WORKSHOP_TEXT.registered : WORKSHOP_TEXT.waitlisted,
    };
  }

  /** Cancels the member's place; a seat given back goes to the first member on the waitlist, who is told by mail. */
  async cancel(userId: string, id: string): Promise<{ workshop: WorkshopDetail; message: string }> {
    const outcome = await this.db.transaction(async (tx) => {
      const found = await findSession(tx, id, true);
      if (!found) throw notFound(WORKSHOP_TEXT.notFound);
      if (this.now() >= found.session.startsAt.getTime()) throw conflict(WORKSHOP_TEXT.started);
      const existing = await registrationOf(tx, id, userId);
      if (!existing) throw notFound(NOT_REGISTERED);
      return { ...found, promoted: await this.giveBack(tx, existing, found.session) };
    });
    const { session, series, promoted } = outcome;
    const facts = await this.mailFacts(userId, session, series);
    this.send(facts && cancelledMail(facts));
    if (promoted) await this.tellMovedUp([{ session, series, promoted }]);
    return { workshop: await this.view(session, series, userId), message: WORKSHOP_TEXT.cancelled };
  }

  /** A place given back in the caller's transaction: a seat goes to the first member on the waitlist. */
  private async giveBack(tx: Tx, registration: RegistrationRow, session: SessionRow): Promise<RegistrationRow | undefined> {
    await deleteRegistration(tx, registration.id);
    const promoted = registration.status === 'registered' ? await promoteFirstWaitlisted(tx, session.id, new Date(this.now())) : undefined;
    if (promoted) await this.remind(tx, promoted, session);
    return promoted;
  }

  /**
   * Every place the member holds at a session not yet started, given back in the caller's transaction as a cancel
   * gives it back (an account deleted, ADR 134). Answers who moved up, to be told by `tellMovedUp` once it commits.
   */
  async releasePlacesOf(tx: Tx, userId: string): Promise<MovedUp[]> {
    const moved: MovedUp[] = [];
    for (const { registration } of await registrationsOf(tx, userId)) {
      const found = await findSession(tx, registration.workshopId, true);
      if (!found || this.now() >= found.session.startsAt.getTime()) continue;
      const promoted = await this.giveBack(tx, registration, found.session);
      if (promoted) moved.push({ ...found, promoted });
    }
    return moved;
  }

  /** Mails the members who took a seat from the waitlist, as on a cancel. */
  async tellMovedUp(moved: MovedUp[]): Promise<void> {
    for (const { session, series, promoted } of moved) {
      const theirs = await this.mailFacts(promoted.userId, session, series);
      this.send(theirs && registeredMail(theirs, this.ics(session), true));
    }
  }

  async calendar(id: string): Promise<{ ics: string; filename: string }> {
    const { session } = await this.session(id);
    return { ics: this.ics(session), filename: `${session.slug}.ics` };
  }

  /** The member's upcoming registrations (soonest first) and past ones (newest first). */
  async mine(userId: string): Promise<{ upcoming: MyWorkshop[]; past: MyWorkshop[] }> {
    const now = this.now();
    const rows = await registrationsOf(this.db, userId);
    const view = ({ registration, session, timeZone }: (typeof rows)[number]): MyWorkshop => ({
      _id: session.id, title: session.title, date: session.startsAt.toISOString(), duration: session.duration, timeZone,
      status: registration.status as MyWorkshop['status'],
    });
    const ended = (s: SessionRow) => s.startsAt.getTime() + s.duration * 60_000 <= now;
    return {
      upcoming: rows.filter((r) => !ended(r.session)).map(view).reverse(),
      past: rows.filter((r) => ended(r.session)).map(view),
    };
  }

  /** The reminder job: sent when the member still holds a seat and the workshop is still ahead. */
  async sendReminder(job: JobRow): Promise<void> {
    const found = await findSession(this.db, job.payload.workshopId ?? '');
    if (!found || found.session.cancelledAt || this.now() >= found.session.startsAt.getTime()) return;
    // The reminder of a time the session was moved from.
    if (Number(job.payload.sequence ?? 0) !== found.session.sequence) return;
    const mine = await registrationById(this.db, job.payload.registrationId ?? '', found.session.id);
    if (mine?.status !== 'registered') return;
    const facts = await this.mailFacts(mine.userId, found.session, found.series);
    // Awaited, unlike the other mails: a reminder that could not be sent is tried again by the job queue.
    if (facts) await this.mailer.send(reminderMail(facts));
  }
}

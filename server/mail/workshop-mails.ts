/** The workshop mails: a confirmation with the calendar file, a place on the waitlist, a cancellation, a reminder. */
import { formatWorkshopTime } from '../../src/domain/workshops';
import { escapeMarkup } from '../../src/domain/text';
import type { Mail } from './mailer';

export interface WorkshopMailFacts {
  to: string;
  firstName: string;
  title: string;
  startsAt: Date;
  durationMinutes: number;
  /** The series' own time zone: the mail says the time there, and in UTC. */
  timeZone: string;
  pageUrl: string;
}

function mail(f: WorkshopMailFacts, subject: string, lines: string[], summary: string, attachments?: Mail['attachments']): Mail {
  const hello = `Hello ${f.firstName.trim() || 'there'},`;
  const when = `${formatWorkshopTime(f.startsAt.toISOString(), f.timeZone)} (${formatWorkshopTime(f.startsAt.toISOString(), 'UTC')}), ${f.durationMinutes} minutes`;
  const text = [hello, '', ...lines, '', `${f.title}`, when, `Workshop page: ${f.pageUrl}`, '', 'SustainLearn'].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#1f2933">
<p style="color:#1f6f4a;font-weight:700">SustainLearn</p>
<p>${escapeMarkup(hello)}</p>
${lines.map((l) => `<p>${escapeMarkup(l)}</p>`).join('\n')}
<p><strong>${escapeMarkup(f.title)}</strong><br>${escapeMarkup(when)}</p>
<p><a href="${escapeMarkup(f.pageUrl)}">Open the workshop page</a></p>
</body></html>`;
  return { to: f.to, subject, text, html, summary, ...(attachments ? { attachments } : {}) };
}

export function registeredMail(f: WorkshopMailFacts, ics: string, fromWaitlist = false): Mail {
  return mail(
    f,
    fromWaitlist ? `A seat opened: you are registered for ${f.title}` : `You are registered: ${f.title}`,
    [
      fromWaitlist ? 'A seat opened and it is yours: you are now registered.' : 'You are registered for this workshop.',
      'The calendar file attached puts it in your calendar. The join link appears on the workshop page from 15 minutes before the start, and we will remind you the day before.',
    ],
    `workshop registration ${f.title} ${f.pageUrl}`,
    [{ filename: 'workshop.ics', content: ics, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }],
  );
}

export function waitlistedMail(f: WorkshopMailFacts): Mail {
  return mail(f, `You are on the waitlist: ${f.title}`, [
    'The workshop is full, so you are on its waitlist. If a seat opens, it goes to the first person on the list and we email you straight away with the calendar file.',
  ], `workshop waitlist ${f.title} ${f.pageUrl}`);
}

export function cancelledMail(f: WorkshopMailFacts): Mail {
  return mail(f, `Registration cancelled: ${f.title}`, [
    'Your place at this workshop is cancelled. If you change your mind, register again on the workshop page while seats are left.',
  ], `workshop cancellation ${f.title} ${f.pageUrl}`);
}

export function reminderMail(f: WorkshopMailFacts): Mail {
  return mail(f, `Tomorrow: ${f.title}`, [
    'A reminder that your workshop starts in about 24 hours. The join link appears on the workshop page from 15 minutes before the start.',
  ], `workshop reminder ${f.title} ${f.pageUrl}`);
}

/** A message the workshop's organisers send to its registrants (issue 36), paragraphs split on blank lines. */
export function registrantMessageMail(f: WorkshopMailFacts, subject: string, message: string, waitlisted: boolean, replyTo: string | undefined): Mail {
  const paragraphs = message.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
  const why = waitlisted
    ? 'You receive this message because you are on the waitlist for this SustainLearn workshop.'
    : 'You receive this message because you are registered for this SustainLearn workshop.';
  const sent = mail(f, subject, [...paragraphs, why], `workshop message ${f.title} ${f.pageUrl}`);
  return replyTo ? { ...sent, replyTo } : sent;
}

/** A calendar file sent with a change: the same UID with a higher SEQUENCE (a move), or METHOD:CANCEL. */
const calendarUpdate = (ics: string, method: 'PUBLISH' | 'CANCEL'): Mail['attachments'] =>
  [{ filename: 'workshop.ics', content: ics, contentType: `text/calendar; charset=utf-8; method=${method}` }];

/** Staff moved the session (issue 38): the new time (the mail's facts), the old one, the registered get the calendar update. */
export function sessionMovedMail(f: WorkshopMailFacts, previous: Date, ics: string | null): Mail {
  const was = `${formatWorkshopTime(previous.toISOString(), f.timeZone)} (${formatWorkshopTime(previous.toISOString(), 'UTC')})`;
  return mail(f, `New time: ${f.title}`, [
    `This workshop has moved to a new time, shown below. It was on ${was}.`,
    ics
      ? 'Your place is kept. The calendar file attached moves the event in your calendar.'
      : 'Your place on the waitlist is kept.',
    'If the new time does not suit you, you can cancel your place on the workshop page.',
  ], `workshop moved ${f.title} ${f.pageUrl}`, ics ? calendarUpdate(ics, 'PUBLISH') : undefined);
}

/** Staff cancelled the session (issue 38): the place is gone; the registered get a calendar CANCEL. */
export function sessionCancelledMail(f: WorkshopMailFacts, ics: string | null): Mail {
  return mail(f, `Cancelled: ${f.title}`, [
    'We are sorry: this workshop session is cancelled, and your place with it.',
    ...(ics ? ['The calendar file attached takes the event out of your calendar.'] : []),
    'The other sessions of the series are on the workshops page, where you can register for another one.',
  ], `workshop session cancelled ${f.title} ${f.pageUrl}`, ics ? calendarUpdate(ics, 'CANCEL') : undefined);
}

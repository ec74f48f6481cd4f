/**
 * Workshops in the staff console (issue 36 item 5): the sessions with their seats, one session's registrations and
 * waitlist with names and emails, 'Mark attended' per member, 'Message registrants' (mailed through the job queue)
 * and the registrations as CSV; 'Move' and 'Cancel' a session, each mailed to its registrants and waitlist (issue 38
 * item 1). Editors (and admins) may make these calls.
 */
import { z } from 'zod';
import type { StaffRole } from '../domain/staff';
import { call } from './define';

const EDITORS: readonly StaffRole[] = ['editor'];
const when = z.string();
const sessionParams = z.object({ sessionId: z.uuid() });

export const staffSessionSchema = z.object({
  id: z.string(),
  title: z.string(),
  startsAt: when,
  durationMinutes: z.number().int(),
  capacity: z.number().int(),
  registered: z.number().int(),
  waitlisted: z.number().int(),
  attended: z.number().int(),
  /** When staff cancelled the session (issue 38), else null; a cancelled session is off the site. */
  cancelledAt: when.nullable(),
  /** How many times staff have moved or cancelled it (its calendar file's SEQUENCE). */
  sequence: z.number().int(),
  /** The series' time zone, which the mails name the time in. */
  timeZone: z.string(),
});
export type StaffSession = z.infer<typeof staffSessionSchema>;

export const staffRegistrationSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.enum(['registered', 'waitlisted']),
  /** 1 for the first on the waitlist; null for a registered member. */
  waitlistPosition: z.number().int().nullable(),
  registeredAt: when,
  attendedAt: when.nullable(),
});
export type StaffRegistration = z.infer<typeof staffRegistrationSchema>;

/** Sessions still to come (soonest first) or past ones (latest first), 50 at most. */
export const staffWorkshops = call({
  name: 'staffWorkshops.list', method: 'GET', path: '/staff/workshops', auth: 'required', staff: EDITORS,
  query: z.object({ when: z.enum(['upcoming', 'past']).default('upcoming') }),
  response: z.object({ success: z.literal(true), sessions: z.array(staffSessionSchema) }),
});

export const sessionRegistrations = call({
  name: 'staffWorkshops.registrations', method: 'GET', path: '/staff/workshops/:sessionId/registrations', auth: 'required', staff: EDITORS,
  params: sessionParams,
  response: z.object({
    success: z.literal(true),
    session: staffSessionSchema,
    /** Whether the session has started: attendance can be marked from then on. */
    started: z.boolean(),
    registrations: z.array(staffRegistrationSchema),
  }),
});

/** Marks a registered member as having attended (or not). Only once the session has started. */
export const markAttended = call({
  name: 'staffWorkshops.markAttended', method: 'PUT', path: '/staff/workshops/:sessionId/registrations/:userId/attended', auth: 'required', staff: EDITORS,
  params: z.object({ sessionId: z.uuid(), userId: z.uuid() }),
  body: z.object({ attended: z.boolean() }),
  response: z.object({ success: z.literal(true), registration: staffRegistrationSchema }),
  invalidates: ['/staff/workshops'],
});

export const MESSAGE_LIMITS = { subject: 150, message: 5000 } as const;

/** A mail to every registered member (and the waitlist when asked), one job per member in the queue. */
export const messageRegistrants = call({
  name: 'staffWorkshops.message', method: 'POST', path: '/staff/workshops/:sessionId/message', auth: 'required', staff: EDITORS,
  params: sessionParams,
  body: z.object({
    subject: z.string().trim().min(1, 'Subject is required').max(MESSAGE_LIMITS.subject, `Subject must be at most ${MESSAGE_LIMITS.subject} characters`),
    message: z.string().trim().min(1, 'Message is required').max(MESSAGE_LIMITS.message, `Message must be at most ${MESSAGE_LIMITS.message} characters`),
    includeWaitlist: z.boolean().default(false),
  }),
  response: z.object({ success: z.literal(true), recipients: z.number().int(), message: z.string() }),
});

/** The session's registrations and waitlist as CSV (UTF-8 with a byte-order mark, for spreadsheets). */
export const registrationsCsv = call({
  name: 'staffWorkshops.csv', method: 'GET', path: '/staff/workshops/:sessionId/registrations.csv', auth: 'required', staff: EDITORS,
  params: sessionParams,
  response: z.instanceof(Uint8Array), binary: true,
});

/** What moving or cancelling a session answers: the session now, and how many members are being told by mail. */
const sessionChangeAnswer = z.object({ success: z.literal(true), session: staffSessionSchema, recipients: z.number().int(), message: z.string() });

/**
 * Moves a session not yet started to a new start (in the future, not at a time another session of its series takes).
 * Every registered and waitlisted member is mailed the new time, the registered with the updated calendar file.
 */
export const moveSession = call({
  name: 'staffWorkshops.move', method: 'POST', path: '/staff/workshops/:sessionId/move', auth: 'required', staff: EDITORS,
  params: sessionParams,
  body: z.object({ startsAt: z.iso.datetime({ offset: true, message: 'Choose a date and a time' }) }),
  response: sessionChangeAnswer,
  invalidates: ['/staff/workshops', '/workshops'],
});

/** Cancels a session not yet started: it leaves the site, its places go, and each member on it is mailed (with a calendar CANCEL). */
export const cancelSession = call({
  name: 'staffWorkshops.cancel', method: 'POST', path: '/staff/workshops/:sessionId/cancel', auth: 'required', staff: EDITORS,
  params: sessionParams,
  response: sessionChangeAnswer,
  invalidates: ['/staff/workshops', '/workshops'],
});

/** zod schemas of a series' schedule and of the workshops the API answers (rules and types: workshops.ts). */
import { z } from 'zod';
import { creditLineSchema } from './cpd.schema';
import { WEEKDAYS } from './workshops';

const localTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a local time like 17:00');
const timeZone = z.string().refine((zone) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  }
  // Stryker disable next-line BlockStatement: an empty catch answers undefined, which refine treats as false, the same as `return false`
  catch {
    return false;
  }
}, 'must be an IANA time zone like Europe/London');

/** Whose public holidays a recurring series skips (ISO 3166: NL, GB-ENG, US-NY); the import checks the calendar knows it. */
const region = z.string().regex(/^[A-Z]{2}(-[A-Z0-9]{1,3})?$/, 'must be a country code, with a subdivision if need be, like NL or GB-ENG').optional();

export const scheduleSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('monthly'),
    /** 1 to 4, or -1 for the last such weekday of the month. */
    week: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(-1)]),
    weekday: z.enum(WEEKDAYS),
    time: localTime,
    timeZone,
    region,
  }),
  z.object({
    kind: z.literal('weekly'),
    weekday: z.enum(WEEKDAYS),
    /** Every n weeks, counted from `from` (a local date). */
    every: z.number().int().min(1).max(8),
    from: z.iso.date(),
    time: localTime,
    timeZone,
    region,
  }),
  z.object({
    kind: z.literal('dates'),
    /** Local date-times like 2026-12-03T17:00. */
    dates: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/, 'must be a local date-time like 2026-12-03T17:00')).min(1),
    timeZone,
  }),
]);

export const registrationStatusSchema = z.enum(['registered', 'waitlisted']);

export const workshopDetailSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  /** The start, as an ISO instant (UTC); the screen shows it in the viewer's own time zone. */
  date: z.string(),
  duration: z.number(),
  /** The series' own time zone, for "17:00 in London". */
  timeZone: z.string(),
  hosts: z.array(z.object({ name: z.string(), role: z.string() })),
  agenda: z.array(z.object({ minutes: z.number(), item: z.string() })),
  audience: z.string(),
  prepare: z.array(z.string()),
  capacity: z.number(),
  seatsLeft: z.number(),
  waitlisted: z.number(),
  /** The member's own place: registered, on the waitlist (with their position), or neither. */
  myStatus: registrationStatusSchema.nullable(),
  waitlistPosition: z.number().nullable(),
  started: z.boolean(),
  ended: z.boolean(),
  /** Only for a registered member, and only from 15 minutes before the start until the end. */
  joinUrl: z.string().nullable(),
  /** When the join link opens (so the screen can say it). */
  joinOpensAt: z.string(),
  /** The series' credit lines for attending (issue 39), empty when none. */
  credits: z.array(creditLineSchema),
});

export const myWorkshopSchema = z.object({
  _id: z.string(),
  title: z.string(),
  date: z.string(),
  duration: z.number(),
  timeZone: z.string(),
  status: registrationStatusSchema,
});

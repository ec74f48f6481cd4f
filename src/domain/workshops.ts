/**
 * Workshops (issue 15): a series described by a schedule in its own time zone (the first Tuesday of each month at
 * 17:00 Europe/London, every other Wednesday, or fixed dates), its sessions on a rolling window, seats and a waitlist,
 * and when the join link may be shown. Pure rules and the shapes the API answers; their zod schemas live in
 * workshops.schema.ts, so machines and views use the rules without loading zod.
 */

import type { CreditLine } from './cpd.schema';
import { formatDateTimeIn } from './time-zone';

export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Upcoming sessions are generated this far ahead, so the list never runs dry. */
export const SESSION_WINDOW_DAYS = 90;
/** The join link shows from this long before the start until the end. */
export const JOIN_OPENS_MINUTES = 15;
/** The reminder mail goes out this long before the start. */
export const REMINDER_HOURS = 24;

/** When a series meets, in its own time zone (the content import checks it with scheduleSchema). */
export type Schedule =
  | {
      kind: 'monthly';
      /** 1 to 4, or -1 for the last such weekday of the month. */
      week: 1 | 2 | 3 | 4 | -1;
      weekday: Weekday;
      /** A local time like 17:00. */
      time: string;
      /** An IANA time zone like Europe/London. */
      timeZone: string;
      /**
       * Whose public holidays the series skips: an ISO 3166 country, with a subdivision where holidays differ within
       * it (GB-ENG, US-NY, AU-NSW). Without it, the country of the time zone.
       */
      region?: string;
    }
  | {
      kind: 'weekly';
      weekday: Weekday;
      /** Every n weeks (1 to 8), counted from `from` (a local date). */
      every: number;
      from: string;
      time: string;
      timeZone: string;
      /**
       * Whose public holidays the series skips: an ISO 3166 country, with a subdivision where holidays differ within
       * it (GB-ENG, US-NY, AU-NSW). Without it, the country of the time zone.
       */
      region?: string;
    }
  | {
      kind: 'dates';
      /** Local date-times like 2026-12-03T17:00. */
      dates: string[];
      timeZone: string;
    };

/** The offset of `timeZone` from UTC at the instant `utcMs`, in minutes (Europe/London in summer: 60). */
function offsetMinutes(utcMs: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  }).formatToParts(new Date(utcMs));
  // Stryker disable next-line OptionalChaining: the parts asked for (year to second) are always in formatToParts' answer
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(utcMs / 1000) * 1000) / 60_000);
}

/**
 * The instant a wall-clock time happens in a time zone. A time skipped by a spring-forward change is moved on by the
 * gap (02:30 on the day clocks go to 03:00 becomes 03:30); a time that happens twice in the autumn is its first.
 */
export function zonedTimeToUtc(year: number, month: number, day: number, hour: number, minute: number, zone: string): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // The offsets in force half a day either side: around a change they differ, otherwise they are the same.
  const before = offsetMinutes(wall - 43_200_000, zone);
  const after = offsetMinutes(wall + 43_200_000, zone);
  const fits = (offset: number) => offsetMinutes(wall - offset * 60_000, zone) === offset;
  const candidates = [...new Set([before, after])].filter(fits).map((offset) => wall - offset * 60_000);
  // Twice in the autumn: the first; never in the spring: moved on by the gap (the earlier offset still applied).
  return new Date(candidates.length ? Math.min(...candidates) : wall - before * 60_000);
}

/** The local calendar date of an instant in a time zone. */
export function localDateOf(instant: Date, zone: string): { year: number; month: number; day: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
  // Stryker disable next-line OptionalChaining: the parts asked for (year, month, day) are always in formatToParts' answer
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day') };
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const weekdayOf = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day)).getUTCDay();

/** The day of the month of the nth (or last) weekday. */
function nthWeekday(year: number, month: number, week: number, weekday: number): number {
  if (week > 0) {
    const first = weekdayOf(year, month, 1);
    const day = 1 + ((weekday - first + 7) % 7) + (week - 1) * 7;
    return day <= daysInMonth(year, month) ? day : -1;
  }
  const lastDay = daysInMonth(year, month);
  return lastDay - ((weekdayOf(year, month, lastDay) - weekday + 7) % 7);
}

/** A local date as an ISO date: 2026-12-25. */
const isoDate = (year: number, month: number, day: number) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/**
 * Every start of a schedule in [from, to), in order. A monthly or weekly rule skips the days `isHoliday` names (local
 * ISO dates in the series' zone: its region's public holidays, issue 41); fixed dates were chosen one by one and stay.
 */
export function sessionsBetween(schedule: Schedule, from: Date, to: Date, isHoliday: (localDate: string) => boolean = () => false): Date[] {
  const out: Date[] = [];
  const keep = (d: Date) => {
    if (d >= from && d < to) out.push(d);
  };
  const keepUnlessHoliday = (d: Date, year: number, month: number, day: number) => {
    if (!isHoliday(isoDate(year, month, day))) keep(d);
  };
  if (schedule.kind === 'dates') {
    for (const local of schedule.dates) {
      const [date, time] = local.split('T') as [string, string];
      const [y, m, d] = date.split('-').map(Number) as [number, number, number];
      const [h, min] = time.split(':').map(Number) as [number, number];
      keep(zonedTimeToUtc(y, m, d, h, min, schedule.timeZone));
    }
    return out.sort((a, b) => a.getTime() - b.getTime());
  }
  const [hour, minute] = schedule.time.split(':').map(Number) as [number, number];
  const weekday = WEEKDAYS.indexOf(schedule.weekday);
  const start = localDateOf(new Date(from.getTime() - 86_400_000), schedule.timeZone);
  if (schedule.kind === 'monthly') {
    for (let y = start.year, m = start.month; ; ) {
      const day = nthWeekday(y, m, schedule.week, weekday);
      if (day > 0) {
        const at = zonedTimeToUtc(y, m, day, hour, minute, schedule.timeZone);
        if (at >= to) break;
        keepUnlessHoliday(at, y, m, day);
      } else if (zonedTimeToUtc(y, m, 1, 0, 0, schedule.timeZone) >= to) {
        break;
      }
      m += 1;
      // Stryker disable next-line BlockStatement: Date.UTC reads month 13 as January of the next year, so without the roll-over every result is the same
      if (m > 12) {
        m = 1;
        y += 1;
      }
    }
    return out;
  }
  // Weekly: every n weeks from the first such weekday on or after `from` (the series' own start).
  const [fy, fm, fd] = schedule.from.split('-').map(Number) as [number, number, number];
  const anchor = Date.UTC(fy, fm - 1, fd + ((weekday - weekdayOf(fy, fm, fd) + 7) % 7));
  const startDay = Date.UTC(start.year, start.month - 1, start.day);
  const stepDays = 7 * schedule.every;
  let dayMs = anchor;
  if (startDay > anchor) dayMs = anchor + Math.ceil((startDay - anchor) / (stepDays * 86_400_000)) * stepDays * 86_400_000;
  for (;; dayMs += stepDays * 86_400_000) {
    const d = new Date(dayMs);
    const at = zonedTimeToUtc(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), hour, minute, schedule.timeZone);
    if (at >= to) break;
    keepUnlessHoliday(at, d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
  }
  return out;
}

/** The join link is for registered members, from 15 minutes before the start until the end. */
export function joinOpen(startsAt: Date, durationMinutes: number, now: Date): boolean {
  const t = now.getTime();
  return t >= startsAt.getTime() - JOIN_OPENS_MINUTES * 60_000 && t < startsAt.getTime() + durationMinutes * 60_000;
}

export type RegistrationStatus = 'registered' | 'waitlisted';

export interface WorkshopDetail {
  _id: string;
  title: string;
  description: string;
  imageUrl: string;
  /** The start, as an ISO instant (UTC); the screen shows it in the viewer's own time zone. */
  date: string;
  duration: number;
  /** The series' own time zone, for "17:00 in London". */
  timeZone: string;
  hosts: { name: string; role: string }[];
  agenda: { minutes: number; item: string }[];
  audience: string;
  prepare: string[];
  capacity: number;
  seatsLeft: number;
  waitlisted: number;
  /** The member's own place: registered, on the waitlist (with their position), or neither. */
  myStatus: RegistrationStatus | null;
  waitlistPosition: number | null;
  started: boolean;
  ended: boolean;
  /** Only for a registered member, and only from 15 minutes before the start until the end. */
  joinUrl: string | null;
  /** When the join link opens (so the screen can say it). */
  joinOpensAt: string;
  /** The series' continuing-education credit lines for attending (issue 39), empty when none. */
  credits: CreditLine[];
}

export interface MyWorkshop {
  _id: string;
  title: string;
  date: string;
  duration: number;
  /** The series' own time zone (issue 41). */
  timeZone: string;
  status: RegistrationStatus;
}

export const WORKSHOP_TEXT = {
  notFound: 'Workshop not found',
  started: 'This workshop has already started',
  registered: 'You are registered. A confirmation with a calendar file is on its way to your inbox.',
  waitlisted: 'The workshop is full: you are on the waitlist. We will email you if a seat opens.',
  cancelled: 'Your registration is cancelled.',
} as const;

/**
 * "Thursday, December 3, 2026 at 5:00 PM Greenwich Mean Time" in the zone given (a mail: the series'), or the one the
 * code runs in (a screen: the viewer's, once hydrated; see LocalTime).
 */
export function formatWorkshopTime(iso: string, zone?: string): string {
  return formatDateTimeIn(iso, zone ?? (Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'), { weekday: true });
}

/** Staff moving or cancelling a session (issue 38 item 1): the refusals and answers the console shows. */
export const SESSION_CHANGE_TEXT = {
  past: 'Choose a start time in the future.',
  started: 'This session has started: it can no longer be moved or cancelled.',
  cancelled: 'This session is cancelled.',
  clash: (when: string) => `Another session of this series is at that time (${when}). Choose another time.`,
  moved: (n: number) => `The session is moved. ${n === 1 ? '1 member is' : `${n} members are`} being told by mail.`,
  unchanged: 'The session already starts at that time.',
  cancelledDone: (n: number) => `The session is cancelled. ${n === 1 ? '1 member is' : `${n} members are`} being told by mail.`,
} as const;

/**
 * Unit tests of the workshop rules about time (src/domain/workshops.ts): a wall-clock time in a time zone as an
 * instant (across the spring and autumn clock changes, both hemispheres, half-hour zones), the local date of an
 * instant, the sessions of a monthly, every-n-weeks or fixed-dates schedule in a window, when the join link is open,
 * and how a start is shown. The schedule's validation and the shapes the API answers are in
 * domain-workshops-schema.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { formatWorkshopTime, joinOpen, localDateOf, type Schedule, sessionsBetween, type Weekday, zonedTimeToUtc } from '../../src/domain/workshops';

const iso = (d: Date) => d.toISOString();
const at = (s: string) => new Date(s);
const LONDON = 'Europe/London';
const NEW_YORK = 'America/New_York';

describe('a wall-clock time in a time zone', () => {
  it.each([
    // [year, month, day, hour, minute, zone, instant]
    [2026, 12, 3, 17, 0, LONDON, '2026-12-03T17:00:00.000Z'],
    [2026, 7, 7, 17, 0, LONDON, '2026-07-07T16:00:00.000Z'],
    [2026, 1, 15, 9, 30, NEW_YORK, '2026-01-15T14:30:00.000Z'],
    [2026, 7, 15, 9, 30, NEW_YORK, '2026-07-15T13:30:00.000Z'],
    [2026, 6, 1, 10, 0, 'Asia/Kolkata', '2026-06-01T04:30:00.000Z'],
    [2026, 1, 10, 9, 0, 'Australia/Sydney', '2026-01-09T22:00:00.000Z'],
    [2026, 7, 10, 9, 0, 'Australia/Sydney', '2026-07-09T23:00:00.000Z'],
    [2026, 3, 1, 12, 0, 'UTC', '2026-03-01T12:00:00.000Z'],
    [2026, 12, 31, 23, 59, 'Asia/Tokyo', '2026-12-31T14:59:00.000Z'],
    [2027, 1, 1, 0, 30, NEW_YORK, '2027-01-01T05:30:00.000Z'],
  ])('%i-%i-%i %i:%i in %s is %s', (y, m, d, h, min, zone, instant) => {
    expect(iso(zonedTimeToUtc(y, m, d, h, min, zone))).toBe(instant);
  });

  it('keeps times around the spring change in London in step with the clock', () => {
    expect(iso(zonedTimeToUtc(2026, 3, 29, 0, 59, LONDON))).toBe('2026-03-29T00:59:00.000Z');
    expect(iso(zonedTimeToUtc(2026, 3, 29, 2, 0, LONDON))).toBe('2026-03-29T01:00:00.000Z');
    // The morning after the change, within half a day of it.
    expect(iso(zonedTimeToUtc(2026, 3, 29, 5, 0, LONDON))).toBe('2026-03-29T04:00:00.000Z');
    expect(iso(zonedTimeToUtc(2026, 3, 28, 20, 0, LONDON))).toBe('2026-03-28T20:00:00.000Z');
  });

  it('moves a time skipped by the spring change on by the gap', () => {
    // Clocks go from 01:00 to 02:00: 01:30 does not happen and becomes 02:30 summer time.
    expect(iso(zonedTimeToUtc(2026, 3, 29, 1, 30, LONDON))).toBe('2026-03-29T01:30:00.000Z');
    expect(iso(zonedTimeToUtc(2026, 3, 29, 1, 0, LONDON))).toBe('2026-03-29T01:00:00.000Z');
    // New York goes from 02:00 to 03:00: 02:30 becomes 03:30 daylight time.
    expect(iso(zonedTimeToUtc(2026, 3, 8, 2, 30, NEW_YORK))).toBe('2026-03-08T07:30:00.000Z');
    // Sydney goes from 02:00 to 03:00 on the first Sunday of October.
    expect(iso(zonedTimeToUtc(2026, 10, 4, 2, 30, 'Australia/Sydney'))).toBe('2026-10-03T16:30:00.000Z');
  });

  it('takes the first of a time that happens twice in the autumn', () => {
    expect(iso(zonedTimeToUtc(2026, 10, 25, 1, 30, LONDON))).toBe('2026-10-25T00:30:00.000Z');
    expect(iso(zonedTimeToUtc(2026, 10, 25, 1, 0, LONDON))).toBe('2026-10-25T00:00:00.000Z');
    expect(iso(zonedTimeToUtc(2026, 10, 25, 0, 59, LONDON))).toBe('2026-10-24T23:59:00.000Z');
    expect(iso(zonedTimeToUtc(2026, 10, 25, 2, 0, LONDON))).toBe('2026-10-25T02:00:00.000Z');
    expect(iso(zonedTimeToUtc(2026, 11, 1, 1, 30, NEW_YORK))).toBe('2026-11-01T05:30:00.000Z');
    expect(iso(zonedTimeToUtc(2026, 4, 5, 2, 30, 'Australia/Sydney'))).toBe('2026-04-04T15:30:00.000Z');
  });

  it('handles a change of half an hour (Lord Howe Island)', () => {
    // Lord Howe is +10:30 in winter and +11:00 in summer; it goes forward at 02:00 on the first Sunday of October.
    expect(iso(zonedTimeToUtc(2026, 7, 1, 12, 0, 'Australia/Lord_Howe'))).toBe('2026-07-01T01:30:00.000Z');
    expect(iso(zonedTimeToUtc(2026, 1, 1, 12, 0, 'Australia/Lord_Howe'))).toBe('2026-01-01T01:00:00.000Z');
    expect(iso(zonedTimeToUtc(2026, 10, 4, 2, 15, 'Australia/Lord_Howe'))).toBe('2026-10-03T15:45:00.000Z');
  });
});

describe('the local date of an instant', () => {
  it.each([
    ['2026-12-03T23:30:00Z', NEW_YORK, { year: 2026, month: 12, day: 3 }],
    ['2026-12-03T23:30:00Z', 'Asia/Tokyo', { year: 2026, month: 12, day: 4 }],
    ['2026-12-31T11:30:00Z', 'Pacific/Auckland', { year: 2027, month: 1, day: 1 }],
    ['2027-01-01T03:00:00Z', NEW_YORK, { year: 2026, month: 12, day: 31 }],
    ['2026-07-05T23:30:00Z', LONDON, { year: 2026, month: 7, day: 6 }],
    ['2026-01-05T23:30:00Z', LONDON, { year: 2026, month: 1, day: 5 }],
    ['2026-02-28T12:00:00Z', 'UTC', { year: 2026, month: 2, day: 28 }],
  ])('%s in %s is %j', (instant, zone, date) => {
    expect(localDateOf(at(instant), zone)).toEqual(date);
  });
});

const monthly = (week: 1 | 2 | 3 | 4 | -1, weekday: Weekday, time = '17:00', timeZone = LONDON): Schedule => ({
  kind: 'monthly', week, weekday, time, timeZone,
});
const between = (schedule: Schedule, from: string, to: string) => sessionsBetween(schedule, at(from), at(to)).map(iso);

describe('sessions of a monthly schedule', () => {
  it('finds the first Tuesday of each month at 17:00 London time, in summer and winter', () => {
    expect(between(monthly(1, 'tuesday'), '2026-01-01T00:00:00Z', '2026-07-01T00:00:00Z')).toEqual([
      '2026-01-06T17:00:00.000Z', '2026-02-03T17:00:00.000Z', '2026-03-03T17:00:00.000Z',
      '2026-04-07T16:00:00.000Z', '2026-05-05T16:00:00.000Z', '2026-06-02T16:00:00.000Z',
    ]);
  });

  it('finds the last Friday of each month, into the next year', () => {
    expect(between(monthly(-1, 'friday', '09:30'), '2026-10-01T00:00:00Z', '2027-03-01T00:00:00Z')).toEqual([
      '2026-10-30T09:30:00.000Z', '2026-11-27T09:30:00.000Z', '2026-12-25T09:30:00.000Z', '2027-01-29T09:30:00.000Z', '2027-02-26T09:30:00.000Z',
    ]);
  });

  it('finds a last weekday that falls on the last day of the month', () => {
    // 31 October 2026 is a Saturday; 28 February 2026 is a Saturday too, so the last Sunday is the 22nd.
    expect(between(monthly(-1, 'saturday', '10:00', 'UTC'), '2026-10-01T00:00:00Z', '2026-11-01T00:00:00Z')).toEqual(['2026-10-31T10:00:00.000Z']);
    expect(between(monthly(-1, 'sunday', '10:00', 'UTC'), '2026-02-01T00:00:00Z', '2026-03-01T00:00:00Z')).toEqual(['2026-02-22T10:00:00.000Z']);
  });

  it.each([
    [2, 'wednesday', '2026-02-11T12:00:00.000Z'],
    [3, 'monday', '2026-02-16T12:00:00.000Z'],
    [4, 'saturday', '2026-02-28T12:00:00.000Z'],
    [4, 'sunday', '2026-02-22T12:00:00.000Z'],
    [1, 'sunday', '2026-02-01T12:00:00.000Z'],
    [1, 'saturday', '2026-02-07T12:00:00.000Z'],
  ] as const)('week %i %s of February 2026 is %s', (week, weekday, instant) => {
    expect(between(monthly(week, weekday, '12:00', 'UTC'), '2026-02-01T00:00:00Z', '2026-03-01T00:00:00Z')).toEqual([instant]);
  });

  it('counts the window from its first instant (inclusive) to its last (exclusive)', () => {
    const s = monthly(1, 'tuesday');
    expect(between(s, '2026-02-03T17:00:00Z', '2026-03-03T17:00:00Z')).toEqual(['2026-02-03T17:00:00.000Z']);
    expect(between(s, '2026-02-03T17:00:00.001Z', '2026-03-03T17:00:00.001Z')).toEqual(['2026-03-03T17:00:00.000Z']);
    expect(between(s, '2026-02-04T00:00:00Z', '2026-03-01T00:00:00Z')).toEqual([]);
  });

  it('finds a session later on the first day of the window, even when the month began the day before', () => {
    // 31 March 2026 is the last Tuesday of March, 17:00 British Summer Time.
    expect(between(monthly(-1, 'tuesday'), '2026-03-31T12:00:00Z', '2026-05-01T00:00:00Z')).toEqual(['2026-03-31T16:00:00.000Z', '2026-04-28T16:00:00.000Z']);
    // In New York the first of the month starts five hours after midnight UTC.
    expect(between(monthly(1, 'thursday', '20:00', NEW_YORK), '2026-10-01T00:30:00Z', '2026-10-31T00:00:00Z')).toEqual(['2026-10-02T00:00:00.000Z']);
  });

  it('finds nothing in an empty window', () => {
    expect(between(monthly(1, 'tuesday'), '2026-02-03T17:00:00Z', '2026-02-03T17:00:00Z')).toEqual([]);
    expect(between(monthly(1, 'tuesday'), '2026-03-01T00:00:00Z', '2026-02-01T00:00:00Z')).toEqual([]);
  });

  it('skips the months without a fifth such weekday in a schedule the schema would not take', () => {
    // March, June, September and December 2026 have five Tuesdays (March 31, June 30, September 29, December 29).
    const fifth = { ...monthly(1, 'tuesday', '12:00', 'UTC'), week: 5 } as unknown as Schedule;
    expect(between(fifth, '2026-03-01T00:00:00Z', '2026-10-01T00:00:00Z')).toEqual([
      '2026-03-31T12:00:00.000Z', '2026-06-30T12:00:00.000Z', '2026-09-29T12:00:00.000Z',
    ]);
    expect(between(fifth, '2026-04-01T00:00:00Z', '2026-06-01T00:00:00Z')).toEqual([]);
  });

  it('ends even when the weekday never happens', () => {
    const never = { ...monthly(1, 'tuesday', '12:00', 'UTC'), week: 6 } as unknown as Schedule;
    expect(between(never, '2026-01-01T00:00:00Z', '2026-06-01T00:00:00Z')).toEqual([]);
  });
});

const weekly = (every: number, from: string, weekday: Weekday = 'wednesday', time = '18:30', timeZone = LONDON): Schedule => ({
  kind: 'weekly', weekday, every, from, time, timeZone,
});

describe('sessions of an every-n-weeks schedule', () => {
  it('finds every other Wednesday from the series start', () => {
    expect(between(weekly(2, '2026-01-07'), '2026-01-01T00:00:00Z', '2026-02-05T00:00:00Z')).toEqual([
      '2026-01-07T18:30:00.000Z', '2026-01-21T18:30:00.000Z', '2026-02-04T18:30:00.000Z',
    ]);
  });

  it('starts on the first such weekday on or after the series start', () => {
    // 5 January 2026 is a Monday, 8 January a Thursday.
    expect(between(weekly(2, '2026-01-05'), '2026-01-01T00:00:00Z', '2026-01-22T00:00:00Z')).toEqual(['2026-01-07T18:30:00.000Z', '2026-01-21T18:30:00.000Z']);
    expect(between(weekly(2, '2026-01-08'), '2026-01-01T00:00:00Z', '2026-01-29T00:00:00Z')).toEqual(['2026-01-14T18:30:00.000Z', '2026-01-28T18:30:00.000Z']);
    expect(between(weekly(1, '2026-01-10', 'monday', '08:00', 'UTC'), '2026-01-01T00:00:00Z', '2026-01-20T00:00:00Z')).toEqual([
      '2026-01-12T08:00:00.000Z', '2026-01-19T08:00:00.000Z',
    ]);
  });

  it('has no session before the series starts, however early the window', () => {
    expect(between(weekly(2, '2026-01-07'), '2025-11-01T00:00:00Z', '2026-01-08T00:00:00Z')).toEqual(['2026-01-07T18:30:00.000Z']);
    expect(between(weekly(1, '2026-01-07'), '2025-12-20T00:00:00Z', '2026-01-08T00:00:00Z')).toEqual(['2026-01-07T18:30:00.000Z']);
  });

  it('keeps the step from the series start in a window far into it, at the same local time across the clock change', () => {
    expect(between(weekly(2, '2026-01-07'), '2026-03-10T00:00:00Z', '2026-04-20T00:00:00Z')).toEqual([
      '2026-03-18T18:30:00.000Z', '2026-04-01T17:30:00.000Z', '2026-04-15T17:30:00.000Z',
    ]);
    expect(between(weekly(3, '2026-01-07'), '2026-03-10T00:00:00Z', '2026-05-01T00:00:00Z')).toEqual([
      '2026-03-11T18:30:00.000Z', '2026-04-01T17:30:00.000Z', '2026-04-22T17:30:00.000Z',
    ]);
  });

  it('keeps the step of a series that began in 1900, skipping straight to the window', () => {
    // 3 January 1900 was a Wednesday; walking every week since takes seconds, the skip answers at once.
    expect(between(weekly(1, '1900-01-03'), '2026-04-01T00:00:00Z', '2026-04-15T00:00:00Z')).toEqual(['2026-04-01T17:30:00.000Z', '2026-04-08T17:30:00.000Z']);
    expect(between(weekly(2, '1900-01-03'), '2026-04-01T00:00:00Z', '2026-05-01T00:00:00Z')).toEqual(['2026-04-08T17:30:00.000Z', '2026-04-22T17:30:00.000Z']);
  });

  it('finds a session later on the first day of the window, and not one earlier that day', () => {
    const s = weekly(1, '2026-01-07');
    expect(between(s, '2026-04-01T12:00:00Z', '2026-04-09T00:00:00Z')).toEqual(['2026-04-01T17:30:00.000Z', '2026-04-08T17:30:00.000Z']);
    expect(between(s, '2026-04-01T17:30:00Z', '2026-04-08T17:30:00Z')).toEqual(['2026-04-01T17:30:00.000Z']);
    expect(between(s, '2026-04-01T17:30:00.001Z', '2026-04-09T00:00:00Z')).toEqual(['2026-04-08T17:30:00.000Z']);
  });

  it('uses the local date, not the UTC one, in a zone behind UTC', () => {
    // 20:00 on Wednesdays in New York is 01:00 UTC on Thursdays in winter.
    const s = weekly(1, '2026-01-07', 'wednesday', '20:00', NEW_YORK);
    expect(between(s, '2026-01-08T00:30:00Z', '2026-01-16T00:00:00Z')).toEqual(['2026-01-08T01:00:00.000Z', '2026-01-15T01:00:00.000Z']);
  });

  it('steps every eight weeks, across the turn of the year', () => {
    expect(between(weekly(8, '2026-11-02', 'monday', '09:00', 'UTC'), '2026-11-01T00:00:00Z', '2027-03-01T00:00:00Z')).toEqual([
      '2026-11-02T09:00:00.000Z', '2026-12-28T09:00:00.000Z', '2027-02-22T09:00:00.000Z',
    ]);
  });

  it('finds nothing in an empty window', () => {
    expect(between(weekly(1, '2026-01-07'), '2026-04-01T17:30:00Z', '2026-04-01T17:30:00Z')).toEqual([]);
  });
});

describe('sessions on fixed dates', () => {
  const dates: Schedule = { kind: 'dates', dates: ['2026-12-10T17:00', '2026-07-02T17:00', '2026-11-05T09:15', '2026-12-03T17:00'], timeZone: LONDON };

  it('finds each date at its local time, in order', () => {
    expect(between(dates, '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z')).toEqual([
      '2026-07-02T16:00:00.000Z', '2026-11-05T09:15:00.000Z', '2026-12-03T17:00:00.000Z', '2026-12-10T17:00:00.000Z',
    ]);
  });

  it('keeps a date at the start of the window and not one at its end', () => {
    expect(between(dates, '2026-11-05T09:15:00Z', '2026-12-10T17:00:00Z')).toEqual(['2026-11-05T09:15:00.000Z', '2026-12-03T17:00:00.000Z']);
    expect(between(dates, '2026-11-05T09:15:00.001Z', '2026-12-10T17:00:00.001Z')).toEqual(['2026-12-03T17:00:00.000Z', '2026-12-10T17:00:00.000Z']);
  });

  it('reads each date in the series time zone', () => {
    const s: Schedule = { kind: 'dates', dates: ['2026-12-03T17:00', '2026-03-08T02:30'], timeZone: NEW_YORK };
    expect(between(s, '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z')).toEqual(['2026-03-08T07:30:00.000Z', '2026-12-03T22:00:00.000Z']);
  });

  it('finds nothing outside the window', () => {
    expect(between(dates, '2027-01-01T00:00:00Z', '2028-01-01T00:00:00Z')).toEqual([]);
  });
});

describe('the join link', () => {
  const start = at('2026-12-03T17:00:00Z');

  it('opens 15 minutes before the start and closes at the end', () => {
    expect(joinOpen(start, 90, at('2026-12-03T16:44:59.999Z'))).toBe(false);
    expect(joinOpen(start, 90, at('2026-12-03T16:45:00.000Z'))).toBe(true);
    expect(joinOpen(start, 90, at('2026-12-03T17:00:00.000Z'))).toBe(true);
    expect(joinOpen(start, 90, at('2026-12-03T18:29:59.999Z'))).toBe(true);
    expect(joinOpen(start, 90, at('2026-12-03T18:30:00.000Z'))).toBe(false);
    expect(joinOpen(start, 90, at('2026-12-04T17:00:00.000Z'))).toBe(false);
    expect(joinOpen(start, 90, at('2026-12-02T17:00:00.000Z'))).toBe(false);
  });

  it('closes at the start for a session without a length', () => {
    expect(joinOpen(start, 0, at('2026-12-03T16:59:59.999Z'))).toBe(true);
    expect(joinOpen(start, 0, at('2026-12-03T17:00:00.000Z'))).toBe(false);
  });
});

describe('how a start is shown', () => {
  it('shows the day, date, time and the zone by name', () => {
    expect(formatWorkshopTime('2026-12-03T17:00:00.000Z', LONDON)).toBe('Thursday, December 3, 2026 at 5:00 PM Greenwich Mean Time');
    expect(formatWorkshopTime('2026-07-02T16:00:00.000Z', LONDON)).toBe('Thursday, July 2, 2026 at 5:00 PM British Summer Time');
    expect(formatWorkshopTime('2026-12-03T17:05:00.000Z', NEW_YORK)).toBe('Thursday, December 3, 2026 at 12:05 PM Eastern Standard Time');
    expect(formatWorkshopTime('2026-12-03T23:30:00.000Z', 'Asia/Tokyo')).toBe('Friday, December 4, 2026 at 8:30 AM Japan Standard Time');
  });

  it("shows it in the viewer's own zone when none is given", () => {
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(formatWorkshopTime('2026-12-03T17:00:00.000Z')).toBe(formatWorkshopTime('2026-12-03T17:00:00.000Z', own));
    expect(formatWorkshopTime('2026-07-02T16:00:00.000Z')).toBe(formatWorkshopTime('2026-07-02T16:00:00.000Z', own));
  });
});

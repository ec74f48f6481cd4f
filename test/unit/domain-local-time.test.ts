/**
 * Issue 41: a time worded in a zone of its own, written out so the server's and the browser's ICU agree, and a
 * schedule's rule skipping the days it is told are holidays.
 */
import { describe, expect, it } from 'vitest';
import { formatUsDateTime } from '../../src/domain/text';
import { formatDateTimeIn } from '../../src/domain/time-zone';
import { type Schedule, sessionsBetween } from '../../src/domain/workshops';

describe('a time in a zone', () => {
  it('words the wall clock of the zone, the zone named', () => {
    expect(formatDateTimeIn('2026-12-01T17:00:00Z', 'America/New_York')).toBe('December 1, 2026 at 12:00 PM Eastern Standard Time');
    expect(formatDateTimeIn('2026-12-01T17:00:00Z', 'Europe/London')).toBe('December 1, 2026 at 5:00 PM Greenwich Mean Time');
    expect(formatDateTimeIn('2026-07-01T16:05:00Z', 'Europe/London')).toBe('July 1, 2026 at 5:05 PM British Summer Time');
    expect(formatDateTimeIn(new Date('2026-12-01T22:30:00Z'), 'Australia/Sydney')).toBe('December 2, 2026 at 9:30 AM Australian Eastern Daylight Time');
  });

  it('names the weekday of the local date when asked', () => {
    expect(formatDateTimeIn('2026-12-03T23:30:00Z', 'Asia/Tokyo', { weekday: true })).toBe('Friday, December 4, 2026 at 8:30 AM Japan Standard Time');
    expect(formatDateTimeIn('2026-12-04T04:59:00Z', 'America/New_York', { weekday: true })).toBe('Thursday, December 3, 2026 at 11:59 PM Eastern Standard Time');
  });

  it('words midnight and noon as 12', () => {
    expect(formatDateTimeIn('2026-12-01T05:00:00Z', 'America/New_York')).toBe('December 1, 2026 at 12:00 AM Eastern Standard Time');
    expect(formatDateTimeIn('2026-12-01T00:00:00Z', 'Etc/UTC', { weekday: true })).toBe('Tuesday, December 1, 2026 at 12:00 AM Coordinated Universal Time');
  });

  it('words UTC as formatUsDateTime does, and refuses what is no date', () => {
    expect(formatDateTimeIn('2027-02-14T08:05:00Z', 'UTC')).toBe(formatUsDateTime('2027-02-14T08:05:00Z'));
    expect(formatDateTimeIn('2027-02-14T20:05:00Z', 'Etc/UTC')).toBe('February 14, 2027 at 8:05 PM UTC');
    expect(() => formatDateTimeIn('not a date', 'Europe/Paris')).toThrow(RangeError);
  });
});

describe("a schedule's rule and holidays", () => {
  const from = new Date('2026-12-01T00:00:00Z');
  const to = new Date('2027-01-31T00:00:00Z');
  const christmas = (day: string) => day === '2026-12-25';

  it('skips a monthly meeting on a holiday, without moving it', () => {
    const lastFriday: Schedule = { kind: 'monthly', week: -1, weekday: 'friday', time: '15:30', timeZone: 'Europe/Amsterdam', region: 'NL' };
    expect(sessionsBetween(lastFriday, from, to).map((d) => d.toISOString())).toEqual(['2026-12-25T14:30:00.000Z', '2027-01-29T14:30:00.000Z']);
    expect(sessionsBetween(lastFriday, from, to, christmas).map((d) => d.toISOString())).toEqual(['2027-01-29T14:30:00.000Z']);
  });

  it('asks about the local date in the series zone, not the UTC one', () => {
    // 23:30 in New York on 24 December is 04:30 UTC on the 25th: the local date is not Christmas.
    const eve: Schedule = { kind: 'weekly', weekday: 'thursday', every: 1, from: '2026-12-24', time: '23:30', timeZone: 'America/New_York' };
    const asked: string[] = [];
    const starts = sessionsBetween(eve, from, new Date('2027-01-01T00:00:00Z'), (day) => {
      asked.push(day);
      return christmas(day);
    });
    expect(starts.map((d) => d.toISOString())).toEqual(['2026-12-25T04:30:00.000Z']);
    expect(asked).toEqual(['2026-12-24']);
  });

  it('keeps fixed dates, chosen one by one', () => {
    const fixed: Schedule = { kind: 'dates', dates: ['2026-12-25T10:00'], timeZone: 'Europe/London' };
    expect(sessionsBetween(fixed, from, to, () => true)).toHaveLength(1);
  });
});

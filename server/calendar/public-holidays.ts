/**
 * Public holidays of a workshop series' region (issue 41: no session on Christmas Day), from date-holidays, a
 * maintained calendar of some 200 countries and their subdivisions (ADR 163). Only days of type 'public' count: bank,
 * school and optional days and observances are not days off for everyone. Each region's year is worked out once.
 */
import Holidays from 'date-holidays';
import type { Schedule } from '../../src/domain/workshops';

const DAY_MS = 86_400_000;
const calendars = new Map<string, Holidays>();
const years = new Map<string, Set<string>>();
let countriesByZone: Map<string, string> | null = null;

/** The calendar of "NL" or "GB-ENG", or null when date-holidays knows no such country or subdivision. */
function calendarOf(region: string): Holidays | null {
  const known = calendars.get(region);
  if (known) return known;
  const [country, state] = region.split('-') as [string, string | undefined];
  const all = new Holidays();
  if (!(country in all.getCountries())) return null;
  if (state !== undefined && !(state in (all.getStates(country) ?? {}))) return null;
  const calendar = state === undefined ? new Holidays(country, { types: ['public'] }) : new Holidays(country, state, { types: ['public'] });
  calendars.set(region, calendar);
  return calendar;
}

/** Whether date-holidays knows the region a series names. */
export function knownRegion(region: string): boolean {
  return calendarOf(region) !== null;
}

/** The country whose calendar lists the zone (Europe/Amsterdam: NL), or null; the map is built once, when first asked. */
function countryOfZone(timeZone: string): string | null {
  if (!countriesByZone) {
    countriesByZone = new Map();
    for (const country of Object.keys(new Holidays().getCountries())) {
      for (const zone of new Holidays(country).getTimezones()) if (!countriesByZone.has(zone)) countriesByZone.set(zone, country);
    }
  }
  return countriesByZone.get(timeZone) ?? null;
}

/** The region whose holidays a schedule skips: its own, else its zone's country; null when neither is known. */
export function regionOf(schedule: Schedule): string | null {
  if (schedule.kind !== 'dates' && schedule.region) return schedule.region;
  return countryOfZone(schedule.timeZone);
}

/** The region's public holidays in a year, as local ISO dates (a holiday of several days gives each of them). */
export function publicHolidays(region: string, year: number): Set<string> {
  const key = `${region}:${year}`;
  const cached = years.get(key);
  if (cached) return cached;
  const days = new Set<string>();
  for (const holiday of calendarOf(region)?.getHolidays(year) ?? []) {
    if (holiday.type !== 'public') continue;
    const first = Date.parse(`${holiday.date.slice(0, 10)}T00:00:00Z`);
    const length = Math.max(1, Math.round((holiday.end.getTime() - holiday.start.getTime()) / DAY_MS));
    for (let i = 0; i < length; i++) days.add(new Date(first + i * DAY_MS).toISOString().slice(0, 10));
  }
  years.set(key, days);
  return days;
}

/** The test sessionsBetween skips days by: whether a local date is a public holiday where the series meets. */
export function holidayTest(schedule: Schedule): (localDate: string) => boolean {
  const region = regionOf(schedule);
  if (!region) return () => false;
  return (localDate) => publicHolidays(region, Number(localDate.slice(0, 4))).has(localDate);
}

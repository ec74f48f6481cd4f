/**
 * Time zones by IANA name (issue 37: a member's daily digest comes at 08:00 where they are; issue 41: every time on a
 * page in the viewer's zone): pure, on Intl.
 */
import { formatUsDateTime, MONTHS } from './text';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The IANA name as given when Intl knows it ("Asia/Kolkata", kept so, not ICU's "Asia/Calcutta"), else null. */
export function validTimeZone(name: string): string | null {
  // Names only: Intl also takes offsets ("+01:00"), which do not follow summer time.
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(name)) return null;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name;
  } catch {
    return null;
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** How far the zone's wall clock is ahead of UTC at `atMs`. */
function offsetMs(timeZone: string, atMs: number): number {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    formats.set(timeZone, format);
  }
  const part = (parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const parts = format.formatToParts(new Date(atMs));
  const wall = Date.UTC(part(parts, 'year'), part(parts, 'month') - 1, part(parts, 'day'), part(parts, 'hour'), part(parts, 'minute'), part(parts, 'second'));
  return wall - Math.floor(atMs / 1000) * 1000;
}

/** The next moment after `nowMs` at which the wall clock of `timeZone` reads `hour`:00 (UTC when null). */
export function nextLocalHour(nowMs: number, timeZone: string | null, hour: number): number {
  const zone = timeZone ?? 'UTC';
  const wallNow = nowMs + offsetMs(zone, nowMs);
  const today = new Date(wallNow);
  let wallTarget = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), hour);
  if (wallTarget <= wallNow) wallTarget += DAY_MS;
  // The offset at the target itself (summer time may begin or end in between), found in two steps.
  const guess = wallTarget - offsetMs(zone, wallTarget);
  const at = wallTarget - offsetMs(zone, guess);
  return at > nowMs ? at : at + DAY_MS;
}

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const wordings = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant on the wall clock of `timeZone`, the zone named: "December 1, 2026 at 12:00 PM Eastern Standard Time"
 * ("Tuesday, December 1, 2026 at ..." with the weekday). Written out from the formatter's numbers, so only the zone's
 * name comes from ICU: the server's and the browser's ICU word a date differently (", " or " at "), which would break
 * hydration. UTC without the weekday stays "UTC", as formatUsDateTime words it, and asks no formatter at all.
 */
export function formatDateTimeIn(iso: string | Date, timeZone: string, options: { weekday?: boolean } = {}): string {
  const utc = timeZone === 'UTC' || timeZone === 'Etc/UTC';
  if (utc && !options.weekday) return formatUsDateTime(iso);
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  let format = wordings.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', timeZoneName: 'long',
    });
    wordings.set(timeZone, format);
  }
  const parts = format.formatToParts(date);
  // Stryker disable next-line OptionalChaining: the parts asked for are always in formatToParts' answer
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const [year, month, day, hours] = [Number(part('year')), Number(part('month')), Number(part('day')), Number(part('hour')) % 24];
  const weekday = options.weekday ? `${WEEKDAY_NAMES[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]}, ` : '';
  return `${weekday}${MONTHS[month - 1]} ${day}, ${year} at ${hours % 12 || 12}:${part('minute').padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'} ${part('timeZoneName')}`;
}

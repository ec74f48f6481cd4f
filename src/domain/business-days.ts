/**
 * Business days for the reports to the bodies (issue 39): AIA CES providers report a completion within 10 business
 * days of it (AIA CES Provider Manual, "Course attendance timeline"). Weekends are skipped; public holidays are not
 * counted out (they differ by state and country), so the count errs on the side of reporting early.
 */

export const AIA_REPORTING_DAYS = 10;

const DAY = 86_400_000;
const dayNumber = (iso: string) => Math.floor(Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) / DAY);
const isWeekend = (day: number) => {
  const weekday = new Date(day * DAY).getUTCDay();
  return weekday === 0 || weekday === 6;
};

/** Business days after `from` up to and including `to` (negative when `to` is before `from`). */
export function businessDaysBetween(from: string, to: string): number {
  const a = dayNumber(from);
  const b = dayNumber(to);
  const [start, end, sign] = a <= b ? [a, b, 1] : [b, a, -1];
  let count = 0;
  for (let day = start + 1; day <= end; day++) if (!isWeekend(day)) count++;
  return sign * count;
}

/**
 * Business days left to report a completion of `completedOn` by `today`: the window's days less those already gone
 * (0 on its last day, negative when late).
 */
export function businessDaysLeft(completedOn: string, today: string, window = AIA_REPORTING_DAYS): number {
  return window - businessDaysBetween(completedOn, today);
}

/** The last day of the window, as an ISO date. */
export function reportingDeadline(completedOn: string, window = AIA_REPORTING_DAYS): string {
  let day = dayNumber(completedOn);
  let left = window;
  while (left > 0) {
    day++;
    if (!isWeekend(day)) left--;
  }
  return new Date(day * DAY).toISOString().slice(0, 10);
}

/**
 * The AIA's years taken together (issue 39, ADR 166): each calendar year's own credit (at most 12 LU a day), the
 * carry-over from the year before, and the grace: a year that falls short is made up with credit earned in the first
 * nine months of the next year, and credit so used counts for the short year only, not again for its own.
 *
 * Source, the AIA members' FAQ as AIA components publish it (aiasmc.org, aiaky.org): "A member who fails to meet the
 * annual requirement will be given a nine month grace period. Any credit earned in the following year will apply
 * toward the deficit." and "members' credits are calculated as follows: Overage from previous year + audit year +
 * current year. The overage carries over only if there is a deficit in the audit year. The current year's credits
 * apply to the audit year's requirement only if there is a deficit in the audit year." The noncompliance policy ends
 * the grace on 30 September: a member still short after it has lapsed, so later credit makes nothing up.
 */
import { aiaCarryFrom, countAia, type CreditEntry, longDate, roundCredit } from './cpd';
import type { AiaCredit, AiaYear } from './cpd.schema';

export type { AiaCredit, AiaYear };

export const AIA_TOTAL = 18;
export const AIA_HSW = 12;

const NONE: AiaCredit = { total: 0, hsw: 0 };

const minus = (a: AiaCredit, b: AiaCredit): AiaCredit => ({ total: roundCredit(a.total - b.total), hsw: roundCredit(a.hsw - b.hsw) });
const plus = (a: AiaCredit, b: AiaCredit): AiaCredit => ({ total: roundCredit(a.total + b.total), hsw: roundCredit(a.hsw + b.hsw) });

export const aiaGraceEnd = (year: number) => `${year + 1}-09-30`;

/** What a year lacks of 18 LU with 12 HSW, given what it counts. */
export function aiaShortfall(counted: AiaCredit): AiaCredit {
  return { total: roundCredit(Math.max(0, AIA_TOTAL - counted.total)), hsw: roundCredit(Math.max(0, AIA_HSW - counted.hsw)) };
}

/**
 * How much of `grace` (credit of the grace months) a `shortfall` takes: HSW for the HSW part first; the rest of the
 * total from elective LU, then from HSW left over. Elective goes before further HSW so the member keeps as much HSW as
 * the rules allow for the year the credit was earned in.
 */
export function aiaMakeUp(shortfall: AiaCredit, grace: AiaCredit): AiaCredit {
  const hswFirst = Math.min(shortfall.hsw, grace.hsw);
  const rest = Math.max(0, shortfall.total - hswFirst);
  const elective = Math.min(rest, Math.max(0, grace.total - grace.hsw));
  const moreHsw = Math.min(rest - elective, grace.hsw - hswFirst);
  return { total: roundCredit(hswFirst + elective + moreHsw), hsw: roundCredit(hswFirst + moreHsw) };
}

const yearOf = (entry: CreditEntry) => Number(entry.earnedOn.slice(0, 4));

/**
 * Every AIA year from the member's first entry to `lastYear`, oldest first, walked in order: a year's shortfall takes
 * from the next year's grace months, and what it takes neither counts again for that next year nor carries over.
 */
export function aiaYears(entries: readonly CreditEntry[], lastYear: number): Map<number, AiaYear> {
  const byYear = new Map<number, CreditEntry[]>();
  for (const entry of entries) byYear.set(yearOf(entry), [...(byYear.get(yearOf(entry)) ?? []), entry]);
  const firstYear = Math.min(lastYear, ...byYear.keys());
  const years = new Map<number, AiaYear>();
  let toPrevious = NONE;
  let carriedIn = NONE;
  for (let year = firstYear; year <= lastYear; year++) {
    const own = countAia(byYear.get(year) ?? []);
    const available = minus(own, toPrevious);
    const before = plus(available, carriedIn);
    const short = aiaShortfall(before);
    const graceEnd = aiaGraceEnd(year);
    const graceCredit = countAia((byYear.get(year + 1) ?? []).filter((e) => e.earnedOn <= graceEnd));
    const madeUp = short.total > 0 || short.hsw > 0 ? aiaMakeUp(short, graceCredit) : NONE;
    const counted = plus(before, madeUp);
    years.set(year, { year, own, carriedIn, toPrevious, madeUp, counted, shortfall: aiaShortfall(counted), graceEnd });
    // The carry-over is the year's own surplus, after what it gave to the year before (never cumulative).
    carriedIn = aiaCarryFrom(available);
    toPrevious = madeUp;
  }
  return years;
}

/** A year's grace as the dashboard shows it: what the next year made up, what went to the year before, and that year. */
export interface AiaGrace {
  madeUp: AiaCredit;
  toPrevious: AiaCredit;
  previous: { label: string; shortfall: AiaCredit; graceEnd: string };
}

export function aiaGraceOf(years: ReadonlyMap<number, AiaYear>, year: number): AiaGrace {
  const here = years.get(year);
  const before = years.get(year - 1);
  return {
    madeUp: here?.madeUp ?? NONE,
    toPrevious: here?.toPrevious ?? NONE,
    previous: { label: String(year - 1), shortfall: before?.shortfall ?? NONE, graceEnd: aiaGraceEnd(year - 1) },
  };
}

const some = (c: AiaCredit) => c.total > 0 || c.hsw > 0;

/** '3 LU (2 of them HSW)', '1.5 LU'. */
export function aiaCreditText(c: AiaCredit): string {
  return c.hsw > 0 ? `${c.total} LU (${c.hsw} of them HSW)` : `${c.total} LU`;
}

/** '2 LU/HSW and 4 LU of any kind': a shortfall as the dashboard's sentences say it. */
export function aiaShortfallText(c: AiaCredit): string {
  const other = roundCredit(Math.max(0, c.total - c.hsw));
  return [c.hsw > 0 ? `${c.hsw} LU/HSW` : '', other > 0 ? `${other} LU of any kind` : ''].filter(Boolean).join(' and ');
}

/**
 * The dashboard's sentences about the grace for the year `period` (the AIA calendar year): the year before still short
 * while its grace runs (what the member earns now goes there first), credit of this year that went there, and credit
 * of the next year's grace months that made this one up.
 */
export function aiaGraceSentences(grace: AiaGrace, period: { start: string; graceEnd: string | null }, today: string): string[] {
  const sentences: string[] = [];
  const { previous } = grace;
  if (some(previous.shortfall) && today >= period.start && today <= previous.graceEnd) {
    sentences.push(`${previous.label} is still short of ${aiaShortfallText(previous.shortfall)}: AIA credit you earn by ${longDate(previous.graceEnd)} counts toward ${previous.label} first (the AIA's grace period).`);
  }
  if (some(grace.toPrevious)) {
    sentences.push(`${aiaCreditText(grace.toPrevious)} earned by ${longDate(previous.graceEnd)} made up ${previous.label}'s shortfall: it counts for ${previous.label}, not for this year.`);
  }
  if (some(grace.madeUp) && period.graceEnd) {
    sentences.push(`${aiaCreditText(grace.madeUp)} earned in the grace period, 1 January to ${longDate(period.graceEnd)}, made up this year's shortfall.`);
  }
  return sentences;
}

/** The transcript's lines under the total (AIA): carry-over, grace credit in or out, and what counts toward 18 LU. */
export function aiaTranscriptLines(year: AiaYear): string[] {
  const lines: string[] = [];
  if (some(year.carriedIn)) lines.push(`Carried over from ${year.year - 1}: ${aiaCreditText(year.carriedIn)}`);
  if (some(year.toPrevious)) lines.push(`Counted for ${year.year - 1}'s shortfall in its grace period: minus ${aiaCreditText(year.toPrevious)}`);
  if (some(year.madeUp)) lines.push(`Made up in the grace period (earned 1 January to ${longDate(year.graceEnd)}): ${aiaCreditText(year.madeUp)}`);
  lines.push(`Counted toward ${AIA_TOTAL} LU with ${AIA_HSW} HSW (at most 12 LU a day): ${aiaCreditText(year.counted)}`);
  return lines;
}

/**
 * The rules of continuing-education credit (issue 39): each body's period, its requirement, what a member still needs,
 * the AIA's daily cap and carry-over, what may be self-reported, and the membership numbers we can check. Pure: the
 * caller passes today's date. Each rule names its source; where a body publishes no rule we apply none (ADR 155).
 */
import { CPD_BODY_NAMES, type CpdBody, CREDIT_TYPES, CREDIT_UNITS, type CreditType, RIBA_CORE_TOPICS } from './cpd.bodies';
import type { AiaYear, Membership } from './cpd.schema';

export interface Period {
  id: string;
  label: string;
  start: string;
  end: string;
  graceEnd: string | null;
}

export interface RequirementPart {
  key: string;
  label: string;
  required: number;
  earned: number;
  unit: 'LU' | 'hours' | 'CEU';
}

/** What the rules need of a ledger entry. */
export interface CreditEntry {
  earnedOn: string;
  amount: number;
  type: CreditType;
  topic?: string | null;
  selfReported?: boolean;
}

// --- Dates (ISO yyyy-mm-dd, UTC) ---

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function parts(iso: string): [number, number, number] {
  const [y, m, d] = iso.split('-').map(Number);
  return [y!, m!, d!];
}

function iso(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** `date` moved by whole years (29 February becomes 28 February in a year without one) and days. */
export function shiftDate(date: string, years: number, days = 0): string {
  const [y, m, d] = parts(date);
  const year = y + years;
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return iso(new Date(Date.UTC(year, m - 1, Math.min(d, last) + days)));
}

/** '31 December 2026'. */
export function longDate(date: string): string {
  const [y, m, d] = parts(date);
  return `${d} ${MONTHS[m - 1]} ${y}`;
}

/** Credit amounts: at most two decimals, no trailing zeros (1.5, 0.25, 12). */
export function roundCredit(value: number): number {
  return Math.round(value * 100) / 100;
}

// --- Periods ---

/** How many periods the dashboard offers to switch to (the current one and those before it). */
export const PERIODS_OFFERED = 4;

function calendarYear(year: number, grace: boolean): Period {
  return {
    id: String(year),
    label: String(year),
    start: `${year}-01-01`,
    end: `${year}-12-31`,
    // AIA: "A member who fails to meet the annual requirement will be given a nine month grace period ... members are
    // able to report retroactively any activities that were completed in the previous year" (AIA members' FAQ,
    // aia.org/faq; the noncompliance policy: "nine months into the next calendar year", lapsed after 30 September).
    graceEnd: grace ? `${year + 1}-09-30` : null,
  };
}

function twoYearsFrom(start: string): Period {
  // GBCI: "Credentials are maintained in 2-year cycles, or reporting periods, starting when the credential is earned
  // (based on exam date or enrollment date) and ending 2 years minus 1 day from the start date" (GBCI Credential
  // Maintenance Program Guide, usgbc.gitbook.io; usgbc.org Help Center 411). WELL AP: "over a 24 month period"
  // (resources.wellcertified.com, "How do I renew my WELL AP credential?").
  const end = shiftDate(start, 2, -1);
  return { id: start, label: `${longDate(start)} to ${longDate(end)}`, start, end, graceEnd: null };
}

function idcecPeriod(year: number): Period {
  // IIDA: the compliance period runs two calendar years, 1 January of an even year to 31 December of the odd year after
  // it ("The current compliance period ... is January 1, 2022 to December 31, 2023", iida.org Academy FAQ: CEUs).
  const start = year % 2 === 0 ? year : year - 1;
  return { id: `${start}-${start + 1}`, label: `${start} to ${start + 1}`, start: `${start}-01-01`, end: `${start + 1}-12-31`, graceEnd: null };
}

/** The period of `body` that holds `date`, for this membership (GBCI and WELL count from `since`). */
export function periodAt(body: CpdBody, membership: Pick<Membership, 'since'> | undefined, date: string): Period {
  const [year] = parts(date);
  switch (body) {
    case 'aia':
      return calendarYear(year, true);
    case 'riba':
      // RIBA: "at least 35 hours of CPD every year" (architecture.com, Fulfilling your CPD obligations); the RIBA
      // records CPD by calendar year.
      return calendarYear(year, false);
    case 'gbci':
    case 'iwbi': {
      const since = membership?.since;
      // Without the credential date we cannot know the member's own window: two calendar years from an even year,
      // and the dashboard asks for the date (ADR 155).
      if (!since) return idcecPeriod(year);
      let start = since;
      if (date < since) {
        while (start > date) start = shiftDate(start, -2);
      } else {
        while (shiftDate(start, 2) <= date) start = shiftDate(start, 2);
      }
      return twoYearsFrom(start);
    }
    case 'idcec':
      return idcecPeriod(year);
    default:
      return calendarYear(year, false);
  }
}

/** The current period and those before it, newest first (`PERIODS_OFFERED` in all). */
export function periodsUpTo(body: CpdBody, membership: Pick<Membership, 'since'> | undefined, today: string): Period[] {
  const periods: Period[] = [];
  let at = today;
  while (periods.length < PERIODS_OFFERED) {
    const period = periodAt(body, membership, at);
    periods.push(period);
    at = shiftDate(period.start, 0, -1);
  }
  return periods;
}

/** The period named by `id` among those offered, or null. */
export function periodById(body: CpdBody, membership: Pick<Membership, 'since'> | undefined, today: string, id: string): Period | null {
  return periodsUpTo(body, membership, today).find((p) => p.id === id) ?? null;
}

/** The period just before `period`. */
export function previousPeriod(body: CpdBody, membership: Pick<Membership, 'since'> | undefined, period: Period): Period {
  return periodAt(body, membership, shiftDate(period.start, 0, -1));
}

// --- Requirements ---

export interface Requirement {
  total: number;
  /** The part that must be of a kind: AIA HSW, GBCI LEED-specific, WELL-specific, RIBA core curriculum. */
  part: { key: string; label: string; types: readonly CreditType[]; required: number } | null;
  unit: 'LU' | 'hours' | 'CEU';
}

/** A LEED AP with specialty (any credential naming "LEED AP") keeps 30 hours, a Green Associate 15. */
export function holdsLeedAp(membership: Pick<Membership, 'credentials'> | undefined): boolean {
  return (membership?.credentials ?? []).some((c) => /LEED AP/i.test(c));
}

export function requirementOf(body: CpdBody, membership: Pick<Membership, 'credentials'> | undefined): Requirement | null {
  switch (body) {
    case 'aia':
      // "AIA Architect members are required to complete 18 LUs each calendar year. Of those 18 LUs, 12 must be in
      // Health, Safety, and Welfare (HSW) topics." (aia.org/faq)
      return { total: 18, part: { key: 'hsw', label: 'HSW', types: ['LU/HSW'], required: 12 }, unit: 'LU' };
    case 'gbci':
      // "If you're a LEED AP, you must earn 30 CE hours every two years ... LEED Green Associate, 15"; "three of your
      // required 15 CE hours must be LEED-specific. For LEED AP, six of your required 30" (usgbc.org, Help Center 411).
      return holdsLeedAp(membership)
        ? { total: 30, part: { key: 'leed', label: 'LEED-specific', types: ['leed-specific'], required: 6 }, unit: 'hours' }
        : { total: 15, part: { key: 'leed', label: 'LEED-specific', types: ['leed-specific'], required: 3 }, unit: 'hours' };
    case 'iwbi':
      // "report 24 general CEs (can include some WELL-specific) and 6 WELL-specific CEs over a 24 month period"
      // (resources.wellcertified.com): 30 in all, 6 of them WELL-specific.
      return { total: 30, part: { key: 'well', label: 'WELL-specific', types: ['well-specific'], required: 6 }, unit: 'hours' };
    case 'riba':
      // "Undertake at least 35 hours ... 20 of the 35 hours must come from the ten mandatory RIBA Core Curriculum CPD
      // topics: two hours per topic each year" (architecture.com, Fulfilling your CPD obligations).
      return { total: 35, part: { key: 'core', label: 'Core curriculum', types: ['core'], required: 20 }, unit: 'hours' };
    case 'idcec':
      // IIDA: "10 hours of Continuing Education (1.0 CEUs) every 2 years" (iida.org Academy FAQ; 10 hours = 1.0 CEU).
      return { total: 1, part: null, unit: 'CEU' };
    default:
      return null;
  }
}

/** RIBA: at least two hours on each of the ten core-curriculum topics a year (architecture.com, as above). */
export const RIBA_HOURS_PER_TOPIC = 2;

// --- The AIA's daily cap and carry-over ---

/**
 * AIA: "providers are not to report more than 12 learning units of continuing education per day per member" (AIA CES
 * Provider Manual, "Course Length and Awarding Credits", as quoted by AIA Orlando's provider page).
 */
export const AIA_DAILY_CAP = 12;

/**
 * The AIA credit that counts, day by day: at most `AIA_DAILY_CAP` LU a day, HSW first (it counts toward both the HSW
 * part and the total). Answers the counted total and HSW.
 */
export function countAia(entries: readonly CreditEntry[]): { total: number; hsw: number } {
  const days = new Map<string, { hsw: number; lu: number }>();
  for (const entry of entries) {
    const day = days.get(entry.earnedOn) ?? { hsw: 0, lu: 0 };
    if (entry.type === 'LU/HSW') day.hsw += entry.amount;
    else day.lu += entry.amount;
    days.set(entry.earnedOn, day);
  }
  let total = 0;
  let hsw = 0;
  for (const day of days.values()) {
    const dayHsw = Math.min(day.hsw, AIA_DAILY_CAP);
    hsw += dayHsw;
    total += Math.min(day.hsw + day.lu, AIA_DAILY_CAP);
  }
  return { total: roundCredit(total), hsw: roundCredit(hsw) };
}

/**
 * AIA carry-over: "A member who exceeds the annual requirement may carry up to 18 LU hours (including eight hours of
 * HSW) over to the next year. Carryover credit can be used for one year only; it is not cumulative." (AIA members'
 * FAQ, as published by AIA components, e.g. aiasmc.org and aiaky.org). Counted from the year before's own credit only.
 */
export const AIA_CARRY_MAX = 18;
export const AIA_CARRY_HSW_MAX = 8;

export function aiaCarryOver(previousYear: readonly CreditEntry[]): { total: number; hsw: number } {
  return aiaCarryFrom(countAia(previousYear));
}

/** The carry-over out of a year that counts `counted` of its own credit. */
export function aiaCarryFrom(counted: { total: number; hsw: number }): { total: number; hsw: number } {
  const total = Math.min(AIA_CARRY_MAX, Math.max(0, counted.total - 18));
  const hsw = Math.min(AIA_CARRY_HSW_MAX, Math.max(0, counted.hsw - 12), total);
  return { total: roundCredit(total), hsw: roundCredit(hsw) };
}

// --- Progress and what is missing ---

const PART_WORDS: Record<string, string> = { leed: 'LEED-specific', well: 'WELL-specific', core: 'core-curriculum' };

export interface Progress {
  requirement: RequirementPart[];
  carriedOver: number;
  missing: string[];
}

function unitWord(unit: 'LU' | 'hours' | 'CEU', amount: number): string {
  if (unit === 'hours') return amount === 1 ? 'hour' : 'hours';
  return unit;
}

/**
 * The requirement of `body` over `period` as parts with what was earned (the total first), and what is missing as
 * sentences. For the AIA, `aia` is the year as the years around it leave it (carry-over and grace, `aiaYears`);
 * without it only the period's own entries count. `today` tells a past year still in its grace from one whose grace
 * has ended.
 */
export function progressOf(
  body: CpdBody,
  membership: Pick<Membership, 'credentials' | 'since'> | undefined,
  period: Period,
  entries: readonly CreditEntry[],
  options: { aia?: AiaYear; today?: string } = {},
): Progress {
  const requirement = requirementOf(body, membership);
  if (!requirement) return { requirement: [], carriedOver: 0, missing: [] };
  const { unit } = requirement;
  let total: number;
  let special: number;
  let carriedOver = 0;
  if (body === 'aia') {
    const counted = options.aia?.counted ?? countAia(entries);
    carriedOver = options.aia?.carriedIn.total ?? 0;
    total = counted.total;
    special = counted.hsw;
  } else {
    total = entries.reduce((sum, e) => sum + e.amount, 0);
    special = entries.filter((e) => requirement.part?.types.includes(e.type)).reduce((sum, e) => sum + e.amount, 0);
  }
  total = roundCredit(total);
  special = roundCredit(special);
  const parts: RequirementPart[] = [{ key: 'total', label: 'Total', required: requirement.total, earned: total, unit }];
  if (requirement.part) parts.push({ key: requirement.part.key, label: requirement.part.label, required: requirement.part.required, earned: special, unit });

  // A past AIA year is made up until its grace ends (30 September of the next year); after that it stays short.
  const { today } = options;
  const past = Boolean(today && period.graceEnd && period.end < today);
  const lapsed = Boolean(past && period.graceEnd && today! > period.graceEnd);
  const by = past && period.graceEnd ? `${longDate(period.graceEnd)}, the end of the grace period` : longDate(period.end);
  const more = (amount: number, kind: string) =>
    lapsed ? `${amount} ${kind} short: the grace period ended on ${longDate(period.graceEnd!)}` : `${amount} ${kind} more by ${by}`;
  const missing: string[] = [];
  const specialLeft = requirement.part ? roundCredit(Math.max(0, requirement.part.required - special)) : 0;
  const totalLeft = roundCredit(Math.max(0, requirement.total - total));
  const otherLeft = roundCredit(Math.max(0, totalLeft - specialLeft));
  if (specialLeft > 0 && requirement.part) {
    const kind = body === 'aia' ? 'LU/HSW' : `${PART_WORDS[requirement.part.key] ?? requirement.part.label} ${unitWord(unit, specialLeft)}`;
    missing.push(more(specialLeft, kind));
  }
  if (otherLeft > 0) {
    const any = requirement.part ? ` of any kind` : '';
    missing.push(more(otherLeft, `${unitWord(unit, otherLeft)}${any}`));
  }
  if (body === 'riba') {
    const short = topicsShort(entries);
    if (short.length) missing.push(`At least ${RIBA_HOURS_PER_TOPIC} hours on each core-curriculum topic; still short: ${short.join('; ')}`);
  }
  if ((body === 'gbci' || body === 'iwbi') && !membership?.since) {
    missing.push('Add the date you earned your credential in your profile: your reporting period starts on it');
  }
  return { requirement: parts, carriedOver, missing };
}

/** The RIBA core-curriculum topics with fewer than two hours in `entries`. */
export function topicsShort(entries: readonly CreditEntry[]): string[] {
  const hours = new Map<string, number>();
  for (const e of entries) if (e.type === 'core' && e.topic) hours.set(e.topic, (hours.get(e.topic) ?? 0) + e.amount);
  return RIBA_CORE_TOPICS.filter((topic) => (hours.get(topic) ?? 0) < RIBA_HOURS_PER_TOPIC);
}

// --- Self-reported activities ---

export const HSW_SELF_REPORT_REFUSED = 'HSW credit cannot be self-reported: the AIA accepts LU/HSW only from its approved providers';

/**
 * Why a self-reported activity cannot be taken, or null. AIA: "You may not self-report for HSW credit." (aia.org/faq);
 * the type must be one the body grants; the date is not in the future; AIA credit counts at most 12 LU a day
 * (`dayTotal` is what the member already has that day); past AIA years take activities only until their grace ends.
 */
export function selfReportProblem(
  activity: { body: CpdBody; type: CreditType; amount: number; date: string },
  today: string,
  dayTotal = 0,
): string | null {
  if (activity.body === 'aia' && activity.type === 'LU/HSW') return HSW_SELF_REPORT_REFUSED;
  if (!(CREDIT_TYPES[activity.body] as readonly string[]).includes(activity.type)) {
    return `${CPD_BODY_NAMES[activity.body]} does not grant ${activity.type} credit`;
  }
  if (activity.date > today) return 'The date cannot be in the future';
  if (activity.body === 'aia') {
    const period = periodAt('aia', undefined, activity.date);
    if (period.graceEnd && period.graceEnd < today) return `AIA credit for ${period.label} could be added until ${longDate(period.graceEnd)}`;
    if (dayTotal + activity.amount > AIA_DAILY_CAP) return `The AIA counts at most ${AIA_DAILY_CAP} LU a day`;
  }
  return null;
}

// --- Membership numbers ---

/**
 * Where a body publishes what its numbers look like, the check; elsewhere only what any number needs (letters, digits,
 * spaces and dashes). AIA member numbers and GBCI credential IDs are all digits on their transcripts and certificates;
 * WELL APs are identified by their GBCI credential ID (resources.wellcertified.com); RIBA and IDCEC publish no format.
 */
const NUMBER_FORMATS: Partial<Record<CpdBody, { pattern: RegExp; message: string }>> = {
  aia: { pattern: /^\d{5,10}$/, message: 'An AIA member number is 5 to 10 digits' },
  gbci: { pattern: /^\d{6,12}$/, message: 'A GBCI credential ID is 6 to 12 digits' },
  iwbi: { pattern: /^\d{6,12}$/, message: 'A WELL AP is identified by a GBCI credential ID: 6 to 12 digits' },
};

export function membershipNumberProblem(body: CpdBody, number: string): string | null {
  const value = number.trim();
  if (!/^[A-Za-z0-9][A-Za-z0-9 -]{0,59}$/.test(value)) return 'A number holds letters, digits, spaces and dashes only';
  const format = NUMBER_FORMATS[body];
  return format && !format.pattern.test(value) ? format.message : null;
}

export function unitOf(body: CpdBody): 'LU' | 'hours' | 'CEU' {
  return CREDIT_UNITS[body];
}

/** A credit as text: '1.5 LU/HSW', '2 hours (LEED-specific)', '0.1 CEU'. */
export function creditLabel(body: CpdBody, amount: number, type: CreditType): string {
  if (body === 'aia') return `${roundCredit(amount)} ${type}`;
  const unit = CREDIT_UNITS[body];
  const kind = type === 'ceu' ? '' : TYPE_NAMES[type];
  return `${roundCredit(amount)} ${unitWord(unit, amount)}${kind ? ` (${kind})` : ''}`;
}

export const TYPE_NAMES: Record<CreditType, string> = {
  LU: 'LU',
  'LU/HSW': 'LU/HSW',
  general: 'general',
  'leed-specific': 'LEED-specific',
  'well-specific': 'WELL-specific',
  core: 'core curriculum',
  ceu: 'CEU',
  'ceu-hsw': 'CEU/HSW',
};

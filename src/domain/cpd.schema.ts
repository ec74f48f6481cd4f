/**
 * Continuing-education credit (issue 39): the bodies, the kinds of credit each one grants, a credit line on a course,
 * workshop or article, a member's professional membership, and a ledger entry. The rules (periods, requirements,
 * caps) live in cpd.ts, each with its source.
 */
import { z } from 'zod';

/** AIA CES, GBCI (LEED), IWBI (WELL), RIBA CPD, IDCEC (IIDA and others), or a body the member names. */
export const CPD_BODIES = ['aia', 'gbci', 'iwbi', 'riba', 'idcec', 'other'] as const;
export const cpdBodySchema = z.enum(CPD_BODIES);
export type CpdBody = z.infer<typeof cpdBodySchema>;

export const CPD_BODY_NAMES: Record<CpdBody, string> = {
  aia: 'AIA CES',
  gbci: 'GBCI',
  iwbi: 'WELL (IWBI)',
  riba: 'RIBA CPD',
  idcec: 'IDCEC',
  other: 'Other body',
};

/**
 * The type of a credit, per body: AIA 'LU' (elective) or 'LU/HSW'; GBCI 'general' or 'leed-specific'; IWBI 'general' or
 * 'well-specific'; RIBA 'general' or 'core' (one of the ten core-curriculum topics); IDCEC 'ceu' or 'ceu-hsw';
 * another body: 'general'.
 */
export const CREDIT_TYPES = {
  aia: ['LU', 'LU/HSW'],
  gbci: ['general', 'leed-specific'],
  iwbi: ['general', 'well-specific'],
  riba: ['general', 'core'],
  idcec: ['ceu', 'ceu-hsw'],
  other: ['general'],
} as const satisfies Record<CpdBody, readonly string[]>;
export const creditTypeSchema = z.enum(['LU', 'LU/HSW', 'general', 'leed-specific', 'well-specific', 'core', 'ceu', 'ceu-hsw']);
export type CreditType = z.infer<typeof creditTypeSchema>;

/** The unit a body counts in: AIA learning units, hours for GBCI, IWBI and RIBA, IDCEC CEUs (1 CEU = 10 hours). */
export const CREDIT_UNITS: Record<CpdBody, 'LU' | 'hours' | 'CEU'> = {
  aia: 'LU', gbci: 'hours', iwbi: 'hours', riba: 'hours', idcec: 'CEU', other: 'hours',
};

/**
 * RIBA's ten core-curriculum topics, at least two hours each a year (architecture.com, "RIBA CPD Core Curriculum",
 * the revised topics mandatory from the end of 2018).
 */
export const RIBA_CORE_TOPICS = [
  'Architecture for social purpose',
  'Health, safety and wellbeing',
  'Business, clients and services',
  'Legal, regulatory and statutory compliance',
  'Procurement and contracts',
  'Sustainable architecture',
  'Inclusive environments',
  'Places, planning and communities',
  'Building conservation and heritage',
  'Design, construction and technology',
] as const;

/** The LEED credentials a GBCI LEED-specific hour can count for. */
export const LEED_CREDENTIALS = ['LEED Green Associate', 'LEED AP BD+C', 'LEED AP ID+C', 'LEED AP O+M', 'LEED AP ND', 'LEED AP Homes'] as const;

/**
 * One line of credit on a course, live workshop or article with a quiz. `courseNumber` is the number the body gave the
 * course; null means the body has not approved it, and the line says "not approved by this body".
 */
export const creditLineSchema = z.object({
  body: cpdBodySchema,
  /** The body's name when `body` is 'other'. */
  bodyName: z.string().trim().max(120).optional(),
  amount: z.number({ error: 'Give the amount as a number' }).positive('The amount must be more than 0').max(100, 'The amount must be at most 100'),
  type: creditTypeSchema,
  /** GBCI LEED-specific: the credential it counts for. */
  credential: z.enum(LEED_CREDENTIALS).optional(),
  /** RIBA core: the topic. */
  topic: z.enum(RIBA_CORE_TOPICS).optional(),
  courseNumber: z.string().trim().max(60).nullable(),
});
export type CreditLine = z.infer<typeof creditLineSchema>;

/** A member's number with a body, and what they hold (GBCI credentials, WELL AP) and since when (GBCI's period start). */
export const membershipSchema = z.object({
  body: cpdBodySchema,
  bodyName: z.string().trim().max(120).optional(),
  number: z.string().trim().min(1).max(60),
  credentials: z.array(z.string().trim().min(1).max(60)).max(10).optional(),
  /** ISO date the credential was earned (GBCI and IDCEC periods run two years from it). */
  since: z.iso.date().optional(),
});
export type Membership = z.infer<typeof membershipSchema>;

/** Where a ledger entry came from: a passed course assessment, an attended workshop, a passed article quiz, or the member. */
export const ENTRY_SOURCES = ['course', 'workshop', 'article', 'self'] as const;
export const entrySourceSchema = z.enum(ENTRY_SOURCES);

/** LU in all and the HSW among them. */
export interface AiaCredit {
  total: number;
  hsw: number;
}

/** One AIA year taken with the years around it (cpd-aia.ts, ADR 166). */
export interface AiaYear {
  year: number;
  /** The year's own credit, counted with the daily cap. */
  own: AiaCredit;
  /** Surplus of the year before brought in (up to 18 LU, 8 HSW). */
  carriedIn: AiaCredit;
  /** Credit of this year's grace months (January to September) that went to the year before's shortfall. */
  toPrevious: AiaCredit;
  /** Credit of the next year's grace months that made up this year's shortfall. */
  madeUp: AiaCredit;
  /** What counts toward this year's 18 LU and 12 HSW: own − toPrevious + carriedIn + madeUp. */
  counted: AiaCredit;
  /** What is still short after all of it (zero when met). */
  shortfall: AiaCredit;
  /** The last day credit may make up this year's shortfall: 30 September of the next year. */
  graceEnd: string;
}

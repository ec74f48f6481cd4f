/**
 * Continuing-education credit (issue 39): the bodies, the kinds of credit each one grants, a credit line on a course,
 * workshop or article, a member's professional membership, and a ledger entry. The rules (periods, requirements,
 * caps) live in cpd.ts, each with its source.
 */
import { z } from 'zod';
import { CPD_BODIES, CREDIT_TYPE_NAMES, LEED_CREDENTIALS, RIBA_CORE_TOPICS } from './cpd.bodies';

export * from './cpd.bodies';
export const cpdBodySchema = z.enum(CPD_BODIES);
export const creditTypeSchema = z.enum(CREDIT_TYPE_NAMES);

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

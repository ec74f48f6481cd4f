/**
 * Continuing-education credit's bodies and their vocabularies: names, kinds of credit, units, RIBA's core topics and
 * LEED's credentials. Plain data, without zod, so the app shell and the machines can use them without loading the
 * schemas (cpd.schema.ts builds its schemas from these lists and re-exports them).
 */
/** AIA CES, GBCI (LEED), IWBI (WELL), RIBA CPD, IDCEC (IIDA and others), or a body the member names. */
export const CPD_BODIES = ['aia', 'gbci', 'iwbi', 'riba', 'idcec', 'other'] as const;
export type CpdBody = (typeof CPD_BODIES)[number];

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
export const CREDIT_TYPE_NAMES = ['LU', 'LU/HSW', 'general', 'leed-specific', 'well-specific', 'core', 'ceu', 'ceu-hsw'] as const;
export type CreditType = (typeof CREDIT_TYPE_NAMES)[number];

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

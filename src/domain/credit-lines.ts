/**
 * Credit lines as people read them (issue 39): one short line per credit on course cards, course and workshop pages
 * and certificates, e.g. "AIA CES · 1 LU · not approved by this body". A line without a course number never claims an
 * approval: it says "not approved by this body". The content files' list is checked here too (a type the body does not
 * grant, a LEED credential on a general hour, a topic on a RIBA general hour are refused). Without zod, so the pages
 * that show credit lines (course cards, lessons) do not build schemas as they load (ADR 185); the list's schema is in
 * credit-lines.schema.ts.
 */
import { CPD_BODY_NAMES, CREDIT_TYPES, type CreditType } from './cpd.bodies';
import type { CreditLine } from './cpd.schema';

export const NOT_APPROVED = 'not approved by this body';

/** The body's name as shown: the named body for 'other'. */
export function creditBodyName(line: Pick<CreditLine, 'body' | 'bodyName'>): string {
  return line.body === 'other' ? line.bodyName?.trim() || CPD_BODY_NAMES.other : CPD_BODY_NAMES[line.body];
}

const amountText = (amount: number) => String(Math.round(amount * 100) / 100);

/** The amount with its unit and type, e.g. '1 LU/HSW', '1.5 general CE hours', '2 hours, core curriculum'. */
export function creditAmountText(line: Pick<CreditLine, 'amount' | 'type' | 'credential' | 'topic'>): string {
  const n = amountText(line.amount);
  const hours = line.amount === 1 ? 'hour' : 'hours';
  const labels: Record<CreditType, string> = {
    LU: `${n} LU`,
    'LU/HSW': `${n} LU/HSW`,
    general: `${n} general CE ${hours}`,
    'leed-specific': `${n} LEED-specific CE ${hours}`,
    'well-specific': `${n} WELL-specific CE ${hours}`,
    core: `${n} ${hours}, core curriculum`,
    ceu: `${n} CEU`,
    'ceu-hsw': `${n} CEU/HSW`,
  };
  let text = labels[line.type];
  if (line.type === 'core' && line.topic) text += `: ${line.topic}`;
  if (line.type === 'leed-specific' && line.credential) text += ` (${line.credential})`;
  return text;
}

/** The approval as shown: the body's course number, or that the body has not approved it. */
export function creditApprovalText(line: Pick<CreditLine, 'courseNumber'>): string {
  const number = line.courseNumber?.trim();
  return number ? `course number ${number}` : NOT_APPROVED;
}

/** One line: body · amount and type · course number (or "not approved by this body"). */
export function creditLineText(line: CreditLine): string {
  return [creditBodyName(line), creditAmountText(line), creditApprovalText(line)].join(' · ');
}

/** Why a line is not well formed for its body, or null. */
export function creditLineProblem(line: CreditLine): string | null {
  const types: readonly string[] = CREDIT_TYPES[line.body];
  if (!types.includes(line.type)) return `${creditBodyName(line)} does not grant "${line.type}" credit (it grants ${types.join(', ')})`;
  if (line.body === 'other' && !line.bodyName?.trim()) return 'a line for another body must name it in bodyName';
  if (line.credential && line.type !== 'leed-specific') return 'a LEED credential only goes with a LEED-specific hour';
  if (line.topic && line.type !== 'core') return 'a core-curriculum topic only goes with a RIBA core hour';
  if (line.type === 'core' && !line.topic) return 'a RIBA core hour names its core-curriculum topic';
  return null;
}

import { describe, expect, it } from 'vitest';
import type { CreditLine } from '../../src/domain/cpd.schema';
import { creditLineProblem, creditLineText, NOT_APPROVED } from '../../src/domain/credit-lines';
import { creditLinesSchema } from '../../src/domain/credit-lines.schema';

const line = (over: Partial<CreditLine>): CreditLine => ({ body: 'aia', amount: 1, type: 'LU', courseNumber: null, ...over });

describe('creditLineText', () => {
  it('says a line without a course number is not approved by the body', () => {
    expect(creditLineText(line({ type: 'LU/HSW' }))).toBe('AIA CES · 1 LU/HSW · not approved by this body');
    expect(creditLineText(line({ courseNumber: '   ' }))).toContain(NOT_APPROVED);
  });

  it('names the course number when the body gave one, and never says not approved then', () => {
    const text = creditLineText(line({ courseNumber: 'SL-EC-101', amount: 1.5 }));
    expect(text).toBe('AIA CES · 1.5 LU · course number SL-EC-101');
    expect(text).not.toContain(NOT_APPROVED);
  });

  it('reads each body in its own unit and type', () => {
    expect(creditLineText(line({ body: 'gbci', type: 'general', amount: 2 }))).toBe('GBCI · 2 general CE hours · not approved by this body');
    expect(creditLineText(line({ body: 'gbci', type: 'leed-specific', amount: 1, credential: 'LEED AP BD+C' })))
      .toBe('GBCI · 1 LEED-specific CE hour (LEED AP BD+C) · not approved by this body');
    expect(creditLineText(line({ body: 'iwbi', type: 'well-specific', amount: 0.5 }))).toBe('WELL (IWBI) · 0.5 WELL-specific CE hours · not approved by this body');
    expect(creditLineText(line({ body: 'riba', type: 'core', amount: 2, topic: 'Sustainable architecture' })))
      .toBe('RIBA CPD · 2 hours, core curriculum: Sustainable architecture · not approved by this body');
    expect(creditLineText(line({ body: 'idcec', type: 'ceu', amount: 0.1 }))).toBe('IDCEC · 0.1 CEU · not approved by this body');
    expect(creditLineText(line({ body: 'other', bodyName: 'CIBSE', type: 'general', amount: 1 }))).toBe('CIBSE · 1 general CE hour · not approved by this body');
  });

  it('rounds amounts to two places', () => {
    expect(creditLineText(line({ amount: 1.333333 }))).toContain('1.33 LU');
  });
});

describe('creditLinesSchema', () => {
  it('accepts honest lines', () => {
    expect(creditLinesSchema.safeParse([line({}), line({ body: 'riba', type: 'core', topic: 'Sustainable architecture' })]).success).toBe(true);
  });

  it('refuses a type the body does not grant, a stray credential or topic, an unnamed other body, a duplicate', () => {
    expect(creditLineProblem(line({ type: 'general' }))).toMatch(/does not grant/);
    expect(creditLineProblem(line({ body: 'gbci', type: 'general', credential: 'LEED AP BD+C' }))).toMatch(/LEED credential/);
    expect(creditLineProblem(line({ body: 'riba', type: 'general', topic: 'Sustainable architecture' }))).toMatch(/topic/);
    expect(creditLineProblem(line({ body: 'riba', type: 'core' }))).toMatch(/names its core-curriculum topic/);
    expect(creditLineProblem(line({ body: 'other', type: 'general' }))).toMatch(/name it/);
    const twice = creditLinesSchema.safeParse([line({}), line({ amount: 2 })]);
    expect(twice.success).toBe(false);
    expect(twice.error?.issues[0]?.message).toMatch(/listed twice/);
  });
});

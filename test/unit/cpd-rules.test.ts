/** The rules of continuing-education credit (src/domain/cpd.ts, issue 39, ADR 155): periods, requirements, caps, self-reports, numbers. */
import { describe, expect, it } from 'vitest';
import {
  AIA_DAILY_CAP, aiaCarryOver, countAia, type CreditEntry, creditLabel, HSW_SELF_REPORT_REFUSED, longDate, membershipNumberProblem, periodAt,
  periodById, periodsUpTo, previousPeriod, progressOf, requirementOf, selfReportProblem, shiftDate, topicsShort,
} from '../../src/domain/cpd';
import { aiaYears } from '../../src/domain/cpd-aia';
import { RIBA_CORE_TOPICS } from '../../src/domain/cpd.schema';

const lu = (earnedOn: string, amount: number, hsw = false): CreditEntry => ({ earnedOn, amount, type: hsw ? 'LU/HSW' : 'LU' });

describe('dates', () => {
  it('shift by years and days, 29 February to 28 February', () => {
    expect(shiftDate('2024-02-29', 1)).toBe('2025-02-28');
    expect(shiftDate('2025-03-14', 2, -1)).toBe('2027-03-13');
    expect(shiftDate('2026-01-01', 0, -1)).toBe('2025-12-31');
    expect(longDate('2026-12-31')).toBe('31 December 2026');
  });
});

describe('AIA periods: the calendar year with a nine-month grace', () => {
  it('is the calendar year and its grace ends 30 September of the next year', () => {
    expect(periodAt('aia', undefined, '2026-06-15')).toEqual({ id: '2026', label: '2026', start: '2026-01-01', end: '2026-12-31', graceEnd: '2027-09-30' });
  });
  it('offers the current year and three before it, newest first', () => {
    expect(periodsUpTo('aia', undefined, '2026-06-15').map((p) => p.id)).toEqual(['2026', '2025', '2024', '2023']);
    expect(periodById('aia', undefined, '2026-06-15', '2025')?.start).toBe('2025-01-01');
    expect(periodById('aia', undefined, '2026-06-15', '2019')).toBeNull();
    expect(previousPeriod('aia', undefined, periodAt('aia', undefined, '2026-01-01')).id).toBe('2025');
  });
});

describe('GBCI and WELL periods: two years from the credential date', () => {
  const since = '2023-03-14';
  it('starts on the credential date and ends two years minus a day later', () => {
    expect(periodAt('gbci', { since }, '2024-01-01')).toMatchObject({ id: '2023-03-14', start: '2023-03-14', end: '2025-03-13', graceEnd: null });
    expect(periodAt('gbci', { since }, '2025-03-14')).toMatchObject({ start: '2025-03-14', end: '2027-03-13' });
    expect(periodAt('iwbi', { since }, '2026-11-29')).toMatchObject({ start: '2025-03-14', end: '2027-03-13' });
  });
  it('goes back before the date by whole windows and lists windows newest first', () => {
    expect(periodAt('gbci', { since }, '2022-01-01')).toMatchObject({ start: '2021-03-14', end: '2023-03-13' });
    expect(periodsUpTo('gbci', { since }, '2026-11-29').map((p) => p.start)).toEqual(['2025-03-14', '2023-03-14', '2021-03-14', '2019-03-14']);
  });
  it('without a credential date, two calendar years from an even year, and asks for the date', () => {
    expect(periodAt('gbci', {}, '2027-05-01')).toMatchObject({ start: '2026-01-01', end: '2027-12-31' });
    const progress = progressOf('gbci', {}, periodAt('gbci', {}, '2027-05-01'), []);
    expect(progress.missing.at(-1)).toMatch(/date you earned your credential/);
  });
});

describe('RIBA and IDCEC periods', () => {
  it('RIBA: the calendar year, no grace', () => expect(periodAt('riba', undefined, '2026-02-01')).toMatchObject({ id: '2026', graceEnd: null }));
  it('IDCEC: 1 January of an even year to 31 December of the odd year after', () => {
    expect(periodAt('idcec', undefined, '2026-02-01')).toMatchObject({ id: '2026-2027', start: '2026-01-01', end: '2027-12-31' });
    expect(periodAt('idcec', undefined, '2027-12-31')).toMatchObject({ id: '2026-2027' });
    expect(periodsUpTo('idcec', undefined, '2027-01-01').map((p) => p.id)).toEqual(['2026-2027', '2024-2025', '2022-2023', '2020-2021']);
  });
});

describe('requirements', () => {
  it('AIA 18 LU with 12 HSW', () => expect(requirementOf('aia', undefined)).toMatchObject({ total: 18, part: { required: 12, types: ['LU/HSW'] }, unit: 'LU' }));
  it('GBCI: LEED AP 30 hours with 6 LEED-specific; Green Associate 15 with 3', () => {
    expect(requirementOf('gbci', { credentials: ['LEED AP BD+C'] })).toMatchObject({ total: 30, part: { required: 6 } });
    expect(requirementOf('gbci', { credentials: ['LEED Green Associate'] })).toMatchObject({ total: 15, part: { required: 3 } });
    expect(requirementOf('gbci', { credentials: ['LEED Green Associate', 'LEED AP O+M'] })?.total).toBe(30);
  });
  it('WELL AP 24 general plus 6 WELL-specific (30)', () => expect(requirementOf('iwbi', undefined)).toMatchObject({ total: 30, part: { key: 'well', required: 6 } }));
  it('RIBA 35 hours with 20 core curriculum', () => expect(requirementOf('riba', undefined)).toMatchObject({ total: 35, part: { key: 'core', required: 20 } }));
  it('IDCEC 1.0 CEU', () => expect(requirementOf('idcec', undefined)).toEqual({ total: 1, part: null, unit: 'CEU' }));
  it('another body: none published', () => {
    expect(requirementOf('other', undefined)).toBeNull();
    expect(progressOf('other', undefined, periodAt('other', undefined, '2026-01-01'), [lu('2026-01-02', 3)])).toEqual({ requirement: [], carriedOver: 0, missing: [] });
  });
});

describe('the AIA daily cap of 12 LU', () => {
  it('counts at most 12 LU a day, HSW first', () => {
    expect(countAia([lu('2026-03-01', 8, true), lu('2026-03-01', 8)])).toEqual({ total: AIA_DAILY_CAP, hsw: 8 });
    expect(countAia([lu('2026-03-01', 14, true)])).toEqual({ total: 12, hsw: 12 });
    expect(countAia([lu('2026-03-01', 10), lu('2026-03-02', 10)])).toEqual({ total: 20, hsw: 0 });
  });
});

describe('AIA carry-over: up to 18 LU, at most 8 HSW, from the year before only', () => {
  it('carries the surplus over 18 with the HSW surplus over 12, capped', () => {
    // 30 LU, 20 HSW over three days: surplus 12, HSW surplus 8.
    expect(aiaCarryOver([lu('2025-01-01', 10, true), lu('2025-01-02', 10, true), lu('2025-01-03', 10)])).toEqual({ total: 12, hsw: 8 });
    // 48 LU, 36 HSW: surplus 30 is capped at 18, HSW at 8.
    const big = [1, 2, 3].map((d) => lu(`2025-02-0${d}`, 12, true)).concat([lu('2025-03-01', 12)]);
    expect(aiaCarryOver(big)).toEqual({ total: 18, hsw: 8 });
    expect(aiaCarryOver([lu('2025-01-01', 10)])).toEqual({ total: 0, hsw: 0 });
  });
  it('counts toward the year after, which says what is missing', () => {
    const period = periodAt('aia', undefined, '2026-05-01');
    const previous = [lu('2025-01-01', 12, true), lu('2025-01-02', 12, true), lu('2025-01-03', 2)];
    const entries = [lu('2026-02-01', 2, true)];
    const progress = progressOf('aia', undefined, period, entries, { aia: aiaYears([...previous, ...entries], 2026).get(2026)! });
    expect(progress.carriedOver).toBe(8);
    expect(progress.requirement).toEqual([
      { key: 'total', label: 'Total', required: 18, earned: 10, unit: 'LU' },
      { key: 'hsw', label: 'HSW', required: 12, earned: 10, unit: 'LU' },
    ]);
    expect(progress.missing).toEqual(['2 LU/HSW more by 31 December 2026', '6 LU of any kind more by 31 December 2026']);
  });
  it('says nothing is missing once met', () => {
    const period = periodAt('aia', undefined, '2026-05-01');
    expect(progressOf('aia', undefined, period, [lu('2026-01-01', 12, true), lu('2026-01-02', 6)]).missing).toEqual([]);
  });
});

describe('GBCI, WELL and RIBA progress', () => {
  it('GBCI counts LEED-specific hours in the total and the part', () => {
    const period = periodAt('gbci', { since: '2025-01-01' }, '2026-01-01');
    const progress = progressOf('gbci', { since: '2025-01-01', credentials: ['LEED AP BD+C'] }, period, [
      { earnedOn: '2025-02-01', amount: 4, type: 'leed-specific' }, { earnedOn: '2025-02-02', amount: 10, type: 'general' },
    ]);
    expect(progress.requirement.map((p) => p.earned)).toEqual([14, 4]);
    expect(progress.missing).toEqual(['2 LEED-specific hours more by 31 December 2026', '14 hours of any kind more by 31 December 2026']);
  });
  it('WELL: the WELL-specific part', () => {
    const period = periodAt('iwbi', { since: '2025-01-01' }, '2026-01-01');
    expect(progressOf('iwbi', { since: '2025-01-01' }, period, [{ earnedOn: '2025-02-01', amount: 1, type: 'well-specific' }]).missing[0]).toBe('5 WELL-specific hours more by 31 December 2026');
  });
  it('RIBA: 20 core-curriculum hours, two on each of the ten topics', () => {
    const period = periodAt('riba', undefined, '2026-01-01');
    const core = RIBA_CORE_TOPICS.slice(0, 9).map((topic) => ({ earnedOn: '2026-02-01', amount: 2, type: 'core' as const, topic }));
    const progress = progressOf('riba', undefined, period, core);
    expect(progress.requirement.map((p) => p.earned)).toEqual([18, 18]);
    expect(progress.missing[0]).toBe('2 core-curriculum hours more by 31 December 2026');
    expect(progress.missing.at(-1)).toBe(`At least 2 hours on each core-curriculum topic; still short: ${RIBA_CORE_TOPICS[9]}`);
    expect(topicsShort([...core, { earnedOn: '2026-03-01', amount: 2, type: 'core', topic: RIBA_CORE_TOPICS[9] }])).toEqual([]);
  });
  it('IDCEC in CEU', () => {
    const period = periodAt('idcec', undefined, '2026-01-01');
    expect(progressOf('idcec', undefined, period, [{ earnedOn: '2026-02-01', amount: 0.4, type: 'ceu' }]).missing).toEqual(['0.6 CEU more by 31 December 2027']);
  });
});

describe('self-reported activities', () => {
  const today = '2026-11-29';
  it('refuses AIA HSW', () => expect(selfReportProblem({ body: 'aia', type: 'LU/HSW', amount: 1, date: '2026-11-01' }, today)).toBe(HSW_SELF_REPORT_REFUSED));
  it('takes AIA elective LU', () => expect(selfReportProblem({ body: 'aia', type: 'LU', amount: 1, date: '2026-11-01' }, today)).toBeNull());
  it('refuses a type the body does not grant, a future date, a day past the cap, a year past its grace', () => {
    expect(selfReportProblem({ body: 'gbci', type: 'LU', amount: 1, date: '2026-11-01' }, today)).toMatch(/does not grant/);
    expect(selfReportProblem({ body: 'riba', type: 'core', amount: 1, date: '2026-12-01' }, today)).toMatch(/future/);
    expect(selfReportProblem({ body: 'aia', type: 'LU', amount: 3, date: '2026-11-01' }, today, 10)).toMatch(/12 LU a day/);
    expect(selfReportProblem({ body: 'aia', type: 'LU', amount: 1, date: '2025-05-01' }, today)).toMatch(/until 30 September 2026/);
    expect(selfReportProblem({ body: 'aia', type: 'LU', amount: 1, date: '2025-05-01' }, '2026-09-30')).toBeNull();
  });
});

describe('membership numbers', () => {
  it('checks AIA and GBCI numbers as digits', () => {
    expect(membershipNumberProblem('aia', '38012345')).toBeNull();
    expect(membershipNumberProblem('aia', 'A123')).toMatch(/AIA member number/);
    expect(membershipNumberProblem('gbci', '0010123456')).toBeNull();
    expect(membershipNumberProblem('iwbi', '12')).toMatch(/GBCI credential ID/);
  });
  it('takes any plain number where no format is published', () => {
    expect(membershipNumberProblem('riba', '1234567')).toBeNull();
    expect(membershipNumberProblem('idcec', 'ID-99 12')).toBeNull();
    expect(membershipNumberProblem('other', '<script>')).toMatch(/letters, digits/);
  });
});

describe('credit labels', () => {
  it('say the amount, unit and type', () => {
    expect(creditLabel('aia', 1.5, 'LU/HSW')).toBe('1.5 LU/HSW');
    expect(creditLabel('gbci', 2, 'leed-specific')).toBe('2 hours (LEED-specific)');
    expect(creditLabel('idcec', 0.1, 'ceu')).toBe('0.1 CEU');
    expect(creditLabel('riba', 1, 'core')).toBe('1 hour (core curriculum)');
  });
});

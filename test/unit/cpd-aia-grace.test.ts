/**
 * The AIA's years taken together (src/domain/cpd-aia.ts, issue 39, ADR 166): a year that falls short of 18 LU with 12
 * HSW is made up with credit earned from 1 January to 30 September of the next year (the nine-month grace), HSW for
 * the HSW part first; credit so used counts for the short year only; later credit makes nothing up; carry-over and
 * grace go together year after year. Source: the AIA members' FAQ (aiasmc.org, aiaky.org) and noncompliance policy.
 */
import { describe, expect, it } from 'vitest';
import { type CreditEntry, periodAt, progressOf } from '../../src/domain/cpd';
import {
  type AiaCredit, aiaCreditText, aiaGraceOf, aiaGraceSentences, aiaMakeUp, aiaShortfall, aiaShortfallText, aiaTranscriptLines, aiaYears,
} from '../../src/domain/cpd-aia';

const lu = (earnedOn: string, amount: number, hsw = false): CreditEntry => ({ earnedOn, amount, type: hsw ? 'LU/HSW' : 'LU' });
const credit = (total: number, hsw: number): AiaCredit => ({ total, hsw });

/** 2025: 10 LU of which 6 HSW (8 LU and 6 HSW short). */
const short2025 = [lu('2025-03-01', 6, true), lu('2025-04-01', 4)];

describe('the shortfall and how grace credit makes it up', () => {
  it('a shortfall is what 18 LU with 12 HSW lack', () => {
    expect(aiaShortfall(credit(10, 6))).toEqual(credit(8, 6));
    expect(aiaShortfall(credit(20, 8))).toEqual(credit(0, 4));
    expect(aiaShortfall(credit(18, 12))).toEqual(credit(0, 0));
  });
  it('takes HSW for the HSW part first, then elective, then HSW left over', () => {
    expect(aiaMakeUp(credit(8, 6), credit(10, 6))).toEqual(credit(8, 6));
    // 4 HSW go to the HSW part; the other 4 LU come from the 5 elective, not from HSW.
    expect(aiaMakeUp(credit(8, 4), credit(11, 6))).toEqual(credit(8, 4));
    // Only 1 elective: the last 3 LU are HSW.
    expect(aiaMakeUp(credit(8, 4), credit(7, 6))).toEqual(credit(7, 6));
    // Elective fills the total, never the HSW part.
    expect(aiaMakeUp(credit(2, 2), credit(5, 0))).toEqual(credit(2, 0));
    expect(aiaMakeUp(credit(0, 0), credit(5, 5))).toEqual(credit(0, 0));
  });
});

describe('the nine-month grace across years', () => {
  it('makes a short year up with credit of the next January to September, which then counts there only', () => {
    const years = aiaYears([...short2025, lu('2026-02-01', 8, true), lu('2026-05-01', 4), lu('2026-10-01', 10, true)], 2026);
    const y2025 = years.get(2025)!;
    expect(y2025.own).toEqual(credit(10, 6));
    // 6 HSW for the HSW part, then 2 more LU: elective first (4 elective in the grace months).
    expect(y2025.madeUp).toEqual(credit(8, 6));
    expect(y2025.counted).toEqual(credit(18, 12));
    expect(y2025.shortfall).toEqual(credit(0, 0));
    expect(y2025.graceEnd).toBe('2026-09-30');
    const y2026 = years.get(2026)!;
    expect(y2026.own).toEqual(credit(22, 18));
    expect(y2026.toPrevious).toEqual(credit(8, 6));
    expect(y2026.counted).toEqual(credit(14, 12));
  });

  it('takes nothing earned after 30 September: the grace has ended and the year stays short', () => {
    const years = aiaYears([...short2025, lu('2026-09-30', 2, true), lu('2026-10-01', 12, true)], 2026);
    expect(years.get(2025)!.madeUp).toEqual(credit(2, 2));
    expect(years.get(2025)!.shortfall).toEqual(credit(6, 4));
    expect(years.get(2026)!.counted).toEqual(credit(12, 12));
  });

  it('applies the daily cap of 12 LU to grace credit too', () => {
    const years = aiaYears([lu('2025-01-01', 1), lu('2026-01-05', 14, true), lu('2026-01-05', 4)], 2026);
    expect(years.get(2025)!.madeUp).toEqual(credit(12, 12));
  });

  it('carries over only from a year that met its own requirement, from its own credit after what it gave back', () => {
    // 2024 short by 18; 2025 earns 40 LU (24 HSW) by March: 18 (12 HSW) go to 2024, 22 (12 HSW) remain: 4 carry.
    const entries = [
      lu('2025-01-01', 12, true), lu('2025-01-02', 12, true), lu('2025-01-03', 12), lu('2025-01-04', 4),
    ];
    const years = aiaYears(entries, 2026);
    expect(years.get(2024)).toBeUndefined();
    const withShort2024 = aiaYears([lu('2024-06-01', 0.5), ...entries], 2026);
    expect(withShort2024.get(2024)!.madeUp).toEqual(credit(17.5, 12));
    expect(withShort2024.get(2025)!.counted).toEqual(credit(22.5, 12));
    expect(withShort2024.get(2026)!.carriedIn).toEqual(credit(4.5, 0));
    // Without the short year, the whole surplus of 22 LU (12 HSW) is capped at 18 with 8 HSW.
    expect(years.get(2026)!.carriedIn).toEqual(credit(18, 8));
  });

  it('counts the carry-over before asking the next year for grace credit', () => {
    const years = aiaYears([lu('2024-01-01', 12, true), lu('2024-01-02', 12, true), lu('2024-01-03', 6), lu('2025-04-01', 4), lu('2026-01-10', 3)], 2026);
    // 2025: 4 own + 12 carried (8 HSW): 16 LU, 8 HSW; 2 LU and 4 HSW short; 2026's 3 elective fill the 2 LU only.
    expect(years.get(2025)!.carriedIn).toEqual(credit(12, 8));
    expect(years.get(2025)!.madeUp).toEqual(credit(2, 0));
    expect(years.get(2025)!.shortfall).toEqual(credit(0, 4));
    expect(years.get(2026)!.counted).toEqual(credit(1, 0));
  });
});

describe('the dashboard and transcript', () => {
  const entries = [...short2025, lu('2026-02-01', 3, true)];
  const years = aiaYears(entries, 2026);

  it('counts grace credit in the short year’s progress and not in its own', () => {
    const p2025 = progressOf('aia', undefined, periodAt('aia', undefined, '2025-06-01'), short2025, { aia: years.get(2025)!, today: '2026-03-01' });
    expect(p2025.requirement.map((part) => part.earned)).toEqual([13, 9]);
    expect(p2025.missing).toEqual([
      '3 LU/HSW more by 30 September 2026, the end of the grace period',
      '2 LU of any kind more by 30 September 2026, the end of the grace period',
    ]);
    const p2026 = progressOf('aia', undefined, periodAt('aia', undefined, '2026-06-01'), [lu('2026-02-01', 3, true)], { aia: years.get(2026)!, today: '2026-03-01' });
    expect(p2026.requirement.map((part) => part.earned)).toEqual([0, 0]);
    const lapsed = progressOf('aia', undefined, periodAt('aia', undefined, '2025-06-01'), short2025, { aia: years.get(2025)!, today: '2026-10-01' });
    expect(lapsed.missing).toEqual(['3 LU/HSW short: the grace period ended on 30 September 2026', '2 LU of any kind short: the grace period ended on 30 September 2026']);
  });

  it('says so on the dashboard, in the year before and the year after', () => {
    expect(aiaGraceOf(years, 2026)).toEqual({ madeUp: credit(0, 0), toPrevious: credit(3, 3), previous: { label: '2025', shortfall: credit(5, 3), graceEnd: '2026-09-30' } });
    const p2026 = periodAt('aia', undefined, '2026-06-01');
    expect(aiaGraceSentences(aiaGraceOf(years, 2026), p2026, '2026-03-01')).toEqual([
      "2025 is still short of 3 LU/HSW and 2 LU of any kind: AIA credit you earn by 30 September 2026 counts toward 2025 first (the AIA's grace period).",
      '3 LU (3 of them HSW) earned by 30 September 2026 made up 2025\'s shortfall: it counts for 2025, not for this year.',
    ]);
    // After the grace, the first sentence goes; what was given stays said.
    expect(aiaGraceSentences(aiaGraceOf(years, 2026), p2026, '2026-10-01')).toHaveLength(1);
    expect(aiaGraceSentences(aiaGraceOf(years, 2025), periodAt('aia', undefined, '2025-06-01'), '2026-03-01')).toEqual([
      '3 LU (3 of them HSW) earned in the grace period, 1 January to 30 September 2026, made up this year\'s shortfall.',
    ]);
  });

  it('writes the lines under the transcript total', () => {
    expect(aiaTranscriptLines(years.get(2025)!)).toEqual([
      'Made up in the grace period (earned 1 January to 30 September 2026): 3 LU (3 of them HSW)',
      'Counted toward 18 LU with 12 HSW (at most 12 LU a day): 13 LU (9 of them HSW)',
    ]);
    expect(aiaTranscriptLines(years.get(2026)!)).toEqual([
      "Counted for 2025's shortfall in its grace period: minus 3 LU (3 of them HSW)",
      'Counted toward 18 LU with 12 HSW (at most 12 LU a day): 0 LU',
    ]);
    expect(aiaCreditText(credit(1.5, 0))).toBe('1.5 LU');
    expect(aiaShortfallText(credit(4, 4))).toBe('4 LU/HSW');
  });
});

import { describe, expect, it } from 'vitest';
import { businessDaysBetween, businessDaysLeft, reportingDeadline } from '../../src/domain/business-days';

// 2026-11-02 is a Monday.
describe('business days', () => {
  it('counts weekdays after the first day up to the second, skipping weekends', () => {
    expect(businessDaysBetween('2026-11-02', '2026-11-02')).toBe(0);
    expect(businessDaysBetween('2026-11-02', '2026-11-06')).toBe(4);
    expect(businessDaysBetween('2026-11-06', '2026-11-09')).toBe(1); // Friday to Monday
    expect(businessDaysBetween('2026-11-07', '2026-11-08')).toBe(0); // Saturday to Sunday
    expect(businessDaysBetween('2026-11-09', '2026-11-02')).toBe(-5);
  });

  it('leaves 10 on the day of completion, 0 on the tenth business day after, negative when late', () => {
    expect(businessDaysLeft('2026-11-02', '2026-11-02')).toBe(10);
    expect(businessDaysLeft('2026-11-02', '2026-11-09')).toBe(5);
    expect(businessDaysLeft('2026-11-02', '2026-11-16')).toBe(0);
    expect(businessDaysLeft('2026-11-02', '2026-11-17')).toBe(-1);
    // A completion on a Saturday: Monday is its first business day.
    expect(businessDaysLeft('2026-11-07', '2026-11-09')).toBe(9);
  });

  it('puts the deadline ten business days on, past two weekends', () => {
    expect(reportingDeadline('2026-11-02')).toBe('2026-11-16');
    expect(reportingDeadline('2026-11-06')).toBe('2026-11-20');
    expect(businessDaysLeft('2026-11-06', reportingDeadline('2026-11-06'))).toBe(0);
  });
});

/**
 * Unit tests of the workshop schemas (src/domain/workshops.schema.ts): the schedule's validation and its messages (the
 * weekdays, the week of the month, local times and date-times, time zones, the step of an every-n-weeks series), the
 * shapes the API answers, the outcome texts, and the types the rules use (exactly the hand-written ones). The rules
 * about time are in domain-workshops.test.ts.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { type MyWorkshop, type RegistrationStatus, type Schedule, WEEKDAYS, WORKSHOP_TEXT, type WorkshopDetail } from '../../src/domain/workshops';
import { myWorkshopSchema, registrationStatusSchema, scheduleSchema, workshopDetailSchema } from '../../src/domain/workshops.schema';

const LONDON = 'Europe/London';
const NEW_YORK = 'America/New_York';

describe('validating a schedule', () => {
  const issues = (input: unknown) => scheduleSchema.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];
  const okMonthly = { kind: 'monthly', week: 1, weekday: 'tuesday', time: '17:00', timeZone: LONDON };
  const okWeekly = { kind: 'weekly', weekday: 'wednesday', every: 2, from: '2026-01-07', time: '18:30', timeZone: LONDON };
  const okDates = { kind: 'dates', dates: ['2026-12-03T17:00', '2026-12-10T09:05'], timeZone: NEW_YORK };

  it('takes each kind of schedule as it is', () => {
    expect(scheduleSchema.parse(okMonthly)).toEqual(okMonthly);
    expect(scheduleSchema.parse(okWeekly)).toEqual(okWeekly);
    expect(scheduleSchema.parse(okDates)).toEqual(okDates);
  });

  it('names the seven weekdays from Sunday', () => {
    expect(WEEKDAYS).toEqual(['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']);
    for (const weekday of WEEKDAYS) {
      expect(issues({ ...okMonthly, weekday })).toEqual([]);
      expect(issues({ ...okWeekly, weekday })).toEqual([]);
    }
    expect(issues({ ...okMonthly, weekday: 'Tuesday' })).not.toEqual([]);
    expect(issues({ ...okWeekly, weekday: 'tue' })).not.toEqual([]);
  });

  it.each([1, 2, 3, 4, -1])('takes week %i of the month', (week) => {
    expect(issues({ ...okMonthly, week })).toEqual([]);
  });

  it.each([0, 5, -2, 1.5, '1'])('rejects week %j of the month', (week) => {
    expect(issues({ ...okMonthly, week }).map(([path]) => path)).toEqual(['week']);
  });

  it.each(['00:00', '09:05', '17:00', '19:59', '20:00', '23:59', '10:30'])('takes the local time %s', (time) => {
    expect(issues({ ...okMonthly, time })).toEqual([]);
    expect(issues({ ...okWeekly, time })).toEqual([]);
  });

  it.each(['24:00', '7:00', '17:60', '17:0', '17:00 ', ' 17:00', '17-00', '1700', 'ab:cd', '1a:00', '17:0a', '30:00', '2a:00', '', '17:00:00', '017:00'])(
    'rejects the local time %j with its message',
    (time) => {
      expect(issues({ ...okMonthly, time })).toEqual([['time', 'must be a local time like 17:00']]);
      expect(issues({ ...okWeekly, time })).toEqual([['time', 'must be a local time like 17:00']]);
    },
  );

  it.each([LONDON, NEW_YORK, 'UTC', 'Asia/Kolkata', 'Australia/Lord_Howe'])('takes the time zone %s', (timeZone) => {
    expect(issues({ ...okMonthly, timeZone })).toEqual([]);
    expect(issues({ ...okDates, timeZone })).toEqual([]);
  });

  it.each(['Mars/Olympus_Mons', 'London', '', 'Europe/Londres'])('rejects the time zone %j with its message', (timeZone) => {
    const message = 'must be an IANA time zone like Europe/London';
    expect(issues({ ...okMonthly, timeZone })).toEqual([['timeZone', message]]);
    expect(issues({ ...okWeekly, timeZone })).toEqual([['timeZone', message]]);
    expect(issues({ ...okDates, timeZone })).toEqual([['timeZone', message]]);
  });

  it('takes every 1 to 8 weeks and nothing else', () => {
    for (const every of [1, 2, 5, 8]) expect(issues({ ...okWeekly, every })).toEqual([]);
    for (const every of [0, 9, -1, 1.5]) expect(issues({ ...okWeekly, every }).map(([path]) => path)).toEqual(['every']);
  });

  it('takes a real date for the start of an every-n-weeks series', () => {
    expect(issues({ ...okWeekly, from: '2026-02-28' })).toEqual([]);
    for (const from of ['2026-13-01', '2026-02-30', '26-01-07', '2026-01-07T00:00']) expect(issues({ ...okWeekly, from }).map(([path]) => path)).toEqual(['from']);
  });

  it.each(['2026-12-03T00:00', '2026-12-03T09:59', '2026-12-03T19:30', '2026-12-03T23:59', '2026-12-03T20:00'])('takes the local date-time %s', (date) => {
    expect(issues({ ...okDates, dates: [date] })).toEqual([]);
  });

  it.each([
    '2026-12-03T24:00', '2026-12-03T17:60', '2026-12-03 17:00', '2026-12-03T17:00Z', 'x2026-12-03T17:00', '2026-12-03T7:00', '26-12-03T17:00',
    '202-12-03T17:00', '20266-12-03T17:00', '2026-1-03T17:00', '2026-123-03T17:00', '2026-12-3T17:00', '2026-12-033T17:00', 'abcd-12-03T17:00',
    '2026-ab-03T17:00', '2026-12-abT17:00', '2026-12-03Tab:00', '2026-12-03T17:ab', '2026-12-03T30:00', '2026-12-03T2a:00', '2026-12-03T17:0',
    '2026-12-03T17:00:00', '2026-12-03T017:00', '2026-12-03', '',
  ])('rejects the local date-time %j with its message', (date) => {
    expect(issues({ ...okDates, dates: ['2026-12-03T17:00', date] })).toEqual([['dates.1', 'must be a local date-time like 2026-12-03T17:00']]);
  });

  it('needs at least one date', () => {
    expect(issues({ ...okDates, dates: [] }).map(([path]) => path)).toEqual(['dates']);
    expect(issues({ ...okDates, dates: ['2026-12-03T17:00'] })).toEqual([]);
  });

  it('rejects an unknown kind of schedule or one with a field missing', () => {
    expect(scheduleSchema.safeParse({ ...okMonthly, kind: 'yearly' }).success).toBe(false);
    expect(scheduleSchema.safeParse({ ...okWeekly, kind: 'monthly' }).success).toBe(false);
    for (const sample of [okMonthly, okWeekly, okDates]) {
      for (const key of Object.keys(sample)) {
        const { [key]: _dropped, ...rest } = sample as Record<string, unknown>;
        expect(scheduleSchema.safeParse(rest).success, key).toBe(false);
      }
    }
  });
});

describe('the shapes the API answers', () => {
  const detail = {
    _id: 'w1', title: 'Embodied Carbon Clinic', description: 'Bring a project.', imageUrl: '/media/w.svg', date: '2026-12-03T17:00:00.000Z', duration: 90,
    timeZone: LONDON, hosts: [{ name: 'SustainLearn editorial team', role: 'who run the session' }], agenda: [{ minutes: 90, item: 'Clinic' }], audience: 'Designers',
    prepare: ['A project'], capacity: 20, seatsLeft: 0, waitlisted: 3, myStatus: 'waitlisted', waitlistPosition: 2, started: false, ended: false,
    joinUrl: null, joinOpensAt: '2026-12-03T16:45:00.000Z', credits: [{ body: 'aia', amount: 1.5, type: 'LU', courseNumber: null }],
  };
  const mine = { _id: 'w1', title: 'Embodied Carbon Clinic', date: '2026-12-03T17:00:00.000Z', duration: 90, timeZone: 'Europe/London', status: 'registered' };

  it('keeps every field of a workshop and of a member’s own workshop', () => {
    expect(workshopDetailSchema.parse(detail)).toEqual(detail);
    const registered = { ...detail, myStatus: 'registered', waitlistPosition: null, started: true, joinUrl: 'https://meet.example.org/w1' };
    expect(workshopDetailSchema.parse(registered)).toEqual(registered);
    expect(workshopDetailSchema.parse({ ...detail, myStatus: null, waitlistPosition: null })).toMatchObject({ myStatus: null });
    expect(myWorkshopSchema.parse(mine)).toEqual(mine);
    expect(myWorkshopSchema.parse({ ...mine, status: 'waitlisted' })).toEqual({ ...mine, status: 'waitlisted' });
  });

  it('rejects either with a field missing', () => {
    for (const [schema, sample] of [[workshopDetailSchema, detail], [myWorkshopSchema, mine]] as const) {
      for (const key of Object.keys(sample)) {
        const { [key]: _dropped, ...rest } = sample as Record<string, unknown>;
        expect(schema.safeParse(rest).success, key).toBe(false);
      }
    }
    expect(workshopDetailSchema.safeParse({ ...detail, hosts: [{ name: 'No role' }] }).success).toBe(false);
    expect(workshopDetailSchema.safeParse({ ...detail, agenda: [{ item: 'No minutes' }] }).success).toBe(false);
  });

  it('knows two places a member can hold', () => {
    expect(registrationStatusSchema.options).toEqual(['registered', 'waitlisted']);
    expect(registrationStatusSchema.safeParse('cancelled').success).toBe(false);
    expect(myWorkshopSchema.safeParse({ ...mine, status: '' }).success).toBe(false);
  });

  it('has a distinct, non-empty message for each outcome', () => {
    const texts = Object.values(WORKSHOP_TEXT);
    expect(Object.keys(WORKSHOP_TEXT)).toEqual(['notFound', 'started', 'registered', 'waitlisted', 'cancelled']);
    for (const text of texts) expect(text.trim()).not.toBe('');
    expect(new Set(texts).size).toBe(texts.length);
    expect(WORKSHOP_TEXT.waitlisted).toMatch(/waitlist/);
    expect(WORKSHOP_TEXT.cancelled).toMatch(/cancelled/);
  });
});

describe('the types the rules use', () => {
  it('are exactly what the schemas read (typecheck)', () => {
    expectTypeOf<z.infer<typeof scheduleSchema>>().toEqualTypeOf<Schedule>();
    expectTypeOf<z.infer<typeof registrationStatusSchema>>().toEqualTypeOf<RegistrationStatus>();
    expectTypeOf<z.infer<typeof workshopDetailSchema>>().toEqualTypeOf<WorkshopDetail>();
    expectTypeOf<z.infer<typeof myWorkshopSchema>>().toEqualTypeOf<MyWorkshop>();
  });
});

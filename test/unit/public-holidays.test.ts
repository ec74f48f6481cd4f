/**
 * Issue 41: the calendar a workshop series' schedule skips days by (date-holidays, server/calendar), and the content
 * import refusing a region it does not know.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { holidayTest, knownRegion, publicHolidays, regionOf } from '../../server/calendar/public-holidays';
import { ContentError, type Reporter } from '../../server/content-import/module';
import { workshopContent } from '../../server/content-import/workshops';

const report: Reporter = {
  check: <S extends z.ZodType>(_file: string, schema: S, value: unknown) => schema.parse(value) as z.output<S>,
  parse: <S extends z.ZodType>(_file: string, schema: S, text: string) => schema.parse(JSON.parse(text)) as z.output<S>,
};

describe('public holidays of a region', () => {
  it("lists England's and the Netherlands' public days off, not their observances or bank days", () => {
    const england = publicHolidays('GB-ENG', 2026);
    for (const day of ['2026-01-01', '2026-04-03', '2026-04-06', '2026-05-04', '2026-05-25', '2026-08-31', '2026-12-25', '2026-12-28']) expect(england).toContain(day);
    const netherlands = publicHolidays('NL', 2026);
    expect(netherlands).toContain('2026-12-25');
    expect(netherlands).toContain('2026-04-27');
    // Sinterklaasavond is an observance and Oudejaarsavond a bank holiday: sessions still meet.
    expect(netherlands).not.toContain('2026-12-05');
    expect(netherlands).not.toContain('2026-12-31');
  });

  it('follows a subdivision where holidays differ within a country', () => {
    // Boxing Day's substitute is a day off in England, St Andrew's Day's in Scotland.
    expect(publicHolidays('GB-SCT', 2026)).toContain('2026-11-30');
    expect(publicHolidays('GB-ENG', 2026)).not.toContain('2026-11-30');
  });

  it("takes the series' region, else its zone's country", () => {
    expect(regionOf({ kind: 'monthly', week: 1, weekday: 'tuesday', time: '17:00', timeZone: 'Europe/London', region: 'GB-WLS' })).toBe('GB-WLS');
    expect(regionOf({ kind: 'weekly', weekday: 'friday', every: 1, from: '2026-01-02', time: '15:00', timeZone: 'Europe/Amsterdam' })).toBe('NL');
    expect(regionOf({ kind: 'dates', dates: ['2026-12-25T10:00'], timeZone: 'Etc/UTC' })).toBeNull();
    const christmasInParis = holidayTest({ kind: 'weekly', weekday: 'friday', every: 1, from: '2026-01-02', time: '15:00', timeZone: 'Europe/Paris' });
    expect(christmasInParis('2026-12-25')).toBe(true);
    expect(christmasInParis('2026-12-18')).toBe(false);
    expect(holidayTest({ kind: 'dates', dates: ['2026-12-25T10:00'], timeZone: 'Etc/UTC' })('2026-12-25')).toBe(false);
  });

  it('knows countries and their subdivisions, not made-up ones', () => {
    for (const region of ['NL', 'GB-ENG', 'US-NY', 'AU-NSW']) expect(knownRegion(region)).toBe(true);
    for (const region of ['XX', 'GB-ZZZ', 'US-QQ']) expect(knownRegion(region)).toBe(false);
  });
});

describe('the workshops file', () => {
  const folder = mkdtempSync(join(tmpdir(), 'workshop-regions-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const content = join(import.meta.dirname, '..', '..', 'content', 'workshops.json');

  it('names a known region for every seeded series', async () => {
    cpSync(content, join(folder, 'workshops.json'));
    const list = (await workshopContent.read(folder, report)) ?? [];
    expect(list.length).toBeGreaterThan(0);
    for (const w of list) expect(w.schedule.kind !== 'dates' && w.schedule.region && knownRegion(w.schedule.region), w.slug).toBe(true);
  });

  it('refuses a region the calendar does not know', async () => {
    writeFileSync(join(folder, 'workshops.json'), readFileSync(content, 'utf8').replace('"region": "NL"', '"region": "NL-ZZZ"'));
    const error = await workshopContent.read(folder, report).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentError);
    expect((error as Error).message).toBe('workshops.json: "circular-interiors-charrette" names the region NL-ZZZ, whose public holidays are not known');
  });
});

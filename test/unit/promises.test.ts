/**
 * Issue 41 item 1: no page, FAQ entry, plan or banner promises what the product lacks. docs/promises.md lists each
 * promise with the test that proves it; this reads that list, the texts the home page shows, and the banner's content.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FOUNDER, MISSION, VALUES, VISION } from '../../src/domain/about';
import { FAQ_ITEMS } from '../../src/ui/pages/home/faq';
import { PLAN_FEATURES } from '../../src/ui/pages/home/pricing-plans';

const root = join(import.meta.dirname, '../..');
const list = readFileSync(join(root, 'docs/promises.md'), 'utf8');
const rows = list
  .split('\n')
  .filter((line) => line.startsWith('| ') && !line.startsWith('| Promise') && !line.startsWith('|---'))
  .map((line) => line.split('|').slice(1, -1).map((cell) => cell.trim()));
const home = JSON.parse(readFileSync(join(root, 'content/home.json'), 'utf8')) as { salesBanner: string; slides: { title: string; description: string }[] };
const source = (path: string) => readFileSync(join(root, path), 'utf8');

/** What the product does not do; the texts must not say it does. */
const UNTRUE = [
  /leaderboard/i, /read-only/i, /purchas/i, /\d+\s*% off/i, /\boffer\b/i, /discount/i, /after each module/i,
  /(?<!not an )accredit/i, /monthly quizzes/i,
  // The about page (ADR 160): no hosting claim we cannot show, no invented founder, no clinics that do not exist.
  /low-carbon hosting/i, /ananya/i, /project clinics/i, /priced for individuals/i,
];

describe('the promises the product makes', () => {
  it('each names a test that exists', () => {
    expect(rows.length).toBeGreaterThanOrEqual(10);
    for (const [promise, , proof] of rows) {
      const match = /^`([^`]+)` — (.+)$/.exec(proof ?? '');
      expect(match, `${promise}: proof must read \`file\` — test name`).not.toBeNull();
      const [, file, name] = match!;
      expect(existsSync(join(root, file!)), `${promise}: ${file}`).toBe(true);
      expect(source(file!), `${promise}: no test named “${name}” in ${file}`).toContain(name!.replace(/'/g, ''));
    }
  });

  it('cover every plan feature', () => {
    const promised = rows.map(([promise]) => promise);
    for (const feature of PLAN_FEATURES) expect(promised, feature).toContain(feature);
  });

  it('say nothing untrue in the plans, the FAQ, the Enroll dialog or the banner', () => {
    const texts = [
      ...PLAN_FEATURES,
      ...FAQ_ITEMS.flatMap((item) => [item.q, item.a]),
      source('src/ui/pages/home/pricing-plans.tsx'),
      source('src/ui/pages/home/plans-soon-dialog.tsx'),
      home.salesBanner,
      ...home.slides.flatMap((slide) => [slide.title, slide.description]),
      MISSION.text, VISION.text, ...VALUES.map((value) => value.text), FOUNDER.name, ...FOUNDER.paragraphs,
    ];
    for (const text of texts) for (const untrue of UNTRUE) expect(text, `${untrue} in: ${text.slice(0, 80)}`).not.toMatch(untrue);
  });

  it('catch an untrue text (the check can fail)', () => {
    const caught = ['Autumn offer: 30% off every plan', 'Community access (read-only)', 'Leaderboard', 'Approved and accredited CPD', 'low-carbon hosting']
      .filter((text) => UNTRUE.some((untrue) => untrue.test(text)));
    expect(caught).toHaveLength(5);
  });
});

/**
 * Dev aid: loads a URL at 4x CPU with a trace and lists each layout over 5 ms after the first paint, with the reasons
 * Chromium gave for the invalidations before it. Usage: npx tsx bench/layout-causes.mts URL
 */
import { launchChromium, phonePageAt4x, type TraceEvent } from './phone-at-4x';

const browser = await launchChromium();
const { page } = await phonePageAt4x(browser);
await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.invalidationTracking'] });
await page.goto(process.argv[2]!, { waitUntil: 'load' });
await page.waitForTimeout(5000);
const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
await browser.close();
const fcp = events.find((e) => e.name === 'firstContentfulPaint')!;
const main = events.filter((e) => e.pid === fcp.pid && e.tid === fcp.tid).sort((a, b) => a.ts - b.ts);
let reasons = new Map<string, number>();
for (const e of main) {
  if (e.name === 'LayoutInvalidationTracking' || e.name === 'StyleInvalidatorInvalidationTracking' || e.name === 'ScheduleStyleInvalidationTracking' || e.name === 'StyleRecalcInvalidationTracking') {
    const d = e.args.data ?? {};
    const key = `${e.name.replace('InvalidationTracking', '')}: ${d.reason ?? d.invalidationSet?.[0]?.id ?? ''} ${d.nodeName ?? ''}`.trim();
    reasons.set(key, (reasons.get(key) ?? 0) + 1);
  }
  if ((e.name === 'Layout' || e.name === 'UpdateLayoutTree') && e.ph === 'X' && (e.dur ?? 0) > 5000 && e.ts > fcp.ts) {
    const extra = e.name === 'Layout' ? ` dirty ${e.args.beginData?.dirtyObjects}/${e.args.beginData?.totalObjects}${e.args.beginData?.partialLayout ? ' partial' : ''}` : ` elements ${e.args.elementCount ?? ''}`;
    console.log(`${((e.ts - fcp.ts) / 1000).toFixed(0)} ms after the first paint: ${e.name} ${(e.dur! / 1000).toFixed(0)} ms${extra}`);
    console.log(`   ${[...reasons].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, n]) => `${n}× ${k}`).join('\n   ')}`);
    reasons = new Map();
  }
}

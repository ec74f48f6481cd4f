/**
 * Dev aid: loads a URL at 4x CPU with a trace and lists each layout over 5 ms after the first paint, with the reasons
 * Chromium gave for the invalidations before it. Usage: npx tsx bench/layout-causes.mts URL
 */
import { chromium } from 'playwright';
import { CHROMIUM_ARGS } from '../playwright.config';

// biome-ignore lint/suspicious/noExplicitAny: a trace event's arguments are free-form, each kind its own
interface TraceEvent { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; args: Record<string, any> }
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
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

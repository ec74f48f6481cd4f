/**
 * Dev aid (not part of `npm run bench`): loads a URL N times at 4x CPU in a fresh context each and prints the main
 * thread's blocking time (the sum over long tasks of what each spent past 50 ms, from the page's start to 6 s after its
 * load event), the number of long tasks and their total. Lighthouse's TBT on this machine varies several-fold from one
 * run to the next; medians of these, taken in turn for two builds, gave the order of ADR 181.
 * Usage: npx tsx bench/long-tasks.ts URL [N=5]
 */
import { launchChromium, phonePageAt4x } from './phone-at-4x';

const url = process.argv[2]!;
const runs = Number(process.argv[3] ?? 5);
const browser = await launchChromium();
const blocking: number[] = [];
const counts: number[] = [];
const totals: number[] = [];
try {
  for (let i = 0; i < runs; i++) {
    const { context, page } = await phonePageAt4x(browser);
    await page.addInitScript(() => {
      const seen: number[] = [];
      (window as unknown as { longTasks: number[] }).longTasks = seen;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) seen.push(entry.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(6000);
    const tasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
    blocking.push(Math.round(tasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0)));
    counts.push(tasks.length);
    totals.push(Math.round(tasks.reduce((sum, d) => sum + d, 0)));
    await context.close();
  }
} finally {
  await browser.close();
}
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
console.log(`blocking ${median(blocking)} ms (${blocking.join(', ')}); long tasks ${median(counts)}, ${median(totals)} ms in all`);

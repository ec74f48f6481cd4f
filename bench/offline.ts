/**
 * A kept lesson read again without a connection (issue 42 item 6, ADR 174): the member keeps a course with the
 * service worker installed, then, with the network off and the CPU slowed 4x, opens one of its lessons; the time to
 * its largest paint (the lesson's heading or text) is the figure, budget 500 ms. The same lesson opened online with
 * the worker installed is reported beside it, so what the worker costs a repeat visit is seen.
 */
import type { Browser, Page } from 'playwright';
import { figure, type Figure } from './stats';

export interface KeptLessonLoad {
  offline: Figure;
  online: Figure;
}

/** The page's largest contentful paint (or, where none is reported, its first), in ms from navigation. */
async function paintOf(page: Page): Promise<number> {
  // A string, not a function: tsx names the functions it compiles with a helper the page does not have.
  return page.evaluate(`new Promise((resolve) => {
    const first = () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
    try {
      new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? first()))
        .observe({ type: 'largest-contentful-paint', buffered: true });
    } catch {
      resolve(first());
    }
    setTimeout(() => resolve(first()), 3000);
  })`) as Promise<number>;
}

/**
 * Opens `url` until the service worker is active and controls the page, as a member's earlier visit leaves it: the page
 * registers the worker when the browser is idle after the load (ADR 170), and controls a page loaded after that.
 */
export async function untilWorkerControls(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'load' });
  // Strings, not functions: tsx names the functions it compiles with a helper the page does not have.
  await page.waitForFunction('navigator.serviceWorker.ready.then(() => true)', undefined, { timeout: 60_000 });
  await page.reload({ waitUntil: 'load' });
  await page.waitForFunction('navigator.serviceWorker.controller !== null', undefined, { timeout: 30_000 });
}

export async function benchKeptLesson(
  browser: Browser,
  baseUrl: string,
  token: string,
  course: { id: string; title: string },
  lessonUrl: string,
  runs: number,
): Promise<KeptLessonLoad> {
  const context = await browser.newContext({ baseURL: baseUrl, serviceWorkers: 'allow' });
  await context.addCookies([{ name: 'token', value: token, url: baseUrl }]);
  const page = await context.newPage();
  try {
    await untilWorkerControls(page, '/');
    await page.goto(`/courses/view/${course.id}`);
    await page.getByRole('button', { name: `Keep offline: ${course.title}` }).click();
    await page.getByRole('button', { name: `Remove ${course.title} from this device` }).waitFor({ timeout: 60_000 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const samples = { offline: [] as number[], online: [] as number[] };
    for (let i = 0; i < runs; i++) {
      for (const mode of ['online', 'offline'] as const) {
        await context.setOffline(mode === 'offline');
        await page.goto(lessonUrl, { waitUntil: 'load' });
        samples[mode].push(await paintOf(page));
      }
    }
    await context.setOffline(false);
    return { offline: figure(samples.offline), online: figure(samples.online) };
  } finally {
    await context.close();
  }
}

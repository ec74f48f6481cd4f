/**
 * Shared by the e2e fixture and the benchmarks, which drive the same pages.
 */
import type { Page } from 'playwright';

/**
 * Pages arrive drawn by the server and come alive a moment later (ADR 100): a click before that would reach markup
 * without its handlers. After every `goto` and `reload`, the fixture waits until the page says it is live (the app's
 * `data-live` mark), as a person waits for a page to finish loading.
 */
export async function waitForLiveAfterLoads(page: Page): Promise<void> {
  const live = async () => {
    await page.waitForFunction(() => document.documentElement.dataset.live !== undefined || !document.getElementById('root'), undefined, { timeout: 30_000 });
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    await live();
    return response;
  };
  page.reload = async (...args: Parameters<Page['reload']>) => {
    const response = await reload(...args);
    await live();
    return response;
  };
}

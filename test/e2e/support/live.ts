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

/**
 * Waits until the document on screen says it is live. For a page the app itself loaded (a hard redirect after a
 * signup or a reset), which the fixture's `goto` wrapper does not see.
 */
export async function waitForLive(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.live !== undefined, undefined, { timeout: 30_000 });
}

/** The member's live notification stream (ADR 147): held open for the whole visit, so never "idle". */
export const NOTIFICATION_STREAM = /\/api\/notifications\/stream(\?|$)/;

/**
 * Playwright's `networkidle` (no request for 500 ms), leaving out the long-lived notification stream a signed-in
 * member's page holds open: with it, a signed-in page is never idle.
 */
export async function waitForQuietNetwork(page: Page, quietMs = 500, timeoutMs = 30_000): Promise<void> {
  const open = new Set<unknown>();
  const counted = (request: { url(): string }) => !NOTIFICATION_STREAM.test(request.url());
  const started = (request: { url(): string }) => {
    if (counted(request)) open.add(request);
  };
  const ended = (request: { url(): string }) => open.delete(request);
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    const deadline = Date.now() + timeoutMs;
    let quietSince = Date.now();
    while (Date.now() < deadline) {
      await page.waitForTimeout(50);
      if (open.size > 0) quietSince = Date.now();
      else if (Date.now() - quietSince >= quietMs) return;
    }
    throw new Error(`the network never went quiet for ${quietMs} ms`);
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

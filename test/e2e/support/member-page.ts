/** A second member's page in its own browser context, failing on console errors and CSP violations like the fixture's. */
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { signIn, type TestUser } from './accounts';
import { recordCspViolations, recordPageErrors } from './fixtures';
import { waitForLiveAfterLoads } from './live';

export async function memberPage(browser: Browser, user: TestUser, errors: string[], options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, ...options });
  await recordCspViolations(context, errors);
  const page = await context.newPage();
  // As the fixture's pages do: after each load, wait until the page is live. A click on markup the server drew, before
  // the app has come alive, reaches no handler (a goal's accordion stayed shut under a loaded CI run).
  await waitForLiveAfterLoads(page);
  recordPageErrors(page, errors);
  await signIn(page, user);
  return page;
}

/** A second member's page in its own browser context, failing on console errors and CSP violations like the fixture's. */
import type { Browser, Page } from '@playwright/test';
import { signIn, type TestUser } from './accounts';
import { recordCspViolations } from './fixtures';
import { waitForLiveAfterLoads } from './live';

export async function memberPage(browser: Browser, user: TestUser, errors: string[]): Promise<Page> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  await recordCspViolations(context, errors);
  const page = await context.newPage();
  // As the fixture's pages do: after each load, wait until the page is live. A click on markup the server drew, before
  // the app has come alive, reaches no handler (a goal's accordion stayed shut under a loaded CI run).
  await waitForLiveAfterLoads(page);
  page.on('console', (message) => {
    if (message.type() === 'error' && !/^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())) {
      errors.push(message.text());
    }
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await signIn(page, user);
  return page;
}

/**
 * The end-to-end test fixture: a page from its own browser context; console errors and Content-Security-Policy
 * violations fail the test; `expectAccessible` runs axe (WCAG 2.0/2.1/2.2 A and AA) on the screen as it stands.
 */
import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import { analyze } from './axe';
import { waitForLiveAfterLoads } from './live';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

export async function expectAccessible(page: Page, label = page.url()) {
  // A toast fades in and out: axe measures the screen once every toast is fully there (one caught mid-fade reads as
  // low contrast). A toast that never settles within 3 s is measured as it stands.
  await page
    .waitForFunction(() => [...document.querySelectorAll('[data-sonner-toast]')].every((toast) =>
      toast.getAttribute('data-removed') !== 'true' && getComputedStyle(toast).opacity === '1'), undefined, { timeout: 3000 })
    .catch(() => undefined);
  // A modal dialog or menu hides the rest of the page (radix marks each hidden node data-aria-hidden) until its closing
  // fade has ended, a few hundred milliseconds after its content has gone: with none open, axe waits for the page to
  // be given back. Hidden nodes that outlive it by 3 s are measured as they stand (a real fault).
  await page
    .waitForFunction(() => document.querySelector(':is([role=dialog], [role=alertdialog], [role=menu])[data-state=open]') !== null
      || document.querySelector('[data-aria-hidden]') === null, undefined, { timeout: 3000 })
    .catch(() => undefined);
  // Only the violations are read: the other result types list one node a rule, not every node (axe's resultTypes).
  const results = await analyze(page, { runOnly: { type: 'tag', values: AXE_TAGS }, resultTypes: ['violations'] });
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/**
 * Records every `securitypolicyviolation` event of every page of the context (frames and workers' documents
 * included) into `violations`.
 */
export async function recordCspViolations(context: BrowserContext, violations: string[]): Promise<void> {
  await context.exposeBinding('__reportCspViolation', (source, text: string) => {
    violations.push(`${source.frame.url()}: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation?: (text: string) => void }).__reportCspViolation;
      report?.(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
}

/** Records the page's console errors and uncaught errors into `errors`. */
export function recordPageErrors(page: Page, errors: string[]): void {
  page.on('console', (message) => {
    // Chromium logs every 4xx answer as a console error; those are expected API answers (a wrong password, a 404
    // article), not app errors. So is a request the browser could not send because the test turned the network off
    // (ADR 174). Everything else, 5xx and a kept copy the service worker failed to find included, fails the test.
    if (message.type() === 'error' && !/^Failed to load resource: (the server responded with a status of 4\d\d|net::ERR_INTERNET_DISCONNECTED$)/.test(message.text())) {
      // The address it came from says which request failed ('Failed to load resource' does not).
      const at = message.location().url;
      errors.push(at ? `${message.text()} (${at})` : message.text());
    }
  });
  page.on('pageerror', (error) => errors.push(error.message));
}

export const test = base.extend<{ page: Page; consoleErrors: string[]; cspViolations: string[] }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their first argument
  consoleErrors: async ({}, use) => {
    await use([]);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their first argument
  cspViolations: async ({}, use) => {
    await use([]);
  },
  page: async ({ browser, baseURL, serviceWorkers, consoleErrors, cspViolations }, use) => {
    const context = await browser.newContext({ baseURL, serviceWorkers });
    await recordCspViolations(context, cspViolations);
    const page = await context.newPage();
    await waitForLiveAfterLoads(page);
    recordPageErrors(page, consoleErrors);
    await use(page);
    await context.close();
    expect(consoleErrors, 'console errors during the test').toEqual([]);
    expect(cspViolations, 'Content-Security-Policy violations during the test').toEqual([]);
  },
});

export { expect };

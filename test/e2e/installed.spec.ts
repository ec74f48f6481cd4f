/**
 * The app installed (issue 42 item 1, ADR 170): in a browser profile of its own (an installed app needs one that is
 * not private, which every Playwright context is), Chromium finds nothing against installing it, installs it through
 * the DevTools protocol's PWA domain as a person would from the address bar, and opens it in its own window, where
 * the page knows it runs standalone and the service worker serves it. axe runs on that window; the screenshots are
 * of it, at both widths.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { E2E_CHROMIUM_ARGS, FULL_CHROMIUM_PATH } from '../../playwright.config';
import { expect, expectAccessible, recordPageErrors, test } from './support/fixtures';

test('installed: no installability error in a real profile, installed, opened standalone, served by its worker', async ({ baseURL }) => {
  const profile = mkdtempSync(join(tmpdir(), 'sl-installed-'));
  // The full browser, whatever the other tests run in (ADR 180): only it installs and opens apps.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: FULL_CHROMIUM_PATH, args: E2E_CHROMIUM_ARGS, baseURL, serviceWorkers: 'allow',
  });
  const errors: string[] = [];
  try {
    const tab = context.pages()[0] ?? (await context.newPage());
    recordPageErrors(tab, errors);
    await tab.goto('/');
    await tab.evaluate(() => navigator.serviceWorker.ready);
    const cdp = await context.newCDPSession(tab);
    // Not private this time: nothing at all stands against installing it.
    expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);

    const manifestId = new URL('/', baseURL).href;
    await cdp.send('PWA.install', { manifestId, installUrlOrBundleUrl: manifestId });
    await cdp.send('PWA.changeAppUserSettings', { manifestId, displayMode: 'standalone' });
    const opened = context.waitForEvent('page');
    await cdp.send('PWA.launch', { manifestId });
    const app = await opened;
    recordPageErrors(app, errors);
    await app.waitForLoadState('load');
    await app.waitForFunction(() => document.documentElement.dataset.live !== undefined);

    // Its own window: standalone, at the manifest's start URL, under the worker's control.
    expect(await app.evaluate(() => matchMedia('(display-mode: standalone)').matches)).toBe(true);
    expect(await tab.evaluate(() => matchMedia('(display-mode: standalone)').matches)).toBe(false);
    expect(new URL(app.url()).pathname).toBe('/');
    await expect.poll(() => app.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // The browser asks for a page while the worker starts, so a stopped worker does not hold a visit up.
    expect(await app.evaluate(async () => (await navigator.serviceWorker.ready).navigationPreload.getState()))
      .toEqual({ enabled: true, headerValue: 'true' });
    await expect(app.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(app, 'the installed app, standalone');
    await app.screenshot({ path: 'docs/screenshots/installed-1280.png' });
    await app.setViewportSize({ width: 375, height: 812 });
    await app.screenshot({ path: 'docs/screenshots/installed-375.png' });

    await cdp.send('PWA.uninstall', { manifestId });
    expect(errors, 'console errors').toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

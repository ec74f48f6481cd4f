/**
 * The installable app (issue 42 items 1 and 3, ADR 170): the manifest and its icons are what the platforms ask for,
 * Chromium finds nothing against installing it, the service worker takes control, and a page asked for without a
 * connection is the offline page (checked with axe), by keyboard back to the page once the connection returns.
 */
import sharp from 'sharp';
import { IN_FULL_BROWSER } from '../../playwright.config';
import { expect, expectAccessible, test } from './support/fixtures';

// In the full browser (ADR 180): the headless shell reports installability errors of its own and shows no PDF.
test.use({ serviceWorkers: 'allow', ...IN_FULL_BROWSER });

test('installable: the manifest, its icons, no installability error, and the offline page without a connection', async ({ page, request }) => {
  const manifest = await (await request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ name: 'SustainLearn', start_url: '/', scope: '/', display: 'standalone', theme_color: '#1f6f4a' });
  expect(manifest.shortcuts.map((s: { name: string; url: string }) => [s.name, s.url])).toEqual([
    ['My learning', '/learning'], ['Courses', '/courses'], ['Discussions', '/sustain-community'],
  ]);
  for (const icon of manifest.icons as { src: string; sizes: string; purpose: string }[]) {
    const png = await request.get(icon.src);
    expect(png.headers()['content-type']).toBe('image/png');
    const { width, height } = await sharp(await png.body()).metadata();
    expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
  }
  const purposes = (manifest.icons as { sizes: string; purpose: string }[]).map((i) => `${i.sizes} ${i.purpose}`);
  expect(purposes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));

  await page.goto('/');
  // The worker registers after the load event, when the browser is idle; the pages opened after it is active are its.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state)).toBe('activated');
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // Every Playwright context is a private one, which Chromium never installs from: Lighthouse's installability audit
  // sets that one aside too, and so does this check. Any other reason fails it.
  expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
  expect(installabilityErrors.map((e) => e.errorId)).toEqual(['in-incognito']);

  // The page open when the connection goes says so in the bar, and says it once it is back.
  const bar = page.getByRole('banner');
  await expect(bar.getByText('Offline', { exact: true })).toHaveCount(0);
  await page.context().setOffline(true);
  await expect(bar.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
  await expectAccessible(page, 'the home page, offline');
  await page.context().setOffline(false);
  await expect(bar.getByText('Offline', { exact: true })).toHaveCount(0);

  await page.context().setOffline(true);
  await page.goto('/courses');
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  await expect(page).toHaveTitle('Offline · SustainLearn');
  await expectAccessible(page, 'the offline page');

  // Back online, 'try again' (by keyboard) loads the page that was asked for.
  await page.context().setOffline(false);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'try again' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeHidden();
  await expect(page).toHaveURL(/\/(courses|login)/);
});

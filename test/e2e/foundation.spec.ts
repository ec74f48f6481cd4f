import { PAGE_FAILED_RETRY, PAGE_FAILED_TEXT, PAGE_FAILED_TITLE } from '../../src/ui/layout/page-boundary';
import { expect, expectAccessible, test } from './support/fixtures';
import { tabTo } from './support/keyboard';

test('the home page shows the sales banner that came from the database', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('sales-banner')).toContainText('In beta: every course, workshop and library document is free to members.');
  await expect(page).toHaveTitle('SustainLearn');
  await expectAccessible(page, 'home');
});

test('a page whose code is lost to a dropped connection says so in its place, and Try again brings it', async ({ page, consoleErrors }) => {
  // The articles page's code does not arrive while the connection is down, as on a train in a tunnel.
  let down = true;
  await page.route(/\/static\/js\/page-articles\.[0-9a-f]+\.js$/, (route) => (down ? route.abort('connectionreset') : route.continue()));
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Articles/Blogs' }).click();
  await expect(page).toHaveURL(/\/articles$/);
  const failed = page.getByRole('main');
  await expect(failed.getByRole('heading', { level: 1, name: PAGE_FAILED_TITLE })).toBeVisible();
  await expect(failed.getByText(PAGE_FAILED_TEXT)).toBeVisible();
  await expect(page).toHaveTitle(`${PAGE_FAILED_TITLE} | SustainLearn`);
  // Only the page failed: the bar and the footer are still there.
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expectAccessible(page, 'page lost to a dropped connection');

  // Back online, by keyboard.
  down = false;
  await tabTo(page, failed.getByRole('button', { name: PAGE_FAILED_RETRY }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Articles' })).toBeFocused();
  await expect(page).toHaveTitle('Articles | SustainLearn');
  await expectAccessible(page, 'the page brought by Try again');
  // Chromium logs each dropped request, and React the load it caught; nothing else may reach the console.
  const kept = consoleErrors.filter((m) => !/net::ERR_CONNECTION_RESET|Loading chunk .* failed|ChunkLoadError/.test(m));
  consoleErrors.splice(0, consoleErrors.length, ...kept);
});

test('a protected route while signed out lands on /login, remembering the page', async ({ page }) => {
  await page.goto('/courses');
  await expect(page).toHaveURL(/\/login\?from=%2Fcourses$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  await expectAccessible(page, 'login');
});

test('an unknown API path answers JSON 404 while client routes get the SPA', async ({ page, request }) => {
  const api = await request.get('/api/does-not-exist');
  expect(api.status()).toBe(404);
  expect(await api.json()).toEqual({ success: false, message: 'Not found' });
  const spa = await request.get('/articles');
  expect(spa.status()).toBe(200);
  expect(spa.headers()['cache-control']).toBe('no-cache');
  // A client route whose content does not exist is drawn by the server as its 'not found' screen, with a 404 (ADR 100).
  const missing = await request.get('/articles/anything');
  expect(missing.status()).toBe(404);
  expect(missing.headers()['content-type']).toContain('text/html');
  await page.goto('/');
  const script = await page.locator('script[src*="/static/js/main."]').getAttribute('src');
  const asset = await request.get(script!);
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});

test('scripts and styles are sent pre-compressed to browsers that accept it, and as they are to others', async ({ page, request }) => {
  await page.goto('/');
  const script = (await page.locator('script[src*="/static/js/main."]').getAttribute('src'))!;
  const style = (await page.locator('link[rel="stylesheet"][href*="/static/css/"]').first().getAttribute('href'))!;
  for (const [encoding, expected] of [['br, gzip', 'br'], ['gzip', 'gzip'], ['identity', undefined]] as const) {
    for (const url of [script, style]) {
      const plain = await request.get(url, { headers: { 'accept-encoding': 'identity' } });
      const answer = await request.get(url, { headers: { 'accept-encoding': encoding } });
      expect(answer.status()).toBe(200);
      expect(answer.headers()['content-encoding']).toBe(expected);
      if (expected) expect(answer.headers().vary).toContain('accept-encoding');
      // Playwright decodes the body: the decoded bytes are the original file.
      expect((await answer.body()).equals(await plain.body())).toBe(true);
    }
  }
});

test("index.html starts fetching the page's own code at once, and members-only code only for members", async ({ page }) => {
  const preloads = () => page.locator('link[rel="preload"]').evaluateAll((links) => links.map((l) => l.getAttribute('href') ?? ''));
  await page.goto('/articles');
  await expect(page.getByRole('heading', { level: 1, name: 'Articles' })).toBeVisible();
  // The links are added once the page has painted, a few to a task.
  await expect.poll(async () => (await preloads()).some((href) => /\/page-articles\.[0-9a-f]+\.js$/.test(href))).toBe(true);
  // The app's own script too is asked for only once the page has shown its first content (ADR 190), and the page
  // carries only its own route's row of the preload table.
  const [painted, asked] = await page.evaluate(() => [
    performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    performance.getEntriesByType('resource').find((entry) => /\/static\/js\/main\.[0-9a-f]+\.js$/.test(entry.name))?.startTime ?? Number.NaN,
  ]);
  expect(asked).toBeGreaterThanOrEqual(painted);
  const table = JSON.parse((await page.locator('#sl-preload').textContent()) ?? '{}') as { r?: unknown[] };
  expect(table.r).toHaveLength(1);
  // The HTTP adapter is not needed to hydrate a drawn page: it is fetched when the browser is idle (ADR 100).
  const prefetched = () => page.locator('link[rel="prefetch"]').evaluateAll((links) => links.map((l) => l.getAttribute('href') ?? ''));
  await expect.poll(async () => (await prefetched()).some((href) => /\/http\.[0-9a-f]+\.js$/.test(href))).toBe(true);
  // Those chunks run only when the reader acts: V8 compiles them whole as they load (ADR 112); the app's own chunks,
  // which run on load, are compiled lazily.
  const hinted = async (href: string) => (await (await page.request.get(href)).text()).startsWith('//# allFunctionsCalledOnLoad\n');
  const adapterChunks = (await prefetched()).filter((href) => href.endsWith('.js'));
  expect(adapterChunks.length).toBeGreaterThanOrEqual(1);
  for (const href of adapterChunks) expect(await hinted(href), href).toBe(true);
  const onLoad = await page.locator('script[src]').evaluateAll((scripts) => scripts.map((s) => s.getAttribute('src')!));
  for (const href of [...onLoad, ...(await preloads()).filter((h) => h.endsWith('.js'))]) expect(await hinted(href), href).toBe(false);
  const onArticles = await preloads();
  expect(onArticles.some((href) => href.includes('/page-home.'))).toBe(false);
  // Signed out, /courses sends the visitor to /login: its code is not fetched for nothing.
  await page.goto('/courses');
  await expect(page).toHaveURL(/\/login/);
  expect((await preloads()).some((href) => href.includes('/page-courses.'))).toBe(false);
});

/** Notes every use of Intl in the page (a constructor, a `supportedLocalesOf`, a `toLocale…` method) in `__intlUses`. */
const WATCH_INTL = `(() => {
  const uses = (window.__intlUses = []);
  for (const name of Object.getOwnPropertyNames(Intl)) {
    const original = Intl[name];
    if (typeof original !== 'function') continue;
    Intl[name] = new Proxy(original, {
      construct: (target, args) => (uses.push(name), Reflect.construct(target, args)),
      apply: (target, self, args) => (uses.push(name), Reflect.apply(target, self, args)),
      get: (target, key) => (key === 'supportedLocalesOf' ? (...args) => (uses.push(name + '.supportedLocalesOf'), target.supportedLocalesOf(...args)) : target[key]),
    });
  }
  for (const [proto, method] of [[String.prototype, 'localeCompare'], [Number.prototype, 'toLocaleString'], [Date.prototype, 'toLocaleString'], [Date.prototype, 'toLocaleDateString'], [Date.prototype, 'toLocaleTimeString']]) {
    const original = proto[method];
    proto[method] = function (...args) { uses.push(method); return original.apply(this, args); };
  }
})()`;

test.describe('in a German browser', () => {
  test.use({ locale: 'de-DE' });

  test("pages come alive without loading the browser's locale data (ADR 115)", async ({ page }) => {
    await page.addInitScript({ content: WATCH_INTL });
    // The home page, and two pages whose controls are React Aria's: its code used to ask Intl about the browser's
    // language as it loaded, which loads the ICU data in a long task of its own.
    for (const path of ['/', '/articles', '/search?q=embodied%20carbon']) {
      await page.goto(path);
      expect(await page.evaluate('window.__intlUses'), path).toEqual([]);
    }
    // The page's own controls still work, in US English: the search box suggests as the reader types.
    const box = page.getByRole('combobox', { name: 'Search SustainLearn' });
    await box.fill('embodied');
    await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
  });
});

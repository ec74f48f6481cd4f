/**
 * Pages that arrive rendered (issue 16, ADR 100): read without JavaScript, hydrated without a warning and without
 * asking again for their data, drawn for the member named by the cookie and nobody else, and found by search engines
 * (the sitemap and each page's JSON-LD, read with real parsers). Words typed into a field before the page is live are
 * not lost (ADR 184).
 */
import AxeBuilder from '@axe-core/playwright';
import { XMLParser } from 'fast-xml-parser';
import { DomUtils, parseDocument } from 'htmlparser2';
import { createUser, signIn, type TestUser } from './support/accounts';
import { AXE_TAGS, expect, expectAccessible, recordCspViolations, recordPageErrors, test } from './support/fixtures';
import { tabTo } from './support/keyboard';
import { waitForLive, waitForQuietNetwork } from './support/live';

const ARTICLE = 'carbon--embodied-carbon-hidden-half';
const COURSE = 'material-passports-and-digital-product-data';

interface Article {
  _id: string;
  title: string;
  content: string;
}

const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
const { findAll, getAttributeValue, textContent } = DomUtils;

/** The words of stored HTML, as a reader sees them. */
const words = (html: string) => textContent(parseDocument(html)).replace(/\s+/g, ' ').trim();

/** Every JSON-LD object of a document, parsed. */
function jsonLd(html: string): Record<string, unknown>[] {
  const doc = parseDocument(html);
  return findAll((el) => el.name === 'script' && getAttributeValue(el, 'type') === 'application/ld+json', doc.children).map(
    (el) => JSON.parse(textContent(el)) as Record<string, unknown>,
  );
}

test.describe('pages arrive rendered', () => {
  test('with JavaScript off, an article shows its heading and text, and home its banner and latest articles', async ({ browser, baseURL, request }) => {
    const { article } = (await (await request.get(`/api/articles/${ARTICLE}`)).json()) as { article: Article };
    const { articles } = (await (await request.get('/api/articles?limit=6')).json()) as { articles: Article[] };
    const { data: banner } = (await (await request.get('/api/sales')).json()) as { data: { text: string } };
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();

    await page.goto(`/articles/${ARTICLE}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.title);
    const firstWords = words(article.content).slice(0, 80);
    await expect(page.locator('main')).toContainText(firstWords);
    await expect(page).toHaveTitle(`${article.title} | SustainLearn`);

    await page.goto('/');
    await expect(page.getByTestId('sales-banner')).toHaveText(banner.text);
    const latest = page.getByRole('region', { name: 'Latest articles' });
    expect(articles.length).toBeGreaterThan(0);
    for (const a of articles) await expect(latest.getByText(a.title, { exact: true }).first()).toBeVisible();
    // The FAQ's answers are in the HTML, closed ones too, for search engines and find-in-page (ADR 108).
    const faq = page.getByRole('region', { name: 'Frequently asked questions' });
    await expect(faq.getByRole('button')).toHaveCount(9);
    await expect(faq).toContainText('There are no fixed start dates or deadlines');
    await context.close();
  });

  test('home asks first for the picture it shows first: the first slide\'s, alone and at high priority', async ({ request }) => {
    const { data } = (await (await request.get('/api/slider')).json()) as { data: { sliders: { imageUrl: string }[] } };
    const [first, ...rest] = data.sliders.map((s) => s.imageUrl);
    expect(rest.length).toBeGreaterThan(0);
    const doc = parseDocument(await (await request.get('/')).text());
    const preloads = findAll((el) => el.name === 'link' && getAttributeValue(el, 'rel') === 'preload' && getAttributeValue(el, 'as') === 'image', doc.children);
    expect(preloads.map((el) => [getAttributeValue(el, 'href'), getAttributeValue(el, 'fetchpriority')])).toEqual([[first, 'high']]);
    // The other slides (and the carousel's copies of them) are fetched after what the first view needs.
    const slideImages = findAll((el) => el.name === 'img' && getAttributeValue(el, 'class') === 'slide__image', doc.children);
    for (const src of rest) {
      const images = slideImages.filter((el) => getAttributeValue(el, 'src') === src);
      expect(images.length, src).toBeGreaterThan(0);
      for (const img of images) expect(getAttributeValue(img, 'fetchpriority'), src).toBe('low');
    }
  });

  test('public and members\' pages hydrate without a warning and without asking again for their data', async ({ page, request }) => {
    test.setTimeout(300_000);
    const user = await createUser(request);
    await signIn(page, user);
    const { course } = (await (await request.get(`/api/courses/${COURSE}`, bearer(user.token))).json()) as {
      course: { _id: string; title: string; sections: { content: { _id: string; title: string }[] }[] };
    };
    const lesson = course.sections[0]!.content[0]!;
    const stops: { path: string; heading: RegExp | string }[] = [
      { path: '/', heading: 'Learn to design and build a sustainable world' },
      { path: '/articles', heading: 'Articles' },
      { path: `/articles/${ARTICLE}`, heading: /./ },
      { path: '/sustainlearn', heading: 'About SustainLearn' },
      { path: '/search?q=embodied%20carbon', heading: /embodied carbon/ },
      { path: '/courses', heading: 'Online Courses' },
      { path: `/courses/view/${course._id}`, heading: course.title },
      { path: `/courses/view/${course._id}/lessons/${lesson._id}`, heading: lesson.title },
      { path: '/quiz/green-buildings/set-1', heading: 'Green Buildings Quiz' },
      { path: '/discussion', heading: 'Community Discussions' },
      { path: '/learning', heading: 'My learning' },
    ];
    for (const stop of stops) {
      const asked: string[] = [];
      const listener = (r: { url(): string }) => {
        const url = new URL(r.url());
        // Page views and pictures are not the page's data.
        // Nor is the bell's live count, read after the page comes alive and kept by its stream (ADR 147).
        if (url.pathname.startsWith('/api/notifications')) return;
        if (url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/analytics') && !/\.(svg|webp)$/.test(url.pathname)) asked.push(url.pathname);
      };
      page.on('request', listener);
      const response = await page.goto(stop.path);
      // The heading is in the server's answer, before any script ran.
      const html = (await response?.text()) ?? '';
      expect(html, `${stop.path} arrives rendered`).toMatch(/<h1[^>]*>/);
      await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(stop.heading);
      await waitForQuietNetwork(page);
      page.off('request', listener);
      expect(asked, `${stop.path} asked again for data it came with`).toEqual([]);
      await expectAccessible(page, stop.path);
    }
  });

  test('on a phone, pages come alive without moving: the wide bar and sidebar the server drew give way in place', async ({ page, request }) => {
    const user = await createUser(request);
    await signIn(page, user);
    await page.setViewportSize({ width: 375, height: 812 });
    // Every layout shift not caused by input, with what moved, from the first paint on.
    await page.addInitScript(() => {
      const shifts: string[] = [];
      (window as unknown as { __shifts: string[] }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources: { node?: Node }[] }[]) {
          if (entry.hadRecentInput) continue;
          const moved = entry.sources.map((s) => (s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${s.node.className}` : 'text'));
          shifts.push(`${entry.value.toFixed(4)} ${moved.join(', ')}`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    for (const path of ['/', '/sustainlearn', '/articles', `/articles/${ARTICLE}`, '/discussion']) {
      await page.goto(path);
      await waitForQuietNetwork(page);
      // Two frames for the last shift's entry to be reported.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      // At most a quarter of the CLS budget (0.02) on any page: a carousel's controls settling by a pixel (0.0007) is
      // within it; the wide bar giving way on a phone (0.036) or the sidebar folding (0.508) is not.
      const shifts = await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts);
      const total = shifts.reduce((sum, line) => sum + Number.parseFloat(line), 0);
      expect(total, `${path} moved as it came alive: ${shifts.join('; ')}`).toBeLessThanOrEqual(0.005);
    }
  });

  test('members\' pages are drawn for the member named by the cookie, and nobody else', async ({ playwright, baseURL, request }) => {
    const ada = await createUser(request, { firstName: 'Adaline', lastName: 'Quartermain' });
    const bo = await createUser(request, { firstName: 'Bogdan', lastName: 'Wetherall' });
    const as = async (user: TestUser | null, path: string) => {
      const context = await playwright.request.newContext({
        baseURL,
        extraHTTPHeaders: user ? { cookie: `token=${encodeURIComponent(user.token)}` } : {},
      });
      const res = await context.get(path, { maxRedirects: 0 });
      const result = { status: res.status(), location: res.headers().location ?? null, html: await res.text() };
      await context.dispose();
      return result;
    };
    // Side by side, many times over: a render never takes another's member.
    const rounds = await Promise.all(Array.from({ length: 6 }, (_, i) => as(i % 2 ? bo : ada, '/profile')));
    rounds.forEach((answer, i) => {
      const [own, other] = i % 2 ? [bo, ada] : [ada, bo];
      expect(answer.status).toBe(200);
      expect(answer.html).toContain(own.email);
      expect(answer.html).not.toContain(other.email);
      expect(answer.html).not.toContain(other.lastName);
    });
    const nobody = await as(null, '/profile');
    expect(nobody.status).toBe(302);
    expect(nobody.location).toBe('/login?from=%2Fprofile');
    const expired = await as({ ...ada, token: 'not-a-token' }, '/learning');
    expect(expired.status).toBe(302);
    expect(expired.location).toBe('/login?from=%2Flearning');
  });

  test('a page carries only what its views show: cards and teasers without the bodies and curricula behind them', async ({ page, request }) => {
    const pageData = async (html: string) => {
      const script = findAll((el) => el.name === 'script' && getAttributeValue(el, 'id') === 'sl-data', parseDocument(html).children)[0]!;
      return JSON.parse(textContent(script)) as { queries: Record<string, { ok: boolean; data: Record<string, Record<string, unknown>[]> }> };
    };
    const carried = (data: Awaited<ReturnType<typeof pageData>>, call: string) =>
      Object.entries(data.queries).filter(([key]) => JSON.parse(key)[0] === call).flatMap(([, outcome]) => Object.values(outcome.data).flat());

    const home = await pageData(await (await request.get('/')).text());
    const teasers = carried(home, 'content.listArticles');
    expect(teasers).toHaveLength(6);
    for (const teaser of teasers) {
      expect(Object.keys(teaser).sort()).toEqual(['_id', 'category', 'imageUrl', 'teaser', 'title']);
      expect(String(teaser.teaser).length).toBeLessThanOrEqual(103);
    }
    const cards = carried(home, 'content.listCourses');
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) expect(card).not.toHaveProperty('sections');
    for (const card of cards) expect(card).not.toHaveProperty('objectives');

    const articles = await pageData(await (await request.get('/articles')).text());
    const summaries = [...carried(articles, 'content.featuredArticle'), ...carried(articles, 'content.articlesByCategory')];
    expect(summaries.length).toBeGreaterThan(1);
    for (const summary of summaries) expect(summary).not.toHaveProperty('content');
    for (const summary of summaries) expect(summary).toHaveProperty('description');

    // What the browser draws from a fresh answer (after a move inside the app) is narrowed the same way: the
    // teasers on screen are the ones the server drew.
    await page.goto('/');
    const onScreen = await page.locator('.article-teaser__text').allTextContents();
    expect(onScreen).toEqual(teasers.map((t) => t.teaser));
    await page.getByRole('link', { name: 'All articles' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Articles' })).toBeVisible();
    await page.goBack();
    await expect(page.locator('.article-teaser__text')).toHaveText(onScreen);
  });

  test('the sitemap lists every article, and an article and a course carry their JSON-LD', async ({ page, request }) => {
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.headers()['content-type']).toContain('xml');
    const parsed = new XMLParser().parse(await sitemap.text()) as { urlset: { url: { loc: string }[] } };
    const locs = parsed.urlset.url.map((u) => new URL(u.loc).pathname);
    const { articles } = (await (await request.get('/api/articles')).json()) as { articles: Article[] };
    expect(articles.length).toBeGreaterThan(0);
    for (const a of articles) expect(locs).toContain(`/articles/${a._id}`);
    expect(locs).toContain('/');
    expect(await (await request.get('/robots.txt')).text()).toMatch(/^Sitemap: .+\/sitemap\.xml$/m);

    const articlePage = await request.get(`/articles/${ARTICLE}`);
    const { article } = (await (await request.get(`/api/articles/${ARTICLE}`)).json()) as { article: Article };
    const articleLd = jsonLd(await articlePage.text());
    expect(articleLd.find((o) => o['@type'] === 'Article')?.headline).toBe(article.title);
    expect(articleLd.map((o) => o['@type'])).toEqual(expect.arrayContaining(['Organization', 'BreadcrumbList', 'Article']));

    const user = await createUser(request);
    const { course } = (await (await request.get(`/api/courses/${COURSE}`, bearer(user.token))).json()) as {
      course: { _id: string; title: string };
    };
    await signIn(page, user);
    const coursePage = await page.request.get(`/courses/view/${course._id}`, { headers: { cookie: `token=${encodeURIComponent(user.token)}` } });
    const courseLd = jsonLd(await coursePage.text());
    expect(courseLd.find((o) => o['@type'] === 'Course')?.name).toBe(course.title);
  });
});

test('the pages read without scripts are accessible as they stand', async ({ browser, baseURL }) => {
  // axe needs script of its own, so the page's scripts are refused instead of JavaScript being off: what axe checks
  // is the server's markup alone, as a reader without scripts gets it.
  const context = await browser.newContext({ baseURL });
  await context.route(/\/static\/js\//, (route) => route.abort());
  const page = await context.newPage();
  for (const path of [`/articles/${ARTICLE}`, '/']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), path).toEqual([]);
  }
  await context.close();
});

test('words typed into the courses search before the page is live still search once it is', async ({ browser, baseURL, request, consoleErrors, cspViolations }) => {
  // A keyboard user on a slow phone reaches the server's search field and types while the app's code is still on its
  // way (ADR 184). The code is held back until they have typed.
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  await recordCspViolations(context, cspViolations);
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await context.route(/\/static\/js\//, async (route) => {
    await released;
    await route.continue();
  });
  const page = await context.newPage();
  recordPageErrors(page, consoleErrors);
  await signIn(page, await createUser(request, { firstName: 'Tomos', lastName: 'Early' }));
  await page.goto('/courses', { waitUntil: 'commit' });
  const search = page.getByRole('searchbox', { name: 'Search courses' });
  await tabTo(page, search);
  await page.keyboard.type('retrofit');
  expect(await page.evaluate(() => document.documentElement.dataset.live)).toBeUndefined();

  release();
  await waitForLive(page);
  const published = (await (await request.get('/api/courses?status=1')).json()).courses as { title: string; description: string }[];
  const retrofit = published.filter((c) => /retrofit/i.test(`${c.title} ${c.description}`));
  expect(retrofit.length).toBeGreaterThan(0);
  expect(retrofit.length).toBeLessThan(published.length);
  await expect(page.getByTestId('course-card')).toHaveCount(retrofit.length);
  await expect(page.getByText(retrofit.length === 1 ? '1 course' : `${retrofit.length} courses`, { exact: true })).toBeVisible();
  await expect(search).toHaveValue('retrofit');
  await expect(search).toBeFocused();
  // The words stay the app's: the next key adds to them, and Escape clears the search.
  await page.keyboard.type(' no such subject');
  await expect(page.getByText('No courses found')).toBeVisible();
  await expectAccessible(page, 'the courses searched before the page was live');
  await page.keyboard.press('Escape');
  await expect(search).toHaveValue('');
  await expect(page.getByTestId('course-card')).toHaveCount(published.length);
  await context.close();
  expect(consoleErrors, 'console errors during the test').toEqual([]);
  expect(cspViolations, 'Content-Security-Policy violations during the test').toEqual([]);
});

test('a phone\'s pages are drawn as the phone shows them: nothing in the bar or the goals is drawn again as they come alive', async ({ browser, baseURL, request, consoleErrors, cspViolations }) => {
  // ADR 185: the server draws for the screen the request says it has. Chromium's mobile hint is sent as a phone's
  // Chrome sends it; the same width without it (a desktop's hint) is the wrong guess, put right as the page goes live.
  const user = await createUser(request, { firstName: 'Nia', lastName: 'Handheld' });
  // Another member's post, in a topic no other test posts in: the list is this test's own, and holds a card with every
  // action a reader has (Report among them).
  const author = await createUser(request, { firstName: 'Ola', lastName: 'Author' });
  const TOPIC = '/discussion?category=life-below-water&subcategory=coastal-development';
  const title = `Ola on lime mortar by the sea ${Date.now()}`;
  const posted = await request.post('/api/discussions', {
    data: { title, content: '<p>Lime breathes where salt air would trap water in cement.</p>', category: 'life-below-water', subcategory: 'coastal-development' },
    ...bearer(author.token),
  });
  expect(posted.ok()).toBe(true);
  const redrawnOn = async (hint: '?1' | '?0', path: string) => {
    const context = await browser.newContext({ baseURL, serviceWorkers: 'block', viewport: { width: 390, height: 844 }, extraHTTPHeaders: { 'sec-ch-ua-mobile': hint } });
    await recordCspViolations(context, cspViolations);
    // A slow start: the page's own code comes a second late, so the bar comes alive first and the browser idles while
    // it waits. The menus' code must still wait for the page (ADR 188).
    await context.route(/\/static\/js\/page-/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    // Every node added to or removed from the bar and the goals' sidebar from the document's parsing until the task
    // after the page says it is live: each one is the app drawing again what the server drew. (Later, when the browser
    // is idle, the bell's and the avatar's real menus take over their look-alike buttons, by design.)
    await context.addInitScript(() => {
      const changed: string[] = [];
      let collecting = true;
      (window as unknown as { __redrawn: string[] }).__redrawn = changed;
      const live = new MutationObserver(() => {
        if (document.documentElement.dataset.live === undefined) return;
        live.disconnect();
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          collecting = false;
        };
        channel.port2.postMessage(null);
      });
      // The document, not its <html>: an init script runs before there is one.
      live.observe(document, { attributes: true, attributeFilter: ['data-live'], subtree: true });
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        const observer = new MutationObserver((records) => {
          if (!collecting) return;
          for (const record of records) for (const node of [...record.addedNodes, ...record.removedNodes]) changed.push(node instanceof Element ? `${node.tagName.toLowerCase()}.${node.className}` : 'text');
        });
        for (const part of document.querySelectorAll('header.site-header, .discussion-layout__sidebar')) observer.observe(part, { childList: true, subtree: true });
      });
    });
    const page = await context.newPage();
    recordPageErrors(page, consoleErrors);
    await signIn(page, user);
    await page.goto(path);
    await waitForLive(page);
    await waitForQuietNetwork(page);
    const redrawn = await page.evaluate(() => (window as unknown as { __redrawn: string[] }).__redrawn);
    return { context, page, redrawn };
  };

  for (const path of ['/', TOPIC]) {
    const phone = await redrawnOn('?1', path);
    expect(phone.redrawn, `${path} drawn again on a phone`).toEqual([]);
    if (path === TOPIC) await expect(phone.page.getByRole('button', { name: `Report post: ${title}` })).toBeVisible();
    await expectAccessible(phone.page, `${path} on a phone`);
    // The server's menu is the app's: by keyboard it opens and shows the links.
    const menu = phone.page.getByRole('button', { name: 'Menu' });
    await tabTo(phone.page, menu);
    await phone.page.keyboard.press('Enter');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(phone.page.locator('.nav__panel').getByRole('link', { name: 'About' })).toBeVisible();
    await expectAccessible(phone.page, `${path} on a phone, its menu open`);
    await phone.page.keyboard.press('Escape');
    await expect(menu).toBeFocused();
    await phone.context.close();

    const guessedWrong = await redrawnOn('?0', path);
    expect(guessedWrong.redrawn.length, `${path} drawn for a desktop, on a phone's screen`).toBeGreaterThan(0);
    await expect(guessedWrong.page.getByRole('button', { name: 'Menu' })).toBeVisible();
    await guessedWrong.context.close();
  }
  expect(consoleErrors, 'console errors during the test').toEqual([]);
  expect(cspViolations, 'Content-Security-Policy violations during the test').toEqual([]);
});

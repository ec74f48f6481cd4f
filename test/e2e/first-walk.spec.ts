/**
 * The rough edges a newcomer's first walk found (issue 18), each held by an assertion here or in the spec of its
 * area: quiz messages and past attempts (quiz.spec.ts), the phone discussion (discussion-browsing.spec.ts) and the
 * editor's icons (discussion.spec.ts), the plans' free price (public-site.spec.ts) and the Learning menu
 * (public-site-nav.spec.ts). axe on every screen.
 */
import type { Locator, Page } from '@playwright/test';
import { createUser, signIn } from './support/accounts';
import { expect, expectAccessible, test } from './support/fixtures';
import { type PrivateServer, startPrivateServer } from './support/public-site';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };

const boxOf = async (locator: Locator) => (await locator.boundingBox())!;
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('the signup steps fit one line on a phone', async ({ page }) => {
  for (const width of [375, 320]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/signup');
    const steps = page.getByRole('list', { name: 'Progress' }).getByRole('listitem');
    await expect(steps).toHaveCount(3);
    const tops = await Promise.all([0, 1, 2].map(async (i) => Math.round((await boxOf(steps.nth(i))).y)));
    expect(new Set(tops).size, `the three steps share one line at ${width}px`).toBe(1);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
  }
  await expectAccessible(page, 'signup at 320px');
});

test('research papers and newsletters use the width of the page', async ({ page, request }) => {
  await signIn(page, await createUser(request));
  await page.setViewportSize(DESKTOP);
  for (const [path, testId] of [['/research-papers', 'paper-card'], ['/newsletters', 'newsletter-card']] as const) {
    await page.goto(path);
    const cards = page.getByTestId(testId);
    await expect(cards.first()).toBeVisible();
    const container = await boxOf(page.locator('main .container').first());
    // The widest row: another test may have published one more paper, alone on the last row of its category.
    const boxes = await Promise.all((await cards.all()).map((card) => boxOf(card)));
    const span = Math.max(...boxes.map((b) => b.x + b.width)) - Math.min(...boxes.map((b) => b.x));
    expect(span, `${path}: the cards span the page`).toBeGreaterThan(0.85 * (container.width - 32));
    await expectAccessible(page, path);
  }
});

test('courses: cards of a row share a height, the feature cards fill their rows, thumbnails fit on a phone', async ({ page, request }) => {
  await signIn(page, await createUser(request));
  await page.setViewportSize(DESKTOP);
  await page.goto('/courses');
  const cards = page.locator('.course-grid > li');
  await expect(cards.first()).toBeVisible();
  const boxes = await Promise.all((await cards.all()).map(boxOf));
  const rows = new Map<number, number[]>();
  for (const b of boxes) rows.set(Math.round(b.y), [...(rows.get(Math.round(b.y)) ?? []), Math.round(b.height)]);
  for (const heights of rows.values()) expect(new Set(heights).size, `one height per row: ${heights}`).toBe(1);

  const categoryHeights = await Promise.all((await page.locator('.category-card').all()).map(async (c) => Math.round((await boxOf(c)).height)));
  expect(new Set(categoryHeights).size, `category cards of one height: ${categoryHeights}`).toBe(1);

  const features = await Promise.all((await page.locator('.feature-card').all()).map(boxOf));
  expect(features).toHaveLength(7);
  const list = await boxOf(page.locator('.feature-cards'));
  const featureRows = new Map<number, { x: number; width: number }[]>();
  for (const f of features) featureRows.set(Math.round(f.y), [...(featureRows.get(Math.round(f.y)) ?? []), f]);
  for (const row of featureRows.values()) {
    const right = Math.max(...row.map((f) => f.x + f.width));
    expect(right, 'every row of feature cards reaches the right edge').toBeGreaterThan(list.x + list.width - 2);
  }
  await expectAccessible(page, 'courses');

  await page.setViewportSize(PHONE);
  const thumb = page.locator('.course-card__image').first();
  await expect(thumb).toBeVisible();
  expect(await thumb.evaluate((img) => getComputedStyle(img).objectFit)).toBe('contain');
});

test('a category page on a phone shows every category tab without sideways scrolling', async ({ page, request }) => {
  await signIn(page, await createUser(request));
  await page.setViewportSize(PHONE);
  await page.goto('/courses/carbon');
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveCount(7);
  for (const tab of await tabs.all()) await expect(tab).toBeInViewport({ ratio: 1 });
  const list = page.getByRole('tablist');
  expect(await list.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await page.getByRole('tab', { name: 'Circular Economy' }).click();
  await expect(page.getByRole('tab', { name: 'Circular Economy' })).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page, 'category tabs at 375px');
});

test('the quiz question shows once, and the verdict has an icon that says what it means', async ({ page, request }) => {
  await signIn(page, await createUser(request));
  await page.goto('/quiz/sustainable-materials/set-1');
  const group = page.getByRole('main').getByRole('radiogroup');
  await expect(group).toBeVisible();
  const question = await page.locator('.quiz-question').first().innerText();
  expect(question.length).toBeGreaterThan(10);
  await expect(page.getByText(question, { exact: true })).toHaveCount(1);
  await page.locator('.quiz-option').first().click();
  await page.getByRole('button', { name: 'Submit' }).click();
  const verdict = page.getByRole('heading', { level: 2, name: /^(Correct|Incorrect)/ });
  await expect(verdict).toBeFocused();
  const icon = verdict.locator('svg.quiz-verdict__icon');
  await expect(icon).toBeVisible();
  // A tick for a right answer, a cross for a wrong one: two strokes, or one path with its check.
  const right = (await verdict.innerText()).startsWith('Correct');
  expect(await icon.locator('path').getAttribute('d')).toMatch(right ? /^M6\.5/ : /^M8 8/);
  await expectAccessible(page, 'quiz reveal');
});

test("a member with no name is 'User' everywhere: on their post and in the account menu", async ({ page, request }) => {
  const nameless = await createUser(request, { firstName: '', lastName: '' });
  const title = `Nameless ${Math.random().toString(36).slice(2, 8)}`;
  const created = await request.post('/api/discussions', {
    headers: { authorization: `Bearer ${nameless.token}` },
    data: { title, content: '<p>Who am I?</p>', category: 'quality-education', subcategory: 'school-design' },
  });
  expect(created.ok()).toBe(true);
  await signIn(page, nameless);
  await page.setViewportSize(DESKTOP);
  await page.goto('/discussion?category=quality-education&subcategory=school-design');
  const card = page.getByRole('article', { name: title, exact: true });
  await expect(card).toContainText('User');
  await expect(card).not.toContainText('Member');
  await page.getByRole('button', { name: 'Account menu for User' }).click();
  await expect(page.getByRole('menu')).toContainText('User');
  await expectAccessible(page, 'account menu of a member with no name');
});

test('a member with no name is asked for one, once, before their next post: by keyboard, then the composer opens', async ({ page, request }) => {
  const nameless = await createUser(request, { firstName: '', lastName: '' });
  await signIn(page, nameless);
  await page.setViewportSize(DESKTOP);
  await page.goto('/discussion?category=quality-education&subcategory=school-design');
  await page.getByRole('button', { name: 'Create a Post' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add your name' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('First name')).toBeFocused();
  await expectAccessible(page, 'the name dialog');
  // Escape leaves things as they were: no composer, the focus back on the button.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Create a Post' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('First name')).toBeFocused();
  await page.keyboard.type('   ');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Achebe');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText('Please enter your first and last name');
  await dialog.getByLabel('First name').fill('Chinua');
  await dialog.getByLabel('Last name').focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  // The composer opens on its title, and the name is the member's from now on: not asked again.
  await expect(page.getByRole('textbox', { name: 'Title' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Account menu for Chinua' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Create a Post' }).click();
  await expect(page.getByRole('textbox', { name: 'Title' })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expectAccessible(page, 'the composer after the name');
});

test.describe('npm run demo', () => {
  let server: PrivateServer;
  test.beforeAll(async () => {
    // Its mail goes to the run's SMTP receiver, so members sign up as everywhere else.
    server = await startPrivateServer({ env: { DEMO_COMMUNITY: 'on', SMTP_URL: process.env.E2E_SMTP_URL! } });
  });
  test.afterAll(async () => server?.dispose());

  test('loads a community a newcomer can read: demo posts listed, marked as demo, with their threads', async ({ page }) => {
    const member = await createUser(page.request, {}, server.url);
    await signIn(page, member, server.url);
    await page.goto(`${server.url}/discussion`);
    const posts = page.locator('article.discussion-card');
    await expect(posts.first()).toBeVisible();
    expect(await posts.count()).toBeGreaterThanOrEqual(5);
    await expect(posts.first()).toContainText('(demo)');
    await expectAccessible(page, 'demo community');
  });
});

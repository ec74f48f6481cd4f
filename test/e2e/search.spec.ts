/**
 * Search end to end (issue 14): a member finds a lesson by a phrase from its body, by keyboard alone from the nav box;
 * the results page (query in the URL, type filters with counts, highlighted snippets, a PDF hit that opens the
 * document at its page, 'Load more', 'Did you mean', the empty state, the back button); a visitor is offered only
 * what a visitor may open. axe on every screen.
 */
import { createUser, signIn } from './support/accounts';
import { expect, expectAccessible, test } from './support/fixtures';
import { skipToContent, tabTo } from './support/keyboard';

const LESSON = 'Refrigerant leakage';
/** Words only the body of that lesson holds. */
const PHRASE = 'monitored leak detection regime';

test('a member finds a lesson by a phrase from its body, by keyboard alone from the nav box', async ({ page, request }) => {
  const user = await createUser(request, { firstName: 'Sage', lastName: 'Searcher' });
  await signIn(page, user);
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search SustainLearn' });
  await tabTo(page, box);
  await page.keyboard.type(PHRASE);
  const lessons = page.getByRole('group', { name: 'Lessons' });
  await expect(lessons.getByRole('option').first()).toContainText(LESSON);
  // The snippet marks the words that matched.
  await expect(lessons.getByRole('option').first().locator('mark').first()).toBeVisible();
  await expect(page.getByRole('option', { name: /^See all \d+ results?$/ })).toBeVisible();
  // The number of results is said politely once they are in.
  await expect(page.locator('.search [aria-live="polite"]')).toHaveText(/^\d+ results?$/);
  await expectAccessible(page, 'nav search with content hits');

  // Arrow down past the (no) sections to the lesson, and open it.
  for (let i = 0; i < 10; i++) {
    const activeId = await box.getAttribute('aria-activedescendant');
    if (activeId && (await page.locator(`[id="${activeId}"]`).innerText()).startsWith(LESSON)) break;
    await page.keyboard.press('ArrowDown');
  }
  await expect(page.locator(`[id="${await box.getAttribute('aria-activedescendant')}"]`)).toContainText(LESSON);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/courses\/view\/[^/]+\/lessons\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: LESSON })).toBeVisible();
  await expect(page.getByText(PHRASE)).toBeVisible();
  await expect(box).toHaveValue('');
  await expectAccessible(page, 'the lesson found');
});

test('the results page: filters with counts, a PDF at its page, Load more, Did you mean, the empty state and the back button', async ({ page, request }) => {
  const user = await createUser(request, { firstName: 'Rhea', lastName: 'Results' });
  await signIn(page, user);
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search SustainLearn' });
  await tabTo(page, box);
  await page.keyboard.type('carbon');
  await expect(page.getByRole('option', { name: /^See all \d+ results$/ })).toBeVisible();
  // Enter on the query itself opens every result.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=carbon$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Search results for “carbon”' })).toBeVisible();
  const filters = page.getByRole('navigation', { name: 'Filter by type' });
  const all = filters.getByRole('link', { name: /^All \d+$/ });
  await expect(all).toHaveAttribute('aria-current', 'page');
  const total = Number((await all.innerText()).replace(/\D/g, ''));
  expect(total).toBeGreaterThan(20);
  await expect(page.getByRole('heading', { level: 2, name: `${total} results` })).toBeVisible();
  const hits = page.locator('.search-hit');
  await expect(hits).toHaveCount(20);
  await expect(hits.first().locator('mark').first()).toHaveText(/carbon/i);
  await expectAccessible(page, 'search results');

  // 'Load more' adds the next page and keeps the keyboard where the new hits start.
  await tabTo(page, page.getByRole('button', { name: 'Load more' }));
  await page.keyboard.press('Enter');
  await expect(hits).toHaveCount(Math.min(total, 40));
  await expect(page.locator('.search-hit__title a').nth(20)).toBeFocused();

  // A type filter: the count it shows is the count of hits it gives.
  const lessonsFilter = filters.getByRole('link', { name: /^Lessons \d+$/ });
  const lessonCount = Number((await lessonsFilter.innerText()).replace(/\D/g, ''));
  await lessonsFilter.click();
  await expect(page).toHaveURL(/\/search\?q=carbon&type=lesson$/);
  await expect(page.getByRole('heading', { level: 2, name: `${lessonCount} result${lessonCount === 1 ? '' : 's'} in Lessons` })).toBeVisible();
  await expect(page.locator('.search-hit__type').first()).toHaveText('Lessons');
  await expect(filters.getByRole('link', { name: /^Lessons \d+$/ })).toHaveAttribute('aria-current', 'page');
  // The back button brings the unfiltered search back.
  await page.goBack();
  await expect(page).toHaveURL(/\/search\?q=carbon$/);
  await expect(all).toHaveAttribute('aria-current', 'page');

  // A word found only inside an ebook's PDF: the hit opens the document at its page, in a new tab.
  await page.goto('/search?q=boardroom');
  const pdfLink = page.locator('.search-hit__title a');
  await expect(pdfLink).toHaveCount(1);
  await expect(page.locator('.search-hit__type')).toHaveText(/^eBooks · page \d+$/);
  const pageNumber = (await page.locator('.search-hit__type').innerText()).replace(/\D/g, '');
  await expect(pdfLink).toHaveAttribute('href', new RegExp(`^/files/.+\\.pdf#page=${pageNumber}$`));
  await expect(pdfLink).toHaveAttribute('target', '_blank');
  await expect(pdfLink).toHaveAccessibleName(new RegExp(`\\(PDF, page ${pageNumber}, opens in a new tab\\)$`));
  // A library document is for members (issue 41 item 3): asked for with the member's session.
  const pdf = await request.get((await pdfLink.getAttribute('href'))!.split('#')[0]!, { headers: { authorization: `Bearer ${user.token}` } });
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  await expectAccessible(page, 'a PDF hit');

  // A misspelling: 'Did you mean' leads to a search that finds.
  await page.goto('/search?q=retroffit');
  await expect(page.getByRole('heading', { level: 2, name: 'No results found' })).toBeVisible();
  const meant = page.getByRole('link', { name: /^retrofits?$/ });
  await expect(page.getByText(/^Did you mean/)).toBeVisible();
  await expectAccessible(page, 'did you mean');
  await meant.click();
  await expect(page).toHaveURL(/\/search\?q=retrofits?$/);
  await expect(page.locator('.search-hit').first()).toBeVisible();

  // Nothing at all: the empty state suggests the sections.
  await page.goto('/search?q=zzqxv');
  await expect(page.getByRole('heading', { level: 2, name: 'No results found' })).toBeVisible();
  await expect(page.getByText('Did you mean')).toHaveCount(0);
  await expect(page.locator('.search-page__sections').getByRole('link')).toHaveCount(8);
  await page.locator('.search-page__sections').getByRole('link', { name: 'Case Studies' }).click();
  await expect(page).toHaveURL(/\/case-studies$/);
});

test('a visitor is offered only what a visitor may open, and a new search from the results page by keyboard', async ({ page }) => {
  await page.goto('/search?q=embodied%20carbon');
  await expect(page.getByRole('heading', { level: 1, name: 'Search results for “embodied carbon”' })).toBeVisible();
  await expect(page.locator('.search-hit').first()).toBeVisible();
  const types = new Set(await page.locator('.search-hit__type').allTextContents());
  expect([...types].every((t) => ['Articles', 'Courses', 'About SustainLearn'].includes(t)), [...types].join(', ')).toBe(true);
  await expect(page.getByRole('navigation', { name: 'Filter by type' }).getByRole('link', { name: /^(Lessons|Discussions|eBooks)/ })).toHaveCount(0);
  await expectAccessible(page, 'visitor results');

  await skipToContent(page);
  const field = page.getByRole('searchbox', { name: 'Search articles, courses, lessons, the library and the community' });
  await tabTo(page, field);
  await expect(field).toHaveValue('embodied carbon');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('passivhaus');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=passivhaus$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Search results for “passivhaus”' })).toBeVisible();
  await expect(page.locator('.search-hit').first()).toBeVisible();
});

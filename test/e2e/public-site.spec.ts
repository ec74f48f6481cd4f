/**
 * The public site end to end, home and articles: the banner, the slider (by keyboard, autoplay, reduced motion), the
 * latest articles, the plans, the FAQ and the feedback form's checks; the articles list, its tabs and an article page.
 * The navigation bar is in public-site-nav.spec.ts, the footer and the other public pages in
 * public-site-pages.spec.ts, the empty and error states on a server of their own in public-site-empty-and-errors.spec.ts.
 * axe runs on every screen.
 */
import { expect, expectAccessible, test } from './support/fixtures';
import { DESKTOP, MOBILE } from './support/public-site';

const FEATURED_TITLE = "Embodied Carbon: The Hidden Half of a Building's Footprint";

test.describe('home', () => {
  test('shows the banner, the slider, 6 latest articles with teasers, why choose us, the plans and the FAQ', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    await expect(page).toHaveTitle('SustainLearn');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByTestId('sales-banner')).toContainText('In beta: every course, workshop and library document is free to members.');

    const slider = page.getByRole('region', { name: 'Highlights' });
    const current = slider.locator('.slick-slide.slick-active');
    await expect(current.getByRole('heading', { name: 'Design for whole-life carbon' })).toBeVisible();
    await expect(current.locator('.slide__description strong')).toHaveText('embodied carbon');
    await expect(current.getByText('@SustainLearn editorial team')).toBeVisible();
    await expect(slider.getByRole('button', { name: /^Show slide \d of 3$/ })).toHaveCount(3);

    const latest = page.getByRole('region', { name: 'Latest articles' });
    const cards = latest.getByRole('listitem');
    await expect(cards).toHaveCount(6);
    // Other tests publish articles on this shared server, some short: a teaser is cut (and ends '...') only when the
    // text is longer than 100 characters. The seeded articles are all longer, so some teaser is cut.
    const teasers = await latest.locator('.article-teaser__text').allTextContents();
    for (const teaser of teasers) {
      expect(teaser.length).toBeLessThanOrEqual(teaser.endsWith('...') ? 103 : 100);
      expect(teaser, 'no space before punctuation where an inline tag was').not.toMatch(/\s[,.;:]/);
    }
    expect(teasers.filter((teaser) => teaser.endsWith('...')).length).toBeGreaterThan(0);
    await expect(latest.getByRole('link', { name: /^Read Here/ })).toHaveCount(6);

    await expect(page.getByRole('heading', { name: 'Why choose us' })).toBeVisible();
    const plans = page.getByRole('region', { name: 'Choose your plan' });
    // Basic reads as free, not as the spec table's "00 per month".
    const basic = plans.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Basic' }) });
    await expect(basic.locator('.plan__price')).toHaveText('Free');
    await expect(basic).not.toContainText('00 per month');
    // Prices carry their currency, as course prices do (issue 41 item 1).
    await expect(plans.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Growth' }) })).toContainText('$1,000 per month');
    await expect(plans.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Vision' }) })).toContainText('$1,500 per month');
    await expect(plans.getByText('or $10,000 yearly')).toBeVisible();
    await expect(plans.getByText('or $15,000 yearly')).toBeVisible();
    await expect(plans).not.toContainText(/leaderboard|read-only/i);
    await expect(plans.getByText(/every member has all of this free, and nothing is sold yet/)).toBeVisible();
    // Enroll says what it will do instead of nothing: a dialog, closed by Escape, focus back on the button.
    const urlBefore = page.url();
    const enroll = plans.getByRole('button', { name: /^Enroll in the Growth plan/ });
    await enroll.focus();
    await page.keyboard.press('Enter');
    const soon = page.getByRole('dialog', { name: 'Plans open soon' });
    await expect(soon).toContainText('Every course is free to members while we are in beta.');
    await expect(soon.getByRole('link', { name: 'Create a free account' })).toHaveAttribute('href', '/signup');
    await expectAccessible(page, 'plans open soon');
    await page.keyboard.press('Escape');
    await expect(soon).toHaveCount(0);
    await expect(enroll).toBeFocused();
    expect(page.url()).toBe(urlBefore);

    const faq = page.getByRole('region', { name: 'Frequently asked questions' });
    const first = faq.getByRole('button', { name: 'Who is SustainLearn for?' });
    const second = faq.getByRole('button', { name: 'Are the courses self-paced?' });
    await expect(faq.getByRole('button')).toHaveCount(9);
    // Closed answers stay in the page, hidden until found, so the browser's find-in-page opens them (ADR 108).
    await expect(faq.locator('[hidden="until-found"]')).toHaveCount(9);
    await expect(faq.getByText(/^Yes\. There are no fixed start dates/)).toBeHidden();
    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(faq.getByText(/^Architects, interior designers, urban planners/)).toBeVisible();
    await second.focus();
    await page.keyboard.press('Enter');
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expectAccessible(page, 'home');

    await latest.getByRole('link', { name: /^Read Here/ }).first().click();
    await expect(page).toHaveURL(/\/articles\/[0-9a-f-]{36}$/);
  });

  test('the slider works by keyboard: next, previous, wrap-around, dots and pause', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    const slider = page.getByRole('region', { name: 'Highlights' });
    const activeTitle = slider.locator('.slick-slide.slick-active .slide__title');
    await expect(activeTitle).toHaveText('Design for whole-life carbon');
    const pause = slider.getByRole('button', { name: 'Pause slideshow' });
    await pause.focus();
    await page.keyboard.press('Enter');
    await expect(slider.getByRole('button', { name: 'Play slideshow' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(slider.getByRole('button', { name: 'Previous slide' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(activeTitle).toHaveText('Bring nature back into the city');
    await expect(slider.getByRole('button', { name: 'Show slide 3 of 3' })).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('Tab');
    await expect(slider.getByRole('button', { name: 'Next slide' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(activeTitle).toHaveText('Design for whole-life carbon');
    await page.keyboard.press('Enter');
    await expect(activeTitle).toHaveText('Passive first, then efficient systems');
    await slider.getByRole('button', { name: 'Show slide 3 of 3' }).press('Enter');
    await expect(activeTitle).toHaveText('Bring nature back into the city');
    await expectAccessible(page, 'slider after keyboard use');
    await page.waitForTimeout(3600);
    await expect(activeTitle).toHaveText('Bring nature back into the city');
  });

  test('the slider autoplays every 3 s and pauses while hovered', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    const slider = page.getByRole('region', { name: 'Highlights' });
    const activeTitle = slider.locator('.slick-slide.slick-active .slide__title');
    await expect(activeTitle).toHaveText('Design for whole-life carbon');
    await expect(activeTitle).toHaveText('Passive first, then efficient systems', { timeout: 5000 });
    // The dot of the slide shown says so as the slider moves by itself, not only when a dot or arrow is pressed.
    await expect(slider.getByRole('button', { name: 'Show slide 2 of 3' })).toHaveAttribute('aria-current', 'true');
    await expect(slider.getByRole('button', { name: 'Show slide 1 of 3' })).not.toHaveAttribute('aria-current', /.*/);
    await slider.locator('.slick-list').hover();
    await page.waitForTimeout(4000);
    await expect(activeTitle).toHaveText('Passive first, then efficient systems');
    await page.mouse.move(5, 5);
    await expect(activeTitle).toHaveText('Bring nature back into the city', { timeout: 5000 });
  });

  test('the slider does not autoplay when the visitor prefers reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    const slider = page.getByRole('region', { name: 'Highlights' });
    await expect(slider.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    await page.waitForTimeout(4000);
    await expect(slider.locator('.slick-slide.slick-active .slide__title')).toHaveText('Design for whole-life carbon');
  });

  test('the feedback form needs all four fields', async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Tell us what you think' });
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
    await form.getByRole('textbox', { name: 'Name' }).fill('Kim');
    await form.getByRole('textbox', { name: 'Email' }).fill('not an email');
    await form.getByRole('textbox', { name: 'Mobile' }).fill('0123');
    await form.getByRole('textbox', { name: 'Feedback' }).fill('Hello');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Form submitted successfully!')).toHaveCount(0);
    await expectAccessible(page, 'feedback form with errors');
  });
});

test.describe('articles', () => {
  test('the featured hero, the category tabs by keyboard, the cards and an article page', async ({ page, request }) => {
    await page.setViewportSize(DESKTOP);
    // As many cards as Carbon has articles: the authoring test may have published one more on this server.
    const carbon = ((await (await request.get('/api/articles/category/carbon')).json()) as { articles: unknown[] }).articles.length;
    expect(carbon).toBeGreaterThanOrEqual(4);
    await page.goto('/articles');
    await expect(page).toHaveTitle('Articles | SustainLearn');
    const hero = page.getByRole('region', { name: FEATURED_TITLE });
    await expect(hero.locator('.featured__label')).toHaveText('Featured article in Carbon');
    await expect(hero).toContainText('By SustainLearn editorial team');
    await expect(hero).toContainText(/\d+ min read/);
    await expect(hero.getByRole('link', { name: /^Read Here/ })).toBeVisible();

    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveText(['Carbon', 'Energy', 'Conservation', 'Green Building', 'Biodiversity', 'SDGs', 'Circular Economy']);
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('listitem')).toHaveCount(carbon);
    await expect(panel.getByText('Article', { exact: true })).toHaveCount(carbon);
    await expectAccessible(page, 'articles');

    await tabs.first().focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'SDGs' })).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/\/articles\?category=sustainable-development-goals$/);
    await expect(panel.getByRole('heading', { name: 'SDG 11 in Practice', exact: false })).toBeVisible();
    await panel.getByRole('link', { name: /^Read Here/ }).first().click();

    await expect(page).toHaveURL(/\/articles\/[0-9a-f-]{36}$/);
    const h1 = page.getByRole('heading', { level: 1 });
    await expect(h1).toHaveCount(1);
    const title = await h1.textContent();
    await expect(page).toHaveTitle(`${title} | SustainLearn`);
    await expect(page.getByRole('img', { name: 'SDGs illustration' })).toBeVisible();
    await expect(page.locator('.prose h2').first()).toBeVisible();
    await expect(page.locator('.prose li').first()).toBeVisible();
    await expect(page.locator('.article-page__meta')).toContainText(/By .+ min read.+\d{4}/);
    await expectAccessible(page, 'article page');

    await page.goBack();
    await expect(page.getByRole('tab', { name: 'SDGs' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('link', { name: /^Read Here/ }).first().click();
    await expect(page).toHaveURL(/\/articles\/[0-9a-f-]{36}$/);
  });

  test("an unknown article shows 'Article not found'", async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await page.goto('/articles/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { level: 1, name: 'Article not found' })).toBeVisible();
    await expect(page).toHaveTitle('Article not found | SustainLearn');
    await expectAccessible(page, 'article not found');
    await page.getByRole('link', { name: 'Browse the articles' }).click();
    await expect(page).toHaveURL(/\/articles$/);
  });
});

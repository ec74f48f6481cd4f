/**
 * Issue 36 item 7: the staff analytics page, with axe on every screen and by keyboard: its five charts (each an image
 * named by its sentence) with their data tables, the range chosen by link, and the same page without JavaScript.
 */
import { makeFigures, NOTHING_FOUND } from './support/analytics';
import { expect, expectAccessible, test } from './support/fixtures';
import { tabTo } from './support/keyboard';
import { signInAsStaff } from './support/staff';
import { screenFindings } from './support/wcag';

const CHARTS = ['Page views per day, by section', 'Top searches', 'Courses, from enrolment to certificate', 'Quiz scores by topic', 'Community activity per week'];

test('the analytics page shows its charts and tables', async ({ page, request }) => {
  await makeFigures(request, { firstName: 'Ana', lastName: 'Lytics' });
  await signInAsStaff(page, 'moderator');
  await page.goto('/staff/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  for (const title of CHARTS) await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  // Every chart is an image named by its sentence, and that sentence is shown under it.
  const images = page.locator('.analytics-figure svg[role="img"]');
  await expect(images).toHaveCount(5);
  const summaries = await page.locator('.analytics-summary').allTextContents();
  for (const [i, summary] of summaries.entries()) await expect(images.nth(i)).toHaveAttribute('aria-label', summary);
  expect(summaries[1]).toMatch(/The most searched for was "embodied carbon", [2-9]\d* times\./);
  await expect(page.getByRole('table', { name: 'Top searches' }).getByRole('row', { name: /embodied carbon/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Searches that found nothing' })).toContainText(NOTHING_FOUND);
  await expect(page.getByRole('table', { name: 'Community activity per week' }).getByRole('columnheader', { name: 'Active members' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Page views per day, by section' }).getByRole('row')).toHaveCount(31);
  await expect(page.getByRole('link', { name: 'Last 30 days' })).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page, 'analytics, 30 days');

  // By keyboard: the range, then the tall table's region (it scrolls, so the keyboard can reach it).
  await tabTo(page, page.getByRole('link', { name: 'Last 7 days' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/staff\/analytics\?days=7$/);
  await expect(page.getByRole('link', { name: 'Last 7 days' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('table', { name: 'Page views per day, by section' }).getByRole('row')).toHaveCount(8);
  await tabTo(page, page.getByRole('region', { name: 'Table: Page views per day, by section' }));
  await expect(page.getByRole('region', { name: 'Table: Page views per day, by section' })).toBeFocused();
  await expectAccessible(page, 'analytics, 7 days');
});

test('the analytics page works without JavaScript, and only for staff', async ({ browser, baseURL, page }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const quiet = await context.newPage();
  await signInAsStaff(quiet, 'editor', baseURL);
  await quiet.goto('/staff/analytics?days=90');
  await expect(quiet.locator('.analytics-figure svg[role="img"]')).toHaveCount(5);
  await expect(quiet.getByRole('link', { name: 'Last 90 days' })).toHaveAttribute('aria-current', 'page');
  await expect(quiet.getByRole('table', { name: 'Page views per day, by section' }).getByRole('row')).toHaveCount(91);
  await quiet.getByRole('link', { name: 'Last 7 days' }).click();
  await expect(quiet).toHaveURL(/days=7$/);
  await expect(quiet.getByRole('table', { name: 'Page views per day, by section' }).getByRole('row')).toHaveCount(8);
  await context.close();

  // A member who is not staff reads that the page is not for them, and no figures.
  const member = await makeFigures(page.request, { firstName: 'Not', lastName: 'Staff' });
  await page.context().addCookies([{ name: 'token', value: member.token, url: baseURL!, sameSite: 'Strict' }]);
  await page.goto('/staff/analytics');
  await expect(page.getByText('This page is for SustainLearn staff only.')).toBeVisible();
  await expect(page.locator('.analytics-figure')).toHaveCount(0);
  await expectAccessible(page, 'analytics refused to a member');
});

test('the analytics page at 1280, 375 and 320 px: focus, targets, text spacing, reflow, reduced motion, forced colours', async ({ page, request }) => {
  await makeFigures(request, { firstName: 'Wide', lastName: 'Narrow' });
  await signInAsStaff(page, 'admin');
  const findings: string[] = [];
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ reducedMotion: 'reduce', forcedColors: 'none' });
    await page.goto('/staff/analytics?days=90');
    await expect(page.locator('.analytics-figure svg[role="img"]')).toHaveCount(5);
    findings.push(...await screenFindings(page, '/staff/analytics', width, { motion: true }));
  }
  expect(findings).toEqual([]);
});

/**
 * Screenshots named by issue 41: the home page in the dark theme (item 11, ADR 165) at 1280 and 375 px, the courses
 * list filtered by the address (item 4) at both widths, and a case study read in the document viewer on a phone
 * (item 10).
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { createUser, signIn } from '../e2e/support/accounts';
import { expect, test } from '../e2e/support/fixtures';

const OUT = join(process.cwd(), 'docs', 'screenshots');
const WIDTHS = [{ width: 1280, height: 900 }, { width: 375, height: 812 }];

async function shoot(page: Page, name: string) {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(OUT, `${name}-${size.width}.png`), fullPage: true });
  }
}

test('home in the dark theme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
  await page.setViewportSize(WIDTHS[0]!);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('main .spinner')).toHaveCount(0);
  await shoot(page, 'home-dark');
});

test('courses filtered by access and level, and a case study on a phone', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signIn(page, await createUser(request, { firstName: 'Imani', lastName: 'Okoro' }));
  await page.setViewportSize(WIDTHS[0]!);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/courses?access=free&level=beginner');
  await expect(page.getByRole('radiogroup', { name: 'Level' }).getByRole('radio', { name: 'Beginner' })).toBeChecked();
  await expect(page.locator('main .spinner')).toHaveCount(0);
  await shoot(page, 'courses-filtered');

  // The case study read in the document viewer: on a phone (the point) and, for comparison, at 1280 px.
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.goto('/case-studies');
    const card = page.getByTestId('case-study-card').first();
    const title = await card.getByRole('heading').textContent();
    await card.getByRole('button', { name: 'Read Here' }).click();
    const dialog = page.getByRole('dialog', { name: title! });
    if (size.width < 600) {
      // On a phone, pdf.js draws the pages (fit to width, with zoom): every page drawn, the viewer's spinner is gone.
      await expect(dialog.locator('canvas[data-page="1"]')).toBeVisible({ timeout: 30_000 });
      await expect(dialog.locator('.spinner')).toHaveCount(0, { timeout: 30_000 });
      await page.waitForTimeout(300);
    } else {
      // On a wide screen the browser's own PDF viewer shows it, in a frame.
      await expect(dialog.locator('iframe')).toBeVisible();
      await page.waitForTimeout(1500);
    }
    await page.screenshot({ path: join(OUT, `case-study-phone-${size.width}.png`) });
  }
});

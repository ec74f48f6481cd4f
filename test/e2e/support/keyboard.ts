/** Moving as a keyboard user does: Tab until an element has the focus, and the skip link to the content. */
import { expect, type Locator, type Page } from '@playwright/test';

/** Presses Tab (at most `limit` times) until `target` has the focus (or holds it). */
export async function tabTo(page: Page, target: Locator, limit = 120) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

/** From the top of a freshly loaded page: Tab to 'Skip to content' and follow it. */
export async function skipToContent(page: Page) {
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
}

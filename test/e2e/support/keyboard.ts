/** Moving as a keyboard user does: Tab until an element has the focus, and the skip link to the content. */
import { type ElementHandle, expect, type FileChooser, type Locator, type Page } from '@playwright/test';

/**
 * Presses Tab (at most `limit` times) until `target` has the focus (or holds it). The locator is resolved once and
 * again only when its element leaves the page (a re-render): resolving a role locator names every control of the page,
 * which cost more than the Tab itself on a long thread (ADR 154).
 */
export async function tabTo(page: Page, target: Locator, limit = 120, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  let element: ElementHandle | null = null;
  for (let i = 0; i < limit; i++) {
    let holds: boolean | null = null;
    if (element) holds = await element.evaluate((el) => (el.isConnected ? el === document.activeElement || el.contains(document.activeElement) : null));
    if (holds === null) {
      await element?.dispose();
      element = await target.elementHandle();
      holds = await element.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));
    }
    if (holds) {
      await element?.dispose();
      return;
    }
    await page.keyboard.press(key);
  }
  await element?.dispose();
  throw new Error(`${key} never reached ${target}`);
}

/** As tabTo, backwards: up the form, as a keyboard user goes back to a field. */
export const shiftTabTo = (page: Page, target: Locator, limit = 120) => tabTo(page, target, limit, 'Shift+Tab');

/** From the top of a freshly loaded page: Tab to 'Skip to content' and follow it. */
export async function skipToContent(page: Page) {
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
}

/**
 * Tabs to a field and writes `text` over what it holds, as a keyboard user does (select all, then type): typed key by
 * key when short, inserted in one input event when long (as a paste or dictation would be), which costs the run one
 * event instead of a key press and a re-render of the whole form per character (issue 40 item 11).
 */
export async function typeOver(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+A');
  if (text.length <= 30) await page.keyboard.type(text);
  else await page.keyboard.insertText(text);
}

/**
 * Presses Enter on the focused button that opens the file chooser, and gives back the chooser. Playwright asks the
 * browser to hand it file choosers when the first listener is added, in a message it does not wait for; the round
 * trip to the page before the key press makes sure that message went first, or the chooser opens unseen and the test
 * waits out its time (seen once a run is fast enough, ADR 182).
 */
export async function chooserFromEnter(page: Page): Promise<FileChooser> {
  const chooser = page.waitForEvent('filechooser');
  await page.evaluate(() => undefined);
  await page.keyboard.press('Enter');
  return chooser;
}

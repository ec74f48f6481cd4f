/**
 * What a slow wait shows: the answers to a URL held back (the network, which is outside the product), and the time
 * from a press to the moment something appears, by the page's own clock.
 */
import type { Page } from '@playwright/test';

/** Holds back every answer to `url` (a glob) by `ms`. */
export async function slowDown(page: Page, url: string, ms = 1500): Promise<void> {
  await page.route(url, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.fallback();
  });
}

interface Watch {
  pressedAt?: number;
  appearedAt?: number;
  watch?: MutationObserver;
}

/**
 * From the next press (pointer or key), the page notes when `selector` first matches. The function returned gives
 * how long after the press that was (ms).
 */
export async function timeToAppear(page: Page, selector: string): Promise<() => Promise<number>> {
  await page.evaluate((sel) => {
    const w = window as unknown as { __slow?: Watch };
    w.__slow?.watch?.disconnect();
    const slow: Watch = {};
    w.__slow = slow;
    const press = () => {
      slow.pressedAt ??= performance.now();
    };
    document.addEventListener('pointerdown', press, { capture: true });
    document.addEventListener('keydown', press, { capture: true });
    slow.watch = new MutationObserver(() => {
      if (slow.pressedAt !== undefined && document.querySelector(sel)) slow.appearedAt ??= performance.now();
    });
    slow.watch.observe(document.body, { childList: true, subtree: true });
  }, selector);
  return () =>
    page.evaluate(() => {
      const slow = (window as unknown as { __slow: Watch }).__slow;
      return slow.appearedAt! - slow.pressedAt!;
    });
}

/** Moving as a keyboard user does: Tab until an element has the focus, and the skip link to the content. */
import { type ElementHandle, expect, type FileChooser, type Locator, type Page } from '@playwright/test';

/**
 * Where the focus stands against `target` (run in the page): `holds` when the target has the focus or holds it (null
 * when the element has left the page), and `ahead`, the Tab stops the browser will pass through to reach it, counted
 * from the page's tabbable elements in tree order. `ahead` is 0 when it cannot be told for sure (no focus yet, a modal
 * trapping Tab, radios, frames, a positive tabindex, a target that is no stop): the walk then goes one key at a time.
 */
function tabPlan(target: Element, forward: boolean): { holds: boolean | null; ahead: number } {
  if (!target.isConnected) return { holds: null, ahead: 0 };
  const active = document.activeElement;
  if (active && (target === active || target.contains(active))) return { holds: true, ahead: 0 };
  const unknown = { holds: false, ahead: 0 };
  if (!active || active === document.body || document.querySelector('[aria-modal="true"], [data-radix-focus-guard], iframe')) return unknown;
  const candidates = document.querySelectorAll<HTMLElement>(
    'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex], [contenteditable]:not([contenteditable="false"])',
  );
  const stops: HTMLElement[] = [];
  for (const el of candidates) {
    if (el.tabIndex < 0 || el.matches(':disabled') || el.closest('[inert]') || !el.checkVisibility({ visibilityProperty: true })) continue;
    if (el.tabIndex > 0 || (el instanceof HTMLInputElement && el.type === 'radio')) return unknown;
    stops.push(el);
  }
  if (!forward) stops.reverse();
  // The first stop past the focus in the walk's direction (the focused element itself may be no stop: a heading or
  // main given the focus by the page).
  const past = forward ? Node.DOCUMENT_POSITION_FOLLOWING : Node.DOCUMENT_POSITION_PRECEDING;
  const next = stops.findIndex((el) => el !== active && !active.contains(el) && (active.compareDocumentPosition(el) & past) !== 0);
  const at = stops.findIndex((el) => el === target || target.contains(el));
  if (next < 0 || at < next) return unknown;
  return { holds: false, ahead: at - next + 1 };
}

/**
 * Presses Tab (at most `limit` times) until `target` has the focus (or holds it), as a keyboard user does. Every press
 * is a real key press; the page is asked where the focus stands only near the target: the stops before it are counted
 * in the page, and all but the last are pressed without a look in between (a look cost about a third of each step,
 * issue 40 item 11). The count is checked when the presses are done, and a walk that went past the target comes back
 * one key at a time. The locator is resolved once and again only when its element leaves the page (a re-render):
 * resolving a role locator names every control of the page, which cost more than the Tab itself on a long thread
 * (ADR 154).
 */
export async function tabTo(page: Page, target: Locator, limit = 120, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  let element: ElementHandle | null = null;
  const planOf = async (forward: boolean) => {
    const plan = element ? await element.evaluate(tabPlan, forward) : null;
    if (plan && plan.holds !== null) return plan;
    await element?.dispose();
    element = await target.elementHandle();
    return element.evaluate(tabPlan, forward);
  };
  let forward = key === 'Tab';
  let counted = false;
  let turned = false;
  let reached = false;
  for (let pressed = 0; pressed <= limit; ) {
    const plan = await planOf(forward);
    if (plan.holds) {
      reached = true;
      break;
    }
    if (pressed === limit) break;
    if (plan.ahead > 1) {
      const blind = Math.min(plan.ahead - 1, limit - pressed);
      for (let i = 0; i < blind; i++) await page.keyboard.press(forward ? 'Tab' : 'Shift+Tab');
      pressed += blind;
      counted = true;
      continue;
    }
    // Counted presses that went past the target (the page changed under them): back, one key at a time.
    if (plan.ahead === 0 && counted && !turned && (await planOf(!forward)).ahead > 0) {
      forward = !forward;
      turned = true;
    }
    await page.keyboard.press(forward ? 'Tab' : 'Shift+Tab');
    pressed += 1;
  }
  await (element as ElementHandle | null)?.dispose();
  if (!reached) throw new Error(`${key} never reached ${target}`);
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

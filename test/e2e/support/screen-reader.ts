/**
 * A virtual screen reader in the e2e browser (@guidepup/virtual-screen-reader): it walks the accessibility tree as a
 * screen reader does, and records what it would say when the focus moves and when a live region changes. Journeys are
 * driven with the real keyboard; the test then reads the spoken phrases and checks them in order.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type BrowserContext, expect, type Page } from '@playwright/test';

const require = createRequire(import.meta.url);

/** The library's browser build as a classic script that starts reading the page once it has a body. */
function initScript(): string {
  const bundle = readFileSync(require.resolve('@guidepup/virtual-screen-reader/browser.js'), 'utf8');
  // The module ends with `export{a as Virtual,b as virtual}` (then licence comments): keep what comes before it.
  const at = bundle.lastIndexOf('export{');
  const end = bundle.indexOf('}', at);
  if (at < 0 || end < 0) throw new Error('the virtual screen reader bundle has changed shape');
  const local = bundle.slice(at + 'export{'.length, end).split(',').map((e) => e.trim().split(/\s+as\s+/)).find(([, name]) => name === 'virtual')?.[0];
  if (!local) throw new Error('the virtual screen reader bundle exports no `virtual`');
  const body = bundle.slice(0, at);
  return `(() => {
${body}
const reader = ${local};
window.__screenReader = reader;
const start = () => reader.start({ container: document.body });
if (document.body) start(); else document.addEventListener('DOMContentLoaded', start, { once: true });
})();`;
}

let script: string | undefined;

/** Every page of the context gets a screen reader listening from its first paint (also after a full reload). */
export async function withScreenReader(context: BrowserContext): Promise<void> {
  script ??= initScript();
  await context.addInitScript({ content: script });
}

type Reader = { spokenPhraseLog(): Promise<string[]>; clearSpokenPhraseLog(): Promise<void> };

/** What the screen reader has said on this page so far. */
export async function spoken(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __screenReader: Reader }).__screenReader.spokenPhraseLog());
}

export async function forget(page: Page): Promise<void> {
  await page.evaluate(() => (window as unknown as { __screenReader: Reader }).__screenReader.clearSpokenPhraseLog());
}

/**
 * Waits until the phrases said so far contain every expected one, in this order (others may come between), and
 * answers the log. A string must be a whole phrase or a part of one; a RegExp must match one.
 */
export async function expectSpoken(page: Page, expected: (string | RegExp)[], label: string): Promise<string[]> {
  let log: string[] = [];
  const missing = () => {
    let at = 0;
    for (const want of expected) {
      const found = log.findIndex((phrase, i) => i >= at && (typeof want === 'string' ? phrase.includes(want) : want.test(phrase)));
      if (found < 0) return want;
      at = found + 1;
    }
    return null;
  };
  await expect
    .poll(async () => {
      log = await spoken(page);
      return missing();
    }, { message: `${label}: what the screen reader said`, timeout: 10_000 })
    .toBeNull()
    .catch((error: Error) => {
      throw new Error(`${label}: never heard ${String(missing())}, in order, among:\n  ${log.join('\n  ')}\n${error.message}`);
    });
  return log;
}

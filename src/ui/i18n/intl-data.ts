/**
 * The browser loads its ICU data on the first use of Intl: one task of 15–40 ms on this machine, four times that at
 * Lighthouse's CPU, which nothing can cut in parts. A page that uses Intl as it renders (the discussion page's topic
 * selects collate and list their options) loads it here first, in a task of its own, rather than inside a slice of
 * its hydration (ADR 115). Pages that do not use Intl as they load never pay for it.
 */
export async function loadIntlData(): Promise<void> {
  await new Promise<void>((resolve) => setTimeout(resolve, 0));
  try {
    new Intl.Collator('en-US');
  } catch {
    // No Intl: React Aria's own fallbacks apply.
  }
}

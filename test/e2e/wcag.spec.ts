/**
 * WCAG 2.2 AA beyond what axe can see (issue 17), on every route of the route table at 1280 px and 375 px: focus
 * visible and not obscured, target size, reflow at 320 px, text spacing, reduced motion and forced colours (a route
 * with a forced-colours finding keeps its screenshot with the test's results). Each failing element is reported by
 * selector; zero must remain.
 */
import { createUser, signIn } from './support/accounts';
import { expect, test } from './support/fixtures';
import { routeWalker, settle, stops } from './support/route-stops';
import { screenFindings } from './support/wcag';

const WIDTHS = [1280, 375] as const;
/**
 * The routes are visited in this many tests per width, each with its own member (every PARTS-th route, so heavy and
 * light screens mix): the run's two workers share them, and the last test of the run is short.
 */
const PARTS = 3;

test.describe.configure({ mode: 'parallel' });

for (const width of WIDTHS) {
  for (let part = 0; part < PARTS; part++) {
    test(`every route at ${width}px (${part + 1} of ${PARTS}): focus visible and not obscured, targets of 24px, text spacing, reduced motion, forced colours`, async ({ page, request }, testInfo) => {
      test.setTimeout(300_000);
      const user = await routeWalker(page, request, { firstName: 'Wanda', lastName: 'Wcag' });
      const findings: string[] = [];
      for (const stop of (await stops(page, user)).filter((_, i) => i % PARTS === part)) {
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ reducedMotion: 'reduce', forcedColors: 'none' });
        await page.goto(stop.path);
        await settle(page);
        findings.push(...await screenFindings(page, stop.path, width, {
          motion: true,
          // A full-page screenshot costs about a second a route: it is kept only for a route with something to show.
          forced: async (found) => {
            if (found.length > 0) await page.screenshot({ path: testInfo.outputPath(`forced-colors${stop.path.replace(/\W+/g, '-')}-${width}.png`), fullPage: true });
          },
        }));
      }
      expect(findings).toEqual([]);
    });
  }
}

test('every password and code field takes a paste and a password manager (WCAG 3.3.8)', async ({ page, request }) => {
  const user = await createUser(request);
  // Signed out: login, the signup and reset e-mail steps; signed in: the profile's password change.
  await page.goto('/login');
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toHaveAttribute('autocomplete', 'current-password');
  await expect(page.getByLabel('Email')).toHaveAttribute('autocomplete', /email|username/);
  await password.focus();
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.setData('text/plain', 'pasted secret');
    document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  // A paste that the page does not cancel is inserted by the browser; the page must not cancel it.
  const cancelled = await page.evaluate(() => {
    const data = new DataTransfer();
    data.setData('text/plain', 'x');
    return !document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  expect(cancelled).toBe(false);

  await signIn(page, user);
  await page.goto('/profile');
  for (const name of ['Current password', 'New password', 'Confirm new password']) {
    const field = page.getByLabel(name, { exact: true });
    await expect(field).toHaveAttribute('autocomplete', name === 'Current password' ? 'current-password' : 'new-password');
    await field.focus();
    expect(await page.evaluate(() => {
      const data = new DataTransfer();
      data.setData('text/plain', 'x');
      return !document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    })).toBe(false);
  }
  // The code boxes take a pasted code whole (accounts.spec.ts pastes "123 456" and "123-456"); the first box offers
  // the browser's one-time-code autofill.
  await page.context().clearCookies();
  await page.goto('/signup');
  await page.getByLabel('Email').fill(`paste-${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  const first = page.getByLabel('Digit 1 of 6');
  await expect(first).toBeFocused();
  await expect(first).toHaveAttribute('autocomplete', 'one-time-code');
});

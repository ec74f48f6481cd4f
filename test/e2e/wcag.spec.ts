/**
 * WCAG 2.2 AA beyond what axe can see (issue 17), on every route of the route table at 1280 px and 375 px: focus
 * visible and not obscured, target size, reflow at 320 px, text spacing, reduced motion and forced colours (a route
 * with a forced-colours finding keeps its screenshot with the test's results). Each failing element is reported by
 * selector; zero must remain.
 */
import { createUser, signIn } from './support/accounts';
import { expect, expectAccessible, test } from './support/fixtures';
import { COURSE, settle, stops } from './support/route-stops';
import {
  describeFindings, focusFindings, forcedColorFindings, motionFindings, reflowFindings, targetSizeFindings, textSpacingFindings,
} from './support/wcag';

const WIDTHS = [1280, 375] as const;

test.describe.configure({ mode: 'parallel' });

for (const width of WIDTHS) {
  test(`every route at ${width}px: focus visible and not obscured, targets of 24px, text spacing, reduced motion, forced colours`, async ({ page, request }, testInfo) => {
    test.setTimeout(480_000);
    const user = await createUser(request, { firstName: 'Wanda', lastName: 'Wcag' });
    await signIn(page, user);
    // The lesson's course is started, so the player has a lesson to show.
    const slugCourse = await request.get(`/api/courses/${COURSE}`, { headers: { authorization: `Bearer ${user.token}` } });
    await request.post(`/api/courses/${((await slugCourse.json()) as { course: { _id: string } }).course._id}/enrol`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    const findings: string[] = [];
    for (const stop of await stops(page, user)) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: 'reduce', forcedColors: 'none' });
      await page.goto(stop.path);
      await settle(page);
      const label = `${stop.path} at ${width}px`;
      findings.push(...describeFindings(label, await motionFindings(page)));
      findings.push(...describeFindings(label, await targetSizeFindings(page)));
      findings.push(...describeFindings(label, await focusFindings(page)));
      findings.push(...describeFindings(label, await textSpacingFindings(page)));
      if (width === 375) {
        await page.setViewportSize({ width: 320, height: 900 });
        await page.waitForTimeout(150);
        findings.push(...describeFindings(`${stop.path} at 320px`, await reflowFindings(page)));
        await page.setViewportSize({ width, height: 900 });
      }
      await page.emulateMedia({ forcedColors: 'active' });
      await page.waitForTimeout(100);
      const forced = describeFindings(`${label}, forced colours`, await forcedColorFindings(page));
      findings.push(...forced);
      // A full-page screenshot costs about a second a route: it is kept only for a route with something to show.
      if (forced.length > 0) await page.screenshot({ path: testInfo.outputPath(`forced-colors${stop.path.replace(/\W+/g, '-')}-${width}.png`), fullPage: true });
      await page.emulateMedia({ forcedColors: 'none' });
      // axe sees the page as it opens (the checks above scrolled it; the sticky bar would cover what is at the top).
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectAccessible(page, label);
    }
    expect(findings).toEqual([]);
  });
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

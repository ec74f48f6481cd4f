/**
 * Dark mode (issue 41 item 11, ADR 165). Every route of the route table, with the device asking for dark
 * (`prefers-color-scheme: dark` emulated), passes axe, colour contrast included: one visit a route, in one context.
 * The light theme's run is wcag.spec.ts's. Then the explicit choice by keyboard: Dark in the footer is kept over a
 * light device, and the page's first HTML after a reload already says so (no flash); System again follows the device.
 * The avatar menu's choice is made by keyboard too.
 */
import type { Page } from '@playwright/test';
import { createUser, signIn } from './support/accounts';
import { expect, expectAccessible, test } from './support/fixtures';
import { routeWalker, settle, stops } from './support/route-stops';

/** The page's ground, as the reader sees it: its relative luminance, 0 (black) to 1 (white). */
async function groundLuminance(page: Page): Promise<number> {
  return page.evaluate(() => {
    const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/\d+(\.\d+)?/g)!.slice(0, 3).map(Number) as [number, number, number];
    const linear = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  });
}

async function documentOf(page: Page, path: string): Promise<string> {
  // The context's own cookies travel with this request, as they do with the page's.
  const response = await page.request.get(path, { headers: { accept: 'text/html' } });
  expect(response.status()).toBe(200);
  return response.text();
}

test('every route in the dark theme passes axe, colour contrast included', async ({ page, request }) => {
  test.setTimeout(720_000);
  const user = await routeWalker(page, request, { firstName: 'Dora', lastName: 'Dark' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
  // Every route is measured and every finding reported at once, not only the first route's.
  const findings: string[] = [];
  for (const stop of await stops(page, user)) {
    await page.goto(stop.path);
    await settle(page);
    // The page is dark before anything is measured: a stylesheet without the dark theme fails here, not silently.
    const ground = await groundLuminance(page);
    if (ground >= 0.05) findings.push(`${stop.path}: the ground is not dark (luminance ${ground.toFixed(3)})`);
    await expectAccessible(page, `${stop.path}, dark`).catch((error: Error) => findings.push(error.message.split('\n').slice(0, 12).join('\n')));
  }
  expect(findings).toEqual([]);
});

test('Dark chosen in the footer by keyboard is kept, drawn by the server (no flash), and System follows the device again', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await page.goto('/');
  await settle(page);
  expect(await groundLuminance(page)).toBeGreaterThan(0.9);
  const group = page.getByRole('radiogroup', { name: 'Theme' });
  await group.getByRole('radio', { name: 'System' }).focus();
  await expect(group.getByRole('radio', { name: 'System' })).toBeChecked();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(group.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await expect(group.getByRole('radio', { name: 'Dark' })).toBeFocused();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await groundLuminance(page)).toBeLessThan(0.05);
  await expect(page.locator('meta[name="theme-color"]').first()).toHaveAttribute('content', '#101a15');

  // The document the server sends already carries the theme: the first paint is dark.
  const html = await documentOf(page, '/');
  expect(html).toMatch(/<html lang="en" data-theme="dark">/);
  expect(html).not.toMatch(/name="theme-color"[^>]*media=/);
  await page.reload();
  await settle(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(group.getByRole('radio', { name: 'Dark' })).toBeChecked();
  expect(await groundLuminance(page)).toBeLessThan(0.05);
  await expectAccessible(page, '/ with Dark chosen on a light device');

  // System again: the device (light here) decides, and the server draws no theme.
  await group.getByRole('radio', { name: 'Dark' }).focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(group.getByRole('radio', { name: 'System' })).toBeChecked();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', /.*/);
  expect(await groundLuminance(page)).toBeGreaterThan(0.9);
  expect(await documentOf(page, '/')).not.toMatch(/<html[^>]*data-theme/);
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await groundLuminance(page)).toBeLessThan(0.05);
});

test('the avatar menu chooses the theme by keyboard', async ({ page, request }) => {
  await signIn(page, await createUser(request, { firstName: 'Ava', lastName: 'Menu' }));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await page.goto('/');
  await settle(page);
  await page.getByRole('button', { name: 'Account menu for Ava' }).focus();
  await page.keyboard.press('Enter');
  const dark = page.getByRole('menuitemradio', { name: 'Dark' });
  await expect(page.getByRole('menuitemradio', { name: 'System' })).toHaveAttribute('aria-checked', 'true');
  for (let i = 0; i < 10 && !(await dark.evaluate((item) => item === document.activeElement)); i++) await page.keyboard.press('ArrowDown');
  await expect(dark).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  // The footer shows the same choice: one machine behind both controls.
  await expect(page.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name: 'Dark' })).toBeChecked();
  expect(await documentOf(page, '/')).toMatch(/<html lang="en" data-theme="dark">/);
});

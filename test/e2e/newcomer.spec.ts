/**
 * What a newcomer trips on (issue 41), end to end with axe: a members' document opened by a visitor goes to sign in and
 * back to the file; every not-found is one design; the Search button keeps its shape on a phone.
 */
import { createUser } from './support/accounts';
import { expect, expectAccessible, test } from './support/fixtures';

test('a visitor who opens an ebook file is sent to sign in, and then gets the file (issue 41 item 3)', async ({ page, request }) => {
  const user = await createUser(request);
  const { ebooks } = await (await request.get('/api/ebooks', { headers: { authorization: `Bearer ${user.token}` } })).json();
  const file: string = ebooks[0].fileUrl;
  await page.goto(file);
  await expect(page).toHaveURL(`/login?from=${encodeURIComponent(file)}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, 'sign in before a members\' file');
  // The browser loads the file itself once signed in (shown or saved, as the browser does with a PDF).
  const served = page.waitForResponse((res) => new URL(res.url()).pathname === file && res.status() !== 302);
  // Signed in on this very page (its address holds where to go back to), by keyboard.
  await page.getByLabel('Email').focus();
  await page.keyboard.type(user.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(user.password);
  await page.keyboard.press('Enter');
  const response = await served;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect(response.headers()['cache-control']).toBe('private, max-age=86400');
});

test('every not-found is one design: what was not found, and the ways on (issue 41 item 13)', async ({ page }) => {
  for (const [path, title] of [
    ['/no/such/page', 'Page not found'],
    ['/articles/00000000-0000-4000-8000-000000000000', 'Article not found'],
    ['/certificates/00000000-0000-4000-8000-000000000000', 'Certificate not found'],
  ] as const) {
    await page.goto(path);
    const notFound = page.locator('main .not-found');
    await expect(notFound.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(notFound.locator('.not-found__code')).toHaveText('404');
    await expect(notFound.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
    await expectAccessible(page, title);
  }
});

test('on a phone the Search button keeps a button’s shape beside the field (issue 41 item 13)', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/search?q=timber');
  const button = page.getByRole('search').getByRole('button', { name: 'Search' });
  await expect(button).toBeVisible();
  const box = (await button.boundingBox())!;
  expect(box.height).toBeLessThanOrEqual(56);
  expect(box.width).toBeGreaterThanOrEqual(box.height);
  const field = (await page.getByRole('searchbox').boundingBox())!;
  // Level with the input it submits.
  expect(Math.abs(box.y + box.height - (field.y + field.height))).toBeLessThanOrEqual(2);
  await expectAccessible(page, 'search at 375px');
});

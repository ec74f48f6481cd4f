/**
 * Authoring in the staff console (issue 38, ADR 157), end to end by keyboard with axe on every screen: an editor writes
 * an article in Markdown (its body preview beside it), saves it, previews it as its page, publishes it, and a member
 * reads it. The screenshots of the list and the editor are taken at 1280 and 375 px.
 */
import sharp from 'sharp';
import { PICTURE_ALT_MISSING, PICTURE_ALT_PLACEHOLDER } from '../../src/domain/authoring';
import { createUser } from './support/accounts';
import { expect, expectAccessible, test } from './support/fixtures';
import { chooserFromEnter, tabTo } from './support/keyboard';
import { memberPage } from './support/member-page';
import { signInAsStaff } from './support/staff';

const ALT = 'A green roof over a retrofitted school';

/** A plain picture made here, as an editor's camera would give one. */
const picture = (colour: string, format: 'jpeg' | 'png' = 'jpeg') =>
  sharp({ create: { width: 1200, height: 675, channels: 3, background: colour } })[format]().toBuffer();

test('an editor writes, previews and publishes an article, and a member reads it', async ({ page, browser, request, consoleErrors }, testInfo) => {
  const slug = `retrofit-first-${testInfo.workerIndex}-${Date.now()}`;
  const title = `Retrofit first: the carbon case (${testInfo.workerIndex}-${Date.now() % 100000})`;
  await signInAsStaff(page, 'editor');
  await page.goto('/staff/content/articles');
  await expect(page.getByRole('heading', { level: 1, name: 'Content' })).toBeVisible();
  await expectAccessible(page, 'staff content');
  await page.screenshot({ path: 'docs/screenshots/staff-content-1280.png', fullPage: false });

  await tabTo(page, page.getByRole('link', { name: 'New article' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'New article' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Article' });
  await tabTo(page, form.getByLabel('Title'));
  await page.keyboard.type(title);
  await page.keyboard.press('Tab');
  await page.keyboard.type(slug);
  await tabTo(page, form.getByLabel('Description'));
  await page.keyboard.type('Why keeping and upgrading a building usually beats replacing it, counted over its whole life.');
  // The cover is uploaded in place (the file chooser opened by keyboard), and kept as our own re-encoded picture.
  await tabTo(page, form.getByRole('button', { name: 'Upload a cover image' }));
  await (await chooserFromEnter(page)).setFiles({ name: 'school-roof.jpg', mimeType: 'image/jpeg', buffer: await picture('#3a7d5c') });
  await expect(form.getByLabel('Cover image', { exact: true })).toHaveValue(/^\/files\/uploads\/[0-9a-f]+-\d+\.webp$/);
  await tabTo(page, form.getByLabel('Body (Markdown)'));
  await page.keyboard.type('## Upfront carbon is spent at once\n\nA new building emits most of its **upfront carbon** before anyone moves in (RICS, 2023).\n\n- Keep the structure\n- Upgrade the envelope');
  await expect(page.locator('.article-editor__preview h2')).toHaveText('Upfront carbon is spent at once');
  // A picture in the body: it goes in at the end with words to replace, and the article is refused until they are.
  await tabTo(page, form.getByRole('button', { name: 'Upload a picture for the body' }));
  await (await chooserFromEnter(page)).setFiles({ name: 'green-roof.png', mimeType: 'image/png', buffer: await picture('#6b8f3a', 'png') });
  await expect(form.getByLabel('Body (Markdown)')).toHaveValue(/!\[Describe this picture\]\(\/files\/uploads\/[0-9a-f]+-\d+\.webp\)\s*$/);
  await tabTo(page, page.getByRole('button', { name: 'Save' }));
  await page.keyboard.press('Enter');
  await expect(form.getByText(PICTURE_ALT_MISSING)).toBeVisible();
  // The words to replace are selected as a member would with the mouse or Shift and the arrows (the wrapped line makes
  // arrow counts depend on the width), then typed over by keyboard.
  const bodyField = form.getByLabel('Body (Markdown)');
  await bodyField.focus();
  await bodyField.evaluate((area: HTMLTextAreaElement, words) => {
    const at = area.value.indexOf(words);
    area.setSelectionRange(at, at + words.length);
  }, PICTURE_ALT_PLACEHOLDER);
  await page.keyboard.type(ALT);
  await expect(page.locator('.article-editor__preview img')).toHaveAttribute('alt', ALT);
  await expectAccessible(page, 'the article editor');
  await page.screenshot({ path: 'docs/screenshots/article-editor-1280.png', fullPage: false });

  await tabTo(page, page.getByRole('button', { name: 'Save' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Edit article' })).toBeVisible({ timeout: 10_000 }).catch(() => undefined);
  await expect(page.getByText('Status:')).toContainText('Draft');

  // Preview: the public article view, marked as a preview.
  await tabTo(page, page.getByRole('link', { name: 'Preview' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Preview: this is how the page will look once published.')).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expectAccessible(page, 'the article preview');
  const previewPath = new URL(page.url()).pathname;
  await tabTo(page, page.getByRole('link', { name: 'Back to the editor' }));
  await page.keyboard.press('Enter');

  await tabTo(page, page.getByRole('button', { name: 'Publish', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Status:')).toContainText('Published');
  const live = await page.getByRole('link', { name: 'View the live page' }).getAttribute('href');
  expect(live).toMatch(/^\/articles\/[0-9a-f-]{36}$/);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: 'docs/screenshots/article-editor-375.png', fullPage: false });
  await page.goto('/staff/content/articles');
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await page.screenshot({ path: 'docs/screenshots/staff-content-375.png', fullPage: false });

  // A member reads it.
  // A member in a browser of their own, its console errors failing the test too.
  const reader = await memberPage(browser, await createUser(request, { firstName: 'Ama', lastName: 'Reader' }), consoleErrors);
  await reader.goto(live!);
  await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(reader.getByRole('heading', { level: 2, name: 'Upfront carbon is spent at once' })).toBeVisible();
  await expect(reader.getByRole('img', { name: ALT })).toHaveAttribute('src', /^\/files\/uploads\/[0-9a-f]+-\d+\.webp$/);
  await reader.getByRole('img', { name: ALT }).scrollIntoViewIfNeeded();
  await expect.poll(() => reader.getByRole('img', { name: ALT }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // Both pictures are offered at each width the upload kept (1200 px: 480, 960 and 1200), and a 780 px column on a
  // screen of one pixel per pixel takes the 960 px file, not the largest.
  for (const image of [reader.getByRole('img', { name: ALT }), reader.locator('.article-page__image')]) {
    await expect(image).toHaveAttribute('srcset', /^(\/files\/uploads\/[0-9a-f]+)-480\.webp 480w, \1-960\.webp 960w, \1-1200\.webp 1200w$/);
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc)).toMatch(/-960\.webp$/);
  }
  await expectAccessible(reader, 'the published article');
  // The member cannot open the preview.
  await reader.goto(previewPath);
  await expect(reader.getByText('This page is for SustainLearn staff only.')).toBeVisible();
  await reader.context().close();
});

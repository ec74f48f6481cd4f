/**
 * Learning without a connection (issue 42 items 2 and 3, ADR 174), with the service worker on, by keyboard, axe on
 * every screen: a member keeps a course, an article and a library PDF; offline, a kept lesson opens and is marked
 * complete (queued), and the mark reaches the server once the connection is back; the kept article and PDF open
 * offline; a page not kept shows the offline page listing what is; /offline lists all three with their sizes, and
 * Remove frees the space.
 */
import type { Page } from '@playwright/test';
import { createUser, signIn } from './support/accounts';
import { expect, expectAccessible, test } from './support/fixtures';
import { skipToContent, tabTo } from './support/keyboard';
import { waitForLive } from './support/live';

test.use({ serviceWorkers: 'allow' });

const SLUG = 'material-passports-and-digital-product-data';

/** The worker is registered after the first load, when idle; the page opened after it is active is its. */
async function underServiceWorker(page: Page) {
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

const keptCaches = (page: Page) => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('kept:')).sort());

async function keepByKeyboard(page: Page, title: string) {
  await skipToContent(page);
  await tabTo(page, page.getByRole('button', { name: `Keep offline: ${title}` }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `${title} is kept on this device.` })).toBeAttached({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: `Remove ${title} from this device` })).toBeVisible();
}

test('keep a course, an article and a PDF; read and complete a lesson offline; the mark reaches the server; Remove frees the space', async ({ page, request, consoleErrors }) => {
  test.setTimeout(180_000);
  const user = await createUser(request, { firstName: 'Olu', lastName: 'Offline' });
  const auth = { authorization: `Bearer ${user.token}` };
  const { course } = await (await request.get(`/api/courses/${SLUG}`, { headers: auth })).json();
  const lessonId: string = course.sections[0].content[0]._id;
  const lessonTitle: string = course.sections[0].content[0].title;
  const { articles } = await (await request.get('/api/articles')).json();
  const article = articles[0] as { _id: string; title: string };
  const { ebooks } = await (await request.get('/api/ebooks', { headers: auth })).json();
  const ebook = ebooks[0] as { title: string; fileUrl: string };

  await signIn(page, user);
  await underServiceWorker(page);

  // Keep the course from its page.
  await page.goto(`/courses/view/${course._id}`);
  await keepByKeyboard(page, course.title);
  await expect(page.getByRole('link', { name: 'Kept offline' })).toBeVisible();
  await expectAccessible(page, 'a kept course');

  // Keep an article and a library PDF.
  await page.goto(`/articles/${article._id}`);
  await keepByKeyboard(page, article.title);
  await page.goto('/ebook');
  await keepByKeyboard(page, ebook.title);
  expect(await keptCaches(page)).toEqual([`kept:article:${article._id}`, `kept:course:${course._id}`, `kept:document:${ebook.fileUrl}`].sort());

  // Offline: the kept lesson opens, and 'Mark as complete' is saved on this device.
  await page.context().setOffline(true);
  await page.goto(`/courses/view/${course._id}/lessons/${lessonId}`);
  await expect(page.getByRole('heading', { level: 1, name: lessonTitle })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Mark as complete' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('You completed this lesson.')).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'Saved on this device: it will be sent when you are back online.' })).toBeAttached();
  await expectAccessible(page, 'a kept lesson, offline, marked complete');
  const before = await (await request.get(`/api/courses/${course._id}/progress`, { headers: auth })).json();
  expect(before.progress.completedLessonIds).not.toContain(lessonId);

  // The kept article opens offline; so does the kept PDF.
  await page.goto(`/articles/${article._id}`);
  await expect(page.getByRole('heading', { level: 1, name: article.title })).toBeVisible();
  await expectAccessible(page, 'a kept article, offline');
  const pdf = await page.evaluate(async (url) => {
    const response = await fetch(url);
    const bytes = new Uint8Array(await response.arrayBuffer());
    return { status: response.status, type: response.headers.get('content-type'), magic: String.fromCharCode(...bytes.slice(0, 5)) };
  }, ebook.fileUrl);
  expect(pdf).toEqual({ status: 200, type: 'application/pdf', magic: '%PDF-' });

  // A page not kept: the offline page, listing what is.
  await page.goto('/quiz');
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  const kept = page.getByRole('region', { name: 'Kept on this device' });
  for (const title of [course.title, article.title, ebook.title]) await expect(kept.getByRole('link', { name: title })).toBeVisible();
  await expectAccessible(page, 'the offline page listing what is kept');

  // Back online: the queued mark is sent, and the server counts it.
  await page.context().setOffline(false);
  await expect.poll(async () => (await (await request.get(`/api/courses/${course._id}/progress`, { headers: auth })).json()).progress.completedLessonIds, { timeout: 30_000 })
    .toContain(lessonId);
  await page.goto('/offline');

  // /offline lists the three with their sizes and the storage estimate; Remove frees the space.
  await expect(page.getByRole('heading', { level: 1, name: 'Kept for offline reading' })).toBeVisible();
  await expect(page.getByText(/^Using .+ of about .+ this browser allows this site\.$/)).toBeVisible();
  const items = page.locator('.kept__item');
  await expect(items).toHaveCount(3);
  await expect(items.filter({ hasText: course.title })).toContainText(/\d+(\.\d)? (KB|MB)/);
  await expectAccessible(page, 'the list of kept items');
  await page.screenshot({ path: 'docs/screenshots/offline-list-1280.png', fullPage: false });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: 'docs/screenshots/offline-list-375.png', fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });
  await waitForLive(page);
  await skipToContent(page);
  await tabTo(page, page.getByRole('button', { name: `Remove ${article.title} from this device` }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `${article.title} was removed from this device.` })).toBeAttached();
  await expect(items).toHaveCount(2);
  expect(await keptCaches(page)).not.toContain(`kept:article:${article._id}`);
  expect(consoleErrors).toEqual([]);
});

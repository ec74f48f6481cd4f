/**
 * Learning without a connection (issue 42 items 2 and 3, ADR 174), with the service worker on, by keyboard, axe on
 * every screen: a member keeps a course, an article and a library PDF; offline, a kept lesson opens and is marked
 * complete (queued), and the mark reaches the server once the connection is back; the kept article and PDF open
 * offline; a page not kept shows the offline page listing what is; /offline lists all three with their sizes, and
 * Remove frees the space.
 */
import type { Page } from '@playwright/test';
import { createUser, signIn } from './support/accounts';
import { IN_FULL_BROWSER } from '../../playwright.config';
import { expect, expectAccessible, test } from './support/fixtures';
import { skipToContent, tabTo } from './support/keyboard';
import { staffUser } from './support/staff';
import { waitForLive } from './support/live';

// In the full browser (ADR 180): the headless shell reports installability errors of its own and shows no PDF.
test.use({ serviceWorkers: 'allow', ...IN_FULL_BROWSER });

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

test('a kept course whose lesson changed is kept again once the member is back, and says so; the new words open offline', async ({ page, request }) => {
  // A course no other end-to-end test reads, so the change is no one else's surprise.
  const slug = 'water-conservation-in-buildings';
  const user = await createUser(request, { firstName: 'Rhea', lastName: 'Refresh' });
  const auth = { authorization: `Bearer ${user.token}` };
  const { course } = await (await request.get(`/api/courses/${slug}`, { headers: auth })).json();
  const lesson = course.sections[0].content[0] as { _id: string; title: string };
  // Every lesson complete: the assessment's questions may be read, and are kept with the course.
  for (const l of course.sections.flatMap((s: { content: { _id: string }[] }) => s.content)) {
    expect((await request.post(`/api/courses/${course._id}/lessons/${l._id}/complete`, { headers: auth })).status()).toBe(200);
  }
  const { questions } = await (await request.get(`/api/courses/${course._id}/assessment/questions`, { headers: auth })).json();
  await signIn(page, user);
  await underServiceWorker(page);
  await page.goto(`/courses/view/${course._id}`);
  await keepByKeyboard(page, course.title);

  // An editor adds a sentence to the course's first lesson; the course is live, so the change is at once.
  const editor = await staffUser(request, 'editor');
  const staff = { authorization: `Bearer ${editor.token}` };
  const { items } = await (await request.get(`/api/staff/content/courses?q=${encodeURIComponent(course.title)}`, { headers: staff })).json();
  const id = (items as { id: string; title: string }[]).find((i) => i.title === course.title)!.id;
  const { item } = await (await request.get(`/api/staff/content/courses/${id}`, { headers: staff })).json();
  const added = `Reviewed in ${Date.now()}: the figures above were checked against the latest edition.`;
  item.fields.sections[0].lessons[0].body = `${item.fields.sections[0].lessons[0].body.trimEnd()}\n\n${added}\n`;
  const saved = await request.put(`/api/staff/content/courses/${id}`, { headers: staff, data: { version: item.version, fields: item.fields } });
  expect(saved.status(), await saved.text()).toBe(200);

  // The next time the app opens online, the kept course is checked, kept again, and the member is told.
  await page.goto('/offline');
  await expect(page.getByText(`${course.title} was updated on this device: its lessons changed.`).first()).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, 'a kept course updated');
  await page.context().setOffline(true);
  await page.goto(`/courses/view/${course._id}/lessons/${lesson._id}`);
  await expect(page.getByRole('heading', { level: 1, name: lesson.title })).toBeVisible();
  await expect(page.getByText(added)).toBeVisible();

  // The assessment waits for a connection (the server marks it); its questions, kept, can be read meanwhile.
  await page.goto(`/courses/view/${course._id}`);
  await skipToContent(page);
  await tabTo(page, page.getByRole('link', { name: 'Take the assessment' }));
  await page.keyboard.press('Enter');
  const kept = page.getByRole('region', { name: 'Its questions, to read meanwhile' });
  await expect(kept).toBeVisible();
  await expect(kept.getByRole('listitem').filter({ hasText: questions[0].question }).first()).toBeVisible();
  expect(await kept.locator('.kept-questions__question').count()).toBe(questions.length);
  await expectAccessible(page, 'the assessment offline, its kept questions');
  await page.context().setOffline(false);
});


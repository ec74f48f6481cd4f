/** What the library's end-to-end files share: their widths, a signed-in member, and answers fixed in the browser. */
import { type APIRequestContext, expect, type Page, type Route } from '@playwright/test';
import type { Course } from '../../../src/domain/content';
import { createUser, signIn } from './accounts';

export const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 375, height: 800 },
] as const;

export const US_DATE = /(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}/;
export const SERVER_ERROR = 'Something went wrong. Please try again.';

export async function signedIn(page: Page, request: APIRequestContext, width: number, height: number) {
  await page.setViewportSize({ width, height });
  const user = await createUser(request);
  await signIn(page, user);
  return user;
}

export async function publishedCourses(request: APIRequestContext): Promise<Course[]> {
  return (await (await request.get('/api/courses?status=1')).json()).courses;
}

/** Answers one API path (exactly, whatever the query) with a body and status instead of the server. */
export async function answer(page: Page, path: string, status: number, body: unknown) {
  await page.route(
    (url) => url.pathname === `/api${path}`,
    (route: Route) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }),
  );
}
export const failWith500 = (page: Page, path: string) => answer(page, path, 500, { success: false, message: SERVER_ERROR });

const clocked = new WeakSet<Page>();

/**
 * Shows `path` as a move inside the app while its call fails (`failWith500`), and waits until `ended` holds. The app
 * tries a failed call three more times, after 1, 2 and 4 s, before the screen says so: the page's clock (installed
 * here, before the move loads a document; time still flows) is moved on past those waits instead of the test sitting
 * through 7 s each time (ADR 191).
 */
export async function visitFailing(page: Page, path: string, ended: () => Promise<void>) {
  if (!clocked.has(page)) {
    await page.clock.install();
    clocked.add(page);
  }
  await visit(page, path);
  await expect(async () => {
    await page.clock.fastForward(1_000);
    await ended();
  }).toPass({ timeout: 20_000, intervals: [100] });
}

/**
 * Shows a route as a move inside the app (ADR 100): a page load is drawn by the server from the real API, which the
 * answers fixed above cannot reach; a move inside the app loads its data in the browser, through them.
 */
export async function visit(page: Page, path: string) {
  await page.goto('/accessibility');
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Chromium logs every 5xx answer as a console error; the ones this test itself provoked are expected. */
export function forgiveProvoked500s(consoleErrors: string[]) {
  const kept = consoleErrors.filter((m) => !/^Failed to load resource: the server responded with a status of 500/.test(m));
  consoleErrors.splice(0, consoleErrors.length, ...kept);
}

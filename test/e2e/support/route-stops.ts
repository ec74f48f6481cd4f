/**
 * Every route of the route table with real values in its parameters, for the tests that visit each screen (the WCAG
 * checks, the dark theme's axe run), and the wait for a screen to settle before it is measured.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { ROUTE_TABLE } from '../../../src/ui/route-table';
import { createUser, signIn, type TestUser } from './accounts';
import { expect } from './fixtures';
import { afterFrames } from './wcag';

export const ARTICLE = 'carbon--embodied-carbon-hidden-half';
export const COURSE = 'material-passports-and-digital-product-data';

export interface Stop {
  path: string;
  signedIn: boolean;
}

/** Every route of the table with real values in its parameters. */
export async function stops(page: Page, user: TestUser): Promise<Stop[]> {
  const res = await page.request.get(`/api/courses/${COURSE}`, { headers: { authorization: `Bearer ${user.token}` } });
  const { course } = (await res.json()) as { course: { _id: string; sections: { content: { _id: string }[] }[] } };
  const lesson = course.sections[0]!.content[0]!._id;
  const values: Record<string, string> = {
    id: ARTICLE, categoryId: 'carbon', courseId: course._id, lessonId: lesson, setId: 'set-1',
  };
  const concrete = (path: string) =>
    path.replace(/:(\w+)/g, (_, name: string) => {
      if (path.startsWith('/quiz') && name === 'categoryId') return 'green-buildings';
      if (path.startsWith('/courses/detail') && name === 'categoryId') return course._id;
      if (path.startsWith('/certificates')) return '00000000-0000-4000-8000-000000000000';
      return values[name] ?? name;
    });
  return ROUTE_TABLE.map((r) => ({ path: concrete(r.path), signedIn: r.signedIn }));
}

/** A member who walks every route: signed in on `page`, and started on COURSE, so the player has a lesson to show. */
export async function routeWalker(page: Page, request: APIRequestContext, names: { firstName: string; lastName: string }): Promise<TestUser> {
  const user = await createUser(request, names);
  await signIn(page, user);
  const authorization = `Bearer ${user.token}`;
  const course = await request.get(`/api/courses/${COURSE}`, { headers: { authorization } });
  await request.post(`/api/courses/${((await course.json()) as { course: { _id: string } }).course._id}/enrol`, { headers: { authorization } });
  return user;
}

export async function settle(page: Page) {
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.locator('main [aria-busy="true"], main .spinner')).toHaveCount(0);
  // Its web fonts, and a frame drawn with them (a fixed 200 ms did this before).
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await afterFrames(page);
}

/**
 * Screenshots of a post's own page (issue 37) at 1280 and 375 px: an edited post with its 'edited' mark and History,
 * a short thread, one comment saved and one reached by its anchor. The members are illustrative personas.
 */
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { createUser, signIn, type TestUser } from '../e2e/support/accounts';
import { expect, test } from '../e2e/support/fixtures';

const OUT = join(process.cwd(), 'docs', 'screenshots');
const SIZES = [{ width: 1280, height: 900 }, { width: 375, height: 812 }];

async function call<T>(request: APIRequestContext, user: TestUser, method: 'post' | 'put', path: string, data: unknown): Promise<T> {
  const res = await request[method](`/api${path}`, { data, headers: { authorization: `Bearer ${user.token}` } });
  if (!res.ok()) throw new Error(`${path} answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}

test('a post page', async ({ page, request }) => {
  const author = await createUser(request, { firstName: 'Imani', lastName: 'Osei' });
  const reader = await createUser(request, { firstName: 'Tomás', lastName: 'Reyes' });
  const { discussion } = await call<{ discussion: { _id: string } }>(request, author, 'post', '/discussions', {
    title: 'Night purge ventilation in a 1960s school',
    content: '<p><em>An illustrative example for these screenshots.</em></p><p>We opened the high-level windows from 10 pm to 6 am through June.</p><ul><li>Overheating hours fell from 140 to 60.</li><li>No change to security: the openings are restricted.</li></ul>',
    category: 'climate-action', subcategory: 'embodied-carbon',
  });
  const id = discussion._id;
  await call(request, author, 'put', `/discussions/${id}`, {
    content: '<p><em>An illustrative example for these screenshots.</em></p><p>We opened the high-level windows from 10 pm to 6 am through June and July.</p><ul><li>Overheating hours fell from 140 to 60.</li><li>No change to security: the openings are restricted.</li></ul>',
  });
  const first = await call<{ comment: { _id: string } }>(request, reader, 'post', '/comments', { discussionId: id, content: '<p>Did you log CO2 in the mornings as well?</p>' });
  const answer = await call<{ comment: { _id: string } }>(request, author, 'post', '/comments', {
    discussionId: id, parentCommentId: first.comment._id, content: '<p>Yes: it stayed under 1,000 ppm until the first lesson.</p>',
  });
  await call(request, reader, 'put', '/bookmarks', { targetType: 'discussion', targetId: id, saved: true });
  await signIn(page, reader);

  await page.goto(`/discussion/${id}#comment-${answer.comment._id}`);
  await expect(page.locator(`#comment-${answer.comment._id}`)).toBeFocused();
  await expect(page.getByRole('button', { name: /^Saved post/ })).toBeVisible();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    // From the top: the sticky header stays where it belongs in a full-page picture.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(OUT, `post-page-${size.width}.png`), fullPage: true });
  }
});

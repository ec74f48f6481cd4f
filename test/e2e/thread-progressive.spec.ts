/**
 * A long comment thread opens with its first screen of comments and fills in the rest in slices (issue 16). Once it
 * has filled in, every comment is in the page: a list item of a real list (the whole count for a screen reader's list
 * navigation), its words in the page for the browser's find, and its buttons in the Tab order.
 */
import { createUser, signIn } from './support/accounts';
import { expect, expectAccessible, test } from './support/fixtures';
import { tabTo } from './support/keyboard';

/** More than the thread renders at once (a screen of them, at most 32), with replies among them. */
const COUNT = 60;
const words = (n: number) => `Comment number ${n} of the long thread`;

test('a long thread ends with every comment in the page: list items, found by find, reached by Tab', async ({ page, request }) => {
  const user = await createUser(request, { firstName: 'Lena', lastName: 'Longthread' });
  const auth = { authorization: `Bearer ${user.token}` };
  const title = `A long thread ${Math.random().toString(36).slice(2, 8)}`;
  const created = await request.post('/api/discussions', {
    headers: auth,
    data: { title, content: '<p>Sixty comments on one post.</p>', category: 'life-on-land', subcategory: 'green-roofs-and-walls' },
  });
  const discussionId = (await created.json()).discussion._id as string;
  const ids: string[] = [];
  for (let n = 1; n <= COUNT; n++) {
    // Every third comment answers the one before it, so the thread is a tree, not a flat list.
    const parentCommentId = n % 3 === 0 ? ids[n - 2]! : null;
    const res = await request.post('/api/comments', { headers: auth, data: { discussionId, content: `<p>${words(n)}</p>`, parentCommentId } });
    expect(res.ok()).toBe(true);
    ids.push(((await res.json()) as { comment: { _id: string } }).comment._id);
  }

  await signIn(page, user);
  await page.goto('/discussion');
  const sidebar = page.getByRole('navigation', { name: 'SDG categories' });
  await sidebar.getByRole('button', { name: 'SDG 15: Life on Land' }).click();
  await sidebar.getByRole('button', { name: 'Green Roofs and Walls', exact: true }).click();
  const card = page.getByRole('article', { name: title, exact: true });
  await card.getByRole('button', { name: /^Comments on/ }).click();
  const thread = card.getByRole('region', { name: `Comments on ${title}` });

  // The first comments show at once; the list is busy while the rest are added, and then holds all of them.
  await expect(thread.getByText(words(1), { exact: true })).toBeVisible();
  await expect(thread.getByRole('listitem')).toHaveCount(COUNT);
  await expect(thread.locator('ol[aria-busy]')).toHaveCount(0);
  const list = thread.getByRole('list').first();
  await expect(list.getByRole('listitem')).toHaveCount(COUNT);
  // Twenty top-level comments (two of every three), each with its reply nested in a list of its own.
  await expect(list.locator(':scope > li')).toHaveCount((COUNT * 2) / 3);

  // Every comment's words are in the page (not virtualised away), so the browser's find reaches the last one.
  await expect(thread.getByText(words(COUNT), { exact: true })).toHaveCount(1);
  expect(await page.evaluate((text) => document.body.textContent?.includes(text), words(COUNT))).toBe(true);
  // window.find searches the rendered page as find-in-page does (comments off screen included).
  const find = (text: string) => (window as unknown as { find: (text: string, caseSensitive: boolean, backwards: boolean, wrap: boolean) => boolean }).find(text, false, false, true);
  expect(await page.evaluate(find, words(COUNT))).toBe(true);

  // By keyboard: from the first comment's Like, Tab reaches the last comment's Reply through every comment between.
  const likes = thread.getByRole('button', { name: /^Like comment by/ });
  await expect(likes).toHaveCount(COUNT);
  await likes.first().focus();
  const lastReply = thread.locator('.comment__body').filter({ hasText: words(COUNT) }).getByRole('button', { name: /^Reply/ });
  // Each comment has its byline, Like, Reply, Save and Report (issue 37) on the way.
  await tabTo(page, lastReply, COUNT * 6);
  await expect(lastReply).toBeFocused();
  await expectAccessible(page, 'long thread, filled in');
});

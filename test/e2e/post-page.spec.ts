/**
 * A post's own page end to end (issue 37, items 5, 6 and 8), in Chromium against the real server, by keyboard, with
 * axe on every screen: Ada edits her post and her comment in place and Bob sees 'edited' and opens the history; a link
 * to a comment deep in a long thread lands on it; bookmarks are saved, listed and followed back.
 */
import type { APIRequestContext } from '@playwright/test';
import { createUser, signIn, type TestUser } from './support/accounts';
import { expect, expectAccessible, test } from './support/fixtures';
import { tabTo } from './support/keyboard';
import { memberPage } from './support/member-page';

const unique = () => Math.random().toString(36).slice(2, 8);
const TOPIC = { category: 'climate-action', subcategory: 'embodied-carbon' };

async function apiPost<T>(request: APIRequestContext, user: TestUser, path: string, data: unknown): Promise<T> {
  const res = await request.post(`/api${path}`, { data, headers: { authorization: `Bearer ${user.token}` } });
  if (!res.ok()) throw new Error(`${path} answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}

const newPost = async (request: APIRequestContext, user: TestUser, title: string, content: string) =>
  (await apiPost<{ discussion: { _id: string } }>(request, user, '/discussions', { title, content, ...TOPIC })).discussion._id;
const newComment = async (request: APIRequestContext, user: TestUser, discussionId: string, content: string) =>
  (await apiPost<{ comment: { _id: string } }>(request, user, '/comments', { discussionId, content })).comment._id;

test('Ada edits her post and comment in place; Bob sees edited and reads the history', async ({ page, request, browser }) => {
  const ada = await createUser(request, { firstName: 'Ada', lastName: 'Lovelace' });
  const bob = await createUser(request, { firstName: 'Bob', lastName: 'Builder' });
  const title = `Rainwater reuse in offices ${unique()}`;
  const id = await newPost(request, ada, title, '<p>Is it worth the plumbing?</p>');
  await newComment(request, ada, id, '<p>Our first estimate was optimistic.</p>');

  await signIn(page, ada);
  await page.goto(`/discussion/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expectAccessible(page, 'post page, author');

  // The post, by keyboard: Edit, a new title, more text, Save changes.
  await tabTo(page, page.getByRole('button', { name: `Edit post: ${title}` }));
  await page.keyboard.press('Enter');
  const titleField = page.getByRole('textbox', { name: 'Title' });
  await expect(titleField).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(`${title}, revisited`);
  await tabTo(page, page.getByRole('textbox', { name: 'Content' }));
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(' Yes, with a meter on it.');
  await expectAccessible(page, 'post page, editing');
  await tabTo(page, page.getByRole('button', { name: 'Save changes' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: `${title}, revisited` })).toBeVisible();
  await expect(page.getByText('Yes, with a meter on it.')).toBeVisible();
  await expect(page.getByRole('button', { name: `Edit post: ${title}, revisited` })).toBeFocused();

  // Her comment, by keyboard.
  await tabTo(page, page.getByRole('button', { name: 'Edit your comment' }));
  await page.keyboard.press('Enter');
  const box = page.getByRole('textbox', { name: 'Edit your comment' });
  await expect(box).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Our first estimate was optimistic; the second one holds.');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Our first estimate was optimistic; the second one holds.')).toBeVisible();
  await expect(page.locator('.comment .edited-mark')).toContainText('edited');
  await expect(page.getByRole('button', { name: 'Edit your comment' })).toBeFocused();
  await expectAccessible(page, 'post page, edited');

  // Bob, in his own browser: both read 'edited' with a time; the post's history, newest first.
  const errors: string[] = [];
  const bobPage = await memberPage(browser, bob, errors);
  await bobPage.goto(`/discussion/${id}`);
  const post = bobPage.getByRole('article', { name: `${title}, revisited` });
  await expect(post.locator('.edited-mark time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
  await expect(bobPage.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  await expectAccessible(bobPage, 'post page, another member');
  const history = bobPage.getByRole('button', { name: `History of post: ${title}, revisited` });
  await tabTo(bobPage, history);
  await bobPage.keyboard.press('Enter');
  const dialog = bobPage.getByRole('dialog', { name: 'Edit history' });
  await expect(dialog).toBeVisible();
  const versions = dialog.getByRole('listitem');
  await expect(versions).toHaveCount(2);
  await expect(versions.nth(0)).toContainText('Current version');
  await expect(versions.nth(0)).toContainText(`${title}, revisited`);
  await expect(versions.nth(1)).toContainText('Original');
  await expect(versions.nth(1)).toContainText(title);
  await expect(versions.nth(1)).not.toContainText('with a meter');
  await expectAccessible(bobPage, 'edit history dialog');
  await bobPage.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(history).toBeFocused();

  // The comment's history too.
  await bobPage.getByRole('button', { name: 'History of comment by Ada Lovelace' }).click();
  await expect(bobPage.getByRole('dialog', { name: 'Edit history' }).getByRole('listitem').nth(1)).toContainText('Our first estimate was optimistic.');
  await bobPage.keyboard.press('Escape');
  await bobPage.context().close();
  expect(errors).toEqual([]);
});

test('a link to a comment deep in a long thread lands on it, focused and marked', async ({ page, request }) => {
  const ada = await createUser(request, { firstName: 'Ada', lastName: 'Lovelace' });
  const title = `Long thread ${unique()}`;
  const id = await newPost(request, ada, title, '<p>Many answers.</p>');
  let last = '';
  // More than the first screen of a thread (at most 32 comments) holds: the last one arrives in a later slice.
  for (let i = 1; i <= 45; i++) last = await newComment(request, ada, id, `<p>Answer number ${i}</p>`);

  await signIn(page, ada);
  await page.goto(`/discussion/${id}#comment-${last}`);
  const target = page.locator(`#comment-${last}`);
  await expect(target).toBeFocused();
  await expect(target).toHaveClass(/comment__body--target/);
  await expect(target).toContainText('Answer number 45');
  await expect(target).toBeInViewport();
  await expectAccessible(page, 'post page at a comment');

  // Arriving in the app (no page drawn by the server), the thread renders in slices: the comment comes later, and is
  // still found, focused and marked.
  await page.goto('/bookmarks');
  await expect(page.getByRole('heading', { level: 1, name: 'Bookmarks' })).toBeVisible();
  await page.evaluate((url) => history.pushState(null, '', url), `/discussion/${id}#comment-${last}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(target).toBeFocused();
  await expect(target).toHaveClass(/comment__body--target/);
  await expect(target).toBeInViewport();

  // An unknown post is a page of its own, not a broken one.
  const missing = await page.goto('/discussion/00000000-0000-4000-8000-000000000000');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Discussion not found' })).toBeVisible();
  await expectAccessible(page, 'unknown post');
});

test('bookmarks: save a post and a comment, list them, follow one back, remove one', async ({ page, request }) => {
  const ada = await createUser(request, { firstName: 'Ada', lastName: 'Lovelace' });
  const bob = await createUser(request, { firstName: 'Bob', lastName: 'Builder' });
  const title = `Heat networks for estates ${unique()}`;
  const id = await newPost(request, ada, title, '<p>Where do they pay off?</p>');
  const commentId = await newComment(request, ada, id, '<p>Density above 50 homes per hectare, in our experience.</p>');

  await signIn(page, bob);
  await page.goto('/bookmarks');
  await expect(page.getByRole('heading', { level: 1, name: 'Bookmarks' })).toBeVisible();
  await expect(page.getByText('Nothing saved yet.')).toBeVisible();
  await expectAccessible(page, 'bookmarks, empty');

  // From the feed, the post's title leads to its page.
  await page.goto(`/discussion?category=${TOPIC.category}&subcategory=${TOPIC.subcategory}`);
  await page.getByRole('link', { name: title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/discussion/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  const savePost = page.getByRole('button', { name: `Save post: ${title}` });
  await expect(savePost).toHaveAttribute('aria-pressed', 'false');
  await tabTo(page, savePost);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: `Saved post: ${title}` })).toHaveAttribute('aria-pressed', 'true');
  const saveComment = page.getByRole('button', { name: 'Save comment by Ada Lovelace' });
  await tabTo(page, saveComment);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Saved comment by Ada Lovelace' })).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page, 'post page, saved');

  await page.goto('/bookmarks');
  const items = page.getByRole('list', { name: 'Saved posts and comments' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('Comment by Ada Lovelace');
  await expect(items.nth(0)).toContainText('Density above 50 homes per hectare');
  await expect(items.nth(1)).toContainText('Post by Ada Lovelace');
  await expectAccessible(page, 'bookmarks, two');

  // The comment's link lands on the comment.
  const link = page.getByRole('link', { name: `On: ${title}` });
  await tabTo(page, link);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/discussion/${id}#comment-${commentId}$`));
  await expect(page.locator(`#comment-${commentId}`)).toBeFocused();

  // The post is unsaved again; the list keeps the comment alone, and reloaded the page remembers both states.
  await page.getByRole('button', { name: `Saved post: ${title}` }).click();
  await expect(page.getByRole('button', { name: `Save post: ${title}` })).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await expect(page.getByRole('button', { name: `Save post: ${title}` })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('button', { name: 'Saved comment by Ada Lovelace' })).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/bookmarks');
  await expect(page.getByRole('list', { name: 'Saved posts and comments' }).getByRole('listitem')).toHaveCount(1);
});

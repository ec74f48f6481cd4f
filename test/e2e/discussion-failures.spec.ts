/**
 * The discussion community when things fail, in Chromium against the real server: a draft survives a reload, a refused
 * post keeps its text, a refused delete says so, a refused like rolls back, and a comment refused for coming too fast
 * keeps its text (its thread slow to load first). axe runs on every step.
 */
import { THREAD_WAIT_MS } from '../../src/domain/discussion';
import { createUser, signIn } from './support/accounts';
import { commentBox, openDiscussion, postCard, unique } from './support/discussion';
import { expect, expectAccessible, test } from './support/fixtures';
import { slowDown, timeToAppear } from './support/slow-answers';

test('a reload keeps the draft, a failed post keeps the text, a failed delete says so, a failed like rolls back', async ({ page, request }) => {
  const dana = await createUser(request, { firstName: 'Dana', lastName: 'Energy' });
  const title = `Heat pumps in listed buildings ${unique()}`;
  await signIn(page, dana);
  await openDiscussion(page);
  await page.getByRole('navigation', { name: 'SDG categories' }).getByRole('button', { name: 'SDG 7: Affordable and Clean Energy' }).click();
  await page.getByRole('button', { name: 'Heat Pumps and Electrification' }).click();
  await page.getByRole('button', { name: 'Create a Post' }).click();
  const composer = page.getByRole('form', { name: 'Create a Post' });
  await composer.getByLabel('Title').fill(title);
  await composer.getByRole('textbox', { name: 'Content' }).click();
  await page.keyboard.type('Draft that must survive a reload.');

  await page.reload();
  const restored = page.getByRole('form', { name: 'Create a Post' });
  await expect(restored.getByLabel('Title')).toHaveValue(title);
  await expect(restored.getByRole('textbox', { name: 'Content' })).toHaveText('Draft that must survive a reload.');
  await expect(restored.getByText('Posting in SDG 7: Affordable and Clean Energy › Heat Pumps and Electrification')).toBeVisible();
  await expectAccessible(page, 'restored draft');

  // The server refuses once: the alert shows and the text stays.
  await page.route('**/api/discussions', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Try later' }) })
      : route.fallback());
  await restored.getByRole('button', { name: 'Publish Post' }).click();
  // The fields' own error lines stay in the form, empty (ADR 164): the one that speaks is the alert.
  await expect(restored.getByRole('alert').filter({ hasText: /\S/ })).toHaveText('Failed to create discussion. Please try again.');
  await expect(restored.getByLabel('Title')).toHaveValue(title);
  await expectAccessible(page, 'create failed');
  await page.unroute('**/api/discussions');
  await restored.getByRole('button', { name: 'Publish Post' }).click();
  const card = postCard(page, title);
  await expect(card).toBeVisible();

  // Published: the draft is gone after a reload.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Create a Post' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Create a Post' })).toHaveCount(0);

  // A refused delete keeps the post and says so.
  await page.route('**/api/discussions/*', (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Try later' }) })
      : route.fallback());
  await postCard(page, title).getByRole('button', { name: /^Delete post/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Failed to delete discussion. Please try again.')).toBeVisible();
  await expect(postCard(page, title)).toBeVisible();
  await expectAccessible(page, 'delete failed');

  // A like shows at once and rolls back when the server refuses it.
  await page.route('**/api/discussions/*/like', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Try later' }) });
  });
  const like = postCard(page, title).getByRole('button', { name: /^Like post/ });
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(postCard(page, title).getByTestId('like-count')).toHaveText('1');
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(postCard(page, title).getByTestId('like-count')).toHaveText('0');
  await page.unroute('**/api/discussions/*/like');
  await like.click();
  await expect(postCard(page, title).getByTestId('like-count')).toHaveText('1');
  await page.reload();
  await expect(postCard(page, title).getByTestId('like-count')).toHaveText('1');
});

test('a comment refused for coming too fast keeps its text and says when to try again', async ({ page, request }) => {
  const rosa = await createUser(request, { firstName: 'Rosa', lastName: 'Rate' });
  await signIn(page, rosa);
  await page.goto('/discussion?category=climate-action&subcategory=embodied-carbon');
  await page.getByRole('button', { name: 'Create a Post' }).click();
  const composer = page.getByRole('form', { name: 'Create a Post' });
  const title = `Rate limits ${unique()}`;
  await composer.getByLabel('Title').fill(title);
  await composer.getByRole('textbox', { name: 'Content' }).click();
  await page.keyboard.type('A post to comment on.');
  await composer.getByRole('button', { name: 'Publish Post' }).click();
  const card = postCard(page, title);
  // Its comments are slow to come: the thread opens on 'Loading comments...' once the wait is long enough to notice
  // (THREAD_WAIT_MS after the press, by the page's own clock), then shows them in its place.
  await slowDown(page, '**/api/comments/*/list');
  const toggle = card.getByRole('button', { name: /^Comments/ });
  const thread = card.getByRole('region', { name: `Comments on ${title}` });
  // Opened and closed again before its comments came: it stays closed, and its late answer opens nothing.
  await toggle.click();
  await toggle.click();
  await page.waitForTimeout(2 * THREAD_WAIT_MS);
  await expect(thread).toHaveCount(0);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  const openedAfterPress = await timeToAppear(page, '.comment-thread');
  await toggle.click();
  await expect(thread.getByRole('status').filter({ hasText: 'Loading comments...' })).toBeAttached();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expectAccessible(page, 'comments on their way');
  expect(await openedAfterPress()).toBeGreaterThanOrEqual(THREAD_WAIT_MS);
  await expect(thread.getByText('No comments yet.')).toBeVisible();
  await expect(thread.getByText('Loading comments...')).toHaveCount(0);
  await page.unroute('**/api/comments/*/list');
  await page.route('**/api/comments', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
        status: 429, headers: { 'retry-after': '42' }, contentType: 'application/json',
        body: JSON.stringify({ success: false, message: 'Too many attempts. Please try again in 1 minute.' }),
      })
      : route.fallback());
  const field = card.getByLabel('Add a comment');
  await field.fill('Kept after a refusal');
  await card.getByRole('button', { name: 'Post Comment' }).click();
  await expect(card.getByRole('alert')).toHaveText('Too many attempts. Please try again in 1 minute.');
  await expect(field).toHaveValue('Kept after a refusal');
  await expectAccessible(page, 'comment refused');
  await page.unroute('**/api/comments');
  await card.getByRole('button', { name: 'Post Comment' }).click();
  await expect(field).toHaveValue('');
  await expect(card.getByRole('alert').filter({ hasText: /\S/ })).toHaveCount(0);
  await expect(commentBox(card, 'Rosa Rate', 'Kept after a refusal')).toBeVisible();
});

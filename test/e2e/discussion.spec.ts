/**
 * The discussion community end to end, in Chromium against the real server: two members in two browser contexts
 * post, comment, reply three levels deep, like and delete; the composer and the comment thread are also used by
 * keyboard alone; axe runs on every step. Failures are in discussion-failures.spec.ts; topics, reading ahead, deep
 * threads and the phone layout in discussion-browsing.spec.ts.
 */
import type { Locator, Page } from '@playwright/test';
import { createUser, signIn } from './support/accounts';
import { chooseInSidebar, commentBox, openDiscussion, postCard, unique } from './support/discussion';
import { expect, expectAccessible, test } from './support/fixtures';
import { tabTo } from './support/keyboard';
import { memberPage } from './support/member-page';
import { trustedPoster } from './support/members';

test('two members post, comment, reply three levels deep, like and delete', async ({ page, request, browser }) => {
  test.setTimeout(240_000);
  const ada = await createUser(request, { firstName: 'Ada', lastName: 'Lovelace' });
  const bob = await createUser(request, { firstName: 'Bob', lastName: 'Builder' });
  const title = `Greywater in mid-rise housing ${unique()}`;
  const bobErrors: string[] = [];

  await signIn(page, ada);
  await openDiscussion(page);
  await expectAccessible(page, 'discussion page');

  // Without a topic the composer does not open.
  await page.getByRole('button', { name: 'Create a Post' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please select both category and subcategory first');
  await expectAccessible(page, 'create without a topic');

  await chooseInSidebar(page, 'SDG 6: Clean Water and Sanitation', 'Greywater Reuse');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Create a Post' }).click();
  const composer = page.getByRole('form', { name: 'Create a Post' });
  await expect(composer.getByText('Posting in SDG 6: Clean Water and Sanitation › Greywater Reuse')).toBeVisible();
  const publish = composer.getByRole('button', { name: 'Publish Post' });
  await expect(publish).toBeDisabled();
  await composer.getByLabel('Title').fill(title);
  await expect(publish).toBeDisabled();
  const editor = composer.getByRole('textbox', { name: 'Content' });
  await editor.click();
  await page.keyboard.type('Reuse is ');
  await composer.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('cheaper than you think');
  await composer.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.press('Enter');
  await composer.getByRole('button', { name: 'Bulleted list' }).click();
  await page.keyboard.type('showers to toilets');
  await page.keyboard.press('Enter');
  await page.keyboard.type('laundry to irrigation');
  await expect(composer.getByRole('button', { name: 'Bulleted list' })).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page, 'composer filled');
  await publish.click();

  const adaCard = postCard(page, title);
  await expect(adaCard).toBeVisible();
  await expect(page.getByRole('form', { name: 'Create a Post' })).toHaveCount(0);
  const content = adaCard.locator('.discussion-card__content');
  await expect(content.locator('strong')).toHaveText('cheaper than you think');
  await expect(content.locator('ul > li')).toHaveText(['showers to toilets', 'laundry to irrigation']);
  await expect(adaCard.getByText('Ada Lovelace')).toBeVisible();
  await expect(adaCard.locator('time')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
  await expect(adaCard.getByTestId('like-count')).toHaveText('0');
  await expect(adaCard.getByTestId('comment-count')).toHaveText('0');
  await expect(adaCard.getByRole('button', { name: /^Delete post/ })).toBeVisible();
  await expectAccessible(page, 'post published');

  // Ada opens the comments and writes the first one; Post Comment waits for text.
  await adaCard.getByRole('button', { name: /^Comments on/ }).click();
  const adaThread = adaCard.getByRole('region', { name: `Comments on ${title}` });
  await expect(adaThread.getByText('No comments yet.')).toBeVisible();
  const postComment = adaThread.getByRole('button', { name: 'Post Comment' });
  await expect(postComment).toBeDisabled();
  await adaThread.getByLabel('Add a comment').fill('   ');
  await expect(postComment).toBeDisabled();
  await adaThread.getByLabel('Add a comment').fill('Level zero: which filters do you use?');
  await postComment.click();
  await expect(commentBox(adaThread, 'Ada Lovelace', 'Level zero')).toBeVisible();
  await expect(adaCard.getByTestId('comment-count')).toHaveText('1');
  await expectAccessible(page, 'first comment');

  // Bob, in his own browser, sees the post, likes it, and answers Ada (level 1).
  const bobPage = await memberPage(browser, bob, bobErrors);
  await openDiscussion(bobPage);
  await chooseInSidebar(bobPage, 'SDG 6: Clean Water and Sanitation', 'Greywater Reuse');
  const bobCard = postCard(bobPage, title);
  await expect(bobCard.locator('.discussion-card__content strong')).toHaveText('cheaper than you think');
  await expect(bobCard.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  const bobLike = bobCard.getByRole('button', { name: /^Like post/ });
  await expect(bobLike).toHaveAttribute('aria-pressed', 'false');
  await bobLike.click();
  await expect(bobLike).toHaveAttribute('aria-pressed', 'true');
  await expect(bobCard.getByTestId('like-count')).toHaveText('1');
  await bobCard.getByRole('button', { name: /^Comments on/ }).click();
  const bobThread = bobCard.getByRole('region', { name: `Comments on ${title}` });
  const adaComment = commentBox(bobThread, 'Ada Lovelace', 'Level zero');
  await expect(adaComment.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await adaComment.getByRole('button', { name: 'Reply to Ada Lovelace' }).click();
  await adaComment.getByLabel('Reply to Ada Lovelace').fill('Level one: a sand filter and UV.');
  await adaComment.getByRole('button', { name: 'Post Comment' }).click();
  await expect(commentBox(bobThread, 'Bob Builder', 'Level one')).toBeVisible();
  await expectAccessible(bobPage, 'bob replied');

  // Ada refreshes: the like and the reply are there; she answers Bob (level 2).
  await page.reload();
  await openDiscussionAfterReload(page);
  const adaCard2 = postCard(page, title);
  await expect(adaCard2.getByTestId('like-count')).toHaveText('1');
  await expect(adaCard2.getByRole('button', { name: /^Like post/ })).toHaveAttribute('aria-pressed', 'false');
  await expect(adaCard2.getByTestId('comment-count')).toHaveText('2');
  await adaCard2.getByRole('button', { name: /^Comments on/ }).click();
  const adaThread2 = adaCard2.getByRole('region', { name: `Comments on ${title}` });
  const bobReply = commentBox(adaThread2, 'Bob Builder', 'Level one');
  await expect(bobReply.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await bobReply.getByRole('button', { name: /^Like comment/ }).click();
  await expect(bobReply.getByTestId('like-count')).toHaveText('1');
  await bobReply.getByRole('button', { name: 'Reply to Bob Builder' }).click();
  await bobReply.getByLabel('Reply to Bob Builder').fill('Level two: how often do you change the UV lamp?');
  await bobReply.getByRole('button', { name: 'Post Comment' }).click();
  await expect(commentBox(adaThread2, 'Ada Lovelace', 'Level two')).toBeVisible();

  // Bob refreshes and answers that (level 3).
  await bobPage.reload();
  await openDiscussionAfterReload(bobPage);
  const bobCard2 = postCard(bobPage, title);
  await bobCard2.getByRole('button', { name: /^Comments on/ }).click();
  const bobThread2 = bobCard2.getByRole('region', { name: `Comments on ${title}` });
  await expect(commentBox(bobThread2, 'Bob Builder', 'Level one').getByTestId('like-count')).toHaveText('1');
  const levelTwo = commentBox(bobThread2, 'Ada Lovelace', 'Level two');
  await levelTwo.getByRole('button', { name: 'Reply to Ada Lovelace' }).click();
  await levelTwo.getByLabel('Reply to Ada Lovelace').fill('Level three: once a year.');
  await levelTwo.getByRole('button', { name: 'Post Comment' }).click();
  const levelThree = commentBox(bobThread2, 'Bob Builder', 'Level three');
  await expect(levelThree).toBeVisible();
  await expect(levelThree.getByRole('button', { name: /^Delete comment/ })).toBeVisible();
  await expectAccessible(bobPage, 'three levels deep');

  // Each level is indented 2rem (32px) more than the one it answers.
  const left = async (box: Locator) => (await box.boundingBox())!.x;
  const levelZero = commentBox(bobThread2, 'Ada Lovelace', 'Level zero');
  const x0 = await left(levelZero);
  expect(Math.round((await left(commentBox(bobThread2, 'Bob Builder', 'Level one'))) - x0)).toBe(32);
  expect(Math.round((await left(levelTwo)) - x0)).toBe(64);
  expect(Math.round((await left(levelThree)) - x0)).toBe(96);

  // Ada deletes her own first comment: it has replies, so it stays as "[deleted]" and the replies stay readable.
  await page.reload();
  await openDiscussionAfterReload(page);
  const adaCard3 = postCard(page, title);
  await adaCard3.getByRole('button', { name: /^Comments on/ }).click();
  const adaThread3 = adaCard3.getByRole('region', { name: `Comments on ${title}` });
  await expect(commentBox(adaThread3, 'Bob Builder', 'Level three')).toBeVisible();
  await commentBox(adaThread3, 'Ada Lovelace', 'Level zero').getByRole('button', { name: /^Delete comment/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this comment?' });
  await expect(confirm).toBeVisible();
  await expectAccessible(page, 'delete comment confirmation');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(adaThread3.getByText('Level zero')).toHaveCount(0);
  await expect(adaThread3.locator('.comment__deleted')).toHaveText('[deleted]');
  await expect(commentBox(adaThread3, 'Bob Builder', 'Level one')).toBeVisible();
  await expect(commentBox(adaThread3, 'Bob Builder', 'Level three')).toBeVisible();
  await expect(adaCard3.getByTestId('comment-count')).toHaveText('3');
  await expectAccessible(page, 'comment deleted');

  // Ada deletes her post; after a refresh Bob no longer sees it.
  await adaCard3.getByRole('button', { name: /^Delete post/ }).click();
  const confirmPost = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this discussion?' });
  await expectAccessible(page, 'delete post confirmation');
  await confirmPost.getByRole('button', { name: 'Delete' }).click();
  await expect(postCard(page, title)).toHaveCount(0);
  await expect(page.getByText('No discussions found')).toBeVisible();
  await expectAccessible(page, 'post deleted');

  await bobPage.reload();
  await openDiscussionAfterReload(bobPage);
  await expect(postCard(bobPage, title)).toHaveCount(0);
  await expect(bobPage.getByText('No discussions found')).toBeVisible();
  await bobPage.context().close();
  expect(bobErrors, 'console errors on Bob\'s page').toEqual([]);
});

/** After a reload the topic is still the one chosen: it lives in the URL. */
async function openDiscussionAfterReload(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Community Discussions' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'SDG 6: Clean Water and Sanitation › Greywater Reuse' })).toBeVisible();
  await expect(page.getByText('Loading discussions...')).toBeHidden();
}

test('the composer and the comment thread work by keyboard alone', async ({ page, request }) => {
  test.setTimeout(240_000);
  const cleo = await createUser(request, { firstName: 'Cleo', lastName: 'Planner' });
  // Her post carries a link: she is a member whose linked posts a moderator has approved before (ADR 149).
  await trustedPoster(request, cleo);
  const title = `Keyboard-first street design ${unique()}`;
  await signIn(page, cleo);
  await openDiscussion(page);

  // Category and subcategory through the two selects.
  await tabTo(page, page.locator('.topic-select__button').first());
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toBeVisible();
  await expectAccessible(page, 'category listbox open');
  await page.keyboard.type('SDG 11');
  await page.keyboard.press('Enter');
  await expect(page.locator('.topic-select__button').first()).toContainText('SDG 11: Sustainable Cities and Communities');
  await page.keyboard.press('Tab');
  await expect(page.locator('.topic-select__button').nth(1)).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.type('Walkable');
  await page.keyboard.press('Enter');
  await expect(page.locator('.topic-select__button').nth(1)).toContainText('Walkable Streets');

  // 'Create a Post' → the title has focus → Tab to the toolbar (one stop, arrows inside) → Tab into the text.
  await tabTo(page, page.getByRole('button', { name: 'Create a Post' }));
  await page.keyboard.press('Enter');
  const composer = page.getByRole('form', { name: 'Create a Post' });
  await expect(composer.getByLabel('Title')).toBeFocused();
  await page.keyboard.type(title);
  await page.keyboard.press('Tab');
  const toolbar = composer.getByRole('toolbar', { name: 'Formatting' });
  await expect(toolbar.getByRole('button', { name: 'Bold' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(toolbar.getByRole('button', { name: 'Italic' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(toolbar.getByRole('button', { name: 'Link' })).toBeFocused();
  // The Link and Quote tools are drawn (an emoji showed as an empty box where the font lacked it), and drawn visibly.
  for (const name of ['Link', 'Quote']) {
    const icon = toolbar.getByRole('button', { name }).locator('svg');
    await expect(icon).toBeVisible();
    expect((await icon.boundingBox())!.width).toBeGreaterThanOrEqual(16);
  }
  await page.keyboard.press('Tab');
  const editor = composer.getByRole('textbox', { name: 'Content' });
  await expect(editor).toBeFocused();
  await page.keyboard.type('Streets for people: ');
  await page.keyboard.press('Control+B');
  await page.keyboard.type('slow traffic');
  await page.keyboard.press('Control+B');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+Shift+7');
  await page.keyboard.type('narrow lanes');
  await page.keyboard.press('Enter');
  await page.keyboard.type('raised crossings');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter'); // an empty item leaves the list
  await page.keyboard.type('See ');
  await page.keyboard.press('Control+K');
  const linkDialog = page.getByRole('dialog', { name: 'Add a link' });
  await expect(linkDialog.getByLabel('Link address')).toBeFocused();
  await expectAccessible(page, 'link dialog');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('https://example.org/streets');
  await page.keyboard.press('Tab');
  await expect(linkDialog.getByLabel('Link text')).toBeFocused();
  await page.keyboard.type('the street guide');
  await page.keyboard.press('Enter');
  await expect(linkDialog).toHaveCount(0);
  await expect(editor).toBeFocused();
  await expectAccessible(page, 'composer by keyboard');
  await page.keyboard.press('Control+Enter');

  const card = postCard(page, title);
  await expect(card).toBeVisible();
  const content = card.locator('.discussion-card__content');
  await expect(content.locator('strong')).toHaveText('slow traffic');
  await expect(content.locator('ol > li')).toHaveText(['narrow lanes', 'raised crossings']);
  const link = content.getByRole('link', { name: 'the street guide' });
  await expect(link).toHaveAttribute('href', 'https://example.org/streets');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  await expect(page.getByRole('button', { name: 'Create a Post' })).toBeFocused();

  // The thread: open it, comment, reply, like and delete, all from the keyboard.
  await tabTo(page, card.getByRole('button', { name: /^Comments on/ }));
  await page.keyboard.press('Enter');
  const thread = card.getByRole('region', { name: `Comments on ${title}` });
  await tabTo(page, thread.getByLabel('Add a comment'));
  await page.keyboard.type('Which crossings worked best?');
  await page.keyboard.press('Tab');
  await expect(thread.getByRole('button', { name: 'Post Comment' })).toBeFocused();
  await page.keyboard.press('Enter');
  const first = commentBox(thread, 'Cleo Planner', 'Which crossings');
  await expect(first).toBeVisible();
  await expectAccessible(page, 'thread by keyboard');

  await tabTo(page, first.getByRole('button', { name: /^Like comment/ }));
  await page.keyboard.press('Space');
  await expect(first.getByTestId('like-count')).toHaveText('1');
  await tabTo(page, first.getByRole('button', { name: 'Reply to Cleo Planner' }));
  await page.keyboard.press('Enter');
  await expect(first.getByLabel('Reply to Cleo Planner')).toBeFocused();
  await page.keyboard.type('Raised tables at every side street.');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  const reply = commentBox(thread, 'Cleo Planner', 'Raised tables');
  await expect(reply).toBeVisible();
  // The focus lands on the new reply (issue 41, ADR 164).
  await expect(reply).toBeFocused();

  await tabTo(page, reply.getByRole('button', { name: /^Delete comment/ }));
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this comment?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(confirm.getByRole('button', { name: 'Delete' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(thread.getByText('Raised tables')).toHaveCount(0);
  await expect(card.getByTestId('comment-count')).toHaveText('1');
  await expectAccessible(page, 'reply deleted by keyboard');
});

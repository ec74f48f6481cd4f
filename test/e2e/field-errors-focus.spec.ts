/**
 * Errors where the field is, and focus that never drops (issue 41, items 6 and 7; ADR 164), by keyboard with a virtual
 * screen reader listening and axe on each screen: the inputs carry the server's limits; a problem the server finds is
 * said beside its field in its own words (never a toast, never a validator's); after a save, a post, a delete, the
 * focus lands on the outcome (the status line, the new comment, the list's heading) and the outcome is heard.
 */
import type { Page } from '@playwright/test';
import { COMMENT_CONTENT_MAX } from '../../src/domain/discussion';
import { BIO_MAX, HEADLINE_MAX, ORGANISATION_MAX } from '../../src/domain/member';
import { NAME_MAX_LENGTH, PASSWORD_INPUT_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../../src/domain/user';
import { createUser, signIn } from './support/accounts';
import { expect, expectAccessible, test } from './support/fixtures';
import { tabTo } from './support/keyboard';
import { createPost, trustedPoster } from './support/members';
import { expectSpoken, forget, withScreenReader } from './support/screen-reader';

test.beforeEach(async ({ page }) => {
  await withScreenReader(page.context());
});

const unique = () => Math.random().toString(36).slice(2, 8);
/** A topic no other test posts in. */
const TOPIC = { category: 'life-on-land', subcategory: 'responsible-timber' };
const TOPIC_HEADING = 'SDG 15: Life on Land › Responsible Timber Sourcing';
const TOPIC_URL = `/discussion?category=${TOPIC.category}&subcategory=${TOPIC.subcategory}`;

/** The id of the element that describes `field`, checked to hold `text`. */
async function expectDescribedBy(page: Page, field: ReturnType<Page['getByLabel']>, text: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const ids = (await field.getAttribute('aria-describedby'))?.split(/\s+/) ?? [];
  const said = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  expect(said, 'the field is read with its error').toContain(text);
}

async function openTopic(page: Page) {
  await page.goto(TOPIC_URL);
  await expect(page.getByRole('heading', { level: 2, name: TOPIC_HEADING })).toBeVisible();
  await expect(page.getByText('Loading discussions...')).toBeHidden();
}

test('profile and password: the limits on the inputs, the error beside its field, the outcome focused and heard', async ({ page, request }) => {
  const user = await createUser(request, { firstName: 'Ines', lastName: 'Inline' });
  await signIn(page, user);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeVisible();
  const profile = page.getByRole('region', { name: 'Update Profile' });
  const password = page.getByRole('region', { name: 'Change Password' });
  // The same limits as the server's schemas, from the same constants.
  const limits: [ReturnType<Page['getByLabel']>, number][] = [
    [profile.getByLabel('First name'), NAME_MAX_LENGTH], [profile.getByLabel('Last name'), NAME_MAX_LENGTH],
    [profile.getByLabel('Headline'), HEADLINE_MAX], [profile.getByLabel('Organisation'), ORGANISATION_MAX], [profile.getByLabel('Bio'), BIO_MAX],
    [password.getByLabel('Current password'), PASSWORD_INPUT_MAX_LENGTH], [password.getByLabel('New password', { exact: true }), PASSWORD_MAX_LENGTH],
    [password.getByLabel('Confirm new password'), PASSWORD_MAX_LENGTH],
  ];
  for (const [field, most] of limits) await expect(field).toHaveAttribute('maxlength', String(most));
  // Typed past the limit, the field keeps what the server takes.
  const headline = profile.getByLabel('Headline');
  await tabTo(page, headline);
  await page.keyboard.insertText('h'.repeat(HEADLINE_MAX + 5));
  await expect(headline).toHaveValue('h'.repeat(HEADLINE_MAX));
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Timber engineer, Leeds');
  await tabTo(page, profile.getByRole('button', { name: 'Update Profile' }));
  await forget(page);
  await page.keyboard.press('Enter');
  // The outcome takes the focus where the button was, and is heard.
  const profileStatus = profile.getByRole('status');
  await expect(profileStatus).toHaveText('Profile updated successfully');
  await expect(profileStatus).toBeFocused();
  await expectSpoken(page, ['Profile updated successfully'], 'the profile saved');
  await expectAccessible(page, 'profile saved, its status focused');

  // A wrong current password: the server's words beside that field, announced, and no toast.
  await tabTo(page, password.getByLabel('Current password'));
  await page.keyboard.type('not my password');
  await page.keyboard.press('Tab');
  await page.keyboard.type('a sturdy new secret');
  await page.keyboard.press('Tab');
  await page.keyboard.type('a sturdy new secret');
  await forget(page);
  await page.keyboard.press('Enter');
  await expectSpoken(page, ['assertive: Current password is incorrect'], 'the wrong password');
  await expectDescribedBy(page, password.getByLabel('Current password'), 'Current password is incorrect');
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  await expectAccessible(page, 'change password: the error beside its field');

  await tabTo(page, password.getByLabel('Current password'));
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(user.password);
  await tabTo(page, password.getByRole('button', { name: 'Change Password' }));
  await forget(page);
  await page.keyboard.press('Enter');
  const passwordStatus = password.getByRole('status');
  await expect(passwordStatus).toHaveText('Password updated successfully');
  await expect(passwordStatus).toBeFocused();
  await expectSpoken(page, ['Password updated successfully'], 'the password changed');
  await expect(password.getByLabel('Current password')).not.toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'password changed, its status focused');
});

test('a comment refused for its length says so beside it; posted, the focus is on it; a post deleted, on the list heading', async ({ page, request }) => {
  const author = await createUser(request, { firstName: 'Tomas', lastName: 'Timber' });
  await trustedPoster(request, author);
  const title = `Chain of custody for reclaimed oak ${unique()}`;
  await createPost(request, author, { title, content: '<p>Which certificates do suppliers accept?</p>', ...TOPIC });
  await signIn(page, author);
  await openTopic(page);
  const card = page.getByRole('article', { name: title, exact: true });
  await tabTo(page, card.getByRole('button', { name: /^Comments on/ }));
  await page.keyboard.press('Enter');
  const thread = card.getByRole('region', { name: `Comments on ${title}` });
  const box = thread.getByLabel('Add a comment');
  await tabTo(page, box);
  await expect(box).toHaveAttribute('maxlength', String(COMMENT_CONTENT_MAX));
  // As long as the box takes: the server counts the markup too, and says why in its own words, beside the box.
  await page.keyboard.insertText('w'.repeat(COMMENT_CONTENT_MAX));
  await page.keyboard.press('Tab');
  await forget(page);
  await page.keyboard.press('Enter');
  const tooLong = `Comment must be at most ${COMMENT_CONTENT_MAX} characters`;
  await expectSpoken(page, [`assertive: ${tooLong}`], 'the comment refused');
  await expect(box).toHaveAttribute('aria-describedby', /.+/);
  const describedBy = (await box.getAttribute('aria-describedby'))!;
  await expect(page.locator(`[id="${describedBy}"]`)).toHaveText(tooLong);
  await expectAccessible(page, 'a comment refused beside its box');

  await tabTo(page, box);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('FSC recycled claims cover reclaimed timber.');
  await page.keyboard.press('Tab');
  await forget(page);
  await page.keyboard.press('Enter');
  // The focus lands on the new comment, read by its author's name; the live region says it was posted.
  const posted = thread.locator('article.comment__body').filter({ hasText: 'FSC recycled claims' });
  await expect(posted).toBeFocused();
  await expectSpoken(page, ['polite: Comment posted'], 'the comment posted');
  await expectSpoken(page, ['Tomas Timber'], 'the new comment read');
  await expectAccessible(page, 'a comment posted, focused');

  await tabTo(page, posted.getByRole('button', { name: /^Delete comment/ }));
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await forget(page);
  await page.keyboard.press('Enter');
  await expect(thread.getByText('FSC recycled claims')).toHaveCount(0);
  // With no comment left beside it, the focus goes back to the box for a new one.
  await expect(box).toBeFocused();
  await expectSpoken(page, ['polite: Comment deleted'], 'the comment deleted');

  await tabTo(page, card.getByRole('button', { name: /^Delete post/ }));
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this discussion?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await forget(page);
  await page.keyboard.press('Enter');
  await expect(card).toHaveCount(0);
  // The list's heading takes the focus, and the delete is heard.
  await expect(page.getByRole('heading', { level: 2, name: TOPIC_HEADING })).toBeFocused();
  await expectSpoken(page, [`heading, ${TOPIC_HEADING}, level 2`], 'the list heading after the delete');
  await expectSpoken(page, ['polite: Discussion deleted'], 'the delete heard');
  await expectAccessible(page, 'a post deleted, the list heading focused');
});

test("a post deleted on its own page: back on its topic's list, the focus on the list's heading", async ({ page, request }) => {
  const author = await createUser(request, { firstName: 'Petra', lastName: 'Page' });
  await trustedPoster(request, author);
  const title = `Glulam offcuts as acoustic panels ${unique()}`;
  const id = await createPost(request, author, { title, content: '<p>Has anyone tested them?</p>', ...TOPIC });
  await signIn(page, author);
  await page.goto(`/discussion/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: /^Delete post/ }));
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await forget(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`category=${TOPIC.category}`));
  await expect(page.getByRole('heading', { level: 2, name: TOPIC_HEADING })).toBeFocused();
  await expectSpoken(page, [`heading, ${TOPIC_HEADING}, level 2`], 'the list heading after the delete');
  await expect(page.getByRole('article', { name: title, exact: true })).toHaveCount(0);
  await expectAccessible(page, 'back on the list after deleting a post');
});

test('the composer says a missing text beside the editor, and clears it as the member writes', async ({ page, request }) => {
  await signIn(page, await createUser(request, { firstName: 'Cora', lastName: 'Compose' }));
  await openTopic(page);
  await tabTo(page, page.getByRole('button', { name: 'Create a Post' }));
  await page.keyboard.press('Enter');
  const composer = page.getByRole('form', { name: 'Create a Post' });
  const titleField = composer.getByLabel('Title');
  await expect(titleField).toBeFocused();
  await expect(titleField).toHaveAttribute('maxlength', '200');
  await page.keyboard.type('Moisture in CLT during construction');
  const editor = composer.getByRole('textbox', { name: 'Content' });
  await tabTo(page, editor);
  await forget(page);
  await page.keyboard.press('ControlOrMeta+Enter');
  const missing = 'Please write the post before creating it';
  await expectSpoken(page, [`assertive: ${missing}`], 'the missing text');
  await expectDescribedBy(page, editor, missing);
  await expectAccessible(page, 'the composer with an error beside the editor');
  await page.keyboard.type('How do you protect panels from rain on site?');
  await expect(editor).not.toHaveAttribute('aria-invalid', 'true');
  await expect(composer.getByText(missing)).toHaveCount(0);
  await tabTo(page, composer.getByRole('button', { name: 'Cancel' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Create a Post' })).toBeFocused();
});

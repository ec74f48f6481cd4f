/**
 * The community loop of issue 37, whole, as two members and a moderator live it, by keyboard with axe on every screen:
 * A posts; B, in a browser of his own, replies on the post's page and mentions A; A's bell rises without a reload and
 * the polite live region says so; A opens the notification and lands on B's comment; A edits the post and B reads
 * 'edited'; B reports it, a moderator hides it with a reason; A's bell rises again and A reads why.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { HIDDEN_TEXT } from '../../src/domain/moderation';
import { createUser, signIn } from './support/accounts';
import { expect, expectAccessible, test } from './support/fixtures';
import { tabTo } from './support/keyboard';
import { memberPage } from './support/member-page';
import { createPost } from './support/members';
import { staffUser } from './support/staff';

const TOPIC = { category: 'sustainable-cities-and-communities', subcategory: 'urban-planning' };
/** Letters only: a name no other test's member shares, so the suggestions hold one member. */
const tag = () => [...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join('');
const bell = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Notifications/ });
const announcement = (page: Page) => page.getByTestId('notification-announcement');

test('A hears of B’s reply and mention at once, lands on it, edits; B reports, a moderator hides, A is told why', async ({ page, request, browser }) => {
  test.setTimeout(240_000);
  const family = `Ve${tag()}`;
  const ada = await createUser(request, { firstName: 'Ada', lastName: family });
  const ben = await createUser(request, { firstName: 'Ben', lastName: 'Osei' });
  const title = `Cool roofs on terraces ${Date.now()}`;
  const postId = await createPost(request, ada, { title, content: '<p>Has anyone measured the indoor effect?</p>', ...TOPIC });

  await signIn(page, ada);
  await page.goto(`/discussion/${postId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expectAccessible(page, 'A on her post');

  // B replies on the post's page and mentions A, choosing her from the suggestions by keyboard.
  const benErrors: string[] = [];
  const benPage = await memberPage(browser, ben, benErrors);
  await benPage.goto(`/discussion/${postId}`);
  const field = benPage.getByLabel('Add a comment');
  await tabTo(benPage, field);
  await benPage.keyboard.type(`We logged 2 °C lower in the top flat. @${family.slice(0, 5)}`);
  const suggestions = benPage.getByRole('listbox', { name: 'Members to mention' });
  await expect(suggestions.getByRole('option')).toHaveText([`Ada ${family}`]);
  await expectAccessible(benPage, 'B mentioning A');
  await benPage.keyboard.press('Enter');
  await benPage.keyboard.type('would you like the data?');
  await tabTo(benPage, benPage.getByRole('button', { name: 'Post Comment' }));
  await benPage.keyboard.press('Enter');
  const mention = benPage.getByRole('link', { name: `@Ada ${family}`, exact: true });
  await expect(mention).toBeVisible();

  // A's bell rises without a reload, and the live region says so; one notification for the reply that mentions her.
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 5000 });
  await expect(announcement(page)).toHaveText('1 unread notification');

  // A opens it by keyboard and lands on B's comment: in view, focused and marked.
  await tabTo(page, bell(page));
  await page.keyboard.press('Enter');
  const item = page.getByRole('menu').getByRole('menuitem', { name: new RegExp(`Ben Osei mentioned you in “${title}”`) });
  await expect(item).toBeVisible();
  await expectAccessible(page, 'A’s notification panel');
  await item.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/discussion/${postId}#comment-[0-9a-f-]{36}$`));
  const target = page.locator('.comment__body--target');
  await expect(target).toContainText('We logged 2 °C lower in the top flat.');
  await expect(target).toBeFocused();
  await expect(target).toBeInViewport();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expectAccessible(page, 'A on B’s comment');

  // A edits the post; B reads 'edited' with its time.
  await tabTo(page, page.getByRole('button', { name: `Edit post: ${title}` }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('textbox', { name: 'Content' }));
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(' Ours is a 1900s terrace with a slate roof.');
  await tabTo(page, page.getByRole('button', { name: 'Save changes' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Ours is a 1900s terrace with a slate roof.')).toBeVisible();
  await benPage.reload();
  const post = benPage.getByRole('article', { name: title });
  await expect(post.locator('.edited-mark')).toContainText('edited');
  await expect(post.locator('.edited-mark time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
  await expectAccessible(benPage, 'B reads edited');

  // B reports the post from its page.
  await tabTo(benPage, benPage.getByRole('button', { name: `Report post: ${title}` }));
  await benPage.keyboard.press('Enter');
  const dialog = benPage.getByRole('dialog', { name: 'Report this post' });
  await tabTo(benPage, dialog.getByRole('radio', { name: 'Off topic' }));
  await benPage.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('radio', { name: 'No source for a claim' })).toBeChecked();
  await expectAccessible(benPage, 'B’s report');
  await tabTo(benPage, dialog.getByRole('button', { name: 'Send report' }));
  await benPage.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await benPage.context().close();
  expect(benErrors, 'errors in B’s browser').toEqual([]);

  // A moderator hides it with a reason, in a browser of their own.
  const moderatorErrors: string[] = [];
  const moderator = await memberPage(browser, await staffUser(request, 'moderator', process.env.E2E_BASE_URL!), moderatorErrors);
  await moderator.goto('/staff/moderation');
  const queued = moderator.getByRole('article', { name: `Post: ${title}` });
  await expect(queued).toContainText('No source for a claim');
  await tabTo(moderator, queued.getByRole('button', { name: `Hide post: ${title}` }));
  await moderator.keyboard.press('Enter');
  const hide = moderator.getByRole('dialog', { name: 'Hide this from the community?' });
  await tabTo(moderator, hide.getByLabel('Reason (the author is told)'));
  const reason = 'Please cite the measurements before the figure goes back up.';
  await moderator.keyboard.type(reason);
  await expectAccessible(moderator, 'the moderator hiding it');
  await tabTo(moderator, hide.getByRole('button', { name: 'Hide', exact: true }));
  await moderator.keyboard.press('Enter');
  await expect(moderator.getByText('Hidden: the author is told why')).toBeVisible();
  await moderator.context().close();
  expect(moderatorErrors, 'errors in the moderator’s browser').toEqual([]);

  // A is told, at once and with the reason; her post shows the placeholder.
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 5000 });
  await expect(announcement(page)).toHaveText('1 unread notification');
  await tabTo(page, bell(page));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu').getByRole('menuitem', { name: /A moderator acted on your post or comment/ })).toContainText(reason);
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.getByText(HIDDEN_TEXT)).toBeVisible();
  await expect(page.getByText('Has anyone measured the indoor effect?')).toHaveCount(0);
  await expectAccessible(page, 'A’s hidden post');
});

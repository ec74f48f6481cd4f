/**
 * Notifications end to end (issue 37 items 1, 2 and 4), in Chromium against the real server, by keyboard, with axe
 * on every screen: A and B in two browsers; B replies to A's post twice; A's bell count rises without a reload and
 * the polite live region says so; A opens the panel by keyboard and follows the newest item to its comment's link;
 * /notifications shows the other one unread and 'Mark all read' brings the count to 0; the settings in Profile are
 * kept after a reload; 'Follow' on a topic and a post is kept after a reload.
 */
import type { Page } from '@playwright/test';
import { createUser, signIn } from './support/accounts';
import { expect, expectAccessible, test } from './support/fixtures';
import { tabTo } from './support/keyboard';
import { NOTIFICATION_STREAM } from './support/live';
import { memberPage } from './support/member-page';
import { createPost } from './support/members';
import { expectSpoken, forget, withScreenReader } from './support/screen-reader';

const TOPIC = { category: 'life-on-land', subcategory: 'brownfield-regeneration' };
const topicUrl = `/discussion?category=${TOPIC.category}&subcategory=${TOPIC.subcategory}`;

const bell = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Notifications/ });
const announcement = (page: Page) => page.getByTestId('notification-announcement');

async function reply(page: Page, title: string, text: string) {
  const card = page.getByRole('article', { name: title, exact: true });
  const thread = card.getByRole('region', { name: `Comments on ${title}` });
  if (!(await thread.isVisible())) await card.getByRole('button', { name: /^Comments on/ }).click();
  await thread.getByLabel('Add a comment').fill(text);
  await thread.getByRole('button', { name: 'Post Comment' }).click();
  await expect(thread.getByText(text)).toBeVisible();
}

test('a reply rings the bell at once; the panel, the page, Mark all read, the settings and follows', async ({ page, request, browser }) => {
  const ada = await createUser(request, { firstName: 'Ada', lastName: 'Lovelace' });
  const bob = await createUser(request, { firstName: 'Bob', lastName: 'Builder' });
  const title = `Reusing a gasworks site ${Date.now()}`;
  const postId = await createPost(request, ada, { title, content: '<p>What did the soil survey find?</p>', ...TOPIC });

  await signIn(page, ada);
  await page.goto(topicUrl);
  await expect(page.getByRole('article', { name: title })).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expectAccessible(page, 'discussion with the bell');

  // Bob, in his own browser, replies twice; Ada's bell counts each without a reload, and the live region says so.
  const bobErrors: string[] = [];
  const bobPage = await memberPage(browser, bob, bobErrors);
  await bobPage.goto(topicUrl);
  await reply(bobPage, title, 'The survey found tar pockets near the old holder.');
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 5000 });
  await expect(announcement(page)).toHaveText('1 unread notification');
  await reply(bobPage, title, 'Bioremediation took eighteen months on a similar site.');
  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread', { timeout: 5000 });
  await expect(announcement(page)).toHaveText('2 unread notifications');
  await expect(bell(page).getByText('2', { exact: true })).toBeVisible();
  await bobPage.context().close();
  expect(bobErrors, "errors in Bob's browser").toEqual([]);

  // The panel, by keyboard: the newest first, each a link to its comment on the post's page.
  await tabTo(page, bell(page));
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  const items = menu.getByRole('menuitem', { name: /Bob Builder replied to your post/ });
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText(`Unread: Bob Builder replied to your post “${title}”`);
  const anchor = new RegExp(`^/discussion/${postId}#comment-[0-9a-f-]{36}$`);
  await expect(items.first()).toHaveAttribute('href', anchor);
  await expect(items.nth(1)).toHaveAttribute('href', anchor);
  expect(await items.first().getAttribute('href')).not.toBe(await items.nth(1).getAttribute('href'));
  await expect(menu.getByRole('menuitem', { name: 'See all notifications' })).toHaveAttribute('href', '/notifications');
  await expectAccessible(page, 'the notification panel');
  const first = await items.first().getAttribute('href');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('Enter');
  // The post page is another part of the issue: here only where the link leads, and that following it reads the item.
  await expect(page).toHaveURL(new RegExp(`${first!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');

  // /notifications: the other one unread, in words; Mark all read; the count goes to 0 on the bell too.
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const list = page.getByRole('list').filter({ hasText: 'Bob Builder replied' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('link', { name: /^Unread: Bob Builder replied/ })).toHaveCount(1);
  await expect(page.getByText('1 unread', { exact: true })).toBeVisible();
  await expectAccessible(page, '/notifications with one unread');
  const markAll = page.getByRole('button', { name: 'Mark all read' });
  await tabTo(page, markAll);
  await page.keyboard.press('Enter');
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(announcement(page)).toHaveText('No unread notifications');
  await expect(list.getByRole('link', { name: /^Unread:/ })).toHaveCount(0);
  await expect(markAll).toBeDisabled();
  await expectAccessible(page, '/notifications all read');
  await page.reload();
  await expect(page.getByText('All caught up: nothing unread.')).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName('Notifications');

  // The settings in Profile, by keyboard: likes in a daily digest, kept after a reload, with the browser's zone.
  await page.goto('/profile');
  const likes = page.getByRole('button', { name: /Likes of my posts and comments/ });
  await expect(likes).toContainText('On the site');
  await expect(page.getByText(/Daily digests arrive at 08:00 in [A-Za-z_/+-]+ \(your browser's time zone/)).toBeVisible();
  await expectAccessible(page, 'profile with notification settings');
  await tabTo(page, likes);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.getByRole('option', { name: 'In a daily digest' }).press('Enter');
  await expect(likes).toContainText('In a daily digest');
  await tabTo(page, page.getByRole('button', { name: 'Save notification settings' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Notification settings saved')).toBeVisible();
  await expectAccessible(page, 'notification settings saved');
  await page.reload();
  await expect(page.getByRole('button', { name: /Likes of my posts and comments/ })).toContainText('In a daily digest');
  await expect(page.getByRole('button', { name: /Replies to my posts/ })).toContainText('By email at once');
  const saved = await request.get('/api/notifications/preferences', { headers: { authorization: `Bearer ${ada.token}` } });
  expect(await saved.json()).toMatchObject({ preferences: { like: 'digest', reply_post: 'email' }, timeZone: expect.any(String) });

  // Follow the topic and Ada's post (which she follows already, having written it), kept after a reload.
  await page.goto(topicUrl);
  const followTopic = page.getByRole('button', { name: /^Follow(ing)? topic:/ });
  await expect(followTopic).toHaveAttribute('aria-pressed', 'false');
  await tabTo(page, followTopic);
  await page.keyboard.press('Enter');
  await expect(followTopic).toHaveAttribute('aria-pressed', 'true');
  await expect(followTopic).toContainText('Following');
  const followPost = page.getByRole('article', { name: title }).getByRole('button', { name: /^Follow(ing)? post:/ });
  await expect(followPost).toBeVisible();
  await expectAccessible(page, 'discussion with follow buttons');
  await page.reload();
  await expect(page.getByRole('button', { name: /^Following topic:/ })).toHaveAttribute('aria-pressed', 'true');
});

test('the screen reader hears the new count politely, then the bell by its count', async ({ page, request }) => {
  await withScreenReader(page.context());
  const ada = await createUser(request, { firstName: 'Ada', lastName: 'Narrate' });
  const bob = await createUser(request, { firstName: 'Bob', lastName: 'Narrate' });
  const postId = await createPost(request, ada, { title: `Rammed earth walls ${Date.now()}`, content: '<p>Who has tested them for damp?</p>', ...TOPIC });
  await signIn(page, ada);
  // A count the page loads is shown, not announced: only one that changes while the member is here is new. So the
  // reply is written once the page's stream is open (before, on a slow machine, it was in the first load).
  const streamOpen = page.waitForResponse((response) => NOTIFICATION_STREAM.test(response.url()));
  await page.goto('/notifications');
  await expect(page.getByText('All caught up: nothing unread.')).toBeVisible();
  await expect(page.getByText('No notifications yet.', { exact: false })).toBeVisible();
  await streamOpen;
  await forget(page);
  const res = await request.post('/api/comments', { headers: { authorization: `Bearer ${bob.token}` }, data: { discussionId: postId, content: '<p>We did, with a lime render.</p>' } });
  expect(res.ok()).toBe(true);
  await expectSpoken(page, ['polite: 1 unread notification'], 'the new count');
  await tabTo(page, bell(page));
  await expectSpoken(page, [/^button, Notifications, 1 unread/], 'the bell');
  await expectAccessible(page, '/notifications with one new');
});

test('a visitor is sent to login from /notifications, and sees no bell', async ({ page }) => {
  await page.goto('/notifications');
  await expect(page).toHaveURL(/\/login\?from=/);
  await expect(bell(page)).toHaveCount(0);
});

/**
 * A member's data as theirs (issue 35 items 7 and 8, ADR 134), by keyboard alone with axe on every screen: 'Download
 * my data' on Profile Settings saves a ZIP holding the member's post; 'Delete account' opens a dialog that refuses a
 * wrong password, then deletes the account with the right one, signs the member out and sends them home.
 */
import { readFileSync } from 'node:fs';
import { unzip } from '../server/unzip';
import { createUser, signIn } from './support/accounts';
import { expect, expectAccessible, test } from './support/fixtures';
import { skipToContent, tabTo } from './support/keyboard';

test('download my data, then delete the account, by keyboard', async ({ page, request }, testInfo) => {
  const user = await createUser(request, { firstName: 'Rosa', lastName: 'Leaving' });
  const auth = { authorization: `Bearer ${user.token}` };
  const title = `Rosa on rammed earth ${Date.now()}`;
  const created = await request.post('/api/discussions', {
    data: { title, content: '<p>Thick walls, low carbon.</p>', category: 'climate-action', subcategory: 'embodied-carbon' }, headers: auth,
  });
  expect(created.ok()).toBe(true);
  const postId = (await created.json()).discussion._id as string;

  await signIn(page, user);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeVisible();
  await skipToContent(page);
  await expectAccessible(page, 'profile: your data and delete account');

  // Take your data: the download is a ZIP with the member's post in it.
  await tabTo(page, page.getByRole('button', { name: 'Download my data' }));
  const downloading = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^sustainlearn-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const file = testInfo.outputPath('data.zip');
  await download.saveAs(file);
  const files = unzip(readFileSync(file));
  expect(JSON.parse(files.get('posts.json')!.toString('utf8')).map((p: { title: string }) => p.title)).toEqual([title]);
  expect(files.get('README.txt')!.toString('utf8')).toContain('Page views');
  await expect(page.getByText('Your data is downloaded')).toBeVisible();

  // Delete account: the dialog says what happens and asks for the password first.
  const opener = page.getByRole('button', { name: 'Delete account' });
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Your posts and comments stay, signed "Deleted member", unless you tick the box below.');
  await expect(dialog).toContainText('Your certificates are revoked');
  await expect(dialog.getByLabel('Current password')).toBeFocused();
  await expectAccessible(page, 'delete account dialog');

  // Escape closes it and gives the focus back; nothing was deleted.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Current password')).toBeFocused();

  await page.keyboard.type('not my password');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText('Current password is incorrect');
  await expect(dialog.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'delete account dialog: wrong password');

  await expect(dialog.getByLabel('Current password')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(user.password);
  await tabTo(page, dialog.getByRole('checkbox', { name: 'Also delete my posts and comments' }), 10);
  await expect(dialog.getByRole('checkbox', { name: 'Also delete my posts and comments' })).not.toBeChecked();
  await tabTo(page, dialog.getByRole('button', { name: 'Delete my account' }), 10);
  await page.keyboard.press('Enter');

  // Signed out and home, with a toast; the token is dead; the post stays under "Deleted member".
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Your account has been deleted')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Account menu for/ })).toHaveCount(0);
  // The dialog hides the rest of the page while it is open, and until its closing fade ends (expectAccessible waits).
  await expect(dialog).toHaveCount(0);
  await expectAccessible(page, 'home after deleting the account');
  expect((await page.context().cookies()).find((c) => c.name === 'token')).toBeUndefined();
  expect((await request.get('/api/auth/profile', { headers: auth })).status()).toBe(401);
  const reader = await createUser(request, { firstName: 'Reader', lastName: 'Stays' });
  const kept = await request.get(`/api/discussions/${postId}`, { headers: { authorization: `Bearer ${reader.token}` } });
  expect((await kept.json()).discussion.createdBy).toEqual({ _id: '', name: 'Deleted member' });
  const login = await request.post('/api/auth/login', { data: { email: user.email, password: user.password } });
  expect(login.status()).toBe(400);
});

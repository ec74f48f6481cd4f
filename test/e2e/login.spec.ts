import { createUser, signIn } from './support/accounts';
import { expect, expectAccessible, test } from './support/fixtures';

test('signs in with email and password and returns to the page it came from', async ({ page, request }) => {
  const user = await createUser(request);
  await page.goto('/courses');
  await expect(page).toHaveURL(/\/login\?from=%2Fcourses$/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid credentials');
  await expectAccessible(page, 'login with error');
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/courses$/);
  await page.getByRole('button', { name: 'Account menu for Ada' }).click();
  await expect(page.getByRole('menu')).toContainText(user.email);
  await expectAccessible(page, 'avatar menu');
});

test('an already signed-in user on /login is sent home', async ({ page, request }) => {
  const user = await createUser(request);
  await signIn(page, user);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Account menu for Ada' })).toBeVisible();
});

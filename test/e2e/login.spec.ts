import { createUser, signIn } from './support/accounts';
import { expect, expectAccessible, test } from './support/fixtures';
import { LOGIN_UNEXPECTED } from '../../src/application/session.machine';

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

test('a Sign In whose HTTP code was lost to a dropped connection says so, and the next one signs in', async ({ page, request, consoleErrors }) => {
  const user = await createUser(request);
  // The chunk that holds the HTTP client does not arrive while the connection is down, as on a train in a tunnel.
  let down = true;
  await page.route(/\/static\/js\/http\.[0-9a-f]+\.js$/, (route) => (down ? route.abort('connectionreset') : route.continue()));
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText(LOGIN_UNEXPECTED);
  await expectAccessible(page, 'login on a dropped connection');

  down = false;
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Account menu for Ada' })).toBeVisible();
  // Chromium logs each dropped request itself; nothing else may reach the console.
  const kept = consoleErrors.filter((m) => !/^Failed to load resource: net::ERR_CONNECTION_RESET/.test(m));
  consoleErrors.splice(0, consoleErrors.length, ...kept);
});

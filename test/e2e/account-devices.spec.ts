/**
 * Signed-in devices and the email change in /profile, by keyboard, with axe on every screen (issue 35 items 5 and 6):
 * a member signed in in two browsers signs the other out from /profile, and that browser is signed out on its next
 * request; then the email moves to a new address with the code read from the real SMTP receiver.
 */
import { createUser, logInByKeyboard, mailCount, readCode, signIn, uniqueEmail } from './support/accounts';
import { expect, expectAccessible, test } from './support/fixtures';
import { tabTo } from './support/keyboard';
import { waitForLiveAfterLoads } from './support/live';
import { readMails } from './support/mailbox';

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';

test('signs another browser out from /profile: it is signed out on its next request; then everywhere else', async ({ page, browser, baseURL, request }) => {
  const user = await createUser(request);
  // The other browser, as a member's second computer would be: its own cookies and its own user agent.
  const otherContext = await browser.newContext({ baseURL, userAgent: FIREFOX_WINDOWS });
  const other = await otherContext.newPage();
  await waitForLiveAfterLoads(other);
  const otherErrors: string[] = [];
  other.on('pageerror', (error) => otherErrors.push(error.message));
  other.on('console', (message) => {
    if (message.type() === 'error' && !/^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())) otherErrors.push(message.text());
  });
  try {
    await logInByKeyboard(other, user.email, user.password);
    await expect(other).toHaveURL(/\/$/);
    await logInByKeyboard(page, user.email, user.password);
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/profile');
    const devices = page.getByRole('region', { name: 'Signed-in devices' });
    await expect(devices.getByRole('listitem').filter({ hasText: 'This device' })).toContainText('Chrome on Linux');
    const firefox = devices.getByRole('button', { name: 'Sign out of Firefox on Windows' });
    await expect(firefox).toBeVisible();
    await expectAccessible(page, 'profile: signed-in devices');

    await tabTo(page, firefox);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Signed out of Firefox on Windows')).toBeVisible();
    await expect(devices.getByText('Firefox on Windows')).toHaveCount(0);

    // The other browser's next request answers 401: it forgets its token and goes to the sign-in page.
    await other.goto('/profile');
    await expect(other).toHaveURL(/\/login/);
    expect(otherErrors).toEqual([]);

    // The device of the signup (made through the API) is still signed in: "Sign out everywhere else" ends it.
    const signupStatus = async () => (await request.get('/api/auth/profile', { headers: { authorization: `Bearer ${user.token}` } })).status();
    expect(await signupStatus()).toBe(200);
    const everywhere = devices.getByRole('button', { name: 'Sign out everywhere else' });
    await tabTo(page, everywhere);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Sign out everywhere else?' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'profile: sign out everywhere else?');
    // Escape cancels and gives the focus back to the button.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(everywhere).toBeFocused();
    await page.keyboard.press('Enter');
    await tabTo(page, dialog.getByRole('button', { name: 'Sign out everywhere else' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText('Signed out everywhere else', { exact: true }).first()).toBeVisible();
    await expect(devices.getByRole('listitem')).toHaveCount(1);
    await expect(everywhere).toHaveCount(0);
    expect(await signupStatus()).toBe(401);
    // This browser stays signed in.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeVisible();
    await expect(devices.getByRole('listitem')).toContainText('This device');
  } finally {
    await otherContext.close();
  }
});

test('changes the email by keyboard with the code mailed to the new address; the old address is told', async ({ page, request }) => {
  const user = await createUser(request);
  const next = uniqueEmail('moved');
  await signIn(page, user);
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Change Email' });
  await expect(section).toContainText(`Your email is ${user.email}.`);

  await tabTo(page, section.getByLabel('New email'));
  await page.keyboard.type(next);
  await page.keyboard.press('Tab');
  await expect(section.getByLabel('Your password')).toBeFocused();
  await page.keyboard.type('not the password');
  await page.keyboard.press('Enter');
  await expect(section.getByRole('alert').filter({ hasText: 'Current password is incorrect' })).toBeVisible();
  await expectAccessible(page, 'profile: email change refused');

  await section.getByLabel('Your password').focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(user.password);
  await page.keyboard.press('Enter');
  await expect(page.getByText('OTP sent successfully!')).toBeVisible();
  await expect(section.getByText(`We sent a 6-digit code to ${next}.`)).toBeVisible();
  await expect(section.getByText(/You can request a new code in [12]:\d\d/)).toBeVisible();
  await expect(section.getByLabel('Digit 1 of 6')).toBeFocused();
  await expectAccessible(page, 'profile: email change code');

  const oldMails = mailCount(user.email);
  for (const digit of await readCode(next)) await page.keyboard.type(digit);
  await page.keyboard.press('Enter');
  await expect(section.getByRole('status').filter({ hasText: `Your email is now ${next}.` })).toBeVisible();
  await expect(page.getByText('Email updated successfully')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Update Profile' })).toContainText(`Email: ${next}`);
  await expectAccessible(page, 'profile: email changed');

  await expect.poll(() => mailCount(user.email)).toBe(oldMails + 1);
  const notice = readMails(process.env.E2E_MAIL_FILE!).filter((m) => m.to.includes(user.email)).at(-1)!;
  expect(notice.raw).toContain('Subject: Your SustainLearn email address was changed');
  const loginWith = async (email: string) => (await request.post('/api/auth/login', { data: { email, password: user.password } })).status();
  expect(await loginWith(next)).toBe(200);
  expect(await loginWith(user.email)).toBe(400);
  // Still signed in here.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Change Email' })).toContainText(`Your email is ${next}.`);
});

/**
 * The staff console (issue 36) by keyboard alone, axe on every screen: an admin grants a role and the audit log shows
 * it; a moderator marks a message handled and it moves to 'Handled' with their name; a member who is not staff reads
 * that the console is not for them and has no link to it. The seeded staff keep their roles: the grant goes to a
 * member this test makes, and the admin's attempt to drop their own admin role is refused by the server.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { NOT_STAFF } from '../../src/domain/staff';
import { createUser, signIn } from './support/accounts';
import { expect, expectAccessible, test } from './support/fixtures';
import { shiftTabTo, tabTo } from './support/keyboard';
import { signInAsStaff, STAFF_ACCOUNTS } from './support/staff';
import { screenFindings } from './support/wcag';

const suffix = () => randomBytes(3).toString('hex');

/** A toast fades in: axe measures its contrast once it is fully there (seen failing mid-fade). */
async function toastShown(page: Page, text: string) {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveCSS('opacity', '1');
}

/** Opens the avatar menu by keyboard, once the roles it asks for have come back. */
async function openAvatarMenu(page: Page, firstName: string) {
  const trigger = page.getByRole('button', { name: `Account menu for ${firstName}` });
  await expect(trigger).toBeVisible();
  const roles = page.waitForResponse((r) => r.url().endsWith('/api/account/roles'));
  await tabTo(page, trigger);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'My learning' })).toBeFocused();
  expect((await roles).status()).toBe(200);
}

test('an admin grants a member the editor role, and the audit log shows the grant', async ({ page, request }) => {
  const member = await createUser(request, { firstName: 'Noor', lastName: `Grant${suffix()}` });
  const home = () => request.get('/api/staff/home', { headers: { authorization: `Bearer ${member.token}` } });
  expect((await home()).status()).toBe(403);

  await signInAsStaff(page, 'admin');
  await page.goto('/staff/roles');
  await expect(page.getByRole('heading', { level: 1, name: 'Roles' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Staff' })).toBeVisible();
  await expectAccessible(page, 'roles: the staff');

  // The server keeps an admin from removing their own admin role, and the page says why.
  const admin = STAFF_ACCOUNTS.admin;
  const own = page.getByRole('group', { name: `Roles of ${admin.firstName} ${admin.lastName}` });
  await tabTo(page, own.getByRole('checkbox', { name: 'Admin' }));
  await page.keyboard.press('Space');
  await expect(own.getByRole('checkbox', { name: 'Admin' })).not.toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Save' }).and(page.locator(':focus'))).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'An admin cannot remove their own admin role' })).toBeVisible();
  await expectAccessible(page, 'roles: own admin role refused');

  // Find the member by email, by keyboard.
  await tabTo(page, page.getByLabel('Find a member by name or email'));
  await page.keyboard.type(member.email);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/staff\/roles\?q=/);
  await expect(page.getByRole('heading', { level: 2, name: `Members matching “${member.email}”` })).toBeVisible();
  const name = `${member.firstName} ${member.lastName}`;
  const group = page.getByRole('group', { name: `Roles of ${name}` });
  await expect(group).toBeVisible();
  await expectAccessible(page, 'roles: a member found');

  await tabTo(page, group.getByRole('checkbox', { name: 'Editor' }));
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Save' }).and(page.locator(':focus'))).toBeFocused();
  await page.keyboard.press('Enter');
  await toastShown(page, `Roles of ${name} saved: Editor`);
  await expect(page.getByText('Roles: Editor')).toBeVisible();
  await expectAccessible(page, 'roles: editor granted');
  expect((await home()).status()).toBe(200);

  // The audit log, from the console's navigation above the form (Shift+Tab: forward, past the footer, sonner sends
  // the focus back from its toast to the page while 'saved' shows, ADR 182), filtered to grants by keyboard.
  await shiftTabTo(page, page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Audit log' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const grant = page.getByRole('row').filter({ hasText: 'Role granted: Editor' }).filter({ hasText: name });
  await expect(grant).toBeVisible();
  await expect(grant.getByRole('link', { name: `Entries by ${admin.firstName} ${admin.lastName}` })).toBeVisible();
  await expectAccessible(page, 'audit log');
  await tabTo(page, page.getByRole('button', { name: /Kind of action/ }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toBeVisible();
  await expectAccessible(page, 'audit log: kinds open');
  await page.keyboard.type('Role granted');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/action=role\.granted/);
  await expect(grant).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Message marked handled' })).toHaveCount(0);
  await expectAccessible(page, 'audit log: grants');
});

test('a moderator marks a feedback message handled, and it moves to Handled with their name', async ({ page, request }) => {
  const writer = `Rosa (illustrative) ${suffix()}`;
  const sent = await request.post('/api/feedback', {
    data: { name: writer, email: 'rosa.feedback@example.com', mobile: '+44 20 7946 0000', feedback: 'The embodied carbon course was clear. Could you add a worked example for timber?' },
  });
  expect(sent.status()).toBe(200);

  await signInAsStaff(page, 'moderator');
  // The server draws the inbox with its messages (ADR 100), not a spinner.
  expect(await (await page.request.get('/staff/inbox')).text()).toContain(writer);
  await page.goto('/staff/inbox');
  await expect(page.getByRole('tab', { name: 'New', selected: true })).toBeVisible();
  const message = page.getByRole('article', { name: writer });
  await expect(message).toBeVisible();
  await expect(message.getByRole('link', { name: 'Reply by email' })).toHaveAttribute('href', 'mailto:rosa.feedback@example.com?subject=Re%3A%20your%20feedback%20to%20SustainLearn');
  await expectAccessible(page, 'inbox: new');

  await tabTo(page, message.getByRole('button', { name: 'Mark handled' }));
  await page.keyboard.press('Enter');
  await toastShown(page, `Message from ${writer} marked handled`);
  await expect(message).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeFocused();
  await expectAccessible(page, 'inbox: after marking handled');

  await tabTo(page, page.getByRole('tab', { name: 'New' }));
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/\/staff\/inbox\?status=handled$/);
  const moderator = STAFF_ACCOUNTS.moderator;
  await expect(message).toContainText(`Handled by ${moderator.firstName} ${moderator.lastName} on`);
  await expect(message.getByRole('button', { name: 'Mark handled' })).toHaveCount(0);
  await expectAccessible(page, 'inbox: handled');
  expect(await (await page.request.get('/staff/inbox?status=handled')).text()).toContain(`Handled by ${moderator.firstName} ${moderator.lastName}`);
});

test('a member who is not staff reads that the console is not for them, and has no link to it', async ({ page, request }) => {
  const member = await createUser(request, { firstName: 'Lena', lastName: `Member${suffix()}` });
  await signIn(page, member);
  await page.goto('/');
  await openAvatarMenu(page, member.firstName);
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Staff console' })).toHaveCount(0);
  await expectAccessible(page, 'member: avatar menu');
  await page.keyboard.press('Escape');

  await page.goto('/staff');
  await expect(page.getByText(NOT_STAFF)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Staff console' })).toHaveCount(0);
  await expectAccessible(page, 'member: /staff refused');
});

test("the admin's avatar menu leads to the console's home", async ({ page }) => {
  await signInAsStaff(page, 'admin');
  await page.goto('/');
  await openAvatarMenu(page, STAFF_ACCOUNTS.admin.firstName);
  const item = page.getByRole('menuitem', { name: 'Staff console' });
  await expect(item).toBeVisible();
  await expectAccessible(page, 'admin: avatar menu');
  // Down from 'My learning' to 'Staff console', a key at a time (bounded: a run once lost the focus and pressed on for
  // the whole timeout). Where the focus stood at each step goes into the failure message.
  const steps: string[] = [];
  for (let i = 0; i < 6 && !(await item.evaluate((el) => el === document.activeElement)); i++) {
    steps.push(await page.evaluate(() => `${document.activeElement?.textContent?.trim().slice(0, 40)} (${document.activeElement?.tagName}, in the menu: ${!!document.activeElement?.closest('[role=menu]')})`));
    await page.keyboard.press('ArrowDown');
  }
  await expect(item, `focus went: ${steps.join(' → ')}`).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Staff console' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Messages' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Upcoming workshops' })).toBeVisible();
  // Each upcoming session opens its registrations in the console (the seeded catalogue has sessions ahead).
  await expect(page.getByRole('table').getByRole('link').first()).toHaveAttribute('href', /^\/staff\/workshops\/[0-9a-f-]+$/);
  await expectAccessible(page, 'staff console home');
});

test('a signed-out visitor to /staff is sent to sign in', async ({ request }) => {
  const answer = await request.get('/staff/inbox', { maxRedirects: 0 });
  expect(answer.status()).toBe(302);
  expect(answer.headers().location).toBe('/login?from=%2Fstaff%2Finbox');
});

test("the console's screens, as an admin sees them, pass the checks every route passes (test/e2e/wcag.spec.ts)", async ({ page, request }) => {
  await request.post('/api/feedback', {
    data: { name: `Sam (illustrative) ${suffix()}`, email: 'sam.feedback@example.com', mobile: '+44 20 7946 0001', feedback: 'A long message that wraps. '.repeat(12) },
  });
  await signInAsStaff(page, 'admin');
  const findings: string[] = [];
  for (const path of ['/staff', '/staff/inbox', '/staff/inbox?status=handled', '/staff/roles', '/staff/audit']) {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await expect(page.locator('main h1')).toBeVisible();
      await expect(page.locator('main .spinner')).toHaveCount(0);
      findings.push(...await screenFindings(page, path, width, { motion: false }));
    }
  }
  expect(findings).toEqual([]);
});

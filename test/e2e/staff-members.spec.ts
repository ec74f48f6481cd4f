/**
 * Members in the staff console, by keyboard, with axe on every screen (issue 36 item 6, ADR 140): a moderator finds a
 * fresh member, suspends them with a reason; that member's browser is signed out on its next request and their sign-in
 * shows the reason; the moderator lifts the suspension and the member signs in again.
 */
import { suspendedMessage } from '../../src/domain/suspension';
import { createUser, logInByKeyboard, uniqueEmail } from './support/accounts';
import { expect, expectAccessible, test } from './support/fixtures';
import { tabTo } from './support/keyboard';
import { waitForLiveAfterLoads } from './support/live';
import { signInAsStaff } from './support/staff';

const REASON = 'Repeated advertising in the community after two warnings';

test('a moderator suspends a member with a reason, the member is signed out and reads it, then the suspension is lifted', async ({ page, browser, baseURL, request }) => {
  const member = await createUser(request, { email: uniqueEmail('suspended'), firstName: 'Rowan', lastName: 'Example' });
  // The member's own browser: its own cookies.
  const memberContext = await browser.newContext({ baseURL });
  const memberPage = await memberContext.newPage();
  await waitForLiveAfterLoads(memberPage);
  const memberErrors: string[] = [];
  memberPage.on('pageerror', (error) => memberErrors.push(error.message));
  memberPage.on('console', (message) => {
    if (message.type() === 'error' && !/^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())) memberErrors.push(message.text());
  });
  try {
    await logInByKeyboard(memberPage, member.email, member.password);
    await expect(memberPage).toHaveURL(/\/$/);

    // The moderator finds the member by email.
    await signInAsStaff(page, 'moderator');
    await page.goto('/staff/members');
    await expect(page.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible();
    await expectAccessible(page, 'staff: members');
    const search = page.getByRole('searchbox', { name: 'Search members by name or email' });
    await tabTo(page, search);
    await page.keyboard.type(member.email);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/staff\/members\?q=/);
    const link = page.getByRole('link', { name: 'Rowan Example' });
    await expect(link).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: '1 member' })).toBeVisible();
    await expectAccessible(page, 'staff: members found');
    // The server draws the results for the URL (ADR 100): the page's HTML holds the member before any script runs.
    const drawn = await page.request.get(`/staff/members?q=${encodeURIComponent(member.email)}`);
    expect(await drawn.text()).toContain('Rowan Example');
    await tabTo(page, link);
    await page.keyboard.press('Enter');

    // The member's page: activity, devices, and Suspend.
    await expect(page.getByRole('heading', { name: 'Rowan Example', level: 2 })).toBeVisible();
    await expect(page.getByText('Chrome on Linux').first()).toBeVisible();
    await expectAccessible(page, 'staff: a member');
    const suspend = page.getByRole('button', { name: 'Suspend', exact: true });
    await tabTo(page, suspend);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Suspend Rowan Example?' });
    await expect(dialog).toBeVisible();
    const reason = dialog.getByRole('textbox', { name: /Reason/ });
    await expect(reason).toBeFocused();
    // Without a reason it is refused in the dialog.
    await tabTo(page, dialog.getByRole('button', { name: 'Suspend member' }));
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('alert')).toHaveText('Please give the reason the member will read.');
    await expectAccessible(page, 'staff: suspend dialog');
    await reason.focus();
    await page.keyboard.type(REASON);
    await tabTo(page, dialog.getByRole('button', { name: 'Suspend member' }));
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    const lift = page.getByRole('button', { name: 'Lift suspension' });
    await expect(lift).toBeFocused();
    await expect(page.getByText(suspendedMessage(REASON))).toBeVisible();
    await expect(page.getByText('Not signed in anywhere.')).toBeVisible();
    await expectAccessible(page, 'staff: a suspended member');

    // The member's browser is signed out on its next request, and signing in shows the reason.
    await memberPage.goto('/profile');
    await expect(memberPage).toHaveURL(/\/login/);
    await logInByKeyboard(memberPage, member.email, member.password);
    await expect(memberPage.getByRole('alert')).toHaveText(suspendedMessage(REASON));
    await expect(memberPage).toHaveURL(/\/login/);
    await expectAccessible(memberPage, 'login: suspended');

    // Lifted: the member signs in again.
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Suspend', exact: true })).toBeFocused();
    await expect(page.getByText(suspendedMessage(REASON))).toHaveCount(0);
    await expectAccessible(page, 'staff: suspension lifted');
    await logInByKeyboard(memberPage, member.email, member.password);
    await expect(memberPage).toHaveURL(/\/$/);
    expect(memberErrors).toEqual([]);
  } finally {
    await memberContext.close();
  }
});

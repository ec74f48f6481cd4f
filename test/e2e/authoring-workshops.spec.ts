/**
 * Authoring a workshop series in the staff console (issue 38, ADR 168), by keyboard with axe on every screen: an editor
 * writes a series (its schedule, hosts, agenda and what to prepare), is told beside the agenda that it does not fill
 * the duration, fixes it, saves, previews the sessions its schedule will make, publishes it, and a member finds its
 * sessions in the workshops list.
 */
import { EDITORIAL_TEAM } from '../../src/domain/authoring';
import { createUser } from './support/accounts';
import { expect, expectAccessible, test } from './support/fixtures';
import { tabTo, typeOver } from './support/keyboard';
import { memberPage } from './support/member-page';
import { signInAsStaff } from './support/staff';

test('an editor writes, previews and publishes a workshop series by keyboard, and a member sees its sessions', async ({ page, browser, request, consoleErrors }, testInfo) => {
  test.setTimeout(300_000);
  const run = `${testInfo.workerIndex}-${Date.now() % 1_000_000}`;
  const title = `Retrofit heat pump clinic ${run}`;
  await signInAsStaff(page, 'editor');
  await page.goto('/staff/content/workshops');
  await expect(page.getByRole('tab', { name: 'Workshops', selected: true })).toBeVisible();
  await expectAccessible(page, 'staff content: workshops');

  await tabTo(page, page.getByRole('link', { name: 'New workshop series' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'New workshop series' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Workshop series' });
  const typeInto = (label: string, text: string) => typeOver(page, form.getByLabel(label, { exact: true }), text);
  await typeInto('Title', title);
  await typeInto('Slug', `heat-pump-clinic-${run}`);
  await typeInto('Description', 'A live clinic on sizing and placing heat pumps in existing homes, from the heat loss numbers.');
  await typeInto('Who it is for', 'Engineers and retrofit coordinators working on existing homes.');
  await typeInto('Picture', '/media/workshops/embodied-carbon-clinic.svg');
  await typeInto('Join link', `https://events.sustainlearn.example/heat-pump-clinic-${run}`);
  await typeInto('Seats', '24');
  // The schedule: the last Thursday of each month, by the selects' own keys.
  await tabTo(page, form.getByLabel('Week of the month', { exact: true }));
  await page.keyboard.type('Last');
  await tabTo(page, form.getByLabel('Weekday', { exact: true }));
  await page.keyboard.type('Thu');
  await typeInto('Local start time (like 17:00)', '12:30');
  await expect(form.getByLabel('Host 1: name')).toHaveValue(EDITORIAL_TEAM);
  await typeInto('Host 1: what they do', 'who run the clinic and answer questions');
  await typeInto('Item 1: what happens', 'Three homes reviewed live: heat loss, emitters and flow temperature');
  await tabTo(page, form.getByRole('button', { name: 'Add an agenda item' }));
  await page.keyboard.press('Enter');
  await typeInto('Item 2: what happens', 'Questions');
  await expect(form.getByText('Adds up to 70 of 60 minutes.')).toBeVisible();
  await typeInto('What to prepare', 'A room-by-room heat loss calculation, if you have one');

  // Refused beside the agenda, not as a toast; fixed by keyboard.
  await tabTo(page, page.getByRole('button', { name: 'Save' }));
  await page.keyboard.press('Enter');
  await expect(form.getByText('adds up to 70 minutes, not the duration 60')).toBeVisible();
  await typeInto('Item 1: minutes', '50');
  await expect(form.getByText('Adds up to 60 of 60 minutes.')).toBeVisible();
  // A credit line (issue 39 item 1): AIA, made LU/HSW by keyboard, read back as the page will show it.
  await tabTo(page, form.getByRole('button', { name: 'Add a credit line' }));
  await page.keyboard.press('Enter');
  await tabTo(page, form.getByRole('button', { name: /Type of line 1$/ }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option', { name: 'LU', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(form.getByText('Reads: AIA CES · 1 LU/HSW · not approved by this body')).toBeVisible();
  await expectAccessible(page, 'the workshop series editor');
  await tabTo(page, page.getByRole('button', { name: 'Save' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Status:')).toContainText('Draft');

  // Preview: the session page's details, with the sessions the schedule will make (last Thursdays, 12:30 in London).
  await tabTo(page, page.getByRole('link', { name: 'Preview' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Preview: this is how the page will look once published.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const sessions = page.getByRole('heading', { name: 'The next sessions' }).locator('xpath=following-sibling::ul[1]/li');
  await expect(sessions.first()).toContainText('Thursday');
  expect(await sessions.count()).toBeGreaterThanOrEqual(2);
  for (const session of await sessions.all()) await expect(session).toContainText(/at 12:30 PM [A-Za-z ]+ for the hosts\)/);
  await expect(page.getByRole('heading', { name: 'Agenda' })).toBeVisible();
  await expectAccessible(page, 'the workshop series preview');
  await tabTo(page, page.getByRole('link', { name: 'Back to the editor' }));
  await page.keyboard.press('Enter');

  await tabTo(page, page.getByRole('button', { name: 'Publish', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Status:')).toContainText('Published');
  await expect(page.getByRole('link', { name: 'View the live page' })).toHaveAttribute('href', '/workshops');

  // A member sees its sessions.
  const member = await memberPage(browser, await createUser(request, { firstName: 'Wren', lastName: 'Member' }), consoleErrors);
  await member.goto('/workshops');
  await expect(member.getByText(title).first()).toBeVisible();
  await expectAccessible(member, 'the workshops list with the new series');
  // Its session page carries the credit line, honestly unapproved.
  await member.getByRole('listitem').filter({ has: member.getByRole('heading', { name: title }) }).first().getByRole('link', { name: 'Join Workshop' }).click();
  await expect(member.getByText(/1 LU\/HSW/).first()).toBeVisible();
  await expect(member.getByText(/not approved by this body/).first()).toBeVisible();
  await member.context().close();
});

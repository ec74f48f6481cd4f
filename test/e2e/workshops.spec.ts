/**
 * Workshops a member can attend (issue 15), end to end: from the list to a session's page, registered by keyboard
 * alone, the confirmation mail at the real SMTP receiver with the calendar file attached (read back and parsed), the
 * calendar file downloaded from the page, a cancellation with its mail, and 'Workshop not found'. axe on every screen.
 */
import { readFileSync } from 'node:fs';
import { simpleParser } from 'mailparser';
import ical from 'node-ical';
import { createUser, signIn } from './support/accounts';
import { expect, expectAccessible, test } from './support/fixtures';
import { readMails } from './support/mailbox';
import { skipToContent, tabTo } from './support/keyboard';

async function mailsTo(email: string, subject: RegExp) {
  const parsed = await Promise.all(readMails(process.env.E2E_MAIL_FILE!).filter((m) => m.to.includes(email.toLowerCase())).map((m) => simpleParser(m.raw)));
  return parsed.filter((m) => subject.test(m.subject ?? ''));
}

test('register by keyboard, get the calendar file by mail and from the page, then cancel', async ({ page, request }, testInfo) => {
  const user = await createUser(request, { firstName: 'Wren', lastName: 'Workshop' });
  await signIn(page, user);
  await page.goto('/workshops');
  await expect(page.getByRole('heading', { level: 1, name: 'Upcoming Workshops' })).toBeVisible();
  await expectAccessible(page, 'workshops');
  const firstCard = page.getByTestId('workshop-card').first();
  const title = (await firstCard.getByRole('heading', { level: 2 }).innerText()).trim();
  await skipToContent(page);
  await tabTo(page, firstCard.getByRole('link', { name: 'Join Workshop' }));
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/workshops\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  for (const section of ['About this workshop', 'Agenda', 'What to prepare']) await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^Hosts?$/ })).toBeVisible();
  // The date and time in the viewer's own zone, with the zone named.
  await expect(page.locator('.workshop__facts time')).toHaveText(/(AM|PM) .*Time/);
  const seats = page.getByTestId('seats-left');
  const before = Number((await seats.innerText()).split(' ')[0]);
  await expectAccessible(page, 'a workshop');

  await tabTo(page, page.getByRole('button', { name: 'Register' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('You are registered.', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel registration' })).toBeFocused();
  await expect(seats).toHaveText(new RegExp(`^${before - 1} of`));
  await expect(page.getByText(/The join link appears here from/)).toBeVisible();
  await expectAccessible(page, 'registered');

  // The confirmation arrives at the SMTP receiver with the calendar file, whose times are the session's, in UTC.
  await expect.poll(async () => (await mailsTo(user.email, /^You are registered/)).length).toBe(1);
  const [confirmation] = await mailsTo(user.email, /^You are registered/);
  const attachment = confirmation!.attachments.find((a) => a.filename === 'workshop.ics');
  expect(attachment?.contentType).toBe('text/calendar');
  const calendar = attachment!.content.toString('utf8');
  const event = Object.values(ical.sync.parseICS(calendar)).find((e) => e?.type === 'VEVENT') as ical.VEvent;
  const shown = await page.locator('.workshop__facts time').getAttribute('datetime');
  expect(new Date(event.start as unknown as Date).toISOString()).toBe(shown);
  expect(calendar).toMatch(/DTSTART:\d{8}T\d{6}Z\r\n/);

  // 'Add to calendar' saves the same event.
  const downloading = page.waitForEvent('download');
  await tabTo(page, page.getByRole('button', { name: 'Add to calendar' }));
  await page.keyboard.press('Enter');
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.ics$/);
  const file = testInfo.outputPath('workshop.ics');
  await download.saveAs(file);
  expect(readFileSync(file, 'utf8')).toContain(`UID:${event.uid}`);

  // My learning lists it, upcoming.
  await page.goto('/learning');
  const mine = page.getByRole('list', { name: 'Upcoming workshops' });
  await expect(mine.getByRole('link', { name: title })).toBeVisible();
  await expectAccessible(page, 'my workshops');
  await mine.getByRole('link', { name: title }).click();

  await tabTo(page, page.getByRole('button', { name: 'Cancel registration' }));
  await page.keyboard.press('Enter');
  // It asks first, with the safe choice focused (issue 41 item 7): Enter keeps the seat and the focus comes back.
  const confirm = page.getByRole('alertdialog', { name: 'Cancel your registration?' });
  await expect(confirm.getByRole('button', { name: 'Keep my seat' })).toBeFocused();
  await expectAccessible(page, 'cancel registration?');
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('button', { name: 'Cancel registration' })).toBeFocused();
  await page.keyboard.press('Enter');
  await confirm.getByRole('button', { name: 'Keep my seat' }).press('Tab');
  await expect(confirm.getByRole('button', { name: 'Cancel registration' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: /^(Register|Join the waitlist)$/ })).toBeFocused();
  await expect(seats).toHaveText(new RegExp(`^${before} of`));
  await expect.poll(async () => (await mailsTo(user.email, /^Registration cancelled/)).length).toBe(1);
  await expectAccessible(page, 'cancelled');
});

test("an unknown workshop shows 'Workshop not found'", async ({ page, request }) => {
  await signIn(page, await createUser(request));
  await page.goto('/workshops/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Workshop not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'See the upcoming workshops' })).toBeVisible();
  await expectAccessible(page, 'workshop not found');
});

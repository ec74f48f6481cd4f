/**
 * Workshops in the staff console (issue 36 item 5), end to end by keyboard with axe on every screen: an editor finds
 * a session a member registered for, reads the member's name and email there, messages the registrants (the mail
 * reaches the member through the job queue and the real SMTP receiver) and downloads the registrations as CSV. A
 * member who is not staff reads that the page is not for them.
 */
import { readFileSync } from 'node:fs';
import { simpleParser } from 'mailparser';
import { createUser, signIn } from './support/accounts';
import { expect, expectAccessible, test } from './support/fixtures';
import { skipToContent, tabTo } from './support/keyboard';
import { readMails } from './support/mailbox';
import { signInAsStaff } from './support/staff';

async function mailsTo(email: string, subject: string) {
  const parsed = await Promise.all(readMails(process.env.E2E_MAIL_FILE!).filter((m) => m.to.includes(email.toLowerCase())).map((m) => simpleParser(m.raw)));
  return parsed.filter((m) => m.subject === subject);
}

test('an editor messages a session\'s registrants and downloads its registrations, by keyboard', async ({ page, request }, testInfo) => {
  const learner = await createUser(request, { firstName: 'Tomasz', lastName: 'Nowak' });
  const auth = { authorization: `Bearer ${learner.token}` };
  const { workshops } = (await (await request.get('/api/workshops', { headers: auth })).json()) as { workshops: { _id: string; title: string }[] };
  const session = workshops.at(-1)!;
  expect((await request.post(`/api/workshops/${session._id}/registration`, { headers: auth })).ok()).toBe(true);

  await signInAsStaff(page, 'editor');
  await page.goto('/staff/workshops');
  await expect(page.getByRole('heading', { level: 1, name: 'Workshops' })).toBeVisible();
  await expectAccessible(page, 'staff workshops');
  await skipToContent(page);
  const link = page.locator(`a[href="/staff/workshops/${session._id}"]`);
  await tabTo(page, link);
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 1, name: 'Workshop registrations' })).toBeVisible();
  // By email: a retry (or another run on the same server) registers another Tomasz Nowak for the same session.
  const row = page.getByRole('row').filter({ hasText: learner.email });
  await expect(row.getByRole('rowheader')).toHaveText('Tomasz Nowak');
  await expectAccessible(page, 'a session\'s registrations');

  await tabTo(page, page.getByRole('button', { name: 'Message registrants' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Message the registrants' });
  await expect(dialog.getByLabel('Subject')).toBeFocused();
  await expectAccessible(page, 'the message dialog');
  const subject = `Before the workshop (${testInfo.workerIndex}-${Date.now()})`;
  await page.keyboard.type(subject);
  await page.keyboard.press('Tab');
  await page.keyboard.type('Please read the case study on the workshop page before we meet.');
  await tabTo(page, dialog.getByRole('button', { name: /^Send to \d+ members?$/ }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^Your message is on its way to \d+ members?\.$/)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Message registrants' })).toBeFocused();
  await expect.poll(async () => (await mailsTo(learner.email, subject)).length, { timeout: 20_000 }).toBe(1);
  const [mail] = await mailsTo(learner.email, subject);
  expect(mail!.text).toContain('Please read the case study on the workshop page before we meet.');

  await tabTo(page, page.getByRole('button', { name: 'Download registrations (CSV)' }));
  const downloading = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^registrations-\d{4}-\d{2}-\d{2}\.csv$/);
  const file = testInfo.outputPath('registrations.csv');
  await download.saveAs(file);
  const csv = readFileSync(file, 'utf8');
  expect(csv).toContain(`"Tomasz Nowak","${learner.email}","registered"`);
});

test('a member who is not staff reads that the console\'s workshops are not for them', async ({ page, request }) => {
  const learner = await createUser(request);
  await signIn(page, learner);
  await page.goto('/staff/workshops');
  await expect(page.getByText('This page is for SustainLearn staff only.')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectAccessible(page, 'staff workshops, refused');
});

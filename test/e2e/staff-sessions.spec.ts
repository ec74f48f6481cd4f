/**
 * A workshop session moved in the staff console (issue 38 item 1), end to end by keyboard with axe on every screen:
 * an editor opens the session a member registered for, moves it a day later in the 'Move session' dialog, and the
 * member gets the mail with the new time and the calendar update (through the job queue and the real SMTP receiver).
 */
import { simpleParser } from 'mailparser';
import { createUser } from './support/accounts';
import { expect, expectAccessible, test } from './support/fixtures';
import { skipToContent, tabTo } from './support/keyboard';
import { readMails } from './support/mailbox';
import { signInAsStaff } from './support/staff';

async function mailsTo(email: string, subject: string) {
  const parsed = await Promise.all(readMails(process.env.E2E_MAIL_FILE!).filter((m) => m.to.includes(email.toLowerCase())).map((m) => simpleParser(m.raw)));
  return parsed.filter((m) => m.subject === subject);
}

test('an editor moves a workshop session by keyboard and its registered member is mailed the new time', async ({ page, request }) => {
  const learner = await createUser(request, { firstName: 'Ines', lastName: 'Duarte' });
  const auth = { authorization: `Bearer ${learner.token}` };
  const { workshops } = (await (await request.get('/api/workshops', { headers: auth })).json()) as { workshops: { _id: string; title: string; date: string }[] };
  // The last session of the window: a day later, nothing of its series is there.
  const session = workshops.at(-1)!;
  expect((await request.post(`/api/workshops/${session._id}/registration`, { headers: auth })).ok()).toBe(true);

  await signInAsStaff(page, 'editor');
  await page.goto(`/staff/workshops/${session._id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Workshop registrations' })).toBeVisible();
  await expectAccessible(page, 'a session with Move and Cancel');
  await skipToContent(page);
  await tabTo(page, page.getByRole('button', { name: 'Move session' }));
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'Move this session' });
  const field = dialog.getByLabel('New start');
  await expect(field).toBeFocused();
  await expectAccessible(page, 'the move dialog');
  // A day later, as the field holds it (the browser's own zone).
  const later = new Date(new Date(session.date).getTime() + 86_400_000);
  const value = await page.evaluate((iso) => {
    const d = new Date(iso);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }, later.toISOString());
  await field.fill(value);
  await tabTo(page, dialog.getByRole('button', { name: /^Move and tell \d+ members?$/ }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^The session is moved\. \d+ members? (is|are) being told by mail\.$/)).toBeVisible();
  await expect(dialog).toBeHidden();
  // The page is read again; the focus is on the session's title.
  await expect(page.getByRole('heading', { level: 2, name: session.title })).toBeFocused();
  await expect(page.locator(`time[datetime="${later.toISOString()}"]`)).toBeVisible();
  await expectAccessible(page, 'the session, moved');

  const subject = `New time: ${session.title}`;
  await expect.poll(async () => (await mailsTo(learner.email, subject)).length, { timeout: 20_000 }).toBe(1);
  const [mail] = await mailsTo(learner.email, subject);
  expect(mail!.text).toContain('This workshop has moved to a new time');
  const ics = mail!.attachments.find((a) => a.filename === 'workshop.ics')!.content.toString('utf8');
  expect(ics).toContain(`UID:${session._id}@sustainlearn`);
  expect(ics).toMatch(/SEQUENCE:[1-9]/);
  expect(ics).toContain(`DTSTART:${later.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`);
});

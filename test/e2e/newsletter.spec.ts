/**
 * The newsletter (issue 36 item 4, ADR 139), by keyboard alone with axe on every screen: a reader confirms a
 * subscription on the page the confirmation mail links to; an editor writes an issue in the console, previews it,
 * sends a test to themselves (read in the run's real SMTP receiver, with its one-click unsubscribe headers), and opens
 * and cancels the send to every subscriber.
 */
import { uniqueEmail } from './support/accounts';
import { expect, expectAccessible, test } from './support/fixtures';
import { skipToContent, tabTo } from './support/keyboard';
import { readMails } from './support/mailbox';
import { signInAsStaff } from './support/staff';

const mailsTo = (email: string) => readMails(process.env.E2E_MAIL_FILE!).filter((m) => m.to.includes(email.toLowerCase()));
const unfolded = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=').replace(/\r?\n[ \t]+/g, ' ');

test('a reader confirms a subscription with the button of the page the mail links to', async ({ page, request }) => {
  const email = uniqueEmail('reader');
  expect((await request.post('/api/newsletter/subscribe', { data: { email } })).ok()).toBe(true);
  await expect.poll(() => mailsTo(email).length).toBe(1);
  const link = /https?:\/\/[^\s"<]+(\/newsletter\/confirm\/[A-Za-z0-9_-]+)/.exec(unfolded(mailsTo(email)[0]!.raw))?.[1];
  expect(link).toBeDefined();
  await page.goto(link!);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your subscription' })).toBeVisible();
  await skipToContent(page);
  await expectAccessible(page, 'newsletter confirmation page');
  await tabTo(page, page.getByRole('button', { name: 'Confirm my subscription' }));
  await page.keyboard.press('Enter');
  await expect(page.locator('main').getByRole('status')).toContainText('Your subscription is confirmed.');
  await expectAccessible(page, 'newsletter confirmed');
});

test('an editor sends a newsletter to themselves', async ({ page }) => {
  const editor = await signInAsStaff(page, 'editor');
  const subject = `Timber and heat pumps ${Date.now()}`;
  await page.goto('/staff/newsletter');
  await expect(page.getByRole('heading', { level: 1, name: 'Newsletter' })).toBeVisible();
  await expect(page.getByText(/confirmed subscribers?/)).toBeVisible();
  await skipToContent(page);
  await expectAccessible(page, 'newsletter console');

  // A subject starts a draft, and the editor opens.
  await tabTo(page, page.getByLabel('Subject of a new issue'));
  await page.keyboard.type(subject);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Newsletter issue' })).toBeVisible();
  await expect(page.getByLabel('Subject')).toHaveValue(subject);
  await expectAccessible(page, 'newsletter editor');

  // Write, then preview: the server's HTML, with the raw HTML gone.
  await tabTo(page, page.getByLabel('Newsletter (Markdown)'));
  await page.keyboard.type('## Mass timber\n\nA timber frame **stores** carbon.\n\n- Check the source\n- Plan for moisture\n\n<script>alert(1)</script>');
  await tabTo(page, page.getByRole('button', { name: 'Preview' }));
  await page.keyboard.press('Enter');
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('heading', { name: 'Mass timber' })).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('stores');
  await expect(preview).not.toContainText('alert');
  await expectAccessible(page, 'newsletter preview');

  // A test to the editor's own address, through the real SMTP receiver, with RFC 8058's headers.
  const before = mailsTo(editor.email).length;
  await tabTo(page, page.getByRole('button', { name: 'Send a test to me' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('A test was sent to your email address.')).toBeAttached();
  await expect.poll(() => mailsTo(editor.email).length).toBe(before + 1);
  const mail = unfolded(mailsTo(editor.email).at(-1)!.raw);
  expect(mail).toContain(`Subject: [Test] ${subject}`);
  expect(mail).toMatch(/List-Unsubscribe: <https?:\/\/[^>]+\/api\/newsletter\/one-click\/[A-Za-z0-9_-]+>/);
  expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  expect(mail).toContain('stores');
  await expectAccessible(page, 'newsletter test sent');

  // The send to everyone asks first; Escape cancels and gives the focus back.
  const send = page.getByRole('button', { name: /^Send to \d+ subscribers?$/ });
  if (await send.isEnabled()) {
    await tabTo(page, send);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: /^Send this newsletter to \d+ subscribers?\?$/ });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'newsletter send confirmation');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(send).toBeFocused();
  }
  await expect(page.getByText('Status: Draft')).toBeVisible();
});

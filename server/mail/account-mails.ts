/** The mails of an email change: the code to the new address, its refusal when taken, and the notice to the old one. */
import { escapeMarkup } from '../../src/domain/text';
import { codeMail } from './auth-mails';
import type { Mail } from './mailer';

function page(paragraphs: string[]): string {
  return `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#1f2933">
<p style="color:#1f6f4a;font-weight:700">SustainLearn</p>
${paragraphs.join('\n')}
</body></html>`;
}

/** The code that confirms a new address, sent to that address. */
export function emailChangeCodeMail(to: string, code: string, publicUrl: string): Mail {
  return codeMail({
    to, code, label: 'email change', link: `${publicUrl}/profile`, subject: 'Your SustainLearn email change code',
    what: 'make this the email address of your SustainLearn account', ignoring: ': nothing changes without it.',
  });
}

/**
 * Sent instead of a code when the new address already has an account: only the owner of that address learns it is
 * taken, as with signup (ADR 005).
 */
export function emailInUseMail(to: string, publicUrl: string): Mail {
  const login = `${publicUrl}/login`;
  const line = 'Someone (hopefully you) asked to move another SustainLearn account to this email address, but it already has an account, so it cannot be used for another one.';
  const text = [line, `Sign in to the account of this address at ${login}.`, '', "If this wasn't you, you can ignore this email."].join('\n');
  const html = page([
    `<p>${escapeMarkup(line)}</p>`,
    `<p><a href="${escapeMarkup(login)}">Sign in</a> to the account of this address.</p>`,
    `<p style="color:#4b5563">If this wasn't you, you can ignore this email.</p>`,
  ]);
  return { to, subject: 'This address already has a SustainLearn account', text, html, summary: `email in use notice ${login}` };
}

/** Tells the old address that the account's email changed, and what to do if the member did not change it. */
export function emailChangedMail(to: string, newEmail: string, publicUrl: string): Mail {
  const contact = `${publicUrl}/contact`;
  const line = `The email address of your SustainLearn account was changed to ${newEmail}. From now on, sign in with that address.`;
  const warning = `If you didn't make this change, contact us at ${contact} straight away.`;
  const text = [line, '', warning].join('\n');
  const html = page([
    `<p>${escapeMarkup(line)}</p>`,
    `<p>If you didn't make this change, <a href="${escapeMarkup(contact)}">contact us</a> straight away.</p>`,
  ]);
  return { to, subject: 'Your SustainLearn email address was changed', text, html, summary: `email changed notice to ${newEmail}` };
}

/** The account mails: what the code is for and how long it lasts, as plain text and HTML. */
import { OTP_TTL_MINUTES, type OtpPurpose } from '../../src/domain/otp';
import { escapeMarkup } from '../../src/domain/text';
import type { Mail } from './mailer';

/** A mail carrying a 6-digit code: what it is for, how long it lasts, where to enter it. Every code mail is this one. */
export function codeMail(c: {
  to: string; code: string; subject: string; link: string;
  /** "Enter it to …". */
  what: string;
  /** Our own words after "you can ignore this email" (not escaped), when more is worth saying. */
  ignoring?: string;
  /** The console's line names the code by this. */
  label: string;
}): Mail {
  const ignore = `If you didn't ask for this code, you can ignore this email${c.ignoring ?? '.'}`;
  const text = [
    `Your code is ${c.code}`,
    '',
    `Enter it to ${c.what}. It expires in ${OTP_TTL_MINUTES} minutes and works once.`,
    `Continue at ${c.link}`,
    '',
    ignore,
  ].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#1f2933">
<p style="color:#1f6f4a;font-weight:700">SustainLearn</p>
<p>Your code is</p>
<p style="font-size:28px;font-weight:700;letter-spacing:6px">${escapeMarkup(c.code)}</p>
<p>Enter it to ${escapeMarkup(c.what)}. It expires in ${OTP_TTL_MINUTES} minutes and works once.</p>
<p><a href="${escapeMarkup(c.link)}">Continue on SustainLearn</a></p>
<p style="color:#4b5563">${ignore}</p>
</body></html>`;
  return { to: c.to, subject: c.subject, text, html, summary: `${c.label} code ${c.code} (expires in ${OTP_TTL_MINUTES} minutes) ${c.link}` };
}

export function otpMail(to: string, purpose: OtpPurpose, code: string, publicUrl: string): Mail {
  const signup = purpose === 'signup';
  return codeMail({
    to, code, label: purpose,
    link: `${publicUrl}${signup ? '/signup' : '/forgot-password'}`,
    what: signup ? 'finish creating your SustainLearn account' : 'reset your SustainLearn password',
    subject: signup ? 'Your SustainLearn sign-up code' : 'Your SustainLearn password reset code',
  });
}

/** Sent instead of a code when someone tries to sign up with an email that already has an account. */
export function existingAccountMail(to: string, publicUrl: string): Mail {
  const login = `${publicUrl}/login`;
  const reset = `${publicUrl}/forgot-password`;
  const text = [
    'Someone (hopefully you) tried to create a SustainLearn account with this email address, but you already have one.',
    `Sign in at ${login}, or reset your password at ${reset}.`,
    '',
    "If this wasn't you, you can ignore this email.",
  ].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#1f2933">
<p style="color:#1f6f4a;font-weight:700">SustainLearn</p>
<p>Someone (hopefully you) tried to create a SustainLearn account with this email address, but you already have one.</p>
<p><a href="${escapeMarkup(login)}">Sign in</a> or <a href="${escapeMarkup(reset)}">reset your password</a>.</p>
<p style="color:#4b5563">If this wasn't you, you can ignore this email.</p>
</body></html>`;
  return { to, subject: 'You already have a SustainLearn account', text, html, summary: `existing account notice ${login}` };
}

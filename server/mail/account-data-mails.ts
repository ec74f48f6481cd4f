/** The mails of a member's data (ADR 134): the code that confirms deleting an account without a password. */
import { OTP_TTL_MINUTES } from '../../src/domain/otp';
import { escapeMarkup } from '../../src/domain/text';
import type { Mail } from './mailer';

export function deleteCodeMail(to: string, code: string, publicUrl: string): Mail {
  const link = `${publicUrl}/profile`;
  const text = [
    `Your code is ${code}`,
    '',
    `Enter it to delete your SustainLearn account. It expires in ${OTP_TTL_MINUTES} minutes and works once.`,
    `Continue at ${link}`,
    '',
    "If you didn't ask for this code, you can ignore this email: your account stays as it is.",
  ].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#1f2933">
<p style="color:#1f6f4a;font-weight:700">SustainLearn</p>
<p>Your code is</p>
<p style="font-size:28px;font-weight:700;letter-spacing:6px">${escapeMarkup(code)}</p>
<p>Enter it to delete your SustainLearn account. It expires in ${OTP_TTL_MINUTES} minutes and works once.</p>
<p><a href="${escapeMarkup(link)}">Continue on SustainLearn</a></p>
<p style="color:#4b5563">If you didn't ask for this code, you can ignore this email: your account stays as it is.</p>
</body></html>`;
  return { to, subject: 'Your SustainLearn account deletion code', text, html, summary: `delete-account code ${code} (expires in ${OTP_TTL_MINUTES} minutes) ${link}` };
}

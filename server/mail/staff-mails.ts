/** Mails to the staff (issue 36): a contact message, to STAFF_EMAIL, with Reply-To set to its writer. */
import { escapeMarkup } from '../../src/domain/text';
import type { Mail } from './mailer';

export function contactMessageMail(
  to: string,
  message: { name: string; email: string; phone: string; message: string },
  inboxUrl: string,
): Mail {
  const facts = [`From: ${message.name} <${message.email}>`, `Phone: ${message.phone}`];
  const text = [...facts, '', message.message, '', `Reply to this mail to answer them. The staff inbox: ${inboxUrl}`].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#1f2933">
<p style="color:#1f6f4a;font-weight:700">SustainLearn: a contact message</p>
${facts.map((line) => `<p>${escapeMarkup(line)}</p>`).join('\n')}
<p style="white-space:pre-wrap">${escapeMarkup(message.message)}</p>
<p>Reply to this mail to answer them. <a href="${escapeMarkup(inboxUrl)}">Open the staff inbox</a></p>
</body></html>`;
  return { to, subject: `Contact message from ${message.name}`, text, html, replyTo: message.email, summary: `contact message ${inboxUrl}` };
}

/**
 * The newsletter's mails (issue 36 item 4): the confirmation of a subscription (double opt-in), and an issue, which
 * carries List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) so a mail program can unsubscribe in one request.
 */
import { escapeMarkup } from '../../src/domain/text';
import type { Mail } from './mailer';

const frame = (body: string) => `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#1f2933;max-width:640px">
<p style="color:#1f6f4a;font-weight:700">SustainLearn</p>
${body}
</body></html>`;

export function confirmSubscriptionMail(to: string, confirmUrl: string): Mail {
  const lines = [
    'Someone, we hope you, asked for the SustainLearn newsletter at this address.',
    'To start receiving it, open the link below and press the button to confirm. If it was not you, ignore this email: nothing will be sent.',
  ];
  return {
    to,
    subject: 'Confirm your SustainLearn newsletter subscription',
    text: [...lines, '', confirmUrl, '', 'SustainLearn'].join('\n'),
    html: frame(`${lines.map((l) => `<p>${escapeMarkup(l)}</p>`).join('\n')}
<p><a href="${escapeMarkup(confirmUrl)}">Confirm my subscription</a></p>`),
    summary: `newsletter confirmation ${confirmUrl}`,
  };
}

export interface IssueMailFacts {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The page with an 'Unsubscribe' button (for people). */
  unsubscribePage: string;
  /** The RFC 8058 one-click address (for mail programs): a POST of `List-Unsubscribe=One-Click` unsubscribes. */
  oneClickUrl: string;
  /** A test send: marked as such in the subject. */
  test?: boolean;
}

export function issueMail(f: IssueMailFacts): Mail {
  const subject = f.test ? `[Test] ${f.subject}` : f.subject;
  const footer = 'You receive this because you subscribed to the SustainLearn newsletter.';
  return {
    to: f.to,
    subject,
    text: [f.text, '', '--', footer, `Unsubscribe: ${f.unsubscribePage}`].join('\n'),
    html: frame(`${f.html}
<hr>
<p style="font-size:0.9em;color:#4b5563">${escapeMarkup(footer)} <a href="${escapeMarkup(f.unsubscribePage)}">Unsubscribe</a></p>`),
    summary: `newsletter ${subject} ${f.unsubscribePage}`,
    headers: { 'List-Unsubscribe': `<${f.oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

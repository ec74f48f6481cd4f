/**
 * The community's notification mails (issue 37, ADR 146): one for a single event ("Grace Hopper replied to your post
 * …") and the daily digest of every pending item. Each links to the exact comment and carries List-Unsubscribe and
 * List-Unsubscribe-Post (RFC 8058) for the kinds it carries, so a mail program can stop them in one request.
 */
import { CHANNEL_LABELS, KIND_LABELS, type NotificationKind } from '../../src/domain/notifications';
import { escapeMarkup } from '../../src/domain/text';
import type { Mail } from './mailer';

export interface NotificationLine {
  /** The sentence, as on the site (notificationText). */
  text: string;
  /** The post page at the exact comment. */
  url: string;
}

export interface NotificationMailFacts {
  to: string;
  firstName: string;
  /** Where a member changes what they get (their profile). */
  settingsUrl: string;
  /** The RFC 8058 one-click address for the kinds this mail carries. */
  oneClickUrl: string;
}

const frame = (body: string) => `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#1f2933;max-width:640px">
<p style="color:#1f6f4a;font-weight:700">SustainLearn</p>
${body}
</body></html>`;

function mail(f: NotificationMailFacts, subject: string, intro: string, lines: readonly NotificationLine[], why: string): Mail {
  const hello = `Hello ${f.firstName.trim() || 'there'},`;
  const stop = `To change or stop these emails, open your notification settings: ${f.settingsUrl}`;
  const text = [hello, '', intro, '', ...lines.flatMap((l) => [l.text, l.url, '']), '--', why, stop, '', 'SustainLearn'].join('\n');
  const html = frame(`<p>${escapeMarkup(hello)}</p>
<p>${escapeMarkup(intro)}</p>
<ul>
${lines.map((l) => `<li><a href="${escapeMarkup(l.url)}">${escapeMarkup(l.text)}</a></li>`).join('\n')}
</ul>
<hr>
<p style="font-size:0.9em;color:#4b5563">${escapeMarkup(why)} <a href="${escapeMarkup(f.settingsUrl)}">Change your notification settings</a></p>`);
  return {
    to: f.to,
    subject,
    text,
    html,
    summary: `notification ${subject} ${lines.map((l) => l.url).join(' ')}`,
    headers: { 'List-Unsubscribe': `<${f.oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** One event, by email at once. */
export function notificationMail(f: NotificationMailFacts, kind: NotificationKind, line: NotificationLine): Mail {
  return mail(
    f,
    line.text,
    'There is something new for you in the SustainLearn community:',
    [line],
    `You receive this email because "${KIND_LABELS[kind]}" is set to "${CHANNEL_LABELS.email}".`,
  );
}

/** Every pending item of the day, in one mail. */
export function digestMail(f: NotificationMailFacts, lines: readonly NotificationLine[]): Mail {
  const count = lines.length === 1 ? 'one new notification' : `${lines.length} new notifications`;
  return mail(
    f,
    `Your SustainLearn daily digest: ${count}`,
    `Here is what happened in the SustainLearn community since your last digest: ${count}.`,
    lines,
    `You receive this email because some of your notifications are set to "${CHANNEL_LABELS.digest}".`,
  );
}

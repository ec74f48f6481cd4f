/** Teaser rules of the spec: text cut to N characters plus an ellipsis. */
export const ARTICLE_TEASER_LENGTH = 100;
export const COURSE_CARD_DESCRIPTION_LENGTH = 70;
const WORDS_PER_MINUTE = 200;

export function stripHtml(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

export function truncate(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length)}...` : text;
}

export function countWords(html: string): number {
  const text = stripHtml(html);
  return text ? text.split(' ').length : 0;
}

/** Read time in whole minutes, at least 1. */
export function readTimeMinutes(html: string): number {
  return Math.max(1, Math.round(countWords(html) / WORDS_PER_MINUTE));
}

// One formatter each, made once: building a formatter per call (toLocaleDateString with options) costs far more than
// formatting, and a thread of 200 comments formats 200 dates.
const US_DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const US_DATE_TIME = new Intl.DateTimeFormat('en-US', {
  year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short',
});

// Dates are formatted in UTC, so every ISO time of the same UTC day reads the same: a thread formats its day once.
const byUtcDay = new Map<string, string>();
const UTC_ISO = /^(\d{4}-\d{2}-\d{2})T[\d:.]+Z$/;

/** Dates are shown in US English format. */
export function formatUsDate(iso: string | Date): string {
  const day = typeof iso === 'string' ? UTC_ISO.exec(iso)?.[1] : undefined;
  if (day === undefined) return US_DATE.format(typeof iso === 'string' ? new Date(iso) : iso);
  let text = byUtcDay.get(day);
  if (text === undefined) {
    text = US_DATE.format(new Date(iso as string));
    if (byUtcDay.size >= 1000) byUtcDay.clear();
    byUtcDay.set(day, text);
  }
  return text;
}

export function formatUsDateTime(iso: string | Date): string {
  return US_DATE_TIME.format(typeof iso === 'string' ? new Date(iso) : iso);
}

/**
 * A server message as a person reads it. The API names the field a refusal concerns ("sdgSet: There is no such quiz
 * set"), which helps a developer; a screen shows the sentence alone, starting with a capital.
 */
export function withoutFieldName(message: string): string {
  const match = /^[A-Za-z_][\w.[\]]*:\s+(\S[\s\S]*)$/.exec(message);
  if (!match) return message;
  const sentence = match[1]!;
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

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

/** Dates are shown in US English format, for their UTC day. */
export function formatUsDate(iso: string | Date): string {
  return US_DATE.format(new Date(iso));
}

export function formatUsDateTime(iso: string | Date): string {
  return US_DATE_TIME.format(new Date(iso));
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

/** Teaser rules of the spec: text cut to N characters plus an ellipsis. */
export const ARTICLE_TEASER_LENGTH = 100;
export const COURSE_CARD_DESCRIPTION_LENGTH = 70;
const WORDS_PER_MINUTE = 200;

const MARKUP_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text made safe inside HTML or XML, in an element or a quoted attribute: the five characters with a meaning in
 * markup become the entities both languages read (`&#39;`, not `&apos;`, which HTML 4 mail readers lack). The
 * entities `stripHtml` turns back.
 */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (c) => MARKUP_ENTITIES[c]!);
}

/** Phrasing elements: their tags sit inside a word or a sentence, so they go without leaving a space ("<b>room</b>,"). */
const INLINE_TAG = /^\/?(a|abbr|b|bdi|bdo|cite|code|data|del|dfn|em|i|ins|kbd|mark|q|s|samp|small|span|strong|sub|sup|time|u|var)(\s|\/|$)/i;

/** The text of some HTML: block tags become a space, inline tags nothing, the common entities their characters. */
export function stripHtml(html: string): string {
  return html
    .replace(/<([^>]*)>/g, (_tag, inside: string) => (INLINE_TAG.test(inside) ? '' : ' '))
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

export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The instant a date string or Date names; a string that is no date is refused as Intl's format refuses it. */
function instant(iso: string | Date): Date {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  return date;
}

/**
 * Dates are shown in US English format, for their UTC day: "November 3, 2026". Written out rather than asked of
 * Intl.DateTimeFormat: making a formatter costs a slow phone tens of milliseconds in the task that loads the page, and
 * the server's ICU and the browser's could word the same date differently, which would break hydration.
 */
export function formatUsDate(iso: string | Date): string {
  const date = instant(iso);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** Date and time in UTC, with the zone named, as en-US words it: "February 14, 2027 at 8:05 AM UTC". */
export function formatUsDateTime(iso: string | Date): string {
  const date = instant(iso);
  const hours = date.getUTCHours();
  const minutes = String(date.getUTCMinutes()).padStart(2, '0');
  return `${formatUsDate(date)} at ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'} UTC`;
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

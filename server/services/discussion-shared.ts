/** What discussion and comment queries share: id checks, author names, database error codes, and the title rule. */
import { badRequest } from '../http/errors';
import { sanitizeRichHtml } from './sanitize';
import { isBlank } from '../../src/domain/discussion';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUID columns: anything else cannot exist, and must not reach PostgreSQL as a cast error (a 500). */
export function isUuid(value: string | null | undefined): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** Members who have not filled in their names yet still get a readable byline, never their email. */
export const UNNAMED_MEMBER = 'Member';

export function displayName(firstName: string, lastName: string): string {
  return [firstName.trim(), lastName.trim()].filter(Boolean).join(' ') || UNNAMED_MEMBER;
}

/** The SQLSTATE of a database failure, looked up through the wrappers drizzle and the drivers add. */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const FOREIGN_KEY_VIOLATION = '23503';

/** Titles are plain text: anything shaped like a tag is dropped, so no client can ever be tricked into markup. */
export function cleanTitle(title: string): string {
  let text = title;
  // Repeat until stable: removing one tag can join the pieces of another (`<<script>script>`).
  for (let previous = ''; previous !== text; ) {
    previous = text;
    text = text.replace(/<\/?[a-z!?][^>]*>?/gi, '').replace(/<(?=[a-z!?/])/gi, '');
  }
  text = text.replace(/\s+/g, ' ').trim();
  if (!text) throw badRequest('title: Title is required');
  return text;
}

/** Rich content through the server's allowlist; what is left must still say something. */
export function cleanRichContent(html: string, field: 'content', emptyMessage: string): string {
  const clean = sanitizeRichHtml(html).trim();
  if (isBlank(clean)) throw badRequest(`${field}: ${emptyMessage}`);
  return clean;
}

/**
 * Where a visitor is sent back to after signing in (`/login?from=…`), decided in one place for the server's redirect
 * and the client's route guard (ADR 124). Only a path on this site is followed: it starts with one `/`, and neither it
 * nor any decoding of it (a double-encoded `%255C` is decoded twice) holds a backslash, a control character, a scheme
 * or a leading `//`, which browsers read as another host (`/\evil.example` becomes `http://evil.example/`). Anything
 * else is the home page. The answer is ASCII: other characters are percent-encoded, so it can stand in `Location`.
 */

export const HOME_PATH = '/';

/** Stored documents live under /files/; a return to one is a page load, not a route of the SPA. */
export const isFilePath = (path: string) => path.startsWith('/files/');
/**
 * The documents everyone may read: the footer's legal ones, the newsletter issues already mailed to every subscriber
 * (member or not), and the pictures editors upload for pages (issue 38, ADR 158). Every other file (the library's, an
 * uploaded PDF under /files/documents/) is for members (issue 41 item 3).
 */
const PUBLIC_FILES = ['/files/legal/', '/files/newsletter-issues/', '/files/uploads/'];
export const isMembersFile = (path: string) => isFilePath(path) && !PUBLIC_FILES.some((prefix) => path.startsWith(prefix));

/** A remembered page longer than this is not one this site made. */
const MAX_RETURN_PATH_LENGTH = 2048;
/** How many layers of percent-encoding are looked through. */
const MAX_DECODINGS = 4;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this rule refuses.
const UNSAFE = /[\\\u0000-\u001f\u007f-\u009f]/;

/** Each form the string takes as it is percent-decoded, itself first; null when a layer does not decode. */
function decodings(value: string): string[] | null {
  const forms = [value];
  let current = value;
  for (let i = 0; i < MAX_DECODINGS; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return forms;
    forms.push(next);
    current = next;
  }
  // Still changing after every layer looked at: not a path this site wrote.
  return null;
}

/**
 * Same-site reading of one form: one leading slash (so no scheme and no leading space), then nothing a browser would
 * read as another host or strip before reading (backslashes, tabs, line breaks and other control characters).
 */
function isSameSitePath(form: string): boolean {
  if (!form.startsWith('/') || form.startsWith('//') || UNSAFE.test(form)) return false;
  // Dot segments are resolved before the path is used: `/..//evil.example` becomes `//evil.example`.
  try {
    return !new URL(form, 'http://this.site').pathname.startsWith('//');
  } catch {
    return false;
  }
}

/** Percent-encodes everything outside printable ASCII (a space included); null for a lone surrogate. */
function asciiOnly(path: string): string | null {
  let out = '';
  for (const char of path) {
    const code = char.codePointAt(0) ?? 0;
    if (code > 0x20 && code < 0x7f) {
      out += char;
      continue;
    }
    try {
      out += encodeURIComponent(char);
    } catch {
      return null;
    }
  }
  return out;
}

/** The page to return to, or `/` when `from` is missing or not a path on this site. Never throws. */
export function safeReturnPath(from: string | null | undefined): string {
  if (typeof from !== 'string' || from === '' || from.length > MAX_RETURN_PATH_LENGTH) return HOME_PATH;
  const forms = decodings(from);
  if (!forms?.every(isSameSitePath)) return HOME_PATH;
  return asciiOnly(from) ?? HOME_PATH;
}

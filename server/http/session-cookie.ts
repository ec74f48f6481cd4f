/**
 * The session cookie the SPA keeps its token in (src/adapters/cookie-token-store.ts): what the server reads when a
 * request cannot carry a bearer token (a page load, a document opened in a new tab, an EventSource).
 */
export const TOKEN_COOKIE = 'token';

export function tokenOf(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== TOKEN_COOKIE) continue;
    try {
      return decodeURIComponent(rest.join('=')) || null;
    } catch {
      return null;
    }
  }
  return null;
}

/** Reading PostgreSQL's error codes (SQLSTATE) off what either driver throws, PGlite or node-postgres. */

/** The SQLSTATE of a database error, looking through drizzle's wrapper (`cause`); undefined for anything else. */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** 23503: a row this write points at is gone (a post deleted while someone liked or commented on it). */
export const FOREIGN_KEY_VIOLATION = '23503';

/** Runs a write; when it fails because what it points at is gone, answers `missing` instead of throwing. */
export async function unlessMissing<T, M>(write: () => Promise<T>, missing: M): Promise<T | M> {
  try {
    return await write();
  } catch (error) {
    if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) return missing;
    throw error;
  }
}

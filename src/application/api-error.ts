/** The one failure the API port reports: a tagged value with the server's message when there is one. */
export type ApiErrorKind = 'http' | 'network' | 'decode';

export class ApiError extends Error {
  readonly _tag = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    readonly status: number,
    message: string,
    /** The error answer's whole body, for a caller that reads more than its message (a 409's versions, ADR 157). */
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  /** Network failures and 5xx answers: worth retrying. */
  get transient(): boolean {
    return this.kind === 'network' || this.status >= 500;
  }
}

/** The server's message for an expected failure, or the fallback text of the spec for anything else. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.kind === 'http' && error.status < 500 && error.message) return error.message;
  return fallback;
}

/**
 * The server's message when it refused a request for coming too fast (429), which says when to try again, or refused a
 * silenced member's write (403, ADR 149), which says why and until when; else null.
 */
export function refusalOf(error: unknown): string | null {
  return error instanceof ApiError && error.kind === 'http' && (error.status === 429 || error.status === 403) && error.message ? error.message : null;
}

/**
 * A 400's problems by field (`fieldErrorsSchema` in the contract), each in words a person can read, or null when the
 * answer names no field. Read without zod, as the app shell uses this module.
 */
export function fieldErrorsOf(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError) || error.kind !== 'http' || error.status !== 400) return null;
  const body = error.body as { fieldErrors?: unknown } | null;
  const fields = body && typeof body === 'object' ? body.fieldErrors : null;
  if (!fields || typeof fields !== 'object') return null;
  const found = Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return found.length ? Object.fromEntries(found) : null;
}

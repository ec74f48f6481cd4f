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

/**
 * Expected failures of a use case: a kind and a message the user may read. Services throw these and know no HTTP;
 * `http/error-handler.ts` is the one place that maps a kind to a status. Anything else is a defect (a 500 with a
 * generic text).
 */
export type Problem = 'invalid' | 'unauthorized' | 'forbidden' | 'not-found' | 'conflict' | 'too-many' | 'unavailable';

export class DomainError extends Error {
  constructor(
    readonly problem: Problem,
    message: string,
    /** For `too-many`: when the caller may try again. */
    readonly retryAfterSeconds?: number,
    /** More of the answer's body beside `success` and `message` (a 409's versions, a 400's field errors). */
    readonly detail?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const invalid = (message: string) => new DomainError('invalid', message);
/** A refusal about one field of the input: its form shows the message beside that field (ADR 164). */
export const invalidField = (field: string, message: string) => new DomainError('invalid', message, undefined, { fieldErrors: { [field]: message } });
export const unauthorized = (message = 'Please sign in to continue') => new DomainError('unauthorized', message);
export const forbidden = (message = 'You are not allowed to do that') => new DomainError('forbidden', message);
export const notFound = (message = 'Not found') => new DomainError('not-found', message);
export const conflict = (message: string) => new DomainError('conflict', message);
export const unavailable = (message: string) => new DomainError('unavailable', message);

/** The one wording of a refusal for going too fast, with the wait rounded up to whole minutes. */
export function tooMany(retryAfterSeconds: number): DomainError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new DomainError(
    'too-many',
    `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    Math.max(1, Math.ceil(retryAfterSeconds)),
  );
}

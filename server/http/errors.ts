/**
 * The one place where failures become HTTP answers: a use case's DomainError by its kind, the HTTP plumbing's own
 * HttpError by its status, Fastify's 4xx as they are; anything else is a 500 with a generic text, logged without the
 * request's data.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { pgErrorCode } from '../data/pg-errors';
import { databaseBusyIn } from '../data/query-queue';
import { DomainError, type Problem } from '../services/errors';

/** A failure of the HTTP layer itself (a bad range, a body that is not JSON): a status and a message. */
export class HttpError extends Error {
  constructor(readonly status: number, message: string, readonly headers: Record<string, string> = {}) {
    super(message);
  }
}

const STATUS: Record<Problem, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-many': 429,
  unavailable: 503,
};

/** A refusal made before any work (a budget, a full database queue): its status, text and wait, or null. */
export function refusalOf(error: unknown): { status: number; message: string; retryAfterSeconds: number } | null {
  const busy = databaseBusyIn(error);
  if (busy) return { status: 503, message: busy.message, retryAfterSeconds: busy.retryAfterSeconds };
  if (error instanceof DomainError && error.problem === 'too-many') {
    return { status: 429, message: error.message, retryAfterSeconds: error.retryAfterSeconds ?? 60 };
  }
  return null;
}

export const GENERIC_ERROR = 'Something went wrong. Please try again.';

/** An error's body: a 5xx quotes the request id, so a report of it finds the request's log lines (ADR 136). */
function failure(request: FastifyRequest, status: number, message: string) {
  return status >= 500 ? { success: false, message, requestId: request.id } : { success: false, message };
}

export function sendError(error: Error & { statusCode?: number }, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof DomainError) {
    if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
    const status = STATUS[error.problem];
    return reply.status(status).send({ ...failure(request, status, error.message), ...error.detail });
  }
  const busy = databaseBusyIn(error);
  if (busy) return reply.status(503).header('retry-after', String(busy.retryAfterSeconds)).send(failure(request, 503, busy.message));
  if (error instanceof HttpError) {
    return reply.status(error.status).headers(error.headers).send(failure(request, error.status, error.message));
  }
  // A value the database refused as data (class 22: a date out of range, a number too big) is the request's fault; the
  // contract's schemas should have caught it first, so it is also logged.
  if (pgErrorCode(error)?.startsWith('22')) {
    request.log.warn({ err: error }, 'the database refused a value the contract let through');
    return reply.status(400).send({ success: false, message: 'A value in the request is out of range' });
  }
  const status = (error as FastifyError).statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return reply.status(status).send({ success: false, message: error.message });
  }
  request.log.error({ err: error }, 'request failed');
  return reply.status(500).send(failure(request, 500, GENERIC_ERROR));
}

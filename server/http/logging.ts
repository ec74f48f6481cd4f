/**
 * What the log may hold (ADR 063): method, path (no query string), status and timing, and for a failure its kind and
 * code. Never a body, a header with a token or cookie, an email, a name, a password, a code, or a query's values.
 */
import type { FastifyServerOptions } from 'fastify';

const EMAIL = /[^\s"'<>()[\]:;,]+@[^\s"'<>()[\]:;,]+/g;

/** An error as the log may keep it: its kind, its SQLSTATE or code, and its message without values. */
export function safeError(error: unknown): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!(error instanceof Error)) return { type: typeof error, message: '', stack: '' };
  const withCode = error as Error & { code?: unknown; cause?: unknown };
  const cause = withCode.cause as { code?: unknown } | undefined;
  // Drizzle's query errors carry the parameters after "params:"; the database's message can quote a value.
  const first = (error.message.split('\nparams:')[0] ?? '').replace(EMAIL, '[email]');
  const message = /^Failed query:/.test(first) ? first : first.replace(/"[^"]*"|'[^']*'/g, '"…"');
  return {
    type: error.name,
    message,
    ...(typeof withCode.code === 'string' ? { code: withCode.code } : {}),
    ...(cause && typeof cause.code === 'string' ? { causeCode: cause.code } : {}),
    // Only the frames: the stack's first lines repeat the message, parameters included.
    stack: (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line)).slice(0, 8).join('\n'),
  };
}

/**
 * `terminal`: the process writes to a person (`npm start` or `npm run dev` in a terminal, issue 40): pino-pretty's
 * one coloured line per entry instead of JSON. The serializers and redaction still run in this process first, so the
 * pretty log holds no more than the JSON one.
 */
export function loggerOptions(level: string, terminal = false): FastifyServerOptions['logger'] {
  return {
    level,
    ...(terminal
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname', singleLine: true } } }
      : {}),
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], remove: true },
    serializers: {
      req(request: { method: string; url: string; ip?: string }) {
        return { method: request.method, path: request.url.split('?')[0] };
      },
      err: safeError,
    },
  };
}

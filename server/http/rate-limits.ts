/** Rate limits per IP and per email (@fastify/rate-limit's counters), answered 429 with a clear message. */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { HttpError } from './errors';

export interface Limit {
  max: number;
  /** Window in minutes. */
  minutes: number;
}

function emailOf(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
}

export async function registerRateLimits(app: FastifyInstance, enabled: boolean) {
  if (enabled) await app.register(rateLimit, { global: false });
}

/** A preHandler that counts a request against a per-IP and a per-email budget and refuses with 429 past either. */
export function limitPerIpAndEmail(app: FastifyInstance, enabled: boolean, name: string, perIp: Limit, perEmail: Limit): preHandlerHookHandler[] {
  if (!enabled) return [];
  const byIp = app.createRateLimit({ max: perIp.max, timeWindow: perIp.minutes * 60_000, keyGenerator: (r) => `${name}:ip:${r.ip}` });
  const byEmail = app.createRateLimit({
    max: perEmail.max,
    timeWindow: perEmail.minutes * 60_000,
    keyGenerator: (r) => `${name}:email:${emailOf(r)}`,
  });
  const handler: preHandlerHookHandler = async (request) => {
    const checks = [await byIp(request)];
    if (emailOf(request)) checks.push(await byEmail(request));
    for (const check of checks) {
      // `isAllowed` is only true for allow-listed keys; a counted request is refused once past its budget.
      if (!check.isAllowed && check.isExceeded) {
        const minutes = Math.max(1, Math.ceil(check.ttl / 60_000));
        throw new HttpError(429, `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
          'retry-after': String(check.ttlInSeconds),
        });
      }
    }
  };
  return [handler];
}

/** Implements one call of the wire contract on Fastify: parses params, query and body with its zod schemas, applies its auth rule. */
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import type { Call } from '../../src/contract/define';
import { badRequest } from './errors';

export interface AuthUser {
  id: string;
  email: string;
  jti: string;
  tokenExpiresAt: Date;
}

export interface RouteContext<C extends Call> {
  params: z.output<C['params']>;
  query: z.output<C['query']>;
  body: z.output<C['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
}
export interface AuthedContext<C extends Call> extends RouteContext<C> {
  user: AuthUser;
}

type Handler<C extends Call> = C['auth'] extends 'required'
  ? (ctx: AuthedContext<C>) => Promise<z.input<C['response']> | Buffer>
  : (ctx: RouteContext<C> & { user: AuthUser | null }) => Promise<z.input<C['response']> | Buffer>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves the bearer token of a request to a user, or null. Throws 401 when `required` and there is none. */
    authenticate(request: FastifyRequest, required: boolean): Promise<AuthUser | null>;
    validateResponses: boolean;
    /** How long content answers are kept in memory (CONTENT_CACHE_SECONDS). */
    contentCacheSeconds: number;
  }
}

function parseOr400<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.join('.');
  throw badRequest(field ? `${field}: ${issue.message}` : issue.message);
}

export function implement<C extends Call>(
  app: FastifyInstance,
  c: C,
  handler: Handler<C>,
  options: {
    config?: RouteShorthandOptions['config'];
    preHandler?: preHandlerHookHandler[];
    /**
     * Keep the serialised answer of this GET for `app.contentCacheSeconds`, by URL. Only for answers that are the same
     * for every caller (content): it changes only by import, so a short TTL bounds staleness (ADR 006).
     */
    cache?: 'content';
  } = {},
): void {
  const cache = new Map<string, { body: string; expires: number }>();
  const cacheMs = c.method === 'GET' && options.cache === 'content' ? app.contentCacheSeconds * 1000 : 0;
  const sendJson = (reply: FastifyReply, body: string) => reply.type('application/json; charset=utf-8').send(body);
  app.route({
    method: c.method,
    url: c.path,
    config: options.config ?? {},
    preHandler: options.preHandler ?? [],
    handler: async (request, reply) => {
      if (cacheMs) {
        // Protected answers are cached too, but only served after the caller's token checks out.
        if (c.auth === 'required') await app.authenticate(request, true);
        const hit = cache.get(request.url);
        if (hit && hit.expires > Date.now()) return sendJson(reply, hit.body);
      }
      const user = await app.authenticate(request, c.auth === 'required');
      const params = parseOr400(c.params, request.params ?? {}) as z.output<C['params']>;
      const query = parseOr400(c.query, request.query ?? {}) as z.output<C['query']>;
      const body = parseOr400(c.body, request.body ?? undefined) as z.output<C['body']>;
      const result = await (handler as (ctx: RouteContext<C> & { user: AuthUser | null }) => Promise<unknown>)({
        params, query, body, request, reply, user,
      });
      if (c.binary || Buffer.isBuffer(result)) return result;
      const value = app.validateResponses ? c.response.parse(result) : result;
      if (!cacheMs) return value;
      const serialized = JSON.stringify(value);
      if (cache.size >= 500) cache.clear();
      cache.set(request.url, { body: serialized, expires: Date.now() + cacheMs });
      return sendJson(reply, serialized);
    },
  });
}

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
  options: { config?: RouteShorthandOptions['config']; preHandler?: preHandlerHookHandler[] } = {},
): void {
  app.route({
    method: c.method,
    url: c.path,
    config: options.config ?? {},
    preHandler: options.preHandler ?? [],
    handler: async (request, reply) => {
      const user = await app.authenticate(request, c.auth === 'required');
      const params = parseOr400(c.params, request.params ?? {}) as z.output<C['params']>;
      const query = parseOr400(c.query, request.query ?? {}) as z.output<C['query']>;
      const body = parseOr400(c.body, request.body ?? undefined) as z.output<C['body']>;
      const result = await (handler as (ctx: RouteContext<C> & { user: AuthUser | null }) => Promise<unknown>)({
        params, query, body, request, reply, user,
      });
      if (c.binary || Buffer.isBuffer(result)) return result;
      return app.validateResponses ? c.response.parse(result) : result;
    },
  });
}

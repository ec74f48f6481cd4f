/** Implements one call of the wire contract on Fastify: parses params, query and body with its zod schemas, applies its auth rule. */
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import type { Call } from '../../src/contract/define';
import { CachedAnswer, sendAnswer } from './answer-cache';
import { DomainError, invalid } from '../services/errors';
import type { LimitService, ReadBudget } from '../services/limits';
import type { DutyCycle } from './duty-cycle';
import type { SessionUser } from '../services/sessions';
import type { ChangeBus } from '../data/client';

export type AuthUser = SessionUser;

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
    /** The rate limits of every write (services/limits.ts). */
    limits: LimitService;
    /** On PGlite, the turns that reads with a read budget take on the database's thread (ADR 125); null elsewhere. */
    expensiveReads: DutyCycle | null;
    /** Tells the other server processes on the database what a write made stale. */
    changes: ChangeBus;
    /** Resolves the bearer token of a request to a user, or null. Throws 401 when `required` and there is none. */
    /**
     * The member named by the request's bearer token; with `orCookie`, by the session cookie when there is no bearer
     * token (a document opened in a new tab, an EventSource: neither can send the header).
     */
    authenticate(request: FastifyRequest, required: boolean, options?: { orCookie?: boolean }): Promise<AuthUser | null>;
    validateResponses: boolean;
    /** Refuses a member who holds none of a staff call's roles (issue 36): 403. */
    staffGate: { require(userId: string, allowed: readonly import('../../src/domain/staff').StaffRole[]): Promise<unknown> };
    /** Refuses every community write of a silenced member (issue 37, ADR 149): 403 saying why and until when. */
    silenceGate: { check(userId: string, known?: AuthUser['silence']): Promise<void> };
    /** How long content answers are kept in memory (CONTENT_CACHE_SECONDS). */
    contentCacheSeconds: number;
  }
}

/** Deeper input than any call of the contract takes is refused before it is walked (or parsed by zod). */
const MAX_INPUT_DEPTH = 32;

/**
 * Why an input cannot be taken as it is, or null: a string holding a NUL character (PostgreSQL cannot store one and no
 * field needs one), or nesting deeper than MAX_INPUT_DEPTH. Walked without recursion, so no input can exhaust the stack.
 */
function unfit(value: unknown): string | null {
  const pending: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (pending.length) {
    const { value: current, path } = pending.pop()!;
    const at = path.length ? `${path.join('.')}: ` : '';
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return `${at}must not contain a NUL character`;
    } else if (current && typeof current === 'object') {
      if (path.length >= MAX_INPUT_DEPTH) return `${at}is nested too deeply`;
      for (const [key, inner] of Object.entries(current)) pending.push({ value: inner, path: [...path, key] });
    }
  }
  return null;
}

/** `fields`: the input is a body a form sent, whose problems are also answered by field (ADR 164). */
function parseOr400<T>(schema: z.ZodType<T>, value: unknown, fields = false): T {
  const problem = unfit(value);
  if (problem) throw invalid(problem);
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.join('.');
  const message = field ? `${field}: ${issue.message}` : issue.message;
  const fieldErrors = fields ? fieldErrorsOf(result.error.issues) : {};
  // Each field's first problem rides with the message, so a form shows it beside its field (ADR 164).
  throw Object.keys(fieldErrors).length ? new DomainError('invalid', message, undefined, { fieldErrors }) : invalid(message);
}

/** The first problem of each field an input's issues name, by the field's dotted path (`fieldErrorsSchema`). */
function fieldErrorsOf(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const found: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    if (field && !(field in found)) found[field] = issue.message;
  }
  return found;
}

/**
 * The key a kept answer is filed under: its path, and its query as the call's schema reads it (unknown parameters
 * dropped, defaults filled, in one order), so `?junk=N` cannot make a new entry and a new computation (ADR 125).
 */
function answerKeyOf(request: FastifyRequest, schema: z.ZodType): string {
  const { url } = request;
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const parsed = parseOr400(schema, request.query ?? {}) as Record<string, unknown>;
  const known = Object.keys(parsed).sort().filter((name) => parsed[name] !== undefined);
  return `${url.slice(0, mark)}?${JSON.stringify(known.map((name) => [name, parsed[name]]))}`;
}

export function implement<C extends Call>(
  app: FastifyInstance,
  c: C,
  handler: Handler<C>,
  options: {
    config?: RouteShorthandOptions['config'];
    preHandler?: preHandlerHookHandler[];
    /**
     * Keep the serialised answer of this GET in memory, by URL, and send it pre-compressed with an ETag
     * (answer-cache.ts). Only for answers that are the same for every caller:
     * - `content` changes only by import: kept for `app.contentCacheSeconds` (ADR 006);
     * - `community` (posts, comments) is kept until the next call marked `changes: 'community'` (ADR 045).
     * The handler may run for another request than the one being answered (shared or refreshed answers): it must only
     * compute the answer, never touch `reply`.
     */
    cache?: 'content' | 'community';
    /** With `cache`: the answer differs between visitors and members (and only so): kept apart by that (search). */
    bySignIn?: boolean;
    /** The part of a cached answer that depends on the viewer, applied to the shared answer: null when it fits as is. */
    personal?: (answer: z.output<C['response']>, user: AuthUser) => z.input<C['response']> | null;
    /**
     * With `cache`: the read budget per address (services/limits.ts) that an answer not kept is counted against, so one
     * address cannot make the server compute answer after answer (ADR 125).
     */
    readBudget?: ReadBudget;
    /**
     * What this call's write makes stale, once it has run and before its answer is sent: the community answers, or
     * the sessions kept by the auth plugin (a logout or password change can end tokens).
     */
    changes?: 'community' | 'sessions';
    /** With `cache`: told of every answer sent, a kept one too (searches are counted so, ADR 141); awaited before it goes. */
    served?: (answer: z.output<C['response']>, query: z.output<C['query']>) => Promise<void>;
  } = {},
): void {
  const answers = c.method === 'GET' && !c.binary && options.cache ? (options.cache === 'content' ? app.contentAnswers : app.communityAnswers) : null;
  const required = c.auth === 'required';
  const run = async (request: FastifyRequest, reply: FastifyReply, user: AuthUser | null) => {
    // A staff call checks the caller's roles before it reads anything the request sent.
    if (c.staff && user) await app.staffGate.require(user.id, c.staff);
    // Every member's write to the community (post, comment, edit, like, report) is refused while they are silenced.
    // A write resolved its token afresh (auth-plugin.ts), so the silence it read is current; a kept session's may not be.
    if (options.changes === 'community' && !c.staff && user) await app.silenceGate.check(user.id, c.method === 'GET' ? undefined : user.silence);
    const params = parseOr400(c.params, request.params ?? {}) as z.output<C['params']>;
    const query = parseOr400(c.query, request.query ?? {}) as z.output<C['query']>;
    const body = parseOr400(c.body, request.body ?? undefined, true) as z.output<C['body']>;
    if (c.method !== 'GET') {
      const email = (body as { email?: unknown } | undefined)?.email;
      await app.limits.check(c.name, { memberId: user?.id, address: request.ip, email: typeof email === 'string' ? email : undefined });
    }
    const call = () => (handler as (ctx: RouteContext<C> & { user: AuthUser | null }) => Promise<unknown>)({ params, query, body, request, reply, user });
    // The contract call's span (ADR 145), under the request's: the database calls it makes are its children.
    const result = app.tracing.enabled ? await app.tracing.inSpan(c.name, request.span, call) : await call();
    if (c.binary || Buffer.isBuffer(result)) return result;
    return app.validateResponses ? c.response.parse(result) : result;
  };
  app.route({
    method: c.method,
    url: c.path,
    config: options.config ?? {},
    preHandler: options.preHandler ?? [],
    handler: async (request, reply) => {
      if (answers) {
        // Protected answers are cached too, but only served after the caller's token checks out.
        const user = required || options.bySignIn ? await app.authenticate(request, required) : null;
        const { personal } = options;
        const url = answerKeyOf(request, c.query);
        const key = options.bySignIn ? `${user ? 'member' : 'visitor'} ${url}` : url;
        if (options.readBudget && !answers.holds(key)) app.limits.checkRead(options.readBudget, request.ip);
        const shared = await answers.get(key, async () => {
          const compute = async () => run(request, reply, user ?? (await app.authenticate(request, false)));
          const value = options.readBudget && app.expensiveReads ? await app.expensiveReads.run(compute) : await compute();
          return new CachedAnswer(value, Boolean(personal) || Boolean(options.served));
        });
        if (options.served) await options.served(shared.value as z.output<C['response']>, parseOr400(c.query, request.query ?? {}) as z.output<C['query']>);
        const answer = personal && user ? shared.variant(user.id, (value) => personal(value as z.output<C['response']>, user)) : shared;
        return sendAnswer(request, reply, answer);
      }
      const user = await app.authenticate(request, required);
      try {
        return await run(request, reply, user);
      } finally {
        if (options.changes) {
          (options.changes === 'community' ? app.communityAnswers : app.sessions).changed();
          if (options.changes === 'community') app.renderedPages.changed();
          await app.changes.publish(options.changes);
        }
      }
    },
  });
}

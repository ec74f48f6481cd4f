/** The shape of one call of the wire contract: written once, read by the client HTTP adapter and the server routes. */
import { z } from 'zod';
import type { StaffRole } from '../domain/staff';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type AuthRule = 'none' | 'required';

export interface Call<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  A extends AuthRule = AuthRule,
> {
  readonly name: string;
  readonly method: Method;
  /** Path below the API base, with `:name` parameters. */
  readonly path: string;
  readonly auth: A;
  readonly params: P;
  readonly query: Q;
  readonly body: B;
  /** The success body. Binary answers use `z.instanceof(Blob)` on the client side and are marked `binary`. */
  readonly response: R;
  readonly binary?: boolean;
  /** Paths whose cached GET answers this call makes stale (prefix match). */
  readonly invalidates?: readonly string[];
  /** A staff call: the roles that may make it (an admin may make every one); others get 403, visitors 401. */
  readonly staff?: readonly StaffRole[];
}

const noParams = z.object({});
const noQuery = z.object({});
/** Calls without a body ignore whatever was sent. */
const noBody = z.unknown().transform(() => undefined);

export function call<
  P extends z.ZodType = typeof noParams,
  Q extends z.ZodType = typeof noQuery,
  B extends z.ZodType = typeof noBody,
  R extends z.ZodType = z.ZodType,
  A extends AuthRule = 'none',
>(spec: {
  name: string;
  method: Method;
  path: string;
  auth?: A;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  binary?: boolean;
  invalidates?: readonly string[];
  staff?: readonly StaffRole[];
}): Call<P, Q, B, R, A> {
  return {
    auth: 'none',
    params: noParams as unknown as P,
    query: noQuery as unknown as Q,
    body: noBody as unknown as B,
    ...spec,
  } as Call<P, Q, B, R, A>;
}

export type ParamsOf<C extends Call> = z.input<C['params']>;
export type QueryOf<C extends Call> = z.input<C['query']>;
export type BodyOf<C extends Call> = z.input<C['body']>;
export type ResponseOf<C extends Call> = z.output<C['response']>;

/** Every error answer: `{ success: false, message }` with a fitting status. */
export const errorBodySchema = z.object({ success: z.literal(false), message: z.string() });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * A 400 about the fields of the input: each field's first problem, by its dotted path, in words a person can read
 * (ADR 164). Every call's input refused by its schema answers so; some use cases add their own (authoring, password).
 */
export const fieldErrorsSchema = errorBodySchema.extend({ fieldErrors: z.record(z.string(), z.string()) });
export type FieldErrors = Record<string, string>;

export const okMessageSchema = z.object({ success: z.literal(true), message: z.string() });

export const idParams = z.object({ id: z.string().min(1).max(64) });

/** Fills `:name` parameters and appends the query string, skipping empty values. */
export function buildPath(path: string, params: Record<string, unknown> = {}, query: Record<string, unknown> = {}): string {
  const filled = path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${key} for ${path}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${filled}?${qs}` : filled;
}

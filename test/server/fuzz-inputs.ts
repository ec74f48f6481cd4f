/**
 * The malformed inputs of the contract fuzz tests (fuzz.test.ts and its shards): values derived from each call's own zod
 * schemas for its path parameters, query fields, bodies and headers.
 */
import type { z } from 'zod';
import type { Call } from '../../src/contract/define';
import { urlOf } from './api';

/** An answer slower than this fails the test, like any 5xx. */
export const SLOW_MS = 5_000;
/** Each call gets at least this many malformed requests per sign-in state. */
export const MIN_CASES = 30;

// ---------------------------------------------------------------------------------------------------------------------
// Reading the zod schemas (zod 4: `schema.shape` for objects, `schema._zod.def` for the rest).

type Schema = z.ZodType;
interface Def {
  type: string;
  innerType?: Schema;
  in?: Schema;
  entries?: Record<string, string | number>;
  values?: unknown[];
  options?: Schema[];
  shape?: Record<string, Schema>;
}
const defOf = (schema: Schema) => (schema as unknown as { _zod: { def: Def } })._zod.def;
export const shapeOf = (schema: Schema): Record<string, Schema> | undefined => (defOf(schema).type === 'object' ? defOf(schema).shape : undefined);

/** Strings that pass most string schemas: plain text, an email, a 6-digit code, a site path, HTML. */
const STRING_SAMPLES = ['Fuzz sample text', 'fuzz-sample@example.com', '123456', '/fuzz/page', '<p>Fuzz sample content</p>'];

/** Values a schema may accept, most likely first. */
function candidates(schema: Schema): unknown[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return candidates(def.innerType!);
    case 'pipe':
      return candidates(def.in!);
    case 'enum':
      return Object.values(def.entries ?? {});
    case 'literal':
      return def.values ?? [];
    case 'string':
      return STRING_SAMPLES;
    case 'number':
    case 'int':
    case 'bigint':
      return [0, 1, 2];
    case 'boolean':
      return [true, false];
    case 'array':
      return [[]];
    case 'union':
      return (def.options ?? []).flatMap(candidates);
    case 'object':
      return [Object.fromEntries(Object.entries(def.shape ?? {}).map(([k, s]) => [k, sample(s, k, {})]))];
    default:
      return [STRING_SAMPLES[0], 0, true, null];
  }
}

/** A value the schema accepts: a real one from `real` (ids, listed categories) when it fits, else a generated one. */
export function sample(schema: Schema, field: string, real: Record<string, unknown[]>): unknown {
  for (const value of [...(real[field] ?? []), ...candidates(schema)]) {
    if (schema.safeParse(value).success) return value;
  }
  return STRING_SAMPLES[0];
}

// ---------------------------------------------------------------------------------------------------------------------
// The malformed inputs.

export interface Base {
  params: Record<string, string>;
  body: Record<string, unknown> | undefined;
}
interface Req {
  url: string;
  payload?: string;
  headers: Record<string, string>;
}
export interface Case {
  input: string;
  build(base: Base): Req;
}

export const ZERO_UUID = '00000000-0000-0000-0000-000000000000';
const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const MB_STRING = 'x'.repeat(1024 * 1024);
const JSON_TYPE = { 'content-type': 'application/json' };

/** Raw (already URL-encoded) values for a path parameter or a query field, given the valid value. */
export const URL_VALUES: [string, (valid: string) => string][] = [
  ['NUL byte', () => '%00'],
  ['valid value + NUL byte', (v) => `${encodeURIComponent(v)}%00`],
  ['broken percent-encoding %E0%A4%A', () => '%E0%A4%A'],
  ['lone percent sign', () => '%'],
  ['double-encoded broken percent-encoding %25E0%25A4%25A', () => '%25E0%25A4%25A'],
  ['double-encoded NUL %2500', () => '%2500'],
  ['10,000 characters', () => 'a'.repeat(10_000)],
  ['path traversal ..%2F..%2Fetc%2Fpasswd', () => '..%2F..%2Fetc%2Fpasswd'],
  ['emoji', () => encodeURIComponent('🌱🔥')],
  ['all-zero UUID', () => ZERO_UUID],
  ["SQL injection ' OR 1=1--", () => encodeURIComponent("' OR 1=1--")],
  ['negative number', () => '-1'],
  ['1e308', () => '1e308'],
  ['3e9', () => '3e9'],
  ['NaN', () => 'NaN'],
  ['encoded lone surrogate %ED%A0%80', () => '%ED%A0%80'],
  ['overlong UTF-8 %C0%AF', () => '%C0%AF'],
  ['whitespace only', () => '%20%20'],
  ['impossible date', () => encodeURIComponent('2024-02-30T00:00:00.000Z')],
];

/** Instants JavaScript may accept (or roll over) that PostgreSQL refuses, or the other way round. */
const IMPOSSIBLE_DATES: [string, string][] = [
  ['Feb 30', '2024-02-30T00:00:00'],
  ['Feb 29 of a common year', '2023-02-29T12:00:00'],
  ['month 13', '2024-13-01T00:00:00'],
  ['day 0', '2024-01-00T00:00:00'],
  ['hour 25', '2024-01-01T25:00:00'],
  ['a leap second', '2016-12-31T23:59:60'],
  ['year 0', '0000-01-01T00:00:00'],
  ['year 9999 end', '9999-12-31T23:59:59'],
];
const ISO_INSTANT = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/;

/**
 * Opaque tokens the server hands out (the feed's cursor), each rewritten to carry an impossible instant or a NUL byte:
 * [input label, token (not URL-encoded)].
 */
export function tokensFrom(seen: string[]): [string, string][] {
  const tokens: [string, string][] = [];
  for (const token of seen) {
    const text = Buffer.from(token, 'base64url').toString('utf8');
    if (!ISO_INSTANT.test(text)) continue;
    for (const [label, instant] of IMPOSSIBLE_DATES) tokens.push([`a server token holding ${label}`, base64url(text.replace(ISO_INSTANT, instant))]);
    tokens.push(['a server token holding a NUL byte', base64url(text.replace(ISO_INSTANT, (m) => `${m}\u0000`))]);
    tokens.push(['a server token cut short', token.slice(0, Math.floor(token.length / 2))]);
  }
  return tokens;
}

/** Extra shapes only a query field can take. */
const QUERY_SHAPES: [string, (key: string, valid: string) => string][] = [
  ['repeated (array)', (k) => `${k}=1&${k}=2`],
  ['empty value', (k) => `${k}=`],
  ['key without value', (k) => k],
  ['nested key', (k) => `${k}[a]=1`],
  ['valid value repeated', (k, v) => `${k}=${encodeURIComponent(v)}&${k}=${encodeURIComponent(v)}`],
];

/** Values that replace one body field. */
const FIELD_VALUES: [string, (valid: unknown) => unknown][] = [
  ['null', () => null],
  ['a number', () => 12345],
  ['a boolean', () => true],
  ['an array', () => [1, 2]],
  ['a nested object', () => ({ nested: { deep: true } })],
  ['a 1 MB string', () => MB_STRING],
  ['a string with \\u0000', () => 'a\u0000b'],
  ['the valid value + \\u0000', (v) => `${typeof v === 'string' ? v : String(v)}\u0000`],
  ['a lone surrogate \\ud800', () => '\ud800'],
  ['<script>', () => '<script>alert(1)</script>'],
  ['an impossible date', () => '2024-02-30T25:61:00.000Z'],
  ['Feb 30', () => '2024-02-30T00:00:00.000Z'],
  ['3e9', () => 3e9],
  ['1e308', () => 1e308],
  ['-1', () => -1],
  ['NaN-like string', () => 'NaN'],
  ['Infinity-like string', () => 'Infinity'],
  ['an empty string', () => ''],
  ['whitespace only', () => ' \t\n '],
];

/** Number literals JSON.stringify cannot write, put into the body text as they are. */
const FIELD_LITERALS: [string, string][] = [
  ['1e999 (Infinity once parsed)', '1e999'],
  ['-0', '-0'],
  ['a 400-digit integer', '9'.repeat(400)],
];

export const MARK = 'FUZZ0MARK';

/** A URL from the contract with one raw part swapped in: a path parameter, or a query appended. */
function urlWith(c: Call, base: Base, options: { param?: [string, string]; query?: string; suffix?: string } = {}): string {
  const params = options.param ? { ...base.params, [options.param[0]]: MARK } : base.params;
  let url = urlOf(c, params);
  if (options.param) url = url.replace(MARK, options.param[1]);
  if (options.suffix) url += options.suffix;
  if (options.query !== undefined) url += `${url.includes('?') ? '&' : '?'}${options.query}`;
  return url;
}

const jsonBody = (body: unknown): Pick<Req, 'payload' | 'headers'> => ({ payload: JSON.stringify(body), headers: { ...JSON_TYPE } });
/** The valid body of the call, if it has one: sent along with URL and header cases so that they reach the handler. */
const validBody = (base: Base): Pick<Req, 'payload' | 'headers'> => (base.body ? jsonBody(base.body) : { headers: {} });

export function casesFor(c: Call, tokens: [string, string][]): Case[] {
  const cases: Case[] = [];
  const add = (input: string, build: (base: Base) => Req) => cases.push({ input, build });
  const urlValues: [string, (valid: string) => string][] = [
    ...URL_VALUES,
    ...tokens.map(([label, token]): [string, () => string] => [label, () => encodeURIComponent(token)]),
  ];
  const fieldValues: [string, (valid: unknown) => unknown][] = [...FIELD_VALUES, ...tokens.map(([label, token]): [string, () => string] => [label, () => token])];

  // Path parameters.
  for (const key of Object.keys(shapeOf(c.params) ?? {})) {
    for (const [label, raw] of urlValues) {
      add(`path :${key} = ${label}`, (b) => ({ url: urlWith(c, b, { param: [key, raw(b.params[key]!)] }), ...validBody(b) }));
    }
  }

  // Query fields.
  const queryShape = shapeOf(c.query) ?? {};
  for (const [key, schema] of Object.entries(queryShape)) {
    const valid = String(sample(schema, key, {}));
    for (const [label, raw] of urlValues) add(`query ${key} = ${label}`, (b) => ({ url: urlWith(c, b, { query: `${key}=${raw(valid)}` }), headers: {} }));
    for (const [label, raw] of QUERY_SHAPES) add(`query ${key}: ${label}`, (b) => ({ url: urlWith(c, b, { query: raw(key, valid) }), headers: {} }));
  }

  // The URL of any call.
  const url: [string, string | undefined, string | undefined][] = [
    ['trailing slash', '/', undefined],
    ['matrix parameter ;a=1', ';a=1', undefined],
    ['NUL byte after the path', '%00', undefined],
    ['broken percent-encoding after the path', '%E0%A4%A', undefined],
    ['query with NUL key and value', undefined, '%00=%00'],
    ['query with broken percent-encoding', undefined, '%E0%A4%A=1'],
    ['unknown query field', undefined, 'unknownField=1'],
    ['prototype pollution in the query', undefined, '__proto__[polluted]=1&constructor[prototype][polluted]=1'],
    ['10,000-character query key', undefined, `${'k'.repeat(10_000)}=1`],
    ['empty query pairs', undefined, '&&=&=='],
  ];
  for (const [label, suffix, query] of url) {
    add(label, (b) => ({ url: urlWith(c, b, { ...(suffix ? { suffix } : {}), ...(query !== undefined ? { query } : {}) }), ...validBody(b) }));
  }

  // Body fields.
  const bodyShape = shapeOf(c.body);
  if (bodyShape) {
    for (const key of Object.keys(bodyShape)) {
      add(`body without ${key}`, (b) => {
        const { [key]: _dropped, ...rest } = b.body ?? {};
        return { url: urlWith(c, b), ...jsonBody(rest) };
      });
      for (const [label, value] of fieldValues) {
        add(`body ${key} = ${label}`, (b) => ({ url: urlWith(c, b), ...jsonBody({ ...b.body, [key]: value(b.body?.[key]) }) }));
      }
      for (const [label, literal] of FIELD_LITERALS) {
        add(`body ${key} = ${label}`, (b) => ({
          url: urlWith(c, b),
          payload: JSON.stringify({ ...b.body, [key]: MARK }).replace(`"${MARK}"`, literal),
          headers: { ...JSON_TYPE },
        }));
      }
    }
    add('body with an unknown field', (b) => ({ url: urlWith(c, b), ...jsonBody({ ...b.body, unknownField: 'x' }) }));
  }

  // The whole body, for calls with and without one.
  const whole: [string, (b: Base) => Pick<Req, 'payload' | 'headers'>][] = [
    ['body as an array', (b) => jsonBody([b.body ?? {}])],
    ['body as a string', () => jsonBody('just a string')],
    ['body as a number', () => jsonBody(42)],
    ['body null', () => jsonBody(null)],
    ['invalid JSON text', () => ({ payload: '{"a":', headers: { ...JSON_TYPE } })],
    ['JSON with a BOM', (b) => ({ payload: `\ufeff${JSON.stringify(b.body ?? {})}`, headers: { ...JSON_TYPE } })],
    ['JSON with a NUL byte outside strings', () => ({ payload: '{"a":1}\u0000', headers: { ...JSON_TYPE } })],
    ['JSON sent as text/plain', (b) => ({ payload: JSON.stringify(b.body ?? {}), headers: { 'content-type': 'text/plain' } })],
    ['JSON sent as application/xml', (b) => ({ payload: JSON.stringify(b.body ?? {}), headers: { 'content-type': 'application/xml' } })],
    ['form-encoded body', () => ({ payload: 'a=1&b=2', headers: { 'content-type': 'application/x-www-form-urlencoded' } })],
    ['empty body with a JSON content type', () => ({ payload: '', headers: { ...JSON_TYPE } })],
    ['5,000 nested arrays', () => ({ payload: `${'['.repeat(5000)}${']'.repeat(5000)}`, headers: { ...JSON_TYPE } })],
    ['__proto__ key in the body', (b) => ({ payload: `{"__proto__":{"polluted":true},${JSON.stringify(b.body ?? {}).slice(1)}`.replace(',}', '}'), headers: { ...JSON_TYPE } })],
    ['JSON content type with an unknown charset', (b) => ({ payload: JSON.stringify(b.body ?? {}), headers: { 'content-type': 'application/json; charset=utf-99' } })],
  ];
  for (const [label, body] of whole) add(label, (b) => ({ url: urlWith(c, b), ...body(b) }));

  // Headers.
  const headers: [string, Record<string, string>][] = [
    ['Authorization: Bearer alone', { authorization: 'Bearer' }],
    ['Authorization: Bearer a.b.c', { authorization: 'Bearer a.b.c' }],
    ['Authorization: a 10 KB token', { authorization: `Bearer ${'a'.repeat(10 * 1024)}` }],
    ['Authorization: Basic scheme', { authorization: 'Basic Zm9vOmJhcg==' }],
    ['Authorization: unsigned JWT', { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIwIn0.' }],
    ['Authorization: JWT with a non-UUID subject', { authorization: `Bearer ${base64url('{"alg":"HS256"}')}.${base64url('{"sub":"\' OR 1=1--"}')}.x` }],
    ['Accept-Encoding garbage', { 'accept-encoding': 'br;q=NaN, gzip;q=-1, *;q=abc' }],
    ['If-None-Match of 10 KB', { 'if-none-match': `"${'e'.repeat(10 * 1024)}"` }],
    ['Range garbage', { range: 'bytes=abc-def' }],
    ['X-Forwarded-For garbage', { 'x-forwarded-for': 'not-an-ip, , 999.999.999.999' }],
  ];
  for (const [label, extra] of headers) {
    add(label, (b) => {
      const body = validBody(b);
      return { url: urlWith(c, b), ...body, headers: { ...body.headers, ...extra } };
    });
  }
  return cases;
}


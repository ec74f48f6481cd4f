/** Server configuration, read from the environment and validated with zod: a bad value stops the process with one clear line. */
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';
import { addressLinesOf, DEFAULT_CONTACT, type SiteContact } from '../src/domain/site';

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);
const KILOBYTES: Record<string, number> = { kB: 1, MB: 1024, GB: 1024 ** 2 };
/** A size as PostgreSQL writes one ('16MB'), in kilobytes. */
const kilobytesOf = (size: string) => Number.parseInt(size, 10) * (KILOBYTES[size.slice(-2)] ?? 0);

const envSchema = z.object({
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyAsUndefined, z.string().default('0.0.0.0')),
  DATABASE_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
  /** The embedded database's page cache (ADR 196); unset, PostgreSQL's 128MB. */
  PGLITE_SHARED_BUFFERS: z.preprocess(emptyAsUndefined, z.string().regex(/^[1-9][0-9]{0,5}(kB|MB|GB)$/, 'must be a size like 16MB')
    .refine((size) => kilobytesOf(size) >= 128, 'must be at least 128kB, PostgreSQL\'s least')
    // PGlite's memory ends at 2 GB, the cache's included.
    .refine((size) => kilobytesOf(size) <= 1024 ** 2, 'must be at most 1GB: PGlite\'s memory ends at 2GB')
    .optional()),
  JWT_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  SMTP_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^smtps?$/ }).optional()),
  /** Where contact messages are mailed (issue 36); unset: they wait in the staff inbox only. */
  STAFF_EMAIL: z.preprocess(emptyAsUndefined, z.email().optional()),
  /** How people reach the team (issue 41 item 12), shown by the footer, contact page, FAQ and legal documents. */
  CONTACT_EMAIL: z.preprocess(emptyAsUndefined, z.email().default(DEFAULT_CONTACT.email)),
  CONTACT_PHONE: z.preprocess(emptyAsUndefined, z.string().trim().regex(/^\+?[0-9 ()-]{6,30}$/, 'must be a phone number like +44 20 7946 0958').default(DEFAULT_CONTACT.phone)),
  /** Lines separated by semicolons. */
  CONTACT_ADDRESS: z.preprocess(emptyAsUndefined, z.string().trim().min(1).max(300).default(DEFAULT_CONTACT.addressLines.join('; '))),
  /**
   * The continuing-education provider named on transcripts (issue 39): name, postal address, web address, and the
   * number a body gave it. No number until one is set: a transcript never claims one (ADR 155).
   */
  PROVIDER_NAME: z.preprocess(emptyAsUndefined, z.string().max(200).default('SustainLearn')),
  PROVIDER_ADDRESS: z.preprocess(emptyAsUndefined, z.string().max(300).optional()),
  PROVIDER_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  PROVIDER_NUMBER: z.preprocess(emptyAsUndefined, z.string().max(60).optional()),
  /**
   * Push services besides the browsers' own (ADR 169), as origins separated by commas: a self-hosted one, or a test's
   * stand-in. The server posts only to these and to the browsers' services.
   */
  PUSH_SERVICE_ORIGINS: z.preprocess(emptyAsUndefined, z.string().default('').transform((list) => list.split(',').map((o) => o.trim()).filter(Boolean))
    .pipe(z.array(z.url().transform((u) => new URL(u).origin)))),
  MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().default('SustainLearn <no-reply@sustainlearn.local>')),
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  API_BASE_PATH: z.preprocess(emptyAsUndefined, z.string().regex(/^\/[a-z0-9/_-]*[a-z0-9]$/i, 'must look like /api').default('/api')),
  LOG_LEVEL: z.preprocess(emptyAsUndefined, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
  STATIC_DIR: z.preprocess(emptyAsUndefined, z.string().default('./dist')),
  RATE_LIMIT: z.preprocess(emptyAsUndefined, z.enum(['on', 'off']).default('on')),
  SOURCE_MAPS: z.preprocess(emptyAsUndefined, z.enum(['public', 'off']).default('off')),
  CONTENT_CACHE_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(3600).default(10)),
  DEMO_COMMUNITY: z.preprocess(emptyAsUndefined, z.enum(['on', 'off']).default('off')),
  /** The Prometheus listener (ADR 143): unset, there is none. Never the public port. */
  METRICS_PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(65535).optional()),
  METRICS_HOST: z.preprocess(emptyAsUndefined, z.string().default('127.0.0.1')),
  /** OpenTelemetry (ADR 145): traces are exported here over OTLP/HTTP; unset, tracing is off and costs nothing. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  OTEL_SERVICE_NAME: z.preprocess(emptyAsUndefined, z.string().default('sustainlearn')),
  JOB_POLL_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(3600).default(30)),
  TRUST_PROXY: z.preprocess(emptyAsUndefined, z.string().default('off').transform((value, ctx) => {
    const trust = parseTrustProxy(value);
    if (trust === null) {
      ctx.addIssue({ code: 'custom', message: 'must be off, a hop count like 1, or a comma-separated list of proxy addresses or CIDR ranges' });
      return z.NEVER;
    }
    return trust;
  })),
});

/**
 * Whose X-Forwarded-For counts (Fastify's `trustProxy`): `off` (the default) trusts nobody, so no client can choose
 * its own address; a number trusts that many proxy hops; a list trusts those proxy addresses or ranges only.
 */
export type TrustProxy = false | number | string[];

function parseTrustProxy(value: string): TrustProxy | null {
  const text = value.trim().toLowerCase();
  if (text === 'off' || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((e) => e.trim()).filter(Boolean);
  const valid = entries.every((entry) => {
    const [address, bits, ...rest] = entry.split('/');
    if (rest.length || !address || !isIP(address)) return false;
    if (bits === undefined) return true;
    const max = isIP(address) === 4 ? 32 : 128;
    return /^\d+$/.test(bits) && Number(bits) <= max;
  });
  return entries.length && valid ? entries : null;
}

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /** PGLITE_SHARED_BUFFERS: the embedded database's page cache, as PostgreSQL writes a size; undefined, its default. */
  pgliteSharedBuffers: string | undefined;
  /** Unset: one secret kept in the database, shared by every process on it. */
  jwtSecret: string | undefined;
  smtpUrl: string | undefined;
  staffEmail: string | undefined;
  /** How people reach the team: CONTACT_EMAIL, CONTACT_PHONE and CONTACT_ADDRESS. */
  contact: SiteContact;
  mailFrom: string;
  /** Origins of push services allowed besides the browsers' (PUSH_SERVICE_ORIGINS). */
  pushServiceOrigins: string[];
  /** The continuing-education provider on transcripts (PROVIDER_*); `number` null until one is set. */
  provider: { name: string; address: string | null; url: string; number: string | null };
  publicUrl: string;
  apiBasePath: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  staticDir: string;
  /** SOURCE_MAPS=public: the build's `.map` files are served; otherwise they answer 404 (ADR 127). */
  publicSourceMaps: boolean;
  rateLimit: boolean;
  contentCacheSeconds: number;
  trustProxy: TrustProxy;
  /** Where Prometheus scrapes the metrics (ADR 143); undefined: no listener. */
  metricsPort: number | undefined;
  metricsHost: string;
  /** Where traces go (OTLP/HTTP); undefined: tracing off. */
  otelEndpoint: string | undefined;
  otelServiceName: string;
  /** How often due jobs (workshop reminders) are looked for; 0 turns the runner off in this process. */
  jobPollSeconds: number;
  /** Load the demo community at start (`npm run demo`); refused when NODE_ENV is production. */
  demoCommunity: boolean;
  /** PUBLIC_URL is https: HSTS and Secure cookies. */
  secure: boolean;
}

/** What `openDatabase` needs of the configuration: the server and the scripts open the same database the same way. */
export function databaseOptionsOf({ databaseUrl, dataDir, pgliteSharedBuffers }: Config) {
  return { databaseUrl, dataDir, pgliteSharedBuffers };
}

export class ConfigError extends Error {}

/** Reads the environment; throws ConfigError naming the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid configuration: ${name}=${JSON.stringify(env[name] ?? '')} ${issue.message}`);
  }
  const e = parsed.data;
  if (e.DEMO_COMMUNITY === 'on' && env.NODE_ENV === 'production') {
    throw new ConfigError('Invalid configuration: DEMO_COMMUNITY="on" is refused when NODE_ENV is production');
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT) {
    throw new ConfigError(`Invalid configuration: METRICS_PORT="${e.METRICS_PORT}" must not be the public PORT: metrics are for the operator only`);
  }
  const dataDir = resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
    jwtSecret: e.JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    staffEmail: e.STAFF_EMAIL,
    contact: contactOf(env),
    mailFrom: e.MAIL_FROM,
    pushServiceOrigins: e.PUSH_SERVICE_ORIGINS,
    provider: {
      name: e.PROVIDER_NAME,
      address: e.PROVIDER_ADDRESS ?? null,
      url: (e.PROVIDER_URL ?? e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
      number: e.PROVIDER_NUMBER ?? null,
    },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    apiBasePath: e.API_BASE_PATH,
    logLevel: e.LOG_LEVEL,
    staticDir: resolve(e.STATIC_DIR),
    publicSourceMaps: e.SOURCE_MAPS === 'public',
    rateLimit: e.RATE_LIMIT === 'on',
    contentCacheSeconds: e.CONTENT_CACHE_SECONDS,
    trustProxy: e.TRUST_PROXY,
    demoCommunity: e.DEMO_COMMUNITY === 'on',
    jobPollSeconds: e.JOB_POLL_SECONDS,
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST,
    otelEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
    otelServiceName: e.OTEL_SERVICE_NAME,
    secure: (e.PUBLIC_URL ?? '').startsWith('https://'),
  };
}

const contactSchema = envSchema.pick({ CONTACT_EMAIL: true, CONTACT_PHONE: true, CONTACT_ADDRESS: true });

/**
 * The contact details alone, for the content import (which draws the legal PDFs): the defaults where unset. A bad value
 * stops as loadConfig does.
 */
export function contactOf(env: NodeJS.ProcessEnv): SiteContact {
  const parsed = contactSchema.safeParse(env);
  if (!parsed.success) throw new ConfigError(`Invalid configuration: ${String(parsed.error.issues[0]!.path[0])} ${parsed.error.issues[0]!.message}`);
  const e = parsed.data;
  return { email: e.CONTACT_EMAIL, phone: e.CONTACT_PHONE, addressLines: addressLinesOf(e.CONTACT_ADDRESS) };
}

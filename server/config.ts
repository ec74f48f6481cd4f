/** Server configuration, read from the environment and validated with zod: a bad value stops the process with one clear line. */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);

const envSchema = z.object({
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyAsUndefined, z.string().default('0.0.0.0')),
  DATABASE_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
  JWT_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  SMTP_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().default('SustainLearn <no-reply@sustainlearn.local>')),
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  API_BASE_PATH: z.preprocess(emptyAsUndefined, z.string().regex(/^\/[a-z0-9/_-]*[a-z0-9]$/i, 'must look like /api').default('/api')),
  LOG_LEVEL: z.preprocess(emptyAsUndefined, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
  STATIC_DIR: z.preprocess(emptyAsUndefined, z.string().default('./dist')),
  RATE_LIMIT: z.preprocess(emptyAsUndefined, z.enum(['on', 'off']).default('on')),
  CONTENT_CACHE_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(3600).default(10)),
});

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  apiBasePath: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  staticDir: string;
  rateLimit: boolean;
  contentCacheSeconds: number;
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
  const dataDir = resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    jwtSecret: e.JWT_SECRET ?? persistentSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    apiBasePath: e.API_BASE_PATH,
    logLevel: e.LOG_LEVEL,
    staticDir: resolve(e.STATIC_DIR),
    rateLimit: e.RATE_LIMIT === 'on',
    contentCacheSeconds: e.CONTENT_CACHE_SECONDS,
  };
}

/** A JWT secret generated once and kept in DATA_DIR, so tokens survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * One app per test file on a fresh database: in-memory PGlite always, and a throwaway PostgreSQL database too when
 * DATABASE_URL is set (created here, dropped after). Tests talk HTTP to the app through app.inject.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, CONTENT_DIR } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/data/client';
import { importContent } from '../../server/content-import/import';
import type { Mail, Mailer } from '../../server/mail/mailer';

export class MemoryMailer implements Mailer {
  readonly sent: Mail[] = [];
  /** `relay` also delivers each mail (a real SMTP receiver), after it is recorded. */
  constructor(private readonly relay?: Mailer) {}
  async send(mail: Mail) {
    this.sent.push(mail);
    await this.relay?.send(mail);
  }
  lastTo(email: string): Mail | undefined {
    return this.sent.filter((m) => m.to === email).at(-1);
  }
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  mailer: MemoryMailer;
  clock: { now: number; advance(ms: number): void };
}

export interface TestOptions {
  seed?: boolean;
  env?: Record<string, string>;
  /** PGlite's bounded queue (ADR 125); the server's default when unset. */
  maxWaitingQueries?: number;
  /** A mailer that also delivers every mail (SMTP to a real receiver), made when the app is built. */
  relayMail?: () => Mailer;
}

async function createPostgresDatabase(baseUrl: string) {
  const { default: pg } = await import('pg');
  const name = `sl_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export function databaseKinds(): ('pglite' | 'postgres')[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** Runs `body` once per database kind with a fresh app; `ctx()` gives the live context inside tests. */
export function describeWithApp(name: string, options: TestOptions, body: (ctx: () => TestContext) => void) {
  for (const kind of databaseKinds()) {
    describe(`${name} [${kind}]`, () => {
      let context: TestContext | undefined;
      let drop: (() => Promise<void>) | undefined;
      beforeAll(async () => {
        let databaseUrl: string | undefined;
        if (kind === 'postgres') {
          const created = await createPostgresDatabase(process.env.DATABASE_URL!);
          databaseUrl = created.url;
          drop = created.drop;
        }
        const database = await openDatabase({ databaseUrl, dataDir: null, ...(options.maxWaitingQueries ? { maxWaitingQueries: options.maxWaitingQueries } : {}) });
        if (options.seed) await importContent(database.db, CONTENT_DIR);
        const config = loadConfig({
          JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
          LOG_LEVEL: 'silent',
          STATIC_DIR: '/nonexistent',
          RATE_LIMIT: 'off',
          CONTENT_CACHE_SECONDS: '0',
          ...options.env,
        });
        const mailer = new MemoryMailer(options.relayMail?.());
        const clock = { now: Date.now(), advance(ms: number) { this.now += ms; } };
        const app = await buildApp({ config, database, mailer, logger: false, now: () => clock.now });
        await app.ready();
        context = { app, database, mailer, clock };
      });
      afterAll(async () => {
        try {
          await context?.app.close();
        } finally {
          try {
            await context?.database.close();
          } finally {
            await drop?.();
          }
        }
      });
      body(() => {
        if (!context) throw new Error('test context not ready');
        return context;
      });
    });
  }
}

/**
 * One app per test file on a fresh database: in-memory PGlite always, and a throwaway PostgreSQL database too when
 * DATABASE_URL is set (created here, dropped after). Tests talk HTTP to the app through app.inject. The databases are
 * copies of the run's templates (test/support/database-templates.ts): migrated, and seeded with the content when asked.
 */
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, CONTENT_DIR } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/data/client';
import { importContent } from '../../server/content-import/import';
import type { Mail, Mailer } from '../../server/mail/mailer';
import { openPgliteCopy } from '../support/database-templates';
import { createPostgresDatabase } from '../support/postgres';

/** The JWT key of the apps these tests build (what the notifications' unsubscribe tokens are signed with). */
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

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

export function databaseKinds(): ('pglite' | 'postgres')[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * A fresh database of `kind`: migrated, and seeded with the product's content when `seed` is set; `drop` removes a
 * PostgreSQL one (after close), whose `url` another connection may use. Copied from the run's templates, or made from
 * scratch when the global setup made none (a config without it).
 */
export async function openTestDatabase(
  kind: 'pglite' | 'postgres',
  options: { seed?: boolean | undefined; maxWaitingQueries?: number | undefined } = {},
): Promise<{ database: Database; drop: (() => Promise<void>) | undefined; url: string | undefined }> {
  const templates = inject('databaseTemplates');
  const maxWaiting = options.maxWaitingQueries ? { maxWaitingQueries: options.maxWaitingQueries } : {};
  if (kind === 'pglite') {
    if (templates) {
      const dump = options.seed ? templates.pglite.seeded : templates.pglite.empty;
      return { database: await openPgliteCopy(dump, options.maxWaitingQueries), drop: undefined, url: undefined };
    }
    const database = await openDatabase({ dataDir: null, pgliteSharedBuffers: process.env.PGLITE_SHARED_BUFFERS, ...maxWaiting });
    if (options.seed) await importContent(database.db, CONTENT_DIR);
    return { database, drop: undefined, url: undefined };
  }
  const baseUrl = process.env.DATABASE_URL!;
  const template = templates?.postgres ? (options.seed ? templates.postgres.seeded : templates.postgres.empty) : undefined;
  const created = await createPostgresDatabase(baseUrl, template);
  try {
    const database = await openDatabase({ databaseUrl: created.url, dataDir: null, ...maxWaiting });
    if (options.seed && !template) await importContent(database.db, CONTENT_DIR);
    return { database, drop: created.drop, url: created.url };
  } catch (error) {
    await created.drop();
    throw error;
  }
}

/**
 * A new DATA_DIR for a server process (test/support/server.ts) or a script: a copy of the run's PGlite folder,
 * migrated, and seeded as a first start leaves it unless `seed` is false. Without the global setup, an empty folder.
 * The caller removes it.
 */
export function dataDirCopy({ seed = true }: { seed?: boolean } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'sl-data-'));
  const templates = inject('databaseTemplates');
  if (templates) cpSync(seed ? templates.pglite.seededDataDir : templates.pglite.emptyDataDir, dir, { recursive: true });
  return dir;
}

/** Runs `body` once per database kind with a fresh app; `ctx()` gives the live context inside tests. */
export function describeWithApp(name: string, options: TestOptions, body: (ctx: () => TestContext) => void) {
  for (const kind of databaseKinds()) {
    describe(`${name} [${kind}]`, () => {
      let context: TestContext | undefined;
      let drop: (() => Promise<void>) | undefined;
      beforeAll(async () => {
        const opened = await openTestDatabase(kind, options);
        const { database } = opened;
        drop = opened.drop;
        const config = loadConfig({
          JWT_SECRET: TEST_JWT_SECRET,
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

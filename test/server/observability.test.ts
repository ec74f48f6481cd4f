/**
 * Issue 40 items 3, 4 and 7: a request id on every answer and in the request's log line, one `info` line per request
 * and none for a static file, a health answer kept for a second, and readiness that falls and recovers by itself.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { health, healthReady } from '../../src/contract/health';
import { listArticles } from '../../src/contract/content';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/data/client';
import { loggerOptions } from '../../server/http/logging';
import { createPostgresDatabase } from '../support/postgres';
import { urlOf } from './api';

const SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

interface LoggedApp {
  app: FastifyInstance;
  database: Database;
  /** The JSON log lines written so far. */
  lines: { level: number; reqId?: string; msg: string; req?: { path: string }; res?: { statusCode: number } }[];
}

async function loggedApp(env: Record<string, string>, options: { databaseUrl?: string; level?: string } = {}): Promise<LoggedApp> {
  const lines: LoggedApp['lines'] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const database = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: null });
  const config = loadConfig({ JWT_SECRET: SECRET, RATE_LIMIT: 'off', STATIC_DIR: '/nonexistent', ...env });
  const app = await buildApp({ config, database, logger: { ...(loggerOptions(options.level ?? 'info') as object), stream } });
  await app.ready();
  return { app, database, lines };
}

const INFO = 30;
const completed = (lines: LoggedApp['lines']) => lines.filter((line) => line.msg === 'request completed');

describe('request ids, request log lines and readiness [pglite]', () => {
  let staticDir: string;
  let subject: LoggedApp;
  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), 'sl-static-'));
    mkdirSync(join(staticDir, 'assets'));
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><html lang="en"><title>SustainLearn</title><div id="root"></div></html>');
    writeFileSync(join(staticDir, 'assets', 'app.js'), 'console.log(1)');
    subject = await loggedApp({ STATIC_DIR: staticDir, TRUST_PROXY: '10.0.0.1', JOB_POLL_SECONDS: '0' });
  });
  afterAll(async () => {
    await subject.app.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it('answers every request with an x-request-id that its one log line carries', async () => {
    for (const url of [urlOf(health), '/api/no-such-call', '/courses', '/assets/app.js']) {
      subject.lines.length = 0;
      const res = await subject.app.inject({ method: 'GET', url });
      const id = res.headers['x-request-id'];
      expect(id, url).toMatch(/^[0-9a-f]{32}$/);
      for (const line of subject.lines) expect(line.reqId, `${url}: ${line.msg}`).toBe(id);
    }
  });

  it('gives each request its own id', async () => {
    const [a, b] = await Promise.all([subject.app.inject({ url: urlOf(health) }), subject.app.inject({ url: urlOf(health) })]);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it('writes one info line per API request or page, and none for a static file answered 200', async () => {
    subject.lines.length = 0;
    await subject.app.inject({ url: urlOf(listArticles) });
    await subject.app.inject({ url: '/' });
    await subject.app.inject({ url: '/assets/app.js' });
    const info = subject.lines.filter((line) => line.level >= INFO);
    expect(info.map((line) => [line.msg, line.req?.path, line.res?.statusCode])).toEqual([
      ['request completed', '/api/articles', 200],
      ['request completed', '/', 200],
    ]);
  });

  it('logs a missing static file, which is worth knowing', async () => {
    subject.lines.length = 0;
    await subject.app.inject({ url: '/media/gone.png' });
    expect(completed(subject.lines).map((line) => line.res?.statusCode)).toEqual([404]);
  });

  it("takes a proxy's id only from the proxy TRUST_PROXY names, and only when it looks like an id", async () => {
    const fromProxy = await subject.app.inject({ url: urlOf(health), remoteAddress: '10.0.0.1', headers: { 'x-request-id': 'nginx-0123456789abcdef' } });
    expect(fromProxy.headers['x-request-id']).toBe('nginx-0123456789abcdef');
    const fromClient = await subject.app.inject({ url: urlOf(health), remoteAddress: '203.0.113.9', headers: { 'x-request-id': 'chosen-by-the-client' } });
    expect(fromClient.headers['x-request-id']).not.toBe('chosen-by-the-client');
    const odd = await subject.app.inject({ url: urlOf(health), remoteAddress: '10.0.0.1', headers: { 'x-request-id': 'bad id\u0007<script>' } });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('says ready with jobs off when this process was told not to run them', async () => {
    const res = await subject.app.inject({ url: urlOf(healthReady) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, ready: true, database: 'up', migrations: 'applied', changeBus: 'up', jobs: 'off' });
  });

  // The last two tests close the database.
  it('keeps the database ping for a second, then says not ready once the database is gone', async () => {
    expect((await subject.app.inject({ url: urlOf(health) })).statusCode).toBe(200);
    await subject.database.close();
    // The answer of the last second still stands...
    expect((await subject.app.inject({ url: urlOf(health) })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    // ...then the database is asked again.
    expect((await subject.app.inject({ url: urlOf(health) })).statusCode).toBe(503);
    const ready = await subject.app.inject({ url: urlOf(healthReady) });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ ready: false, database: 'down' });
  });

  it('quotes the request id in the body of a 5xx, and logs the failure under it', async () => {
    subject.lines.length = 0;
    const res = await subject.app.inject({ method: 'POST', url: '/api/feedback', payload: { name: 'A member', email: 'a@example.com', mobile: '+44 20 7946 0000', feedback: 'Hello there' } });
    expect(res.statusCode).toBe(500);
    const id = res.headers['x-request-id'];
    expect(res.json()).toEqual({ success: false, message: 'Something went wrong. Please try again.', requestId: id });
    expect(subject.lines.find((line) => line.msg === 'request failed')?.reqId).toBe(id);
    const notFound = await subject.app.inject({ url: '/api/no-such-call' });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json()).not.toHaveProperty('requestId');
  });
});

describe.skipIf(!process.env.DATABASE_URL)('readiness on PostgreSQL', () => {
  let subject: LoggedApp;
  let drop: () => Promise<void>;
  let url: string;
  beforeAll(async () => {
    const created = await createPostgresDatabase(process.env.DATABASE_URL!);
    url = created.url;
    drop = created.drop;
    subject = await loggedApp({ JOB_POLL_SECONDS: '30' }, { databaseUrl: url });
  });
  afterAll(async () => {
    await subject.app.close();
    await subject.database.close();
    await drop();
  });

  const readyBody = async () => (await subject.app.inject({ url: urlOf(healthReady) })).json();

  it('says ready with its change bus listening and its job runner polling', async () => {
    await expect.poll(readyBody, { timeout: 5000 }).toEqual({ success: true, ready: true, database: 'up', migrations: 'applied', changeBus: 'up', jobs: 'running' });
  });

  const cutEveryConnection = async () => {
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      const name = new URL(url).pathname.slice(1);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
    } finally {
      await admin.end();
    }
  };

  it('survives a cut under a transaction between its statements: the transaction fails, the process does not', async () => {
    // A client checked out of the pool has no pool listener: before every client had its own, this cut was an
    // uncaught 'Connection terminated unexpectedly' that vitest reports as an unhandled error (CI, stop 45).
    const outcome = subject.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await cutEveryConnection();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx.execute(sql`select 2`);
    });
    await expect(outcome).rejects.toThrow();
    await expect.poll(readyBody, { timeout: 10_000, interval: 200 }).toMatchObject({ ready: true, database: 'up', changeBus: 'up' });
  });

  it('says not ready when its connections are cut, and ready again by itself', async () => {
    await cutEveryConnection();
    await expect.poll(async () => (await readyBody()).changeBus, { timeout: 3000, interval: 50 }).toBe('down');
    await expect.poll(readyBody, { timeout: 10_000, interval: 200 }).toMatchObject({ ready: true, database: 'up', changeBus: 'up' });
  });
});

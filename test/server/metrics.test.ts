/**
 * Issue 40 item 1 (ADR 143): the real server, started with METRICS_PORT, is scraped after traffic. The request
 * histogram names route patterns (never a raw path), and the job queue, database, cache, mail and Node metrics are
 * there; the public port answers 404 for /metrics, and the metrics port answers nothing else. On PostgreSQL the pool's
 * connections are there too. A METRICS_PORT equal to PORT is refused.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { createPostgresDatabase } from '../support/postgres';
import { freePort, type RunningServer, startServer } from '../support/server';
import { dataDirCopy } from './fixture';

/** The value of one sample line, `name{labels} value`, or undefined when the line is not there. */
function sample(text: string, name: string, labels: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}}`) || (labels === '' && l.startsWith(`${name} `)));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : undefined;
}

const kinds = [
  { kind: 'pglite' as const, run: true },
  { kind: 'postgres' as const, run: Boolean(process.env.DATABASE_URL) },
];

for (const { kind, run } of kinds) {
  describe.skipIf(!run)(`metrics on their own port [${kind}]`, () => {
    let server: RunningServer;
    let metricsPort: number;
    let dropDatabase: (() => Promise<void>) | undefined;
    const scrape = async () => {
      const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      return res.text();
    };

    beforeAll(async () => {
      metricsPort = await freePort();
      const env: Record<string, string> = { METRICS_PORT: String(metricsPort), JOB_POLL_SECONDS: '1', RATE_LIMIT: 'off' };
      if (kind === 'postgres') {
        const templates = inject('databaseTemplates')?.postgres;
        const database = await createPostgresDatabase(process.env.DATABASE_URL!, templates?.seeded);
        dropDatabase = database.drop;
        env.DATABASE_URL = database.url;
      }
      server = await startServer(env, kind === 'pglite' ? dataDirCopy() : undefined);
    }, 300_000);
    afterAll(async () => {
      await server?.stop();
      await dropDatabase?.();
    });

    it('counts requests by route pattern, with the job queue, database, cache, mail and Node metrics', async () => {
      const list = (await (await fetch(`${server.url}/api/articles`)).json()) as { articles: { _id: string }[] };
      await fetch(`${server.url}/api/articles`);
      const id = list.articles[0]!._id;
      expect((await fetch(`${server.url}/api/articles/${id}`)).status).toBe(200);
      expect((await fetch(`${server.url}/api/articles/not-an-article`)).status).toBe(404);
      const otp = await fetch(`${server.url}/api/auth/otp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: `metrics-${kind}@example.com` }) });
      expect(otp.status).toBe(200);

      const text = await scrape();
      const requests = 'sustainlearn_http_request_duration_seconds_count';
      expect(sample(text, requests, 'method="GET",route="/api/articles/:id",status_code="200"')).toBe(1);
      expect(sample(text, requests, 'method="GET",route="/api/articles/:id",status_code="404"')).toBe(1);
      expect(sample(text, requests, 'method="GET",route="/api/articles",status_code="200"')).toBe(2);
      // Never the raw path: one series per route, however many ids are asked for.
      expect(text).not.toContain(id);
      expect(text).not.toContain('not-an-article');
      expect(text).toMatch(/sustainlearn_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/articles"/);
      expect(sample(text, 'sustainlearn_job_queue_depth', 'state="due"')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'sustainlearn_job_queue_depth', 'state="scheduled"')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'sustainlearn_db_query_duration_seconds_count', 'operation="query",outcome="ok"')).toBeGreaterThan(0);
      expect(sample(text, 'sustainlearn_cache_lookups_total', 'cache="content",result="hit"')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'sustainlearn_cache_lookups_total', 'cache="content",result="miss"')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'sustainlearn_mails_total', 'outcome="sent"')).toBe(1);
      expect(sample(text, 'sustainlearn_nodejs_eventloop_lag_seconds', '')).toBeGreaterThanOrEqual(0);
      if (kind === 'postgres') expect(sample(text, 'sustainlearn_db_pool_connections', 'state="total"')).toBeGreaterThan(0);
      else expect(text).not.toContain('sustainlearn_db_pool_connections{');
    });

    it('is not on the public port, and the metrics port serves nothing else', async () => {
      expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
      expect((await fetch(`${server.url}/api/metrics`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { method: 'POST' })).status).toBe(404);
    });
  });
}

it('refuses a METRICS_PORT that is the public PORT', () => {
  expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(ConfigError);
  expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(/METRICS_PORT="3000" must not be the public PORT/);
  expect(loadConfig({ PORT: '3000', METRICS_PORT: '9464' })).toMatchObject({ metricsPort: 9464, metricsHost: '127.0.0.1' });
  expect(loadConfig({ PORT: '3000' }).metricsPort).toBeUndefined();
});

/**
 * Issue 40 item 2 (ADR 145): with tracing on (an in-memory exporter), creating a post makes one trace: the request's
 * server span, whose trace id is the request id, the contract call's span under it, and the database calls under that.
 * A job runs in a span of its own with its database calls under it. Off (no endpoint), nothing is traced and
 * OpenTelemetry is not even started.
 */
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { enqueueJob } from '../../server/data/jobs';
import { REMINDER_JOB } from '../../server/services/workshops';
import { startTracing, traceIdOf, TRACING_OFF, type Tracing } from '../../server/tracing/tracing';
import { createDiscussion } from '../../src/contract/discussions';
import { send } from './api';
import { databaseKinds, MemoryMailer, openTestDatabase, type TestContext } from './fixture';
import { member } from './members';

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

for (const kind of databaseKinds()) {
  describe(`traces [${kind}]`, () => {
    const exporter = new InMemorySpanExporter();
    let ctx: TestContext;
    let tracing: Tracing;
    let drop: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      const opened = await openTestDatabase(kind, { seed: true });
      drop = opened.drop;
      tracing = await startTracing({ exporter, serviceName: 'sustainlearn-test' });
      const config = loadConfig({ JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789', LOG_LEVEL: 'silent', STATIC_DIR: '/nonexistent', RATE_LIMIT: 'off', JOB_POLL_SECONDS: '0' });
      const mailer = new MemoryMailer();
      const clock = { now: Date.now(), advance(ms: number) { this.now += ms; } };
      const app = await buildApp({ config, database: opened.database, mailer, logger: false, now: () => clock.now, tracing });
      await app.ready();
      ctx = { app, database: opened.database, mailer, clock };
    }, 120_000);
    afterAll(async () => {
      await ctx?.app.close();
      await tracing?.shutdown();
      await ctx?.database.close();
      await drop?.();
    });

    it('follows a post from HTTP through its contract call to SQL in one trace whose id is the request id', async () => {
      const author = await member(ctx, `traced-${kind}@example.com`, 'Trace', 'Author');
      exporter.reset();
      const res = await send(ctx, createDiscussion, {
        body: { title: 'Embodied carbon of CLT', content: '<p>Which EPDs do you trust?</p>', category: 'sustainable-cities-and-communities', subcategory: 'heritage-and-adaptive-reuse' },
        token: author.token,
      });
      expect(res.statusCode).toBe(200);
      const requestId = res.headers['x-request-id'] as string;
      expect(requestId).toMatch(/^[0-9a-f]{32}$/);
      const spans = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === requestId);
      const server = spans.find((s) => s.name === 'POST /api/discussions');
      expect(server, spans.map((s) => s.name).join(', ')).toBeDefined();
      expect(parentOf(server!)).toBeUndefined();
      expect(server!.attributes['http.response.status_code']).toBe(200);
      expect(server!.attributes['http.route']).toBe('/api/discussions');
      const call = spans.find((s) => s.name === 'discussions.create');
      expect(parentOf(call!)).toBe(server!.spanContext().spanId);
      const sql = spans.filter((s) => s.name.startsWith('db ') && parentOf(s) === call!.spanContext().spanId);
      expect(sql.length).toBeGreaterThan(0);
      expect(sql[0]!.attributes['db.system.name']).toBe('postgresql');
      // Nothing of this request lands in another trace.
      expect(exporter.getFinishedSpans().filter((s) => s.spanContext().traceId !== requestId && s.name.includes('discussions'))).toEqual([]);
    });

    it('runs a job in a span of its own, with its database calls under it', async () => {
      exporter.reset();
      await enqueueJob(ctx.database.db, { key: `traced-job-${kind}`, kind: REMINDER_JOB, payload: { workshopId: 'none', registrationId: 'none' }, runAt: new Date(ctx.clock.now - 1000) });
      expect(await ctx.app.jobs.tick()).toBe(1);
      const job = exporter.getFinishedSpans().find((s) => s.name === `job ${REMINDER_JOB}`);
      expect(job).toBeDefined();
      expect(parentOf(job!)).toBeUndefined();
      const under = exporter.getFinishedSpans().filter((s) => parentOf(s) === job!.spanContext().spanId);
      expect(under.some((s) => s.name.startsWith('db '))).toBe(true);
    });
  });
}

describe('traces off', () => {
  it('is off without an endpoint: no OpenTelemetry started, and every hook does nothing', async () => {
    expect(await startTracing({ serviceName: 'sustainlearn' })).toBe(TRACING_OFF);
    expect(TRACING_OFF.startRequest({ id: 'x', method: 'GET', route: '/', path: '/' })).toBeNull();
    expect(TRACING_OFF.startQuery('query')).toBeNull();
    expect(await TRACING_OFF.inSpan('x', null, async () => 42)).toBe(42);
    expect(loadConfig({}).otelEndpoint).toBeUndefined();
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).otelEndpoint).toBe('http://collector:4318');
  });

  it('takes a request id as the trace id when it is one', () => {
    expect(traceIdOf('4bf92f3577b34da6a3ce929d0e0e4736')).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(traceIdOf('4BF92F35-77B3-4DA6-A3CE-929D0E0E4736')).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(traceIdOf('nginx-0123456789abcdef')).toBeNull();
    expect(traceIdOf('00000000000000000000000000000000')).toBeNull();
  });
});

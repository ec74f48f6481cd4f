/**
 * The server's Prometheus metrics (issue 40 item 1, ADR 143), in a registry of the app's own (several apps in one test
 * process never share counts): request durations by route pattern, database query time, pool use, the job queue,
 * kept answers' hits, mails, and Node's defaults (event-loop lag, heap, GC). Served on METRICS_PORT only (serve.ts).
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds: a kept answer is a millisecond; a PDF or a search on PGlite can take a second or two. */
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

export interface MetricsSources {
  /** Connections of the PostgreSQL pool; null on PGlite (one connection, in process). */
  pool(): { total: number; idle: number; waiting: number } | null;
  /** Jobs not done: due now, and waiting for a later time. */
  jobQueue(): Promise<{ due: number; scheduled: number }>;
}

export class Metrics {
  readonly registry = new Registry();
  readonly #requests = new Histogram({
    name: 'sustainlearn_http_request_duration_seconds', help: 'HTTP requests by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const, buckets: REQUEST_BUCKETS, registers: [this.registry],
  });
  readonly #queries = new Histogram({
    name: 'sustainlearn_db_query_duration_seconds',
    help: 'Database calls: single statements ("query"), and on PGlite whole transactions ("transaction").',
    labelNames: ['operation', 'outcome'] as const, buckets: QUERY_BUCKETS, registers: [this.registry],
  });
  readonly #jobs = new Counter({
    name: 'sustainlearn_jobs_total', help: 'Jobs run by kind and outcome (a failed job is tried again later).',
    labelNames: ['kind', 'outcome'] as const, registers: [this.registry],
  });
  readonly #kept = new Counter({
    name: 'sustainlearn_cache_lookups_total', help: 'Lookups in the kept answers by cache and result.',
    labelNames: ['cache', 'result'] as const, registers: [this.registry],
  });
  readonly #mails = new Counter({
    name: 'sustainlearn_mails_total', help: 'Mails handed to the mailer, by outcome.', labelNames: ['outcome'] as const, registers: [this.registry],
  });

  constructor(sources: MetricsSources) {
    collectDefaultMetrics({ register: this.registry, prefix: 'sustainlearn_' });
    new Gauge({
      name: 'sustainlearn_db_pool_connections', help: 'PostgreSQL pool connections by state (absent on PGlite).',
      labelNames: ['state'] as const, registers: [this.registry],
      collect() {
        const pool = sources.pool();
        if (!pool) return;
        this.set({ state: 'total' }, pool.total);
        this.set({ state: 'idle' }, pool.idle);
        this.set({ state: 'waiting' }, pool.waiting);
      },
    });
    new Gauge({
      name: 'sustainlearn_job_queue_depth', help: 'Jobs not yet done: due now, or scheduled for later.',
      labelNames: ['state'] as const, registers: [this.registry],
      async collect() {
        const queue = await sources.jobQueue();
        this.set({ state: 'due' }, queue.due);
        this.set({ state: 'scheduled' }, queue.scheduled);
      },
    });
  }

  request(method: string, route: string, status: number, seconds: number): void {
    this.#requests.observe({ method, route, status_code: String(status) }, seconds);
  }

  query(operation: 'query' | 'transaction', seconds: number, failed: boolean): void {
    this.#queries.observe({ operation, outcome: failed ? 'error' : 'ok' }, seconds);
  }

  job(kind: string, ok: boolean): void {
    this.#jobs.inc({ kind, outcome: ok ? 'done' : 'failed' });
  }

  /** A counter for one kept cache, for KeptUntilChanged's `counted` option. */
  cache(name: string): (hit: boolean) => void {
    return (hit) => this.#kept.inc({ cache: name, result: hit ? 'hit' : 'miss' });
  }

  mail(ok: boolean): void {
    this.#mails.inc({ outcome: ok ? 'sent' : 'failed' });
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}

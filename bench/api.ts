/**
 * API throughput with autocannon against the real server, beside the same tool against a bare Fastify route that
 * returns the same JSON from memory, uncompressed (the framework's limit on this machine). Requests carry the
 * Accept-Encoding a browser sends, so the real server may answer compressed, as it would to a browser; an endpoint
 * marked `plain` is asked without one, as curl, scripts and server-to-server clients ask (issue 40 item 9).
 */
import { request } from 'node:http';
import { createRequire } from 'node:module';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { verifyPassword, hashPassword } from '../server/services/passwords';
import { type Budget, figure, type Figure } from './stats';

/**
 * autocannon appends every response body to a string (`body += chunk`), that is, decodes it as UTF-8: about 5 µs for
 * 32 KB of JSON text but about 430 µs for 32 KB of compressed bytes, enough to saturate the load generator long before
 * the server on the compressed comment list. A browser never turns compressed bytes into a string, and nothing here
 * reads autocannon's bodies (no expectBody or verifyBody), so the bodies are left out; their bytes are still counted.
 */
const queue = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js') as { prototype: { addBody(data: Buffer): void } };
queue.prototype.addBody = () => {};

export interface Endpoint {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  kind: 'content' | 'thread' | 'search' | 'search-varied' | 'login' | 'page' | 'health';
  /** Asked without Accept-Encoding: the answer leaves uncompressed, as the bare route's does. */
  plain?: boolean;
  /** Paths taken in turn, one per request (a different search each time, so no kept answer serves it). */
  rotate?: string[];
}

export interface ApiResult {
  name: string;
  database: string;
  rps: number;
  p50: number;
  p99: number;
  bareRps: number;
  bareP50: number;
  bareP99: number;
  ratio: number;
  kind: Endpoint['kind'];
  plain: boolean;
  /** Requests that failed (timeouts, resets) or answered non-2xx during the run. */
  failures: number;
  /** Body bytes on the wire (compressed when the server compresses), real and bare. */
  bytes: number;
  bareBytes: number;
}

/** What browsers send; the bare route ignores it. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br';

/** The size of one answer's body as sent, before any decoding (fetch would decode it). */
function wireBytes(url: string, options: { method: string; body?: string; headers: Record<string, string> }) {
  return new Promise<number>((resolve, reject) => {
    const req = request(url, { method: options.method, headers: options.headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => { bytes += chunk.length; });
      res.on('end', () => resolve(bytes));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

function run(url: string, options: { method: string; body?: string; headers: Record<string, string>; connections: number; seconds: number; rotate?: string[] }) {
  let turn = 0;
  const { rotate } = options;
  const requests = rotate ? [{ setupRequest: (req: { path?: string }) => ({ ...req, path: rotate[turn++ % rotate.length] }) }] : undefined;
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      {
        url, method: options.method as 'GET', body: options.body, headers: options.headers, connections: options.connections, duration: options.seconds,
        ...(requests ? { requests: requests as never } : {}),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

export async function benchApi(baseUrl: string, database: string, token: string, endpoints: Endpoint[], seconds: number): Promise<ApiResult[]> {
  const results: ApiResult[] = [];
  for (const endpoint of endpoints) {
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    if (!endpoint.plain) headers['accept-encoding'] = BROWSER_ACCEPT_ENCODING;
    const body = endpoint.body === undefined ? undefined : JSON.stringify(endpoint.body);
    const sample = await fetch(`${baseUrl}${endpoint.path}`, { method: endpoint.method, headers, body });
    const payload = await sample.text();
    if (!sample.ok) throw new Error(`${endpoint.name} answered ${sample.status}: ${payload.slice(0, 200)}`);
    const bare = Fastify({ logger: false });
    bare.route({ method: endpoint.method, url: '/bare', handler: async (_req, reply) => reply.type('application/json').send(payload) });
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
    const connections = endpoint.kind === 'login' ? 10 : 50;
    const real = await run(`${baseUrl}${endpoint.path}`, { method: endpoint.method, body, headers, connections, seconds, ...(endpoint.rotate ? { rotate: endpoint.rotate } : {}) });
    const base = await run(`${bareUrl}/bare`, { method: endpoint.method, body, headers, connections, seconds });
    const bytes = await wireBytes(`${baseUrl}${endpoint.path}`, { method: endpoint.method, body, headers });
    const bareBytes = await wireBytes(`${bareUrl}/bare`, { method: endpoint.method, body, headers });
    await bare.close();
    results.push({
      name: endpoint.name,
      database,
      kind: endpoint.kind,
      plain: Boolean(endpoint.plain),
      rps: real.requests.average,
      p50: real.latency.p50,
      p99: real.latency.p99,
      bareRps: base.requests.average,
      bareP50: base.latency.p50,
      bareP99: base.latency.p99,
      ratio: real.requests.average / base.requests.average,
      failures: real.non2xx + real.errors + real.timeouts,
      bytes,
      bareBytes,
    });
  }
  return results;
}

/** The cost of one argon2id verify alone, the floor under every login. */
export async function hashTime(): Promise<Figure> {
  const stored = await hashPassword('benchmark password');
  const samples: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    await verifyPassword(stored, 'benchmark password');
    samples.push(performance.now() - t);
  }
  return figure(samples);
}

/** An endpoint's budget and how the table names it; no budget for what is only reported (login, varied searches, health). */
export function apiBudget(a: ApiResult): { budget: Budget | null; limit: string } {
  const name = `${a.kind === 'page' ? 'page' : 'api'} ${a.name} [${a.database}]`;
  const latency = (most: number) => {
    const limit = `p99 ≤ ${most} ms`;
    const ok = a.p99 <= most && a.failures === 0 && a.rps > 0;
    return { budget: { name: `${name} p99`, ok, actual: `${a.p99} ms${a.failures ? `, ${a.failures} failed requests` : ''}`, limit }, limit };
  };
  if (a.kind === 'content') {
    // Issue 40 item 9: the API's own cost against a bare route sending the same bytes from memory.
    const limit = `ratio ≥ ${a.plain ? 0.7 : 0.8}`;
    return { budget: { name: `${name} ratio`, ok: a.ratio >= (a.plain ? 0.7 : 0.8), actual: a.ratio.toFixed(2), limit }, limit };
  }
  if (a.kind === 'search') return latency(30);
  if (a.kind === 'page' || a.kind === 'thread') return latency(25);
  return { budget: null, limit: a.kind === 'search-varied' ? 'reported (no kept answer)' : 'reported' };
}

/**
 * API throughput with autocannon against the real server, beside the same tool against a bare Fastify route that
 * returns the same JSON from memory (the framework's limit on this machine).
 */
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { verifyPassword, hashPassword } from '../server/services/passwords';
import { figure, type Figure } from './stats';

export interface Endpoint {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  kind: 'content' | 'thread' | 'login';
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
  /** Requests that failed (timeouts, resets) or answered non-2xx during the run. */
  failures: number;
}

function run(url: string, options: { method: string; body?: string; headers: Record<string, string>; connections: number; seconds: number }) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      { url, method: options.method as 'GET', body: options.body, headers: options.headers, connections: options.connections, duration: options.seconds },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

export async function benchApi(baseUrl: string, database: string, token: string, endpoints: Endpoint[], seconds: number): Promise<ApiResult[]> {
  const results: ApiResult[] = [];
  for (const endpoint of endpoints) {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const body = endpoint.body === undefined ? undefined : JSON.stringify(endpoint.body);
    const sample = await fetch(`${baseUrl}${endpoint.path}`, { method: endpoint.method, headers, body });
    const payload = await sample.text();
    if (!sample.ok) throw new Error(`${endpoint.name} answered ${sample.status}: ${payload.slice(0, 200)}`);
    const bare = Fastify({ logger: false });
    bare.route({ method: endpoint.method, url: '/bare', handler: async (_req, reply) => reply.type('application/json').send(payload) });
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
    const connections = endpoint.kind === 'login' ? 10 : 50;
    const real = await run(`${baseUrl}${endpoint.path}`, { method: endpoint.method, body, headers, connections, seconds });
    const base = await run(`${bareUrl}/bare`, { method: endpoint.method, body, headers, connections, seconds });
    await bare.close();
    results.push({
      name: endpoint.name,
      database,
      kind: endpoint.kind,
      rps: real.requests.average,
      p50: real.latency.p50,
      p99: real.latency.p99,
      bareRps: base.requests.average,
      bareP50: base.latency.p50,
      bareP99: base.latency.p99,
      ratio: real.requests.average / base.requests.average,
      failures: real.non2xx + real.errors + real.timeouts,
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

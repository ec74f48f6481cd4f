/**
 * A measured path to scale (issue 40, item 8; ADR 175): a PostgreSQL database with 100,000 members, 100,000 posts,
 * 1,000,000 comments, 5,000,000 likes and 1,000,000 notifications (bench/scale-seed.ts), and the API at that size:
 * autocannon, 50 connections, budgets p99 ≤ 25 ms for reads and ≤ 50 ms for writes; each endpoint's statements
 * under EXPLAIN (bench/scale-plans.ts). Writes bench/results/scale.md (and scale-plans.md, the plans in full).
 *
 * `npm run bench -- --only=scale` (needs DATABASE_URL, not the SPA), or on its own: `npx tsx bench/scale.ts`, with
 * `--quick` (3 s per endpoint) and `--scale=0.01` (a hundredth of the rows, while developing).
 */
import { loadavg } from 'node:os';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { CONTENT_DIR } from '../server/app';
import { importContent } from '../server/content-import/import';
import { openDatabase } from '../server/data/client';
import { startServer } from '../test/support/server';
import { hashTime } from './api';
import { capturePlans, type Plan, planLines } from './scale-plans';
import { checkReferences, countsAt, SCALE_PASSWORD, type ScaleSeed, seedScale } from './scale-seed';
import { createPgDatabase } from './seed';
import { type Budget, type Figure, fmt } from './stats';

const CONNECTIONS = 50;
const TOKENS = 50;
export const READ_BUDGET = 25;
export const WRITE_BUDGET = 50;

interface Request {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

interface ScaleEndpoint {
  name: string;
  kind: 'read' | 'write';
  /** The i-th request of the run, signed in as member `i mod 50`. */
  request: (i: number) => Request;
}

export interface ScaleApiResult {
  name: string;
  kind: 'read' | 'write';
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  failures: number;
  /** Seconds the database took after the run to finish the statements still running. */
  settled: number;
  /** CPU time per request (µs) of the server process and of PostgreSQL's processes, over the run and its settling. */
  cpu: { server: number; postgres: number };
}

export interface ScaleResult {
  scale: number;
  seed: ScaleSeed;
  orphans: Record<string, number>;
  api: ScaleApiResult[];
  plans: Plan[];
  seconds: number;
  /** The machine: load averages before the seed and before the API runs, an argon2id verify's time. */
  load: { beforeSeed: number[]; beforeApi: number[]; afterApi: number[] };
  hash: Figure;
  postgres: string;
}

const WORDS = ['embodied', 'carbon', 'heat', 'pump', 'timber', 'retrofit', 'insulation', 'overheating', 'daylight', 'flood', 'hempcrete', 'concrete', 'steel', 'roof', 'water', 'housing'];
const memberEmail = (i: number) => `member-${i}@example.com`;

async function login(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: SCALE_PASSWORD }) });
  if (!res.ok) throw new Error(`login of ${email} answered ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

function run(url: string, endpoint: ScaleEndpoint, tokens: string[], seconds: number): Promise<autocannon.Result> {
  let turn = 0;
  const setupRequest = () => {
    const i = turn++;
    const r = endpoint.request(i);
    return {
      method: r.method, path: r.path, ...(r.body ? { body: r.body } : {}),
      headers: { authorization: `Bearer ${tokens[i % tokens.length]}`, 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br' },
    };
  };
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: seconds, requests: [{ setupRequest }] as never }, (e, r) => (e ? reject(e) : resolve(r)));
  });
}

/** Linux's clock ticks per second, in which /proc reports CPU time. */
const CLOCK_TICKS = 100;

/** A process's CPU time so far (user and system), in µs; 0 for a process gone. */
function cpuOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
/**
 * The CPU time of every PostgreSQL process on this machine (its backends, the bench's own connection among them), in
 * µs. Throughput on a two-core machine shared with the load generator moves with the machine's load; the CPU each
 * request costs moves far less (ADR 197).
 */
function postgresCpu(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').startsWith('postgres')) total += cpuOf(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

/** Seconds until no other statement runs on the bench's database (at most 120 s). */
async function settle(client: pg.Client): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < 120_000) {
    const { rows: [r] } = await client.query<{ n: string }>(`select count(*) as n from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`);
    if (Number(r!.n) === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return (performance.now() - started) / 1000;
}

/** Post j's id, as the seed made it (md5('p' || j)). */
async function postIds(client: pg.Client, count: number): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>(`select md5('p' || j)::uuid as id from generate_series(1, $1::int) j`, [count]);
  return rows.map((r) => r.id);
}

function endpoints(seed: ScaleSeed, pairs: { category: string; subcategory: string }[], posts: string[]): ScaleEndpoint[] {
  const n = posts.length;
  const threads = Math.min(100, n);
  const queries = WORDS.flatMap((a) => WORDS.filter((b) => b !== a).map((b) => `${a} ${b}`));
  const get = (path: string): Request => ({ method: 'GET', path });
  return [
    { name: `GET /api/discussions, the feed of one of ${pairs.length} subcategories in turn`, kind: 'read', request: (i) => {
      const p = pairs[i % pairs.length]!;
      return get(`/api/discussions?category=${p.category}&subcategory=${p.subcategory}`);
    } },
    { name: `GET /api/comments/{id}/list, the longest thread (${seed.longThread.comments.toLocaleString('en')} comments)`, kind: 'read', request: () => get(`/api/comments/${seed.longThread.id}/list`) },
    { name: `GET /api/comments/{id}/list, the ${threads} longest threads in turn`, kind: 'read', request: (i) => get(`/api/comments/${posts[i % threads]}/list`) },
    { name: `GET /api/notifications, ${TOKENS} members in turn`, kind: 'read', request: () => get('/api/notifications') },
    // (i · 7919) mod n walks every post before it repeats; member i mod 50 likes it (a second visit takes it back).
    { name: 'POST /api/discussions/{id}/like, posts all over the table', kind: 'write', request: (i) => ({ method: 'POST', path: `/api/discussions/${posts[(i * 7919) % n]}/like` }) },
    { name: 'POST /api/comments, on posts all over the table', kind: 'write', request: (i) => ({
      method: 'POST', path: '/api/comments', body: JSON.stringify({ discussionId: posts[(i * 104_729 + 17) % n], content: `<p>Scale bench comment ${i}: measured, not guessed.</p>`, parentCommentId: null }),
    }) },
    // The searches last: a search that misses its kept answer keeps the database busy longest.
    { name: 'GET /api/search?q=embodied carbon (kept answer)', kind: 'read', request: () => get('/api/search?q=embodied%20carbon') },
    { name: `GET /api/search, one of ${queries.length} two-word queries in turn`, kind: 'read', request: (i) => get(`/api/search?q=${encodeURIComponent(queries[i % queries.length]!)}`) },
  ];
}

export async function benchScale(base: string, options: { scale: number; seconds: number }): Promise<ScaleResult> {
  const started = performance.now();
  const hash = await hashTime();
  const beforeSeed = loadavg();
  const database = await createPgDatabase(base);
  try {
    // Migrated and given the product's content here, so the server's first start has nothing to import.
    console.log(`Scale: migrating ${database.url} and importing the content...`);
    const opened = await openDatabase({ databaseUrl: database.url, dataDir: null });
    try {
      await importContent(opened.db, CONTENT_DIR);
    } finally {
      await opened.close();
    }
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      console.log(`Scale: generating the rows in SQL (scale ${options.scale})...`);
      const seed = await seedScale(client, countsAt(options.scale));
      const orphans = await checkReferences(client);
      if (Object.values(orphans).some((n) => n > 0)) throw new Error(`the seed left rows pointing at nothing: ${JSON.stringify(orphans)}`);
      const { rows: pairRows } = await client.query<{ category: string; subcategory: string }>('select distinct category, subcategory from discussions order by 1, 2');
      const posts = await postIds(client, seed.counts.posts);
      const { rows: [version] } = await client.query<{ v: string }>(`select current_setting('server_version') || ', shared_buffers ' || current_setting('shared_buffers') as v`);
      const server = await startServer({ STATIC_DIR: '/nonexistent', RATE_LIMIT: 'off', LOG_LEVEL: 'warn', DATABASE_URL: database.url });
      try {
        const tokens: string[] = [];
        for (let i = 1; i <= TOKENS; i++) tokens.push(await login(server.url, memberEmail(i)));
        const { rows: [member] } = await client.query<{ id: string }>(`select md5('m1')::uuid as id`);
        const first = pairRows[0]!;
        console.log('Scale: the plans...');
        const plans = await capturePlans(database.url, {
          ...first, longThreadId: seed.longThread.id, memberId: member!.id, likedPostId: posts[posts.length - 1]!, commentedPostId: posts[posts.length - 2]!, query: 'embodied carbon',
        });
        const beforeApi = loadavg();
        const api: ScaleApiResult[] = [];
        for (const endpoint of endpoints(seed, pairRows, posts)) {
          console.log(`Scale: ${endpoint.name}...`);
          const pid = server.process.pid!;
          const before = { server: cpuOf(pid), postgres: postgresCpu() };
          const r = await run(server.url, endpoint, tokens, options.seconds);
          // Statements of requests autocannon gave up on still run: the next endpoint starts once they are done.
          const settled = await settle(client);
          const n = Math.max(1, r.requests.total);
          const cpu = { server: (cpuOf(pid) - before.server) / n, postgres: (postgresCpu() - before.postgres) / n };
          api.push({ name: endpoint.name, kind: endpoint.kind, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, requests: r.requests.total, failures: r.non2xx + r.errors + r.timeouts, settled, cpu });
        }
        return { scale: options.scale, seed, orphans, api, plans, seconds: (performance.now() - started) / 1000, load: { beforeSeed, beforeApi, afterApi: loadavg() }, hash, postgres: version!.v };
      } finally {
        await server.stop();
      }
    } finally {
      await client.end();
    }
  } finally {
    await database.drop();
  }
}

const budgetOf = (a: ScaleApiResult) => (a.kind === 'read' ? READ_BUDGET : WRITE_BUDGET);
const met = (a: ScaleApiResult) => a.p99 <= budgetOf(a) && a.failures === 0 && a.requests > 0;
const loads = (l: number[]) => l.map((x) => x.toFixed(2)).join(' / ');

export function scaleBudgets(result: ScaleResult): Budget[] {
  return result.api.map((a) => ({ name: `scale ${a.name} p99`, ok: met(a), actual: `${a.p99} ms${a.failures ? `, ${a.failures} failed` : ''}`, limit: `≤ ${budgetOf(a)} ms` }));
}

/** The section's tables: the endpoints against their budgets, the seed, and the statements' execution times. */
export function scaleLines(result: ScaleResult, seconds: number): string[] {
  const { seed } = result;
  const n = (x: number) => x.toLocaleString('en');
  const lines = [
    `## At scale: ${n(seed.rows.users!)} members, ${n(seed.rows.discussions!)} posts, ${n(seed.rows.comments!)} comments (issue 40, ADR 175)`, '',
    `PostgreSQL ${result.postgres}, one server process (its pool: 10 connections), on the same 2-core machine as the load generator. autocannon, ${seconds} s per endpoint, ${CONNECTIONS} connections, requests signed in as ${TOKENS} members in turn. Load average (1 / 5 / 15 min) before the seed ${loads(result.load.beforeSeed)}, before the API runs ${loads(result.load.beforeApi)}, after ${loads(result.load.afterApi)}; one argon2id verify ${fmt(result.hash, 1, ' ms')}.`, '',
    'CPU per request: the server process\'s and PostgreSQL\'s processes\' CPU time over the endpoint\'s run, divided by its requests.', '',
    '| endpoint | req/s | p50 / p99 (ms) | requests | CPU per request: server / PostgreSQL (µs) | database busy after (s) | budget (p99) |', '|---|---|---|---|---|---|---|',
  ];
  for (const a of result.api) {
    lines.push(`| ${a.name} | ${a.rps.toFixed(0)} | ${a.p50} / ${a.p99} | ${n(a.requests)}${a.failures ? ` (${n(a.failures)} failed or timed out)` : ''} | ${a.cpu.server.toFixed(0)} / ${a.cpu.postgres.toFixed(0)} | ${a.settled.toFixed(1)} | ≤ ${budgetOf(a)} ${met(a) ? '✓' : '✗'} |`);
  }
  lines.push('', `The seed, in SQL (bench/scale-seed.ts), ${result.seed.seconds.toFixed(0)} s in all:`, '', '| step | seconds |', '|---|---|');
  for (const s of seed.steps) lines.push(`| ${s.step} | ${s.seconds.toFixed(1)} |`);
  lines.push('', `Rows: ${Object.entries(seed.rows).map(([t, c]) => `${t} ${n(c)}`).join(', ')}. Rows pointing at nothing: ${Object.values(result.orphans).reduce((a, b) => a + b, 0)}.`, '');
  lines.push('Each endpoint\'s statements (the data functions its route calls, recorded, then under EXPLAIN ANALYZE once; the full plans: bench/results/scale-plans.md):', '', ...planLines(result.plans), '');
  return lines;
}

/** bench/results/scale.md and scale-plans.md. */
export function writeScale(result: ScaleResult, seconds: number): string[] {
  const lines = scaleLines(result, seconds);
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  writeFileSync('bench/results/scale.md', `# The scale bench\n\nRun on ${date} UTC, Node ${process.version}, 2 cores${result.scale === 1 ? '' : `, at scale ${result.scale}`}. Reproduce: \`npm run bench -- --only=scale\` (DATABASE_URL set), about ${Math.ceil(result.seconds / 60)} minutes.\n\n${lines.slice(2).join('\n')}\n`);
  const plans = result.plans.map((p) => `## ${p.endpoint}: ${p.executionMs.toFixed(2)} ms\n\n\`\`\`sql\n${p.statement}…\n\`\`\`\n\n\`\`\`\n${p.plan}\n\`\`\`\n`);
  writeFileSync('bench/results/scale-plans.md', `# The scale bench's query plans\n\nRun on ${date} UTC at scale ${result.scale}: EXPLAIN (ANALYZE, BUFFERS) of each statement the endpoints' data functions send.\n\n${plans.join('\n')}`);
  return lines;
}

/** The section in a run of bench/run.ts that names it (`--only=scale,…`): skipped, and said so, without DATABASE_URL. */
export async function scaleSection(quick: boolean, { md, budgets, results }: { md: string[]; budgets: Budget[]; results: Record<string, unknown> }, scale = 1): Promise<void> {
  const seconds = quick ? 3 : 10;
  if (!process.env.DATABASE_URL) {
    md.push('## At scale', '', 'Skipped: DATABASE_URL is not set (the scale bench runs on PostgreSQL only).', '');
    return;
  }
  const result = await benchScale(process.env.DATABASE_URL, { scale, seconds });
  results.scale = result;
  md.push(...writeScale(result, seconds));
  budgets.push(...scaleBudgets(result));
}

/** `--only=scale` on its own: no SPA, no PGlite seed; the section, and bench/results/partial.{md,json}. */
export async function scaleOnly(args: Set<string>): Promise<void> {
  const quick = args.has('--quick');
  const scale = Number([...args].find((a) => a.startsWith('--scale='))?.slice(8) ?? '1');
  const md = ['# Benchmarks', ''];
  const results: Record<string, unknown> = { date: new Date().toISOString(), node: process.version, machine: '2 cores', quick };
  const budgets: Budget[] = [];
  await scaleSection(quick, { md, budgets, results }, scale);
  const missed = budgets.filter((b) => !b.ok);
  md.push('## Budgets', '', missed.length === 0 ? 'Every budget met.' : `${missed.length} of ${budgets.length} budgets missed:`, '');
  for (const b of missed) md.push(`- ${b.name}: ${b.actual} (budget ${b.limit})`);
  results.budgets = budgets;
  writeFileSync('bench/results/partial.md', `${md.join('\n')}\n`);
  writeFileSync('bench/results/partial.json', `${JSON.stringify(results, null, 2)}\n`);
  console.log(md.join('\n'));
  if (args.has('--check') && missed.length > 0) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  scaleOnly(new Set(process.argv.slice(2))).then(() => process.exit(process.exitCode ?? 0), (error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

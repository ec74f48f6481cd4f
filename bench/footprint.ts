/**
 * A process's footprint (ADR 129), on each database: a fresh process started as docs/deploy.md starts one, its RSS
 * once idle, during and right after 60 s of the mixed load (bench/mixed.ts), and how long it takes to stop on SIGTERM,
 * after that load and from idle. These are the figures docs/deploy.md quotes.
 */
import { startServer, type RunningServer } from '../test/support/server';
import { mixedLoad, type MixedResult } from './mixed';
import { rssMb } from './memory';
import { BENCH_USER, type Seeded } from './seed';
import { type Budget, type Figure, figure, fmt } from './stats';

/**
 * The environment docs/deploy.md (and `npm start`) gives a process (ADR 129): glibc keeps two malloc arenas, not one
 * per thread, and gives blocks of 128 KB and more back to the system when they are freed.
 */
export const DEPLOYED_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };
/** The budget on a PostgreSQL process's RSS right after the mixed load (issue 34). */
export const RSS_BUDGET_MB = 300;

export interface Footprint {
  database: string;
  /** Median of five one-second samples, from 10 s after the health check answers (the home page drawn once by then). */
  idleMb: number;
  peakMb: number;
  /** Right after the last request of the mixed load. */
  afterMb: number;
  /** Ten seconds later, nothing asked meanwhile. */
  settledMb: number;
  load: MixedResult;
  /** SIGTERM to exit: once after the load, then from idle on fresh starts. */
  shutdownMs: Figure;
  shutdownAfterLoadMs: number;
  /** SIGTERM to exit on a fresh start, 5 s into the mixed load (a rolling restart under load). */
  shutdownUnderLoadMs: number;
  exitCodes: number[];
}

export interface FootprintTarget {
  database: string;
  env: Record<string, string>;
  /** The PGlite folder (kept), or undefined for PostgreSQL. */
  dataDir?: string;
  seeded: Seeded;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: BENCH_USER.email, password: BENCH_USER.password }),
  });
  if (!res.ok) throw new Error(`footprint login failed: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/** SIGTERM, and the time until the process has exited (ms), with its exit code. */
async function stopTimed(server: RunningServer): Promise<{ ms: number; code: number }> {
  const exited = new Promise<number>((resolve) => server.process.once('exit', (code) => resolve(code ?? -1)));
  const started = performance.now();
  server.process.kill('SIGTERM');
  const code = await exited;
  const ms = performance.now() - started;
  await server.stop();
  return { ms, code };
}

export async function benchFootprint(staticDir: string, target: FootprintTarget, seconds: number, idleStarts: number): Promise<Footprint> {
  const env = { STATIC_DIR: staticDir, RATE_LIMIT: 'off', LOG_LEVEL: 'warn', ...DEPLOYED_ENV, ...target.env };
  const server = await startServer(env, target.dataDir);
  const pid = server.process.pid!;
  let stopped: { ms: number; code: number } | null = null;
  try {
    await sleep(10_000);
    const idle: number[] = [];
    for (let i = 0; i < 5; i++) {
      idle.push(rssMb(pid));
      await sleep(1000);
    }
    const token = await signIn(server.url);
    const during: number[] = [];
    const sampler = setInterval(() => during.push(rssMb(pid)), 1000);
    let load: MixedResult;
    try {
      load = await mixedLoad(server.url, token, target.seeded, seconds);
    } finally {
      clearInterval(sampler);
    }
    const afterMb = rssMb(pid);
    await sleep(10_000);
    const settledMb = rssMb(pid);
    stopped = await stopTimed(server);
    const idleStops: { ms: number; code: number }[] = [];
    for (let i = 0; i < idleStarts; i++) {
      const fresh = await startServer(env, target.dataDir);
      await sleep(3000);
      idleStops.push(await stopTimed(fresh));
    }
    // A stop in the middle of the load: what is in flight is answered, and the load meets closed connections after.
    const busy = await startServer(env, target.dataDir);
    const busyToken = await signIn(busy.url);
    const loadRunning = mixedLoad(busy.url, busyToken, target.seeded, 15).catch(() => null);
    await sleep(5000);
    const underLoad = await stopTimed(busy);
    await loadRunning;
    const stops = [stopped, ...idleStops];
    return {
      database: target.database,
      idleMb: figure(idle).median,
      peakMb: Math.max(afterMb, ...during),
      afterMb,
      settledMb,
      load,
      shutdownMs: figure(stops.map((s) => s.ms)),
      shutdownAfterLoadMs: stopped.ms,
      shutdownUnderLoadMs: underLoad.ms,
      exitCodes: [...stops, underLoad].map((s) => s.code),
    };
  } finally {
    if (!stopped) await server.stop();
  }
}

/** The section's record: its table, and the budget on a PostgreSQL process's RSS after the load. */
export function footprintReport(footprints: Footprint[], seconds: number): { md: string[]; budgets: Budget[] } {
  const budgets: Budget[] = [];
  const md = [
    `## A process's footprint: RSS idle and after ${seconds} s of mixed load (MB), and its shutdown (ms)`,
    '',
    `A fresh process, started as docs/deploy.md starts one (${Object.entries(DEPLOYED_ENV).map(([k, v]) => `\`${k}=${v}\``).join(', ')}), on the bench's database. Idle: 10 s after its health answers. The mixed load: 20 connections asking for pages drawn for visitors and for a member, API reads, searches that miss the kept answers, and comments (a write every 20 requests), with the limits off. Shutdown: SIGTERM until the process has exited, once after the load and on fresh idle starts (the figure), and on a fresh start 5 s into the load.`,
    '',
    '| database | RSS idle | RSS peak | RSS after the load | 10 s later | requests (failed) | shutdown | shutdown under load | exit codes | budget (RSS after the load) |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const f of footprints) {
    let limit = 'reported';
    if (f.database === 'PostgreSQL') {
      const ok = f.afterMb <= RSS_BUDGET_MB && f.load.failures === 0;
      limit = `≤ ${RSS_BUDGET_MB} ${ok ? '✓' : '✗'}`;
      budgets.push({ name: `footprint RSS after the mixed load [${f.database}]`, ok, actual: `${f.afterMb.toFixed(0)} MB${f.load.failures ? `, ${f.load.failures} failed requests` : ''}`, limit: `≤ ${RSS_BUDGET_MB} MB` });
    }
    const codes = [...new Set(f.exitCodes)].join(', ');
    md.push(`| ${f.database} | ${f.idleMb.toFixed(0)} | ${f.peakMb.toFixed(0)} | ${f.afterMb.toFixed(0)} | ${f.settledMb.toFixed(0)} | ${f.load.requests} (${f.load.failures}) | ${fmt(f.shutdownMs)} (after the load: ${f.shutdownAfterLoadMs.toFixed(0)}) | ${f.shutdownUnderLoadMs.toFixed(0)} | ${codes} | ${limit} |`);
  }
  md.push('', 'A stop waits a second for keep-alive clients to send what they were sending (ADR 064), then closes.', '');
  return { md, budgets };
}

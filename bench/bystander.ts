/**
 * The bystander (issue 34 item 4, ADR 125): what searches that miss the kept answers, sent by others, leave of an
 * ordinary read. `GET /api/courses` is measured alone, then while 5 connections send searches for a random word
 * each, which no kept answer can serve. The server runs with its limits on and trusts the bench as its proxy, so the
 * searches can come from many addresses (X-Forwarded-For, one per request: no per-address budget refuses them, the
 * harder case, which the budget is on) or from one (its budget of searches refuses it past 120 a minute).
 */
import autocannon from 'autocannon';
import { startServer } from '../test/support/server';
import { type Budget, type Figure, figure, fmt } from './stats';

const ACCEPT_ENCODING = 'gzip, deflate, br';
const BYSTANDER_CONNECTIONS = 10;
const SEARCH_CONNECTIONS = 5;
export const RATIO_BUDGET = 0.5;

export interface BystanderRun {
  rps: number;
  p99: number;
  failures: number;
}

export interface SearchesSent {
  requests: number;
  ok: number;
  /** 429: an address past its budget of searches. */
  refused: number;
  /** 503: PGlite's queue full (ADR 125). */
  busy: number;
  other: number;
}

export interface Bystander {
  database: string;
  /** Rounds of a run alone then a run during searches from many addresses; the figures are their medians. */
  alone: Figure;
  aloneP99: number;
  many: { during: Figure; p99: number; ratio: number; searches: SearchesSent; failures: number };
  /** One run during searches from one address, against the median alone. */
  one: { during: BystanderRun; ratio: number; searches: SearchesSent };
}

/** A word no kept answer holds: six to nine random letters. */
function randomWord(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const length = 6 + Math.floor(Math.random() * 4);
  return Array.from({ length }, () => letters[Math.floor(Math.random() * letters.length)]).join('');
}

let address = 0;
const nextAddress = () => {
  address++;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

function readCourses(url: string, seconds: number): Promise<BystanderRun> {
  return new Promise((resolve, reject) => {
    autocannon(
      { url: `${url}/api/courses`, connections: BYSTANDER_CONNECTIONS, duration: seconds, headers: { 'accept-encoding': ACCEPT_ENCODING } },
      (error, result) => (error ? reject(error) : resolve({ rps: result.requests.average, p99: result.latency.p99, failures: result.non2xx + result.errors + result.timeouts })),
    );
  });
}

/** Searches sent until `stop` is called; resolves with what they were answered. */
function sendSearches(url: string, fromMany: boolean): { stop(): void; done: Promise<SearchesSent> } {
  const fixed = nextAddress();
  let instance: autocannon.Instance;
  const done = new Promise<SearchesSent>((resolve, reject) => {
    instance = autocannon(
      {
        url,
        connections: SEARCH_CONNECTIONS,
        duration: 600,
        requests: [
          {
            setupRequest: (req: Record<string, unknown>) => ({
              ...req,
              path: `/api/search?q=${randomWord()}`,
              headers: { 'accept-encoding': ACCEPT_ENCODING, 'x-forwarded-for': fromMany ? nextAddress() : fixed },
            }),
          } as never,
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        const count = (code: number) => result.statusCodeStats?.[`${code}`]?.count ?? 0;
        const ok = result['2xx'];
        const refused = count(429);
        const busy = count(503);
        resolve({ requests: result.requests.total, ok, refused, busy, other: result.requests.total - ok - refused - busy });
      },
    );
  });
  return { stop: () => instance.stop(), done };
}

async function during(url: string, seconds: number, fromMany: boolean): Promise<{ run: BystanderRun; searches: SearchesSent }> {
  const searches = sendSearches(url, fromMany);
  // The searches under way first, so the bystander meets them from its first request.
  await new Promise((r) => setTimeout(r, 1000));
  const run = await readCourses(url, seconds);
  searches.stop();
  return { run, searches: await searches.done };
}

const added = (a: SearchesSent, b: SearchesSent): SearchesSent => ({
  requests: a.requests + b.requests, ok: a.ok + b.ok, refused: a.refused + b.refused, busy: a.busy + b.busy, other: a.other + b.other,
});

/** `rounds` of the bystander alone then during searches from many addresses (alternated: the machine's pace drifts). */
export async function benchBystander(
  staticDir: string,
  target: { database: string; env: Record<string, string>; dataDir?: string },
  seconds: number,
  rounds: number,
): Promise<Bystander> {
  const server = await startServer({ STATIC_DIR: staticDir, RATE_LIMIT: 'on', TRUST_PROXY: '127.0.0.1', LOG_LEVEL: 'warn', ...target.env }, target.dataDir);
  try {
    // A warm-up, so the first run does not pay for the first compilations.
    await readCourses(server.url, 2);
    const alone: BystanderRun[] = [];
    const withMany: BystanderRun[] = [];
    let searches: SearchesSent = { requests: 0, ok: 0, refused: 0, busy: 0, other: 0 };
    for (let round = 0; round < rounds; round++) {
      alone.push(await readCourses(server.url, seconds));
      const many = await during(server.url, seconds, true);
      withMany.push(many.run);
      searches = added(searches, many.searches);
    }
    const aloneRps = figure(alone.map((r) => r.rps));
    const manyRps = figure(withMany.map((r) => r.rps));
    const one = await during(server.url, seconds, false);
    const p99 = (runs: BystanderRun[]) => figure(runs.map((r) => r.p99)).median;
    return {
      database: target.database,
      alone: aloneRps,
      aloneP99: p99(alone),
      many: { during: manyRps, p99: p99(withMany), ratio: manyRps.median / aloneRps.median, searches, failures: [...alone, ...withMany].reduce((n, r) => n + r.failures, 0) },
      one: { during: one.run, ratio: one.run.rps / aloneRps.median, searches: one.searches },
    };
  } finally {
    await server.stop();
  }
}

const sent = (s: SearchesSent) => `${s.requests}: ${s.ok} answered, ${s.refused} refused (429), ${s.busy} busy (503)${s.other ? `, ${s.other} other` : ''}`;

export function bystanderReport(results: Bystander[], seconds: number): { md: string[]; budgets: Budget[] } {
  const budgets: Budget[] = [];
  const md = [
    `## Bystander: GET /api/courses while others search (req/s, ${seconds} s per run)`,
    '',
    `${BYSTANDER_CONNECTIONS} connections read \`GET /api/courses\` (a kept answer) alone, then while ${SEARCH_CONNECTIONS} connections send \`GET /api/search?q=<a random word>\`, which no kept answer serves, from many addresses (one per request), in alternated rounds (medians, with their range); then once while they come from one address. Limits on; the server trusts the bench as its proxy (\`TRUST_PROXY\`), as behind nginx.`,
    '',
    '| database | alone req/s (p99 ms) | searches from many addresses: req/s (p99 ms) | ratio | searches sent | from one address: req/s (p99 ms) | ratio | searches sent | budget (ratio, many addresses) |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const b of results) {
    const ok = b.many.ratio >= RATIO_BUDGET && b.many.failures === 0;
    budgets.push({ name: `bystander GET /api/courses during searches [${b.database}] ratio`, ok, actual: `${b.many.ratio.toFixed(2)}${b.many.failures ? `, ${b.many.failures} failed requests` : ''}`, limit: `≥ ${RATIO_BUDGET}` });
    const one = b.one.during;
    md.push(`| ${b.database} | ${fmt(b.alone)} (${b.aloneP99}) | ${fmt(b.many.during)} (${b.many.p99})${b.many.failures ? `, ${b.many.failures} failed` : ''} | ${b.many.ratio.toFixed(2)} | ${sent(b.many.searches)} | ${one.rps.toFixed(0)} (${one.p99})${one.failures ? `, ${one.failures} failed` : ''} | ${b.one.ratio.toFixed(2)} | ${sent(b.one.searches)} | ≥ ${RATIO_BUDGET} ${ok ? '✓' : '✗'} |`);
  }
  md.push('');
  return { md, budgets };
}

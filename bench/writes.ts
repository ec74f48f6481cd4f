/**
 * Writes under their limits (ADRs 060, 061): what the rate limits and the shared state cost a write, and that the
 * login and comment budgets hold under a burst.
 *
 * - Cost: 600 comment creates at 10 at a time, from 200 members each behind their own address (the server trusts the
 *   bench as its proxy, so X-Forwarded-For names the address), so no budget refuses one; the same run with
 *   `RATE_LIMIT=on` and `off` gives the price of the counters. On PostgreSQL every write also sends a NOTIFY to the
 *   other processes; its round trip alone is measured beside.
 * - Budgets: one member sending 20 comments at once, and 15 wrong passwords for one email from one address, then the
 *   right password from another address.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONTENT_DIR } from '../server/app';
import { importContent } from '../server/content-import/import';
import { openDatabase } from '../server/data/client';
import { discussions, users } from '../server/data/schema';
import { hashPassword } from '../server/services/passwords';
import { SDG_CONSTANTS } from '../src/domain/sdg-topics';
import { startServer } from '../test/support/server';

const MEMBERS = 200;
const COMMENTS = 600;
const CONCURRENCY = 10;
const PASSWORD = 'benchmark password';

export interface WriteCost {
  database: string;
  limits: 'on' | 'off';
  p50: number;
  p99: number;
  failures: number;
}

export interface BudgetCheck {
  database: string;
  commentBurst: { sent: number; accepted: number; refused: number };
  wrongPasswords: { sent: number; checked: number; refused: number; ownerElsewhere: number };
}

export interface WritesResult {
  costs: WriteCost[];
  budgets: BudgetCheck[];
  notify?: { p50: number; p99: number };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const addressOf = (i: number) => `10.${Math.floor(i / 250)}.${i % 250}.1`;

/** Members with passwords and a post to comment on, straight into the database. */
async function seed(options: { databaseUrl?: string; dataDir: string | null }): Promise<{ emails: string[]; postId: string }> {
  const database = await openDatabase(options);
  try {
    const { db } = database;
    await importContent(db, CONTENT_DIR);
    const passwordHash = await hashPassword(PASSWORD);
    // One member more than the cost runs use: the burst's, whose budget nothing else has touched.
    const rows = Array.from({ length: MEMBERS + 1 }, (_, i) => ({
      email: `writer-${i}@example.com`, passwordHash, firstName: 'Writer', lastName: String(i), tokensValidAfter: new Date(0),
    }));
    const made = await db.insert(users).values(rows).returning({ id: users.id });
    const category = Object.values(SDG_CONSTANTS.categories)[10]!;
    const [post] = await db
      .insert(discussions)
      .values({ title: 'Write benchmark', content: '<p>Comments go here.</p>', category, subcategory: SDG_CONSTANTS.subcategories[category]![0]!.value, createdBy: made[0]!.id })
      .returning({ id: discussions.id });
    return { emails: rows.map((r) => r.email), postId: post!.id };
  } finally {
    await database.close();
  }
}

async function post(url: string, path: string, body: unknown, headers: Record<string, string>) {
  return fetch(`${url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

async function signIn(url: string, email: string, address: string): Promise<string> {
  const res = await post(url, '/auth/login', { email, password: PASSWORD }, { 'x-forwarded-for': address });
  if (!res.ok) throw new Error(`login of ${email} answered ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

async function commentCost(url: string, tokens: string[], postId: string): Promise<{ p50: number; p99: number; failures: number }> {
  const times: number[] = [];
  let failures = 0;
  let next = 0;
  // Only the first MEMBERS members write here; the last one is kept for the burst.
  const worker = async () => {
    for (let i = next++; i < COMMENTS; i = next++) {
      const member = i % MEMBERS;
      const started = performance.now();
      const res = await post(url, '/comments', { discussionId: postId, content: `<p>Comment ${i}</p>`, parentCommentId: null }, {
        authorization: `Bearer ${tokens[member]}`, 'x-forwarded-for': addressOf(member),
      });
      await res.arrayBuffer();
      times.push(performance.now() - started);
      if (!res.ok) failures++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  times.sort((a, b) => a - b);
  return { p50: Math.round(percentile(times, 50) * 10) / 10, p99: Math.round(percentile(times, 99) * 10) / 10, failures };
}

async function budgetCheck(url: string, tokens: string[], emails: string[], postId: string): Promise<Omit<BudgetCheck, 'database'>> {
  // A fresh member and address, so the cost runs' counts do not matter.
  const member = MEMBERS;
  const burst = await Promise.all(Array.from({ length: 20 }, (_, i) =>
    post(url, '/comments', { discussionId: postId, content: `<p>Burst ${i}</p>`, parentCommentId: null }, {
      authorization: `Bearer ${tokens[member]}`, 'x-forwarded-for': '10.200.0.1',
    })));
  const statuses = burst.map((r) => r.status);
  const email = emails[0]!;
  let checked = 0;
  let refused = 0;
  for (let i = 0; i < 15; i++) {
    const res = await post(url, '/auth/login', { email, password: 'wrong password' }, { 'x-forwarded-for': '10.201.0.1' });
    if (res.status === 400) checked++;
    else if (res.status === 429) refused++;
  }
  const owner = await post(url, '/auth/login', { email, password: PASSWORD }, { 'x-forwarded-for': '10.202.0.1' });
  return {
    commentBurst: { sent: 20, accepted: statuses.filter((s) => s === 200).length, refused: statuses.filter((s) => s === 429).length },
    wrongPasswords: { sent: 15, checked, refused, ownerElsewhere: owner.status },
  };
}

async function notifyCost(databaseUrl: string): Promise<{ p50: number; p99: number }> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const times: number[] = [];
  for (let i = 0; i < 2000; i++) {
    const started = performance.now();
    await client.query('select pg_notify($1, $2)', ['sustainlearn_bench', `bench:community`]);
    times.push(performance.now() - started);
  }
  await client.end();
  times.sort((a, b) => a - b);
  return { p50: Math.round(percentile(times, 50) * 100) / 100, p99: Math.round(percentile(times, 99) * 100) / 100 };
}

async function onDatabase(
  database: string,
  options: { databaseUrl?: string; dataDir: string | null },
  env: Record<string, string>,
  dataDir: string | undefined,
): Promise<{ costs: WriteCost[]; budgets: BudgetCheck }> {
  const { emails, postId } = await seed(options);
  const costs: WriteCost[] = [];
  let budgets: BudgetCheck | undefined;
  for (const limits of ['on', 'off'] as const) {
    const server = await startServer({ ...env, RATE_LIMIT: limits, TRUST_PROXY: '127.0.0.1', LOG_LEVEL: 'warn' }, dataDir);
    try {
      const tokens: string[] = [];
      for (const [i, email] of emails.entries()) tokens.push(await signIn(server.url, email, addressOf(i)));
      // A warm-up round, so both runs measure a warm server.
      await commentCost(server.url, tokens, postId);
      costs.push({ database, limits, ...(await commentCost(server.url, tokens, postId)) });
      if (limits === 'on') budgets = { database, ...(await budgetCheck(server.url, tokens, emails, postId)) };
    } finally {
      await server.stop();
    }
  }
  return { costs, budgets: budgets! };
}

export async function benchWrites(postgres?: { url: string }): Promise<WritesResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sl-bench-writes-'));
  try {
    const pglite = await onDatabase('PGlite', { dataDir }, {}, dataDir);
    const result: WritesResult = { costs: [...pglite.costs], budgets: [pglite.budgets] };
    if (postgres) {
      const pgRun = await onDatabase('PostgreSQL', { databaseUrl: postgres.url, dataDir: null }, { DATABASE_URL: postgres.url }, undefined);
      result.costs.push(...pgRun.costs);
      result.budgets.push(pgRun.budgets);
      result.notify = await notifyCost(postgres.url);
    }
    return result;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

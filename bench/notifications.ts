/**
 * Notifications (issue 37, ADR 146): how long a reply takes to reach the author's open stream (p95 over 50 writes,
 * budget 1 s), and the feed's p99 (budget 25 ms) on a database with 10,000 posts and notifications for 1,000 members.
 * A section of `npm run bench` (`--only=notifications`), and on its own: `npx tsx bench/notifications.ts` (PGlite, and
 * PostgreSQL too when DATABASE_URL is set), which needs no SPA build.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../server/data/client';
import { discussions, notifications, users } from '../server/data/schema';
import { hashPassword } from '../server/services/passwords';
import { startServer } from '../test/support/server';
import { type ApiResult, benchApi } from './api';
import { BENCH_USER, createPgDatabase, type Seeded, seedBenchDatabase } from './seed';
import { type Figure, figure, fmt } from './stats';

export const NOTIFIED_MEMBERS = 1_000;
const PER_MEMBER = 20;
const WRITES = 50;
export const REPLIER = { email: 'bench-replier@example.com', password: 'benchmark password', firstName: 'Bench', lastName: 'Replier' };

/** 1,000 members with 20 notifications each (replies and grouped likes on the seeded posts), and a member who replies. */
export async function seedNotifications(options: { databaseUrl?: string; dataDir: string | null }): Promise<void> {
  const database = await openDatabase(options);
  const { db } = database;
  const hash = await hashPassword(REPLIER.password);
  await db.insert(users).values({ ...REPLIER, passwordHash: hash, tokensValidAfter: new Date(0) });
  const posts = (await db.select({ id: discussions.id }).from(discussions).limit(2000)).map((p) => p.id);
  const [bench] = await db.select({ id: users.id }).from(users).where(eq(users.email, BENCH_USER.email));
  const members = Array.from({ length: NOTIFIED_MEMBERS }, (_, i) => ({ id: randomUUID(), email: `notified-${i}@example.com`, firstName: 'Notified', lastName: `Member ${i}` }));
  for (let i = 0; i < members.length; i += 500) await db.insert(users).values(members.slice(i, i + 500));
  const rows = members.flatMap((m, i) => Array.from({ length: PER_MEMBER }, (_, k) => {
    const discussionId = posts[(i * PER_MEMBER + k) % posts.length]!;
    const like = k % 4 === 0;
    return {
      userId: m.id, kind: like ? 'like' : 'reply_post', actorId: bench!.id, discussionId, actorCount: like ? 3 : 1,
      groupKey: like ? `like:discussion:${discussionId}` : null, readAt: k % 3 === 0 ? new Date() : null,
    };
  }));
  for (let i = 0; i < rows.length; i += 1000) await db.insert(notifications).values(rows.slice(i, i + 1000));
  await database.close();
}

async function login(baseUrl: string, who: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: who.email, password: who.password }) });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/** The bench user's stream open; the replier writes 50 replies to their post, one after another; each reply's delay. */
export async function streamDelays(baseUrl: string, seeded: Seeded, writes = WRITES): Promise<Figure & { p95: number }> {
  const author = await login(baseUrl, BENCH_USER);
  const replier = await login(baseUrl, REPLIER);
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/notifications/stream`, { headers: { authorization: `Bearer ${author}` }, signal: controller.signal });
  if (!res.ok) throw new Error(`stream answered ${res.status}`);
  const arrived = new Map<string, number>();
  const waiting = new Map<string, () => void>();
  let opened!: () => void;
  const ready = new Promise<void>((resolve) => { opened = resolve; });
  const reading = (async () => {
    let buffer = '';
    try {
      for await (const chunk of res.body!.pipeThrough(new TextDecoderStream())) {
        buffer += chunk;
        for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (block.includes(': connected')) opened();
          const data = block.split('\n').find((l) => l.startsWith('data: '));
          if (!data) continue;
          const id = (JSON.parse(data.slice(6)) as { notification: { commentId: string | null } }).notification.commentId ?? '';
          arrived.set(id, performance.now());
          waiting.get(id)?.();
        }
      }
    } catch {
      // Aborted at the end.
    }
  })();
  await ready;
  const delays: number[] = [];
  for (let i = 0; i < writes; i++) {
    const started = performance.now();
    const write = await fetch(`${baseUrl}/api/comments`, {
      method: 'POST', headers: { authorization: `Bearer ${replier}`, 'content-type': 'application/json' },
      body: JSON.stringify({ discussionId: seeded.uiThreadId, content: `<p>Bench reply ${i}</p>` }),
    });
    if (!write.ok) throw new Error(`reply answered ${write.status}`);
    const id = ((await write.json()) as { comment: { _id: string } }).comment._id;
    if (!arrived.has(id)) {
      await Promise.race([new Promise<void>((resolve) => waiting.set(id, resolve)), new Promise((r) => setTimeout(r, 5000))]);
    }
    delays.push((arrived.get(id) ?? Number.POSITIVE_INFINITY) - started);
  }
  controller.abort();
  await reading;
  const sorted = [...delays].sort((a, b) => a - b);
  return { ...figure(delays), p95: sorted[Math.ceil(sorted.length * 0.95) - 1]! };
}

export interface NotificationBench {
  database: string;
  stream: Figure & { p95: number };
  feed: ApiResult;
}

export const feedEndpoint = (seeded: Seeded) => ({
  name: 'GET /api/discussions (10,000 posts, 1,000 members notified)', method: 'GET' as const,
  path: `/api/discussions?category=${seeded.category}&subcategory=${seeded.subcategory}`, kind: 'thread' as const,
});

/** Both measures against a running server on a seeded database. */
export async function benchNotifications(baseUrl: string, database: string, seeded: Seeded, seconds: number): Promise<NotificationBench> {
  const stream = await streamDelays(baseUrl, seeded);
  const [feed] = await benchApi(baseUrl, database, await login(baseUrl, BENCH_USER), [feedEndpoint(seeded)], seconds);
  return { database, stream, feed: feed! };
}

export function notificationLines(results: NotificationBench[]): string[] {
  const lines = [
    '## Notifications (issue 37)', '',
    'A reply written by one member reaches the author\'s open stream (Server-Sent Events): from the start of the write to the event, 50 writes one after another. The feed with 10,000 posts and 20 notifications each for 1,000 members: autocannon, 50 connections; the bare route (a Fastify answering the same bytes) shows what the machine gives that moment.', '',
    '| database | write → stream median (min–max) ms | p95 | budget | feed p50 / p99 (ms) | feed req/s | bare route p50 / p99 (ms), req/s | budget |', '|---|---|---|---|---|---|---|---|',
  ];
  for (const r of results) {
    lines.push(`| ${r.database} | ${fmt(r.stream, 1)} | ${r.stream.p95.toFixed(1)} | ≤ 1000 ${r.stream.p95 <= 1000 ? '✓' : '✗'} | ${r.feed.p50} / ${r.feed.p99} | ${r.feed.rps.toFixed(0)} | ${r.feed.bareP50} / ${r.feed.bareP99}, ${r.feed.bareRps.toFixed(0)} | ≤ 25 ${r.feed.p99 <= 25 && r.feed.failures === 0 ? '✓' : '✗'} |`);
  }
  return [...lines, ''];
}

async function main() {
  const seconds = process.argv.includes('--quick') ? 3 : 10;
  const results: NotificationBench[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'sl-bench-notifications-'));
  try {
    console.log('Seeding PGlite (10,000 posts, notifications for 1,000 members)...');
    const seeded = await seedBenchDatabase({ dataDir });
    await seedNotifications({ dataDir });
    const server = await startServer({ STATIC_DIR: '/nonexistent', RATE_LIMIT: 'off', LOG_LEVEL: 'warn' }, dataDir);
    try {
      results.push(await benchNotifications(server.url, 'PGlite', seeded, seconds));
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (process.env.DATABASE_URL) {
    console.log('Seeding PostgreSQL...');
    const pgDb = await createPgDatabase(process.env.DATABASE_URL);
    try {
      const seeded = await seedBenchDatabase({ databaseUrl: pgDb.url, dataDir: null });
      await seedNotifications({ databaseUrl: pgDb.url, dataDir: null });
      const server = await startServer({ STATIC_DIR: '/nonexistent', RATE_LIMIT: 'off', LOG_LEVEL: 'warn', DATABASE_URL: pgDb.url });
      try {
        results.push(await benchNotifications(server.url, 'PostgreSQL', seeded, seconds));
      } finally {
        await server.stop();
      }
    } finally {
      await pgDb.drop();
    }
  }
  console.log(notificationLines(results).join('\n'));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().then(() => process.exit(0), (error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

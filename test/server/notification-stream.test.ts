/**
 * The live notifications (issue 37, ADR 146): `GET /api/notifications/stream` as Server-Sent Events, on every database
 * kind: a reply reaches the author's open stream within a second (an event named `notification`, its id the seq, its
 * data the contract's), not compressed and not kept; another member's stream hears nothing; a reconnect with
 * Last-Event-ID (or `lastEventId`) gets what it missed; closing the app ends open streams. Then three instances on one
 * PostgreSQL: a stream on instance 2 (and a second tab on instance 3) receives a reply written on instance 1 within 1 s.
 * And a server process with an open stream still shuts down on SIGTERM, at once and with exit code 0.
 */
import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { type Database, openDatabase } from '../../server/data/client';
import { users } from '../../server/data/schema';
import { hashPassword } from '../../server/services/passwords';
import { login } from '../../src/contract/auth';
import { notificationEventSchema } from '../../src/contract/notifications';
import { startServer } from '../support/server';
import { urlOf } from './api';
import { dataDirCopy, describeWithApp, MemoryMailer, openTestDatabase, TEST_JWT_SECRET, type TestContext } from './fixture';
import { members, PASSWORD } from './members';
import { openStream, postBy, replyBy } from './notification-support';

const baseOf = async (ctx: TestContext) => {
  if (!ctx.app.server.listening) await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/api/notifications/stream`;
};

describeWithApp('the notification stream', {}, (ctx) => {
  it('pushes a reply to the open stream within 1 s, as a notification event; not compressed, not kept; nothing to others', async () => {
    const [a, b, c] = await members(ctx(), 3, 'stream');
    const post = await postBy(ctx(), a!);
    const url = await baseOf(ctx());
    const forA = await openStream(url, a!.token);
    const forC = await openStream(url, c!.token);
    expect(forA.res.status).toBe(200);
    expect(forA.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(forA.res.headers.get('cache-control')).toContain('no-store');
    expect(forA.res.headers.get('content-encoding')).toBeNull();
    await expect.poll(() => forA.comments()).toBeGreaterThan(0);
    const written = Date.now();
    const comment = await replyBy(ctx(), b!, post);
    await expect.poll(() => forA.notifications().length, { timeout: 1000, interval: 10 }).toBe(1);
    expect(forA.events[0]!.at - written).toBeLessThan(1000);
    const event = notificationEventSchema.parse(JSON.parse(forA.events[0]!.data));
    expect(event).toMatchObject({ unread: 1, notification: { kind: 'reply_post', commentId: comment, read: false } });
    expect(forA.events[0]).toMatchObject({ event: 'notification', id: String(event.notification.seq) });
    await new Promise((r) => setTimeout(r, 200));
    expect(forC.notifications()).toEqual([]);
    await forA.close();
    await forC.close();
  });

  it('resumes from Last-Event-ID (header or query) with what was missed, in order', async () => {
    const [a, b] = await members(ctx(), 2, 'resume');
    const post = await postBy(ctx(), a!);
    const url = await baseOf(ctx());
    const first = await openStream(url, a!.token);
    await expect.poll(() => first.comments()).toBeGreaterThan(0);
    await replyBy(ctx(), b!, post);
    await expect.poll(() => first.notifications().length).toBe(1);
    const last = first.notifications()[0]!.notification.seq;
    await first.close();
    const missed = [await replyBy(ctx(), b!, post), await replyBy(ctx(), b!, post)];
    const again = await openStream(url, a!.token, last);
    await expect.poll(() => again.notifications().map((n) => n.notification.commentId)).toEqual(missed);
    expect(again.notifications().map((n) => n.unread)).toEqual([3, 3]);
    await again.close();
    const byQuery = await openStream(`${url}?lastEventId=${last}`, a!.token);
    await expect.poll(() => byQuery.notifications().length).toBe(2);
    await byQuery.close();
    // Without Last-Event-ID a stream starts from now.
    const fresh = await openStream(url, a!.token);
    await expect.poll(() => fresh.comments()).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 200));
    expect(fresh.notifications()).toEqual([]);
    await fresh.close();
  });

  it('refuses a visitor', async () => {
    const res = await fetch(await baseOf(ctx()));
    expect(res.status).toBe(401);
  });
});

const baseUrl = process.env.DATABASE_URL;

describe.skipIf(!baseUrl)('three instances on one PostgreSQL', () => {
  const instances: TestContext[] = [];
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const opened = await openTestDatabase('postgres');
    drop = opened.drop;
    const databases: Database[] = [opened.database];
    for (let i = 0; i < 2; i++) databases.push(await openDatabase({ databaseUrl: opened.url!, dataDir: null }));
    for (const database of databases) {
      const config = loadConfig({ JWT_SECRET: TEST_JWT_SECRET, LOG_LEVEL: 'silent', STATIC_DIR: '/nonexistent', RATE_LIMIT: 'off', JOB_POLL_SECONDS: '0' });
      const clock = { now: Date.now(), advance(ms: number) { this.now += ms; } };
      const mailer = new MemoryMailer();
      const app = await buildApp({ config, database, mailer, logger: false, now: () => clock.now });
      await app.ready();
      instances.push({ app, database, mailer, clock });
    }
  }, 60_000);

  afterAll(async () => {
    for (const i of instances) {
      await i.app.close();
      await i.database.close();
    }
    await drop?.();
  });

  it('a stream on instance 2, and another tab on instance 3, receive a reply written on instance 1 within 1 s; closing ends them', async () => {
    const [one, two, three] = instances;
    const [a, b] = await members(one!, 2, 'cluster');
    const post = await postBy(one!, a!);
    const tabs = [await openStream(await baseOf(two!), a!.token), await openStream(await baseOf(three!), a!.token)];
    for (const tab of tabs) await expect.poll(() => tab.comments()).toBeGreaterThan(0);
    const delays: number[] = [];
    for (let i = 0; i < 5; i++) {
      const written = Date.now();
      const comment = await replyBy(one!, b!, post);
      for (const tab of tabs) {
        await expect.poll(() => tab.notifications().some((n) => n.notification.commentId === comment), { timeout: 1000, interval: 5 }).toBe(true);
        delays.push(tab.events.at(-1)!.at - written);
      }
    }
    expect(Math.max(...delays)).toBeLessThan(1000);
    // Shutting instance 3 down ends its stream: the browser would reconnect to another.
    await three!.app.close();
    await expect.poll(() => tabs[1]!.ended(), { timeout: 2000 }).toBe(true);
    for (const tab of tabs) await tab.close();
  });
});

describe('SIGTERM with an open stream', () => {
  it('ends the stream and exits 0 within 5 s', async () => {
    const dir = dataDirCopy();
    try {
      const database = await openDatabase({ dataDir: dir });
      await database.db.insert(users).values({ email: 'streamer@example.com', firstName: 'Stream', lastName: 'Reader', passwordHash: await hashPassword(PASSWORD), tokensValidAfter: new Date(0) });
      await database.close();
      const server = await startServer({ STATIC_DIR: '/nonexistent' }, dir);
      try {
        const res = await fetch(`${server.url}${urlOf(login)}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'streamer@example.com', password: PASSWORD }) });
        const stream = await openStream(`${server.url}/api/notifications/stream`, ((await res.json()) as { token: string }).token);
        await expect.poll(() => stream.comments()).toBeGreaterThan(0);
        const started = Date.now();
        const exited = new Promise<number | null>((resolve) => server.process.once('exit', resolve));
        server.process.kill('SIGTERM');
        expect(await exited).toBe(0);
        expect(Date.now() - started).toBeLessThan(5_000);
        await expect.poll(() => stream.ended()).toBe(true);
        await stream.close();
      } finally {
        await server.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});

/**
 * Three server processes on one PostgreSQL database behind nginx (issue 11, point 7): they share the signing secret
 * with no setting, refuse a revoked token within a second (a write at once), count one rate limit, show each other's
 * writes within a second, see an editor's publish and unpublish (API, search and sitemap) within a second (issue 38),
 * and take the client's address from the proxy only. Runs where DATABASE_URL is set (CI).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as auth from '../../src/contract/auth';
import { suspendMember } from '../../src/contract/staff-members';
import { openDatabase } from '../../server/data/client';
import { staffRoles, users } from '../../server/data/schema';
import { eq } from 'drizzle-orm';
import { createDiscussion, listDiscussions } from '../../src/contract/discussions';
import { createContent, publishContent, unpublishContent } from '../../src/contract/authoring';
import { getArticle, listWorkshops } from '../../src/contract/content';
import { search } from '../../src/contract/search';
import { EDITORIAL_TEAM } from '../../src/domain/authoring';
import { readMails, startMailbox } from '../e2e/support/mailbox';
import { type RunningNginx, startNginx } from '../support/nginx';
import { createPostgresDatabase } from '../support/postgres';
import { type RunningServer, startServer } from '../support/server';
import { urlOf } from './api';

const baseUrl = process.env.DATABASE_URL;
const PASSWORD = 'correct horse battery';

describe.skipIf(!baseUrl)('three instances on one PostgreSQL behind nginx', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;
  let instances: RunningServer[] = [];
  let proxy: RunningNginx;
  const dir = mkdtempSync(join(tmpdir(), 'sl-cluster-'));
  const mailFile = join(dir, 'mail.jsonl');

  beforeAll(async () => {
    database = await createPostgresDatabase(baseUrl!);
    mailbox = await startMailbox(mailFile);
    // No JWT_SECRET: the instances must agree on one by themselves. All three start at once on the empty database.
    const env = {
      DATABASE_URL: database.url, TRUST_PROXY: '127.0.0.1', RATE_LIMIT: 'on', STATIC_DIR: '/nonexistent', JWT_SECRET: '',
      SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`, LOG_LEVEL: 'warn',
    };
    instances = await Promise.all([startServer(env), startServer(env), startServer(env)]);
    proxy = await startNginx(instances.map((i) => i.port));
  }, 180_000);

  afterAll(async () => {
    await proxy?.stop();
    await Promise.all(instances.map((i) => i.stop()));
    await mailbox?.close();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  const call = async (base: string, c: { method: string }, url: string, body?: unknown, token?: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${url}`, {
      method: c.method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, json: (await res.json().catch(() => null)) as Record<string, unknown> | null };
  };
  const codeFor = async (email: string): Promise<string> => {
    for (let i = 0; i < 50; i++) {
      const mail = readMails(mailFile).filter((m) => m.to.includes(email)).at(-1);
      const code = mail && /code is (\d{6})/.exec(mail.raw)?.[1];
      if (code) return code;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no code mailed to ${email}`);
  };
  /** Signs up through the proxy: each step may land on another instance. */
  let codeRequests = 0;
  const signUp = async (email: string) => {
    codeRequests += 1;
    expect((await call(proxy.url, auth.requestSignupOtp, urlOf(auth.requestSignupOtp), { email })).status).toBe(200);
    const verified = await call(proxy.url, auth.verifySignupOtp, urlOf(auth.verifySignupOtp), { email, otp: await codeFor(email) });
    expect(verified.status).toBe(200);
    const token = verified.json!.token as string;
    expect((await call(proxy.url, auth.setPassword, urlOf(auth.setPassword), { password: PASSWORD, firstName: 'Cluster', lastName: 'Member' }, token)).status).toBe(200);
    return token;
  };
  /** Polls `check` on every instance directly until it holds on all, and answers how long that took. */
  const untilAll = async (check: (instance: RunningServer) => Promise<boolean>): Promise<number> => {
    const started = Date.now();
    for (;;) {
      const results = await Promise.all(instances.map(check));
      if (results.every(Boolean)) return Date.now() - started;
      if (Date.now() - started > 5_000) throw new Error('not on every instance after 5 s');
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('share one signing secret: a code sent by one verifies on another, a token from one works on every one', async () => {
    const token = await signUp('cluster-ada@example.com');
    for (const instance of instances) {
      expect((await call(instance.url, auth.profile, urlOf(auth.profile), undefined, token)).status).toBe(200);
    }
  });

  it('refuse a logged-out token on every instance within 1 s, and at once for a write', async () => {
    const token = await signUp('cluster-grace@example.com');
    // Every instance has checked the token, so each keeps it in memory.
    for (const instance of instances) expect((await call(instance.url, auth.profile, urlOf(auth.profile), undefined, token)).status).toBe(200);
    const [a, ...others] = instances;
    expect((await call(a!.url, auth.logout, urlOf(auth.logout), undefined, token)).status).toBe(200);
    for (const instance of others) {
      const write = await call(instance.url, auth.updateProfile, urlOf(auth.updateProfile), { firstName: 'Mallory', lastName: 'X', address: '' }, token);
      expect(write.status).toBe(401);
    }
    const ms = await untilAll(async (i) => (await call(i.url, auth.profile, urlOf(auth.profile), undefined, token)).status === 401);
    expect(ms).toBeLessThanOrEqual(1_000);
  });

  it('refuse a suspended member on every instance within 1 s, and at once for a write (ADR 140)', async () => {
    const moderator = await signUp('cluster-moderator@example.com');
    const token = await signUp('cluster-suspended@example.com');
    const db = await openDatabase({ databaseUrl: database.url, dataDir: null });
    let memberId: string;
    try {
      const [mod] = await db.db.select({ id: users.id }).from(users).where(eq(users.email, 'cluster-moderator@example.com'));
      await db.db.insert(staffRoles).values({ userId: mod!.id, role: 'moderator' });
      const [row] = await db.db.select({ id: users.id }).from(users).where(eq(users.email, 'cluster-suspended@example.com'));
      memberId = row!.id;
    } finally {
      await db.close();
    }
    for (const instance of instances) expect((await call(instance.url, auth.profile, urlOf(auth.profile), undefined, token)).status).toBe(200);
    const [a, ...others] = instances;
    const suspended = await call(a!.url, suspendMember, urlOf(suspendMember, { id: memberId }), { reason: 'Cluster test' }, moderator);
    expect(suspended.status).toBe(200);
    for (const instance of others) {
      const write = await call(instance.url, auth.updateProfile, urlOf(auth.updateProfile), { firstName: 'Mallory', lastName: 'X', address: '' }, token);
      expect(write.status).toBe(401);
    }
    const ms = await untilAll(async (i) => (await call(i.url, auth.profile, urlOf(auth.profile), undefined, token)).status === 401);
    expect(ms).toBeLessThanOrEqual(1_000);
  });

  it('count wrong passwords together: 12 on one instance and 12 on another check at most 10', async () => {
    await signUp('cluster-owner@example.com');
    const statuses: number[] = [];
    for (const instance of [instances[0]!, instances[1]!]) {
      for (let i = 0; i < 12; i++) {
        statuses.push((await call(instance.url, auth.login, urlOf(auth.login), { email: 'cluster-owner@example.com', password: `guess ${i}` })).status);
      }
    }
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(14);
  });

  it('check at most 10 of 30 wrong passwords sent at once across the three instances (ADR 123)', async () => {
    await signUp('cluster-race@example.com');
    const statuses = await Promise.all(Array.from({ length: 30 }, (_, i) =>
      call(instances[i % 3]!.url, auth.login, urlOf(auth.login), { email: 'cluster-race@example.com', password: `race ${i}` }).then((r) => r.status)));
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(20);
    // The owner's right password from this address is refused too until the window ends: the pair is locked.
    expect((await call(instances[0]!.url, auth.login, urlOf(auth.login), { email: 'cluster-race@example.com', password: PASSWORD })).status).toBe(429);
  });

  it("show one instance's write on the others within 1 s", async () => {
    const token = await signUp('cluster-lin@example.com');
    const feed = urlOf(listDiscussions, undefined, { category: 'climate-action' });
    // Each instance keeps the feed in memory before the write.
    for (const instance of instances) expect((await call(instance.url, listDiscussions, feed, undefined, token)).status).toBe(200);
    const created = await call(instances[0]!.url, createDiscussion, urlOf(createDiscussion), {
      title: 'Seen everywhere', content: '<p>Within a second</p>', category: 'climate-action', subcategory: 'embodied-carbon',
    }, token);
    expect(created.status).toBe(200);
    const id = (created.json!.discussion as { _id: string })._id;
    const ms = await untilAll(async (i) => {
      const res = await call(i.url, listDiscussions, feed, undefined, token);
      return ((res.json?.discussions as { _id: string }[] | undefined) ?? []).some((d) => d._id === id);
    });
    expect(ms).toBeLessThanOrEqual(1_000);
  });

  it("show an editor's publish and unpublish on every instance within 1 s: the API, search and the sitemap (issue 38)", async () => {
    const editor = await signUp('cluster-editor@example.com');
    const db = await openDatabase({ databaseUrl: database.url, dataDir: null });
    try {
      const [row] = await db.db.select({ id: users.id }).from(users).where(eq(users.email, 'cluster-editor@example.com'));
      await db.db.insert(staffRoles).values({ userId: row!.id, role: 'editor' });
    } finally {
      await db.close();
    }
    const [a, b, c] = instances as [RunningServer, RunningServer, RunningServer];
    const fields = {
      slug: 'seen-on-every-instance', title: 'Whole life carbon, seen everywhere', category: 'carbon', authorId: null, readTime: null,
      description: 'Published on one instance, read on all three.', imageUrl: '/media/articles/carbon.svg', featured: false,
      body: 'Whole life carbon counts every stage, from the product stage (A1 to A3) to the end of life (C1 to C4).',
    };
    const created = await call(a.url, createContent, urlOf(createContent, { kind: 'articles' }), { fields }, editor);
    expect(created.status).toBe(200);
    const id = created.json!.id as string;
    const article = urlOf(getArticle, { id });
    const found = urlOf(search, undefined, { q: 'Whole life carbon seen everywhere' });
    const live = async (i: RunningServer) => {
      const [page, hits, sitemap] = await Promise.all([
        call(i.url, getArticle, article),
        call(i.url, search, found),
        fetch(`${i.url}/sitemap.xml`).then((r) => r.text()),
      ]);
      return { api: page.status === 200, search: JSON.stringify(hits.json).includes(`/articles/${id}`), sitemap: sitemap.includes(`/articles/${id}`) };
    };
    // Every instance keeps the answers (a 404, no hit, a sitemap without it) before the publish.
    for (const i of instances) expect(await live(i)).toEqual({ api: false, search: false, sitemap: false });

    const published = await call(b.url, publishContent, urlOf(publishContent, { kind: 'articles', id }), { version: 1 }, editor);
    expect(published.status).toBe(200);
    expect(await untilAll(async (i) => Object.values(await live(i)).every(Boolean))).toBeLessThanOrEqual(1_000);

    const version = (published.json!.item as { version: number }).version;
    const archived = await call(c.url, unpublishContent, urlOf(unpublishContent, { kind: 'articles', id }), { version }, editor);
    expect(archived.status).toBe(200);
    expect(await untilAll(async (i) => !Object.values(await live(i)).some(Boolean))).toBeLessThanOrEqual(1_000);

    // A workshop series published on one instance makes its sessions, listed by every instance.
    const series = {
      slug: 'cluster-clinic', title: 'Cluster clinic', description: 'A clinic published on one instance.', imageUrl: '/media/workshops/x.svg',
      joinUrl: 'https://events.sustainlearn.example/cluster-clinic', duration: 60, capacity: 10,
      schedule: { kind: 'weekly', weekday: 'thursday', every: 1, from: '2026-01-01', time: '16:00', timeZone: 'Europe/London' },
      hosts: [{ name: EDITORIAL_TEAM, role: 'who run the clinic' }], agenda: [{ minutes: 60, item: 'Clinic' }],
      audience: 'Anyone.', prepare: ['A question'],
    };
    const workshops = urlOf(listWorkshops);
    for (const i of instances) expect((await call(i.url, listWorkshops, workshops, undefined, editor)).status).toBe(200);
    const draft = await call(c.url, createContent, urlOf(createContent, { kind: 'workshops' }), { fields: series }, editor);
    expect(draft.status).toBe(200);
    const seriesId = draft.json!.id as string;
    expect((await call(a.url, publishContent, urlOf(publishContent, { kind: 'workshops', id: seriesId }), { version: 1 }, editor)).status).toBe(200);
    expect(await untilAll(async (i) => {
      const res = await call(i.url, listWorkshops, workshops, undefined, editor);
      return ((res.json?.workshops as { title: string }[] | undefined) ?? []).some((w) => w.title === 'Cluster clinic');
    })).toBeLessThanOrEqual(1_000);
  });

  it('take the address from the proxy only: a rotating X-Forwarded-For through it does not reset a budget', async () => {
    // Every code request of this file came through the proxy from 127.0.0.1: the 21st of the hour is refused, however
    // the header rotates.
    const statuses: number[] = [];
    for (let i = codeRequests; i < 21; i++) {
      const res = await call(proxy.url, auth.requestSignupOtp, urlOf(auth.requestSignupOtp), { email: `rotating-${i}@example.com` }, undefined, {
        'x-forwarded-for': `198.51.100.${i}`,
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

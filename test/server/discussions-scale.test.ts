/**
 * Discussions at scale over HTTP: keyset pagination over 10,000 posts (every post once, in order, read through an
 * index) and a 1,000-comment tree, or any subtree of it, in one query.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { LightMyRequestResponse as Response } from 'fastify';
import type { Pool } from 'pg';
import { beforeAll, expect, it, vi } from 'vitest';
import { listFeed } from '../../server/data/discussions';
import * as schema from '../../server/data/schema';
import { comments, discussions } from '../../server/data/schema';
import { getDiscussion, listDiscussions } from '../../src/contract/discussions';
import { buildCommentTree, type Comment, type CommentNode, DISCUSSION_PAGE_SIZE, type Discussion } from '../../src/domain/discussion';
import { urlOf } from './api';
import { api, post, thread } from './discussions';
import { describeWithApp, type TestContext } from './fixture';
import { type Member, members } from './members';

/** Records every SQL statement the database client runs while `work` runs. */
async function statementsDuring(ctx: TestContext, work: () => Promise<unknown>): Promise<{ text: string; params: unknown[] }[]> {
  const client = (ctx.database.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const seen: { text: string; params: unknown[] }[] = [];
  const original = client.query.bind(client);
  const spy = vi.spyOn(client, 'query').mockImplementation((...args: unknown[]) => {
    const first = args[0] as string | { text: string };
    seen.push({ text: typeof first === 'string' ? first : first.text, params: (args[1] as unknown[]) ?? [] });
    return original(...args);
  });
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
  return seen;
}

describeWithApp('discussion feed at scale', {}, (ctx) => {
  let reader: Member;
  const TOTAL = 10_000;
  const topics = [
    { category: 'climate-action', subcategory: 'embodied-carbon' },
    { category: 'climate-action', subcategory: 'operational-carbon' },
    { category: 'sustainable-cities-and-communities', subcategory: 'urban-planning' },
  ];

  beforeAll(async () => {
    reader = (await members(ctx(), 1, 'reader'))[0]!;
    const [author] = await members(ctx(), 1, 'author');
    const { db } = ctx().database;
    const base = '2024-01-01T00:00:00.000Z';
    // Groups of four: two share the exact instant (the id breaks the tie), two differ below the millisecond.
    const micro = [0, 0, 137, 999];
    for (let start = 0; start < TOTAL; start += 1000) {
      const rows = Array.from({ length: Math.min(1000, TOTAL - start) }, (_, k) => {
        const i = start + k;
        return {
          title: `Post ${i}`,
          content: `<p>Body ${i}</p>`,
          ...topics[i % topics.length]!,
          createdBy: author!.id,
          createdAt: sql`(${base}::timestamptz + ${Math.floor(i / 4)}::int * interval '1 second' + ${micro[i % 4]}::int * interval '1 microsecond')`,
        };
      });
      await db.insert(discussions).values(rows as never);
    }
    await db.execute(sql`analyze discussions`);
  }, 120_000);

  async function walk(filter: { category?: string; subcategory?: string }, limit?: number) {
    const ids: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: Response = await api(ctx(), listDiscussions, reader, { query: { ...filter, limit: limit || undefined, cursor: cursor || undefined } });
      expect(res.statusCode, res.body).toBe(200);
      const page: { discussions: Discussion[]; nextCursor: string | null } = res.json();
      ids.push(...page.discussions.map((d: Discussion) => d._id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    return { ids, pages };
  }

  async function expectedOrder(where = sql`true`) {
    const rows = await ctx().database.db.select({ id: discussions.id }).from(discussions).where(where)
      .orderBy(sql`${discussions.createdAt} desc, ${discussions.id} desc`);
    return rows.map((r) => r.id);
  }

  it('pages through 10,000 posts newest first, each exactly once, in (createdAt desc, id desc) order', async () => {
    const first = await api(ctx(), listDiscussions, reader);
    expect(first.json().discussions).toHaveLength(20);
    expect(first.json().nextCursor).toEqual(expect.any(String));

    const { ids, pages } = await walk({}, 100);
    expect(pages).toBe(100);
    expect(new Set(ids).size).toBe(TOTAL);
    expect(ids).toEqual(await expectedOrder());
  }, 120_000);

  it('pages within a category and within a subcategory', async () => {
    const sub = await walk({ category: 'climate-action', subcategory: 'operational-carbon' }, 97);
    expect(sub.ids).toEqual(await expectedOrder(sql`${discussions.subcategory} = 'operational-carbon'`));
    const cat = await walk({ category: 'climate-action' }, 100);
    expect(cat.ids).toEqual(await expectedOrder(sql`${discussions.category} = 'climate-action'`));
    expect(cat.ids.length).toBe(TOTAL - Math.floor(TOTAL / 3));
  }, 120_000);

  it('reads a deep page through an index, with no sort over the table', async () => {
    let cursor = '';
    for (let i = 0; i < 3; i++) cursor = (await api(ctx(), listDiscussions, reader, { query: { limit: 100, cursor: cursor || undefined } })).json().nextCursor;
    for (const topic of [{}, { category: 'climate-action' }, { category: 'climate-action', subcategory: 'embodied-carbon' }]) {
      const filter = urlOf(listDiscussions, undefined, topic);
      const statements = await statementsDuring(ctx(), () => api(ctx(), listDiscussions, reader, { query: { ...topic, cursor } }));
      const feed = statements.find((s) => /from "discussions"/.test(s.text))!;
      expect(feed, filter).toBeDefined();
      const client = (ctx().database.db as unknown as { $client: { query: (t: string, p: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> } }).$client;
      const plan = JSON.stringify((await client.query(`explain (format json) ${feed.text}`, feed.params)).rows);
      expect(plan, filter).toMatch(/"Index Name":\s*"discussions_(recent|feed|category_feed)"/);
      // The only sorts allowed are inside the per-post like lists (json_agg order by), never over the posts.
      const sortKeys = [...plan.matchAll(/"Sort Key":\s*\[([^\]]*)\]/g)].map((m) => m[1]!);
      expect(sortKeys.filter((key) => /discussions\.|created_at DESC/.test(key)), filter).toEqual([]);
    }
  });

  it('opens a first page of the usual size through a kept statement that reads an index (ADR 197), with the same posts', async () => {
    const shapes = [
      [{}, sql`true`, 'feed_first'],
      [{ category: 'climate-action' }, sql`${discussions.category} = 'climate-action'`, 'feed_first_category'],
      [{ category: 'climate-action', subcategory: 'embodied-carbon' }, sql`${discussions.subcategory} = 'embodied-carbon'`, 'feed_first_category_subcategory'],
    ] as const;
    for (const [topic, where] of shapes) {
      const first = await api(ctx(), listDiscussions, reader, { query: topic });
      expect(first.json().discussions.map((d: Discussion) => d._id)).toEqual((await expectedOrder(where)).slice(0, DISCUSSION_PAGE_SIZE));
    }
    if (ctx().database.kind !== 'postgres') return;
    const pool = (ctx().database.db as unknown as { $client: Pool }).$client;
    const client = await pool.connect();
    try {
      // Past PostgreSQL's first five runs, when it may keep a generic plan for the statement.
      const sent = new Map<string, unknown[]>();
      const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
      const spy = vi.spyOn(client, 'query').mockImplementation(((config: { name?: string }, values?: unknown[]) => {
        if (config.name) sent.set(config.name, values ?? []);
        return query(config, values);
      }) as never);
      try {
        const db = drizzle(client, { schema });
        for (let i = 0; i < 7; i++) for (const [topic] of shapes) await listFeed(db, { ...topic, limit: DISCUSSION_PAGE_SIZE });
      } finally {
        spy.mockRestore();
      }
      for (const [, , name] of shapes) {
        const values = sent.get(name)!.map((v) => `'${String(v).replaceAll("'", "''")}'`).join(', ');
        const plan = JSON.stringify((await client.query(`explain (format json) execute ${name}(${values})`)).rows);
        expect(plan, name).toMatch(/"Index Name":\s*"discussions_(recent|feed|category_feed)"/);
        const sortKeys = [...plan.matchAll(/"Sort Key":\s*\[([^\]]*)\]/g)].map((m) => m[1]!);
        expect(sortKeys.filter((key) => /discussions\.|created_at DESC/.test(key)), name).toEqual([]);
      }
      const { rows } = await client.query<{ name: string }>('select name from pg_prepared_statements');
      expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(['feed_pinned', ...shapes.map(([, , name]) => name)]));
    } finally {
      client.release();
    }
  });

  it('serves a 1,000-comment tree in one query, and any subtree in one query too', async () => {
    const [writer] = await members(ctx(), 1, 'writer');
    const d = await post(ctx(), writer!);
    // A spine 40 replies deep, plus replies spread over the earlier comments.
    const made: { id: string; parentCommentId: string | null }[] = [];
    for (let i = 0; i < 1000; i++) {
      const parent = i === 0 ? null : i < 40 ? made[i - 1]!.id : i % 5 === 0 ? null : made[(i * 7919) % i]!.id;
      made.push({ id: randomUUID(), parentCommentId: parent });
    }
    const { db } = ctx().database;
    const start = Date.parse('2024-06-01T00:00:00Z');
    for (let s = 0; s < made.length; s += 250) {
      await db.insert(comments).values(made.slice(s, s + 250).map((m, k) => ({
        id: m.id, discussionId: d._id, parentCommentId: m.parentCommentId, content: `<p>c${s + k}</p>`, createdBy: writer!.id,
        createdAt: new Date(start + (s + k) * 1000),
      })));
    }

    let served: Comment[] = [];
    const statements = await statementsDuring(ctx(), async () => {
      served = await thread(ctx(), writer!, d._id);
    });
    expect(served).toHaveLength(1000);
    expect(statements.filter((s) => /"comments"|\bcomments\b/.test(s.text))).toHaveLength(1);
    expect(served.map((c) => c._id)).toEqual(made.map((m) => m.id));
    const tree = buildCommentTree(served);
    const depth = (nodes: CommentNode[]): number => Math.max(0, ...nodes.map((n) => 1 + depth(n.replies)));
    expect(depth(tree)).toBeGreaterThanOrEqual(40);

    const root = made[0]!.id;
    const below = new Set<string>();
    for (const m of made) if (m.parentCommentId && (m.parentCommentId === root || below.has(m.parentCommentId))) below.add(m.id);
    let subtree: Comment[] = [];
    const subStatements = await statementsDuring(ctx(), async () => {
      subtree = await thread(ctx(), writer!, d._id, root);
    });
    expect(new Set(subtree.map((c) => c._id))).toEqual(below);
    expect(subStatements.filter((s) => /"comments"|\bcomments\b/.test(s.text))).toHaveLength(1);
    expect((await api(ctx(), getDiscussion, writer!, { params: { id: d._id } })).json().discussion.commentCount).toBe(1000);
  });
});

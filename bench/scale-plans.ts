/**
 * The query plans behind the scale bench's endpoints: the server's own data functions (server/data) are called on a
 * pool that records each statement they send, and each recorded statement is then run again under
 * `EXPLAIN (ANALYZE, BUFFERS)`, a write inside a transaction that is rolled back. So the plans are those of the SQL the
 * routes send, at the bench's size, run once more after the first run warmed the cache.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../server/data/client';
import { listThread } from '../server/data/comments';
import { sharePost } from '../server/data/discussions';
import { listFeed } from '../server/data/discussions';
import { toggleDiscussionLike } from '../server/data/likes';
import { followAndListFollowers, listNotifications, unreadCount } from '../server/data/notification-lists';
import { commentDocument, findDocuments, upsertDocument } from '../server/data/search';
import { insertComment } from '../server/data/comments';
import { recipientsOf } from '../server/data/notifications';
import * as schema from '../server/data/schema';
import { SEARCH_PAGE_SIZE, SEARCH_TYPES } from '../src/domain/search';

export interface Statement {
  sql: string;
  params: unknown[];
}

export interface Plan {
  endpoint: string;
  statement: string;
  /** The plan's text, and its execution time as PostgreSQL reports it (ms). */
  plan: string;
  executionMs: number;
  /** The indexes the plan reads. */
  indexes: string[];
}

export interface PlanTargets {
  category: string;
  subcategory: string;
  longThreadId: string;
  memberId: string;
  likedPostId: string;
  commentedPostId: string;
  query: string;
}

/** A pool whose statements are written down while `recording` holds a list. */
function recordingPool(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  let recording: Statement[] | null = null;
  // The pool sends every statement through one of its clients (a transaction through the one it holds): each is wrapped.
  const wrap = (target: { query: unknown }) => {
    const original = (target.query as (...args: unknown[]) => Promise<unknown>).bind(target);
    target.query = (...args: unknown[]) => {
      const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
      const text = typeof first === 'string' ? first : first.text;
      const values = (typeof first === 'string' ? second : (first.values ?? second)) ?? [];
      if (recording && !/^(begin|commit|rollback)/i.test(text.trim())) recording.push({ sql: text, params: values });
      return original(...args);
    };
  };
  pool.on('connect', (client) => wrap(client as unknown as { query: unknown }));
  return {
    pool,
    db: drizzle(pool, { schema }) as unknown as Db,
    async record(work: () => Promise<unknown>): Promise<Statement[]> {
      const list: Statement[] = [];
      recording = list;
      try {
        await work();
      } finally {
        recording = null;
      }
      return list;
    },
  };
}

async function explain(client: pg.PoolClient, statement: Statement): Promise<{ plan: string; executionMs: number }> {
  const write = /^\s*(insert|update|delete)/i.test(statement.sql);
  if (write) await client.query('begin');
  try {
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${statement.sql}`, statement.params);
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    const executionMs = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? Number.NaN);
    return { plan, executionMs };
  } finally {
    if (write) await client.query('rollback');
  }
}

/** Each endpoint's statements, recorded from the data functions its route calls, and their plans. */
export async function capturePlans(url: string, t: PlanTargets): Promise<Plan[]> {
  const { pool, db, record } = recordingPool(url);
  const work: [string, () => Promise<unknown>][] = [
    ['feed', () => listFeed(db, { category: t.category, subcategory: t.subcategory, limit: 20 })],
    ['thread', () => listThread(db, t.longThreadId)],
    ['search', async () => {
      // As a signed-in member's search (services/search.ts): every kind, a page and one more, and the counts, in one
      // statement (ADR 178).
      await findDocuments(db, { q: t.query, allowed: SEARCH_TYPES, kinds: SEARCH_TYPES, limit: SEARCH_PAGE_SIZE + 1 });
    }],
    ['notifications', async () => {
      await listNotifications(db, t.memberId, { limit: 20 });
      await unreadCount(db, t.memberId);
    }],
    ['like', () => toggleDiscussionLike(db, t.likedPostId, t.memberId)],
    ['comment', () => db.transaction(async (tx) => {
      // The statements of the comment service's create (services/comments.ts), without the mentions, and its
      // notifications up to the members told, in a transaction rolled back.
      const post = (await sharePost(tx, t.commentedPostId))!;
      const added = await insertComment(tx, { discussionId: post.id, parentCommentId: null, content: '<p>A plan.</p>', createdBy: t.memberId }, { id: t.memberId, email: '' });
      const id = added === 'missing' ? '' : added._id;
      await upsertDocument(tx, commentDocument({ id, discussionId: post.id, content: '<p>A plan.</p>' }, post));
      const followers = await followAndListFollowers(tx, t.memberId, 'discussion', post.id);
      await recipientsOf(tx, new Map(followers.map((follower) => [follower, 'followed_post' as const])));
      tx.rollback();
    }).catch(() => undefined)],
  ];
  const plans: Plan[] = [];
  const client = await pool.connect();
  try {
    for (const [endpoint, run] of work) {
      const statements = await record(run);
      for (const statement of statements) {
        const { plan, executionMs } = await explain(client, statement);
        const indexes = [...new Set([...plan.matchAll(/(?:Index Scan|Index Only Scan)(?: Backward)? using (\S+)|Bitmap Index Scan on (\S+)/g)].map((m) => (m[1] ?? m[2])!))];
        plans.push({ endpoint, statement: statement.sql.replace(/\s+/g, ' ').slice(0, 160), plan, executionMs, indexes });
      }
    }
  } finally {
    client.release();
    await pool.end();
  }
  return plans;
}

export function planLines(plans: Plan[]): string[] {
  const lines = ['| endpoint | statement | execution (ms) | indexes read |', '|---|---|---|---|'];
  for (const p of plans) lines.push(`| ${p.endpoint} | \`${p.statement.replace(/\|/g, '\\|').slice(0, 90)}…\` | ${p.executionMs.toFixed(2)} | ${p.indexes.join(', ') || 'none (sequential)'} |`);
  return lines;
}

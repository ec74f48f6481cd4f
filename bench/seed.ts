/** A fresh benchmark database: the product's content plus a benchmark user, 10,000 posts and long comment threads. */
import { randomUUID } from 'node:crypto';
import { CONTENT_DIR } from '../server/app';
import { openDatabase } from '../server/data/client';
import { comments, discussions, users } from '../server/data/schema';
import { importContent } from '../server/content-import/import';
import { reindexCommunity } from '../server/content-import/search-index';
import { hashPassword } from '../server/services/passwords';
import { SDG_CONSTANTS } from '../src/domain/sdg-topics';

export const BENCH_USER = { email: 'bench@example.com', password: 'benchmark password', firstName: 'Bench', lastName: 'Runner' };

export interface Seeded {
  category: string;
  subcategory: string;
  categoryLabel: string;
  subcategoryLabel: string;
  /** A post with 1,000 comments (API), and the newest post, with 200 comments (the thread opened in the browser). */
  bigThreadId: string;
  uiThreadId: string;
}

export async function seedBenchDatabase(options: { databaseUrl?: string; dataDir: string | null }): Promise<Seeded> {
  const database = await openDatabase(options);
  const { db } = database;
  await importContent(db, CONTENT_DIR);
  const [user] = await db
    .insert(users)
    .values({ ...BENCH_USER, passwordHash: await hashPassword(BENCH_USER.password), tokensValidAfter: new Date(0) })
    .returning({ id: users.id });
  const userId = user!.id;
  const category = Object.values(SDG_CONSTANTS.categories)[10]!;
  const subcategory = SDG_CONSTANTS.subcategories[category]![0]!.value;
  const categoryLabel = SDG_CONSTANTS.categoryLabels[category]!;
  const subcategoryLabel = SDG_CONSTANTS.subcategories[category]![0]!.label;
  const start = Date.now() - 10_000 * 60_000;
  const posts = Array.from({ length: 10_000 }, (_, i) => ({
    id: randomUUID(),
    title: `Benchmark discussion ${i + 1}: retrofitting mid-rise housing`,
    content: `<p>Post ${i + 1}. How do you keep <strong>embodied carbon</strong> low in a deep retrofit?</p><ul><li>Reuse the frame</li><li>Bio-based insulation</li></ul>`,
    category,
    subcategory,
    createdBy: userId,
    createdAt: new Date(start + i * 60_000),
    updatedAt: new Date(start + i * 60_000),
  }));
  for (let i = 0; i < posts.length; i += 1000) await db.insert(discussions).values(posts.slice(i, i + 1000));
  const bigThreadId = posts[0]!.id;
  const uiThreadId = posts.at(-1)!.id;
  const thread = (discussionId: string, count: number) => {
    const rows: (typeof comments.$inferInsert)[] = [];
    for (let i = 0; i < count; i++) {
      const parent = i % 4 === 0 || rows.length === 0 ? null : rows[Math.floor(Math.random() * rows.length)]!.id!;
      rows.push({ id: randomUUID(), discussionId, parentCommentId: parent, content: `<p>Comment ${i + 1}: agreed, and measure it.</p>`, createdBy: userId, createdAt: new Date(start + i * 1000) });
    }
    return rows;
  };
  for (const [id, n] of [[bigThreadId, 1000], [uiThreadId, 200]] as const) {
    const rows = thread(id, n);
    for (let i = 0; i < rows.length; i += 500) await db.insert(comments).values(rows.slice(i, i + 500));
  }
  // The seeded posts and comments are in the search index, as written ones would be.
  await reindexCommunity(db);
  await database.close();
  return { category, subcategory, categoryLabel, subcategoryLabel, bigThreadId, uiThreadId };
}

/** A fresh PostgreSQL database on the server `base` names, and how to drop it. */
export async function createPgDatabase(base: string) {
  const { default: pg } = await import('pg');
  const name = `sl_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

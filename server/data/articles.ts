/** Articles, newest first: all, the featured one, one category, one by id or slug. */
import { desc, eq, type SQL } from 'drizzle-orm';
import { isUuid } from '../../src/domain/ids';
import type { Db } from './client';
import { articles } from './schema';

export type ArticleRow = typeof articles.$inferSelect;

const NEWEST_FIRST = [desc(articles.publishedAt), desc(articles.id)];

function newest(db: Db, where?: SQL, limit?: number) {
  const query = db.select().from(articles).where(where).orderBy(...NEWEST_FIRST);
  return limit ? query.limit(limit) : query;
}

export function listArticleRows(db: Db, limit?: number): Promise<ArticleRow[]> {
  return newest(db, undefined, limit);
}

/** The article marked featured, else the newest one. */
export async function featuredArticleRow(db: Db): Promise<ArticleRow | undefined> {
  const [marked] = await newest(db, eq(articles.featured, true), 1);
  return marked ?? (await newest(db, undefined, 1))[0];
}

export function articleRowsInCategory(db: Db, category: string): Promise<ArticleRow[]> {
  return newest(db, eq(articles.category, category));
}

export async function findArticleRow(db: Db, idOrSlug: string): Promise<ArticleRow | undefined> {
  const [row] = await newest(db, isUuid(idOrSlug) ? eq(articles.id, idOrSlug) : eq(articles.slug, idOrSlug), 1);
  return row;
}

/** Every article's id and publication date, newest first, without the bodies (the sitemap). */
export function articleDateRows(db: Db): Promise<{ id: string; publishedAt: Date }[]> {
  return db.select({ id: articles.id, publishedAt: articles.publishedAt }).from(articles).orderBy(...NEWEST_FIRST);
}

/** An article's title, credit lines and quiz (null without one), by id or slug: what marking its quiz needs. */
export async function articleQuizRow(db: Db, idOrSlug: string): Promise<Pick<ArticleRow, 'id' | 'title' | 'credits' | 'quiz'> | undefined> {
  const [row] = await db.select({ id: articles.id, title: articles.title, credits: articles.credits, quiz: articles.quiz }).from(articles)
    .where(isUuid(idOrSlug) ? eq(articles.id, idOrSlug) : eq(articles.slug, idOrSlug)).limit(1);
  return row;
}

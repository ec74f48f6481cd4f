/** Articles: the list (newest first, optional limit), the featured one, one category, and one article by id or slug. */
import { desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { articlesByCategory, featuredArticle, getArticle, listArticles } from '../../src/contract/content';
import type { Article } from '../../src/domain/content';
import type { Db } from '../db/client';
import { articles } from '../db/schema';
import { notFound } from '../http/errors';
import { implement } from '../http/route';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NEWEST_FIRST = [desc(articles.publishedAt), desc(articles.id)];

type ArticleRow = typeof articles.$inferSelect;

function toArticle(row: ArticleRow): Article {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    content: row.content,
    imageUrl: row.imageUrl,
    category: row.category,
    author: row.author,
    readTime: row.readTime,
    featured: row.featured,
    createdAt: row.publishedAt.toISOString(),
  };
}

export async function articleRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const newest = (where?: SQL, limit?: number) => {
    const query = db.select().from(articles).where(where).orderBy(...NEWEST_FIRST);
    return limit ? query.limit(limit) : query;
  };

  implement(app, listArticles, async ({ query }) => {
    const rows = await newest(undefined, query.limit);
    return { success: true, articles: rows.map(toArticle) } as const;
  }, { cache: 'content' });

  // The article marked featured; when none is marked, the newest one, so the hero is never empty while articles exist.
  implement(app, featuredArticle, async () => {
    const [marked] = await newest(eq(articles.featured, true), 1);
    const row = marked ?? (await newest(undefined, 1))[0];
    if (!row) throw notFound('No featured article');
    return { success: true, article: toArticle(row) } as const;
  }, { cache: 'content' });

  implement(app, articlesByCategory, async ({ params }) => {
    const rows = await newest(eq(articles.category, params.category));
    return { success: true, articles: rows.map(toArticle) } as const;
  }, { cache: 'content' });

  // Links use the id; the slug (the content file's name) also works, for readable links an operator may share.
  implement(app, getArticle, async ({ params }) => {
    const match = UUID.test(params.id) ? eq(articles.id, params.id) : eq(articles.slug, params.id);
    const [row] = await newest(match, 1);
    if (!row) throw notFound('Article not found');
    return { success: true, article: toArticle(row) } as const;
  }, { cache: 'content' });
}

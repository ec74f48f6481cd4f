/** Articles: the list (newest first, optional limit), the featured one, one category, and one article by id or slug. */
import type { FastifyInstance } from 'fastify';
import { articlesByCategory, featuredArticle, getArticle, listArticles } from '../../src/contract/content';
import { implement } from '../http/route';
import type { ContentService } from '../services/content';

export async function articleRoutes(app: FastifyInstance, { content }: { content: ContentService }) {
  const cache = 'content';
  implement(app, listArticles, async ({ query }) => ({ success: true, articles: await content.articles(query.limit) }) as const, { cache });
  implement(app, featuredArticle, async () => ({ success: true, article: await content.featuredArticle() }) as const, { cache });
  implement(app, articlesByCategory, async ({ params }) => ({ success: true, articles: await content.articlesIn(params.category) }) as const, { cache });
  implement(app, getArticle, async ({ params }) => ({ success: true, article: await content.article(params.id) }) as const, { cache });
}

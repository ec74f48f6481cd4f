/**
 * Articles: the list (newest first, optional limit), the featured one, one category, one article by id or slug (saying
 * whether it has a quiz), and the article's quiz for members: its questions, and marking their answers (ADR 176).
 */
import type { FastifyInstance } from 'fastify';
import { answerArticleQuiz, articleQuiz, articlesByCategory, featuredArticle, getArticle, listArticles } from '../../src/contract/content';
import { implement } from '../http/route';
import type { ArticleQuizService } from '../services/article-quiz';
import type { ContentService } from '../services/content';

export async function articleRoutes(app: FastifyInstance, { content, quizzes }: { content: ContentService; quizzes: ArticleQuizService }) {
  const cache = 'content';
  implement(app, listArticles, async ({ query }) => ({ success: true, articles: await content.articles(query.limit) }) as const, { cache });
  implement(app, featuredArticle, async () => ({ success: true, article: await content.featuredArticle() }) as const, { cache });
  implement(app, articlesByCategory, async ({ params }) => ({ success: true, articles: await content.articlesIn(params.category) }) as const, { cache });
  implement(app, getArticle, async ({ params }) => ({ success: true, article: await content.article(params.id) }) as const, { cache });
  implement(app, articleQuiz, async ({ params }) => ({ success: true, ...(await quizzes.questions(params.id)) }) as const);
  implement(app, answerArticleQuiz, async ({ params, body, user }) => ({ success: true, result: await quizzes.answer(user.id, params.id, body.answers) }) as const);
}

import { z } from 'zod';
import {
  accessSchema, articleSchema, caseStudySchema, contentCategorySchema, courseLevelSchema, courseSchema, ebookSchema,
  newsletterSchema, researchPaperSchema, salesBannerSchema, slideSchema, workshopSchema,
} from '../domain/content.schema';
import {
  articleQuizAnswersSchema, articleQuizQuestionViewSchema, articleQuizResultSchema, articleQuizSummarySchema,
} from '../domain/article-quiz';
import { creditLineSchema } from '../domain/cpd.schema';
import { call, idParams } from './define';

const ok = z.literal(true);

export const listArticles = call({
  name: 'content.articles', method: 'GET', path: '/articles',
  query: z.object({ limit: z.coerce.number().int().min(1).max(100).optional() }),
  response: z.object({ success: ok, articles: z.array(articleSchema) }),
});
export const featuredArticle = call({
  name: 'content.featuredArticle', method: 'GET', path: '/articles/featured',
  response: z.object({ success: ok, article: articleSchema }),
});
export const articlesByCategory = call({
  name: 'content.articlesByCategory', method: 'GET', path: '/articles/category/:category',
  params: z.object({ category: contentCategorySchema }),
  response: z.object({ success: ok, articles: z.array(articleSchema) }),
});
/** One article; `quiz` says whether it has a quiz of its own (ADR 176): how many questions, its mark, its credit. */
export const getArticle = call({
  name: 'content.article', method: 'GET', path: '/articles/:id', params: idParams,
  response: z.object({ success: ok, article: articleSchema.extend({ quiz: articleQuizSummarySchema.nullable() }) }),
});
/** The article's quiz to answer (never the right options nor the explanations); 404 for an article without one. */
export const articleQuiz = call({
  name: 'content.articleQuiz', method: 'GET', path: '/articles/:id/quiz', auth: 'required', params: idParams,
  response: z.object({ success: ok, questions: z.array(articleQuizQuestionViewSchema), passPercent: z.number().int(), credits: z.array(creditLineSchema) }),
});
/**
 * Marks one answer per question, in order: the score, pass or fail, and per question whether it was right, the right
 * option and its explanation. A pass writes the article's credit lines to the member's ledger once (16 passes at once
 * count once); `credited` lists them. Any number of tries; nothing is kept of a failed one.
 */
export const answerArticleQuiz = call({
  name: 'content.answerArticleQuiz', method: 'POST', path: '/articles/:id/quiz', auth: 'required', params: idParams,
  body: z.object({ answers: articleQuizAnswersSchema }),
  response: z.object({ success: ok, result: articleQuizResultSchema }),
  invalidates: ['/cpd/'],
});

export const listCourses = call({
  name: 'content.courses', method: 'GET', path: '/courses', auth: 'none',
  query: z.object({
    status: z.coerce.number().int().min(0).max(1).optional(),
    access: accessSchema.optional(),
    level: courseLevelSchema.optional(),
    category: contentCategorySchema.optional(),
    limit: z.coerce.number().int().min(1).max(100).optional(),
  }),
  response: z.object({ success: ok, courses: z.array(courseSchema) }),
});
export const getCourse = call({
  name: 'content.course', method: 'GET', path: '/courses/:id', auth: 'required', params: idParams,
  response: z.object({ success: ok, course: courseSchema }),
});

export const listWorkshops = call({
  name: 'content.workshops', method: 'GET', path: '/workshops', auth: 'required',
  response: z.object({ success: ok, workshops: z.array(workshopSchema) }),
});
export const listEbooks = call({
  name: 'content.ebooks', method: 'GET', path: '/ebooks', auth: 'required',
  response: z.object({ success: ok, ebooks: z.array(ebookSchema) }),
});
export const listResearchPapers = call({
  name: 'content.researchPapers', method: 'GET', path: '/research-papers', auth: 'required',
  response: z.object({ success: ok, researchPapers: z.array(researchPaperSchema) }),
});
export const listNewsletters = call({
  name: 'content.newsletters', method: 'GET', path: '/newsletters', auth: 'required',
  response: z.object({ success: ok, newsletters: z.array(newsletterSchema) }),
});
export const listCaseStudies = call({
  name: 'content.caseStudies', method: 'GET', path: '/case-studies', auth: 'required',
  response: z.object({ success: ok, caseStudies: z.array(caseStudySchema) }),
});
export const featuredCaseStudy = call({
  name: 'content.featuredCaseStudy', method: 'GET', path: '/case-studies/featured', auth: 'required',
  response: z.object({ success: ok, caseStudy: caseStudySchema }),
});

export const salesBanner = call({
  name: 'content.sales', method: 'GET', path: '/sales',
  response: z.object({ success: ok, data: salesBannerSchema }),
});
export const landingSlides = call({
  name: 'content.slider', method: 'GET', path: '/slider',
  response: z.object({ success: ok, data: z.object({ sliders: z.array(slideSchema) }) }),
});

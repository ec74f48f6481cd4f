/**
 * Reading the product's content: articles, the home page's banner and slides, courses, and the library. Each answer is
 * the entity of spec section 3; a missing one is not found.
 */
import { type ArticleQuizSummary, summaryOfQuiz } from '../../src/domain/article-quiz';
import type { Article, CaseStudy, Course } from '../../src/domain/content';
import type { Db } from '../data/client';
import {
  type ArticleRow, articleDateRows, articleRowsInCategory, featuredArticleRow, findArticleRow, listArticleRows,
} from '../data/articles';
import { type CourseFilter, findCourse, listCourseRows } from '../data/courses';
import { activeBannerText, slideRows } from '../data/home';
import { findCourseRow } from '../data/learning';
import {
  type CaseStudyRow, caseStudyRows, ebookRows, featuredCaseStudyRow, newsletterRows, researchPaperRows,
} from '../data/library';
import { sanitizeRichHtml } from '../render/sanitize';
import { notFound } from './errors';

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

/** A course without its curriculum: what a page's head and a link preview show of it. */
export type CourseSummary = Omit<Course, 'sections' | 'objectives' | 'duration'>;

function toCaseStudy(row: CaseStudyRow): CaseStudy {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    imageUrl: row.imageUrl,
    documentUrl: row.filePath,
    featured: row.featured,
    illustrative: row.illustrative,
  };
}

export class ContentService {
  constructor(private readonly db: Db) {}

  async articles(limit?: number): Promise<Article[]> {
    return (await listArticleRows(this.db, limit)).map(toArticle);
  }

  /** The article marked featured; when none is marked, the newest, so the hero is never empty while articles exist. */
  async featuredArticle(): Promise<Article> {
    const row = await featuredArticleRow(this.db);
    if (!row) throw notFound('No featured article');
    return toArticle(row);
  }

  async articlesIn(category: string): Promise<Article[]> {
    return (await articleRowsInCategory(this.db, category)).map(toArticle);
  }

  /**
   * Links use the id; the slug (the content file's name) also works, for readable links an operator may share. With
   * it, whether it has a quiz of its own (ADR 176): its length, mark and credit lines, never its questions.
   */
  async article(idOrSlug: string): Promise<Article & { quiz: ArticleQuizSummary | null }> {
    const row = await findArticleRow(this.db, idOrSlug);
    if (!row) throw notFound('Article not found');
    return { ...toArticle(row), quiz: row.quiz ? summaryOfQuiz(row.quiz, row.credits) : null };
  }

  /** The article by id or slug, or undefined: for a caller to whom a missing article is an answer (a page's head). */
  async findArticle(idOrSlug: string): Promise<(Article & { updatedAt: string }) | undefined> {
    const row = await findArticleRow(this.db, idOrSlug);
    return row && { ...toArticle(row), updatedAt: row.updatedAt.toISOString() };
  }

  /** Every article's id and publication date, newest first, in one query without the bodies (the sitemap). */
  async articleDates(): Promise<{ _id: string; publishedAt: string }[]> {
    return (await articleDateRows(this.db)).map((a) => ({ _id: a.id, publishedAt: a.publishedAt.toISOString() }));
  }

  async salesBanner(): Promise<{ text: string }> {
    const text = await activeBannerText(this.db);
    if (text === undefined) throw notFound('No sales banner');
    return { text };
  }

  async slides() {
    return (await slideRows(this.db)).map((s) => ({ imageUrl: s.imageUrl, title: s.title, description: sanitizeRichHtml(s.description), source: s.source }));
  }

  courses(filter: CourseFilter): Promise<Course[]> {
    return listCourseRows(this.db, filter);
  }

  async course(idOrSlug: string): Promise<Course> {
    const course = await findCourse(this.db, idOrSlug);
    if (!course) throw notFound('Course not found');
    return course;
  }

  /** A course (a draft too, as `course` answers it) without its curriculum, in one query, or undefined. */
  async findCourseSummary(idOrSlug: string): Promise<CourseSummary | undefined> {
    const row = await findCourseRow(this.db, idOrSlug);
    if (!row) return undefined;
    const { id, title, description, category, level, thumbnail, price, status, credits } = row;
    return { _id: id, title, description, category, level, thumbnail, price, status, credits };
  }

  async ebooks() {
    return (await ebookRows(this.db)).map((e) => ({
      _id: e.id,
      title: e.title,
      filename: e.filePath.split('/').pop() ?? `${e.slug}.pdf`,
      size: e.size,
      fileUrl: e.filePath,
      createdAt: e.publishedAt.toISOString(),
    }));
  }

  async researchPapers() {
    return (await researchPaperRows(this.db)).map((p) => ({
      _id: p.id,
      title: p.title,
      description: p.description,
      category: p.category,
      fileUrl: p.filePath,
      createdAt: p.publishedAt.toISOString(),
    }));
  }

  async newsletters() {
    return (await newsletterRows(this.db)).map((n) => ({
      _id: n.id,
      title: n.title,
      description: n.description,
      fileUrl: n.filePath,
      createdAt: n.publishedAt.toISOString(),
      // A sent issue can also be read as a page (ADR 139).
      ...(n.fromIssue ? { pageUrl: `/newsletters/${encodeURIComponent(n.slug)}` } : {}),
    }));
  }

  async caseStudies(): Promise<CaseStudy[]> {
    return (await caseStudyRows(this.db)).map(toCaseStudy);
  }

  /** The case study marked featured; when none is marked, the newest, so the hero is never empty while any exist. */
  async featuredCaseStudy(): Promise<CaseStudy> {
    const row = await featuredCaseStudyRow(this.db);
    if (!row) throw notFound('No featured case study');
    return toCaseStudy(row);
  }
}

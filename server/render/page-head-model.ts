/** What a page's <head> is made of (ADR 101): the facts the services answer, the page model, the site's defaults. */

export interface PageHead {
  /** The document title, as the page sets it in the browser ('Articles | SustainLearn'). */
  title: string;
  /** 200, or 404 when the URL names nothing (no screen, or an unknown article, course, lesson...). */
  status: number;
  /** The HTML to put inside <head> after the charset and viewport (it holds <title> and the description). */
  tags: string;
}

/** What a head shows of an article (ContentService.findArticle answers it). */
export interface ArticleFacts {
  _id: string;
  title: string;
  description: string;
  imageUrl: string;
  author: string;
  category: string;
  /** ISO 8601: the publication date. */
  createdAt: string;
  /** ISO 8601: when its words last changed (the publication date if never since). */
  updatedAt: string;
}

/** What a head shows of a course (ContentService.findCourseSummary answers it); status 1 is published. */
export interface CourseFacts {
  _id: string;
  title: string;
  description: string;
  category: string;
  thumbnail: string;
  status: number;
}

/** A lesson of a published course (LearningService.lessonTitles). */
export interface LessonFacts {
  courseId: string;
  courseTitle: string;
  lessonTitle: string;
}

/** A certificate's public facts (CertificateService.findPublic): a revoked one has no name and no hours. */
export type CertificateFacts =
  | { _id: string; valid: true; learnerName: string; courseTitle: string; hours: number; issuedAt: string }
  | { _id: string; valid: false; courseTitle: string; issuedAt: string; revokedAt: string };

/** A workshop session (WorkshopService.summary). */
export interface WorkshopFacts {
  _id: string;
  title: string;
  description: string;
  imageUrl: string;
}

/** The services a head reads, by the methods it calls; each answers undefined for what is not there. */
export interface HeadDeps {
  content: {
    findArticle(idOrSlug: string): Promise<ArticleFacts | undefined>;
    findCourseSummary(idOrSlug: string): Promise<CourseFacts | undefined>;
  };
  learning: { lessonTitles(courseIdOrSlug: string, lessonId: string): Promise<LessonFacts | undefined> };
  certificates: { findPublic(id: string): Promise<CertificateFacts | undefined> };
  workshops: { summary(id: string): Promise<WorkshopFacts | undefined> };
  /** A CPD transcript's public page (issue 39): who, which body and period. */
  transcripts: { find(code: string): Promise<{ code: string; memberName: string; bodyName: string; period: { label: string }; total: number; unit: string } | undefined> };
  /** A post's page (issue 37): its title, for members' share previews. */
  discussions: { summary(id: string): Promise<{ _id: string; title: string } | undefined> };
  /** The site's origin, e.g. https://learn.example.org (config.publicUrl). */
  publicUrl: string;
}

export const SITE_NAME = 'SustainLearn';
/** The site's logo (the favicon's mark), a square PNG served from the content folder: JSON-LD's Organization logo. */
export const SITE_LOGO = { url: '/media/brand/logo.png', size: 512 } as const;
/** The description of src/ui/index.html: the site's, for pages that have none of their own. */
export const SITE_DESCRIPTION = 'SustainLearn: courses, articles, quizzes and a community for the sustainable built environment.';
/** The picture of a page without its own: the courses' default picture, served from the content folder. */
export const DEFAULT_IMAGE = { url: '/media/courses/default.svg', alt: 'Sustainable built environment: a skyline of buildings with trees' };

/** The document title for the title a page gives useDocumentTitle (src/ui/hooks/use-document-title.ts). */
export function documentTitle(title: string): string {
  return title ? `${title} | ${SITE_NAME}` : SITE_NAME;
}

/** One step of the breadcrumb trail after Home. */
export interface Crumb {
  name: string;
  path: string;
}

/** Everything the tags say about one page; `headTags` writes them. */
export interface HeadPage {
  /** What the page gives useDocumentTitle ('' on home). */
  title: string;
  description: string;
  status: number;
  /** The page's own path, for the canonical link and og:url; null for a page that is not there. */
  path: string | null;
  noindex: boolean;
  /** A path or an absolute URL; null for none. */
  image: { url: string; alt?: string } | null;
  /** Below home: the steps after Home, the last being this page. Empty on home and on pages that are not there. */
  trail: Crumb[];
  /** The page shows one article or one course. */
  subject?:
    | { type: 'Article'; published: string; modified: string; author: string; section: string }
    | { type: 'Course' };
}

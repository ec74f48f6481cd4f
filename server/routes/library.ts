/**
 * Courses (filtered list, one course), ebooks, research papers, newsletters and case studies, with
 * the envelopes of spec section 7. Library documents point at their PDF under /files/..., served by routes/files.ts.
 */
import type { FastifyInstance } from 'fastify';
import {
  featuredCaseStudy, getCourse, listCaseStudies, listCourses, listEbooks, listNewsletters, listResearchPapers,
} from '../../src/contract/content';
import { implement } from '../http/route';
import type { ContentService } from '../services/content';

export async function libraryRoutes(app: FastifyInstance, { content }: { content: ContentService }) {
  const cache = 'content';
  // The SPA asks for status=1 (published) everywhere.
  implement(app, listCourses, async ({ query }) => ({ success: true, courses: await content.courses(query) }) as const, { cache });
  implement(app, getCourse, async ({ params }) => ({ success: true, course: await content.course(params.id) }) as const, { cache });
  implement(app, listEbooks, async () => ({ success: true, ebooks: await content.ebooks() }) as const, { cache });
  implement(app, listResearchPapers, async () => ({ success: true, researchPapers: await content.researchPapers() }) as const, { cache });
  implement(app, listNewsletters, async () => ({ success: true, newsletters: await content.newsletters() }) as const, { cache });
  implement(app, listCaseStudies, async () => ({ success: true, caseStudies: await content.caseStudies() }) as const, { cache });
  implement(app, featuredCaseStudy, async () => ({ success: true, caseStudy: await content.featuredCaseStudy() }) as const, { cache });
}

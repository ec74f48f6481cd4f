/**
 * Courses (filtered list, one course), upcoming workshops, ebooks, research papers, newsletters and case studies, with
 * the envelopes of spec section 7. Library documents point at their PDF under /files/..., served by routes/files.ts.
 */
import { and, asc, desc, eq, gt, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  featuredCaseStudy, getCourse, listCaseStudies, listCourses, listEbooks, listNewsletters, listResearchPapers, listWorkshops,
} from '../../src/contract/content';
import type { CaseStudy, Course } from '../../src/domain/content';
import type { Db } from '../db/client';
import {
  caseStudies, courseLessons, courseObjectives, courses, courseSections, ebooks, files, newsletters, researchPapers,
  workshops,
} from '../db/schema';
import { notFound } from '../http/errors';
import { implement } from '../http/route';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type CourseRow = typeof courses.$inferSelect;

/** Courses with their objectives and curriculum, in three queries whatever the number of courses. */
async function withCurriculum(db: Db, rows: CourseRow[]): Promise<Course[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [sections, objectives] = await Promise.all([
    db.select().from(courseSections).where(inArray(courseSections.courseId, ids)).orderBy(asc(courseSections.position)),
    db.select().from(courseObjectives).where(inArray(courseObjectives.courseId, ids)).orderBy(asc(courseObjectives.position)),
  ]);
  const lessons = sections.length === 0
    ? []
    : await db.select().from(courseLessons).where(inArray(courseLessons.sectionId, sections.map((s) => s.id))).orderBy(asc(courseLessons.position));
  return rows.map((row) => {
    const courseSectionsOf = sections
      .filter((s) => s.courseId === row.id)
      .map((s) => ({
        _id: s.id,
        title: s.title,
        content: lessons.filter((l) => l.sectionId === s.id).map((l) => ({ _id: l.id, title: l.title, duration: l.duration })),
      }));
    return {
      _id: row.id,
      title: row.title,
      description: row.description,
      category: row.category,
      level: row.level,
      thumbnail: row.thumbnail,
      price: row.price,
      // Spec: a course's duration is the sum of its lessons' minutes.
      duration: courseSectionsOf.reduce((sum, s) => sum + s.content.reduce((m, l) => m + l.duration, 0), 0),
      status: row.status,
      sections: courseSectionsOf,
      objectives: objectives.filter((o) => o.courseId === row.id).map((o) => ({ _id: o.id, description: o.description })),
    };
  });
}

export async function libraryRoutes(app: FastifyInstance, { db }: { db: Db }) {
  // Filters combine with AND; an absent filter does not restrict. The SPA asks for status=1 (published) everywhere.
  implement(app, listCourses, async ({ query }) => {
    const where: SQL[] = [];
    if (query.status !== undefined) where.push(eq(courses.status, query.status));
    if (query.access === 'free') where.push(eq(courses.price, 0));
    if (query.access === 'paid') where.push(gt(courses.price, 0));
    if (query.level) where.push(eq(courses.level, query.level));
    if (query.category) where.push(eq(courses.category, query.category));
    const base = db.select().from(courses).where(and(...where)).orderBy(desc(courses.createdAt), asc(courses.title), asc(courses.id));
    const rows = query.limit ? await base.limit(query.limit) : await base;
    return { success: true, courses: await withCurriculum(db, rows) } as const;
  }, { cache: 'content' });

  // Links use the id; the slug (the content file's name) also works.
  implement(app, getCourse, async ({ params }) => {
    const match = UUID.test(params.id) ? eq(courses.id, params.id) : eq(courses.slug, params.id);
    const rows = await db.select().from(courses).where(match).limit(1);
    const [course] = await withCurriculum(db, rows);
    if (!course) throw notFound('Course not found');
    return { success: true, course } as const;
  }, { cache: 'content' });

  // Upcoming means not yet over: a workshop that has started can still be joined until its end.
  implement(app, listWorkshops, async () => {
    const rows = await db
      .select()
      .from(workshops)
      .where(gte(sql`${workshops.startsAt} + make_interval(mins => ${workshops.duration})`, sql`now()`))
      .orderBy(asc(workshops.startsAt), asc(workshops.title));
    return {
      success: true,
      workshops: rows.map((w) => ({
        _id: w.id,
        title: w.title,
        description: w.description,
        imageUrl: w.imageUrl,
        date: w.startsAt.toISOString(),
        duration: w.duration,
        joinUrl: w.joinUrl,
      })),
    } as const;
  }, { cache: 'content' });

  implement(app, listEbooks, async () => {
    const rows = await db
      .select({ id: ebooks.id, slug: ebooks.slug, title: ebooks.title, filePath: ebooks.filePath, publishedAt: ebooks.publishedAt, size: files.size })
      .from(ebooks)
      .innerJoin(files, eq(files.path, ebooks.filePath))
      .orderBy(desc(ebooks.publishedAt), asc(ebooks.id));
    return {
      success: true,
      ebooks: rows.map((e) => ({
        _id: e.id,
        title: e.title,
        filename: e.filePath.split('/').pop() ?? `${e.slug}.pdf`,
        size: e.size,
        fileUrl: e.filePath,
        createdAt: e.publishedAt.toISOString(),
      })),
    } as const;
  }, { cache: 'content' });

  implement(app, listResearchPapers, async () => {
    const rows = await db.select().from(researchPapers).orderBy(desc(researchPapers.publishedAt), asc(researchPapers.id));
    return {
      success: true,
      researchPapers: rows.map((p) => ({
        _id: p.id,
        title: p.title,
        description: p.description,
        category: p.category,
        fileUrl: p.filePath,
        createdAt: p.publishedAt.toISOString(),
      })),
    } as const;
  }, { cache: 'content' });

  implement(app, listNewsletters, async () => {
    const rows = await db.select().from(newsletters).orderBy(desc(newsletters.publishedAt), asc(newsletters.id));
    return {
      success: true,
      newsletters: rows.map((n) => ({
        _id: n.id,
        title: n.title,
        description: n.description,
        fileUrl: n.filePath,
        createdAt: n.publishedAt.toISOString(),
      })),
    } as const;
  }, { cache: 'content' });

  const toCaseStudy = (row: typeof caseStudies.$inferSelect): CaseStudy => ({
    _id: row.id,
    title: row.title,
    description: row.description,
    imageUrl: row.imageUrl,
    documentUrl: row.filePath,
    featured: row.featured,
  });
  const newestCaseStudies = (where?: SQL) =>
    db.select().from(caseStudies).where(where).orderBy(desc(caseStudies.publishedAt), asc(caseStudies.id));

  implement(app, listCaseStudies, async () => {
    const rows = await newestCaseStudies();
    return { success: true, caseStudies: rows.map(toCaseStudy) } as const;
  }, { cache: 'content' });

  // The case study marked featured; when none is marked, the newest, so the hero is never empty while any exist.
  implement(app, featuredCaseStudy, async () => {
    const [marked] = await newestCaseStudies(eq(caseStudies.featured, true)).limit(1);
    const row = marked ?? (await newestCaseStudies().limit(1))[0];
    if (!row) throw notFound('No featured case study');
    return { success: true, caseStudy: toCaseStudy(row) } as const;
  }, { cache: 'content' });
}

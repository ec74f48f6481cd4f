/** Courses with their objectives and curriculum, as the entity of spec section 3, filtered as the list asks. */
import { and, asc, desc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import type { Course } from '../../src/domain/content';
import { isUuid } from '../../src/domain/ids';
import type { Db } from './client';
import { courseLessons, courseObjectives, courses, courseSections } from './schema';

type CourseRow = typeof courses.$inferSelect;

/** The list's filters; each absent one does not restrict, and they combine with AND. */
export interface CourseFilter {
  status?: number | undefined;
  access?: 'free' | 'paid' | undefined;
  level?: string | undefined;
  category?: string | undefined;
  limit?: number | undefined;
}

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
    : await db
      .select({ id: courseLessons.id, sectionId: courseLessons.sectionId, title: courseLessons.title, duration: courseLessons.duration })
      .from(courseLessons)
      .where(inArray(courseLessons.sectionId, sections.map((s) => s.id)))
      .orderBy(asc(courseLessons.position));
  return rows.map((row) => {
    const sectionsOf = sections
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
      duration: sectionsOf.reduce((sum, s) => sum + s.content.reduce((m, l) => m + l.duration, 0), 0),
      status: row.status,
      sections: sectionsOf,
      objectives: objectives.filter((o) => o.courseId === row.id).map((o) => ({ _id: o.id, description: o.description })),
      credits: row.credits,
    };
  });
}

export async function listCourseRows(db: Db, filter: CourseFilter): Promise<Course[]> {
  const where: SQL[] = [];
  if (filter.status !== undefined) where.push(eq(courses.status, filter.status));
  if (filter.access === 'free') where.push(eq(courses.price, 0));
  if (filter.access === 'paid') where.push(gt(courses.price, 0));
  if (filter.level) where.push(eq(courses.level, filter.level));
  if (filter.category) where.push(eq(courses.category, filter.category));
  const base = db.select().from(courses).where(and(...where)).orderBy(desc(courses.createdAt), asc(courses.title), asc(courses.id));
  return withCurriculum(db, filter.limit ? await base.limit(filter.limit) : await base);
}

/** One course by id or slug (the content file's name). */
export async function findCourse(db: Db, idOrSlug: string): Promise<Course | undefined> {
  const rows = await db.select().from(courses).where(isUuid(idOrSlug) ? eq(courses.id, idOrSlug) : eq(courses.slug, idOrSlug)).limit(1);
  return (await withCurriculum(db, rows))[0];
}

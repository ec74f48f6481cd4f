/**
 * A course's rows (the course, its objectives, sections, lessons and assessment questions), written by the content
 * import and by the course's authoring handler alike (issue 38, ADR 168). Child rows get ids derived from the course's
 * slug (lessons: course and lesson slug; sections, objectives, questions: course slug and position), so writing the
 * same course twice keeps every id, and learners' progress with them.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { Tx } from '../data/client';
import { courseLessons, courseObjectives, courseQuestions, courses, courseSections } from '../data/schema';

/** A stable UUID for a child row, so re-importing unchanged content keeps its ids. */
export function stableId(...parts: (string | number)[]): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  // Shaped as a version-8 (custom) RFC 9562 UUID.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A lesson as written to its row: rendered and cleaned HTML, its words and reading minutes. */
export interface LessonRow {
  slug: string;
  title: string;
  html: string;
  words: number;
  minutes: number;
}

export interface CourseRows {
  slug: string;
  title: string;
  description: string;
  category: string;
  level: string;
  price: number;
  status: number;
  thumbnail: string;
  credits: (typeof courses.$inferInsert)['credits'];
  passPercent: number;
  objectives: string[];
  sections: { title: string; lessons: LessonRow[] }[];
  assessment: { questions: { question: string; options: string[]; correctIndex: number; explanation: string; lesson: string }[] } | null;
}

/** The lesson row's id of a course's lesson. */
export const lessonIdOf = (courseSlug: string, lessonSlug: string) => stableId(courseSlug, 'lesson', lessonSlug);

/**
 * Writes one course and its children; `id` is the course row's id when it is known (a course published from the
 * browser keeps its item's), else the row is found by its slug. Answers the course row's id.
 */
export async function writeCourseRows(tx: Tx, course: CourseRows, id?: string): Promise<string> {
  const values = {
    slug: course.slug, title: course.title, description: course.description, category: course.category, level: course.level,
    price: course.price, status: course.status, thumbnail: course.thumbnail, credits: course.credits, passPercent: course.passPercent,
  };
  const [row] = id
    ? await tx.insert(courses).values({ id, ...values }).onConflictDoUpdate({ target: courses.id, set: values }).returning({ id: courses.id })
    : await tx.insert(courses).values(values).onConflictDoUpdate({ target: courses.slug, set: values }).returning({ id: courses.id });
  const courseId = row!.id;
  await tx.delete(courseObjectives).where(eq(courseObjectives.courseId, courseId));
  await tx.insert(courseObjectives).values(course.objectives.map((description, position) => ({
    id: stableId(course.slug, 'objective', position), courseId, position, description,
  })));
  // Sections, lessons and questions are updated in place, never deleted and made again: learners' progress and
  // answers point at lessons and questions, and survive a re-import of unchanged (or extended) content.
  const sections = course.sections.map((section, position) => ({
    id: stableId(course.slug, 'section', position), courseId, position, title: section.title,
  }));
  for (const section of sections) {
    await tx.insert(courseSections).values(section).onConflictDoUpdate({ target: courseSections.id, set: { position: section.position, title: section.title } });
  }
  const lessons = course.sections.flatMap((section, s) => section.lessons.map((lesson, position) => ({
    id: lessonIdOf(course.slug, lesson.slug), sectionId: sections[s]!.id, position, slug: lesson.slug, title: lesson.title,
    duration: lesson.minutes, body: lesson.html, words: lesson.words,
  })));
  for (const lesson of lessons) {
    const { id: _id, ...set } = lesson;
    await tx.insert(courseLessons).values(lesson).onConflictDoUpdate({ target: courseLessons.id, set });
  }
  const sectionIds = sections.map((s) => s.id);
  const lessonIds = lessons.map((l) => l.id);
  const ofCourse = inArray(courseLessons.sectionId, tx.select({ id: courseSections.id }).from(courseSections).where(eq(courseSections.courseId, courseId)));
  await tx.delete(courseLessons).where(lessonIds.length ? and(ofCourse, notInArray(courseLessons.id, lessonIds)) : ofCourse);
  await tx.delete(courseSections).where(and(eq(courseSections.courseId, courseId), notInArray(courseSections.id, sectionIds)));

  const questions = (course.assessment?.questions ?? []).map((q, position) => ({
    id: stableId(course.slug, 'question', position), courseId, position, question: q.question, options: q.options,
    correctIndex: q.correctIndex, explanation: q.explanation, lessonId: lessonIdOf(course.slug, q.lesson),
  }));
  for (const question of questions) {
    const { id: _id, ...set } = question;
    await tx.insert(courseQuestions).values(question).onConflictDoUpdate({ target: courseQuestions.id, set });
  }
  const questionIds = questions.map((q) => q.id);
  await tx.delete(courseQuestions).where(questionIds.length ? and(eq(courseQuestions.courseId, courseId), notInArray(courseQuestions.id, questionIds)) : eq(courseQuestions.courseId, courseId));
  return courseId;
}

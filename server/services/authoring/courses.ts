/**
 * The courses' kind handler (issue 38, ADR 168): a course's own fields, objectives, its outline of modules and lessons
 * (each lesson's Markdown in the lesson format of docs/content-format.md) and its assessment's questions. A draft may
 * lack lesson bodies and questions; publishing holds every lesson to the import's lesson rules and asks for 6 to 10
 * questions, then writes the course's rows (the import's own writer, so lesson ids and learners' progress are the
 * same) and its search entries in the publishing transaction. Unpublishing makes the course a draft again (status 0),
 * never while members are enrolled.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { COURSE_MAX_QUESTIONS, COURSE_MIN_QUESTIONS, type CourseFields, courseFieldsSchema, lessonErrorKey } from '../../../src/domain/authoring';
import { stripHtml } from '../../../src/domain/text';
import { UPLOADED_PICTURE } from '../../../src/domain/uploads';
import { type LessonRow, lessonIdOf, stableId, writeCourseRows } from '../../content-import/course-rows';
import { LessonRuleError, readLesson } from '../../content-import/lesson-markdown';
import { courses, enrolments } from '../../data/schema';
import { rebuildWords, removeDocuments, upsertDocument } from '../../data/search';
import { storedPaths } from '../../data/uploads';
import { sanitizeLessonHtml } from '../../render/sanitize';
import { DomainError, invalid } from '../errors';
import type { KindHandler } from './kind';

export const COURSE_HAS_LEARNERS = 'Members are enrolled in this course: it stays published while they take it';
/**
 * A course's sections and lessons take their ids from its slug and theirs (course-rows.ts), and learners' progress
 * and the lessons' addresses are kept by those ids: a published course keeps its slug (a draft changes it freely).
 */
export const COURSE_SLUG_KEPT = "A published course keeps its slug: its lessons' addresses and learners' progress are made from it";
export const courseUrl = (id: string) => `/courses/view/${id}`;
export { lessonErrorKey };

type Read = { sections: { title: string; lessons: LessonRow[] }[]; problems: Record<string, string> };

/** Each lesson checked against the lesson rules and rendered; a lesson that breaks one is named with its rule. */
function readLessons(fields: CourseFields, figureExists: (path: string) => boolean): Read {
  const problems: Record<string, string> = {};
  const sections = fields.sections.map((section) => ({
    title: section.title,
    lessons: section.lessons.flatMap((lesson): LessonRow[] => {
      try {
        const read = readLesson(lesson.body, `/media/lessons/${fields.slug}/`, figureExists);
        return [{ slug: lesson.slug, title: lesson.title, html: sanitizeLessonHtml(read.html), words: read.words, minutes: read.minutes }];
      } catch (error) {
        if (!(error instanceof LessonRuleError)) throw error;
        problems[lessonErrorKey(lesson.slug)] = error.field === 'body' ? error.message : `${error.field}: ${error.message}`;
        return [];
      }
    }),
  }));
  return { sections, problems };
}

/** The course's search entries: the course (public) and each lesson (members), as the import's full index writes them. */
async function indexCourse(tx: Parameters<KindHandler['publish']>[0], id: string, fields: CourseFields, sections: Read['sections']) {
  await removeDocuments(tx, 'course', [id]);
  await upsertDocument(tx, {
    kind: 'course', refId: id, title: fields.title, summary: fields.description,
    body: [...fields.objectives, ...sections.flatMap((s) => [s.title, ...s.lessons.map((l) => l.title)])].join('. '),
    url: courseUrl(id), visibility: 'public',
  });
  for (const section of sections) {
    for (const lesson of section.lessons) {
      const lessonId = lessonIdOf(fields.slug, lesson.slug);
      await upsertDocument(tx, {
        kind: 'lesson', refId: lessonId, title: lesson.title, summary: `${fields.title}: ${section.title}`, body: stripHtml(lesson.html),
        url: `${courseUrl(id)}/lessons/${lessonId}`, visibility: 'members', parentId: id,
      });
    }
  }
  await rebuildWords(tx);
}

async function enrolled(tx: Parameters<KindHandler['publish']>[0], courseId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(enrolments).where(eq(enrolments.courseId, courseId));
  return row?.n ?? 0;
}

/** The uploads a course's lessons name (UPLOADED_PICTURE, anywhere in their Markdown), looked for before it is read. */
const UPLOAD_PATHS = new RegExp(UPLOADED_PICTURE.source.replace(/^\^|\$$/g, ''), 'g');

/**
 * `mediaDir` holds the content folder's pictures (/media/…): a lesson's SVG figures must be there, as at import; a
 * picture uploaded in the console must be among the uploads (ADR 173).
 */
export function courseHandler(mediaDir: string): KindHandler<CourseFields> {
  const figureCheck = async (db: Parameters<typeof storedPaths>[0], fields: CourseFields) => {
    const named = fields.sections.flatMap((s) => s.lessons.flatMap((l) => l.body.match(UPLOAD_PATHS) ?? []));
    const uploaded = await storedPaths(db, named);
    return (path: string) => (path.startsWith('/files/uploads/') ? uploaded.has(path) : existsSync(join(mediaDir, path.slice('/media/'.length))));
  };
  /** The lessons read, and what keeps the course from being published: lesson rules, its assessment, a changed slug. */
  const publishing = async (db: Parameters<typeof storedPaths>[0], fields: CourseFields, liveId: string) => {
    const { sections, problems } = readLessons(fields, await figureCheck(db, fields));
    const fieldErrors: Record<string, string> = { ...problems };
    if (fields.questions.length < COURSE_MIN_QUESTIONS) {
      fieldErrors.questions = `A published course needs its assessment: ${COURSE_MIN_QUESTIONS} to ${COURSE_MAX_QUESTIONS} questions`;
    }
    const [live] = await db.select({ slug: courses.slug }).from(courses).where(eq(courses.id, liveId));
    if (live && live.slug !== fields.slug) fieldErrors.slug = COURSE_SLUG_KEPT;
    return { sections, fieldErrors };
  };
  return {
    kind: 'courses',
    schema: courseFieldsSchema as never,
    keyOf: (fields) => fields.slug,
    titleOf: (fields) => fields.title,
    blank: () => ({ credits: [], passPercent: 70, questions: [] }),
    publishable: async (db, fields, liveId) => (await publishing(db, fields, liveId)).fieldErrors,
    async publish(tx, fields, { liveId }) {
      const { sections, fieldErrors } = await publishing(tx, fields, liveId);
      if (Object.keys(fieldErrors).length) throw new DomainError('invalid', 'Some fields need attention', undefined, { fieldErrors });
      await writeCourseRows(tx, { ...fields, status: 1, sections, assessment: { questions: fields.questions } }, liveId);
      await indexCourse(tx, liveId, fields, sections);
      return liveId;
    },
    async unpublish(tx, liveId) {
      if ((await enrolled(tx, liveId)) > 0) throw invalid(COURSE_HAS_LEARNERS);
      await tx.update(courses).set({ status: 0 }).where(eq(courses.id, liveId));
      await removeDocuments(tx, 'course', [liveId]);
      await rebuildWords(tx);
    },
    publicUrl: courseUrl,
    async preview(db, fields, id) {
      const { sections, problems } = readLessons(fields, await figureCheck(db, fields));
      const minutesOf = (slug: string) => sections.flatMap((s) => s.lessons).find((l) => l.slug === slug)?.minutes ?? 0;
      return {
        _id: id, title: fields.title, description: fields.description, category: fields.category, level: fields.level,
        thumbnail: fields.thumbnail, price: fields.price, status: 1, credits: fields.credits,
        duration: sections.flatMap((s) => s.lessons).reduce((sum, l) => sum + l.minutes, 0),
        objectives: fields.objectives.map((description, i) => ({ _id: stableId(fields.slug, 'objective', i), description })),
        sections: fields.sections.map((section, i) => ({
          _id: stableId(fields.slug, 'section', i), title: section.title,
          content: section.lessons.map((l) => ({ _id: lessonIdOf(fields.slug, l.slug), title: l.title, duration: minutesOf(l.slug) })),
        })),
        /** Each lesson as its page shows it, or what keeps it from being published. */
        lessons: fields.sections.flatMap((section) => section.lessons.map((l) => ({
          slug: l.slug, title: l.title, html: sections.flatMap((s) => s.lessons).find((r) => r.slug === l.slug)?.html ?? null,
          problem: problems[lessonErrorKey(l.slug)] ?? null,
        }))),
        questions: fields.questions.length,
      };
    },
  };
}

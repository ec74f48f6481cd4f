/**
 * Taking courses: enrolments, lesson progress, assessment attempts and answers, certificates. Every write that must
 * count once is guarded by a key (enrolment per member and course, progress per member and lesson, one attempt in
 * progress, one certificate per member and course), never by a read before it.
 */
import { and, asc, count, desc, eq, inArray, max, sql } from 'drizzle-orm';
import { isUuid } from '../../src/domain/ids';
import type { Db, Tx } from './client';
import {
  assessmentAnswers, assessmentAttempts, certificates, courseLessons, courseQuestions, courses, courseSections, enrolments,
  lessonProgress, users,
} from './schema';

export type CourseRow = typeof courses.$inferSelect;
export type AttemptRow = typeof assessmentAttempts.$inferSelect;
export type QuestionRow = typeof courseQuestions.$inferSelect;
export type AnswerRow = typeof assessmentAnswers.$inferSelect;
export type CertificateRow = typeof certificates.$inferSelect;
type Reader = Db | Tx;

export interface OutlineLesson {
  id: string;
  title: string;
  duration: number;
  sectionTitle: string;
}

export async function findCourseRow(db: Reader, idOrSlug: string): Promise<CourseRow | undefined> {
  const [row] = await db.select().from(courses).where(isUuid(idOrSlug) ? eq(courses.id, idOrSlug) : eq(courses.slug, idOrSlug)).limit(1);
  return row;
}

/** A lesson's title with its published course's id and title, in one query; undefined when either is not there. */
export async function lessonTitles(db: Reader, courseIdOrSlug: string, lessonId: string): Promise<{ courseId: string; courseTitle: string; lessonTitle: string } | undefined> {
  if (!isUuid(lessonId)) return undefined;
  const [row] = await db
    .select({ courseId: courses.id, courseTitle: courses.title, lessonTitle: courseLessons.title })
    .from(courseLessons)
    .innerJoin(courseSections, eq(courseSections.id, courseLessons.sectionId))
    .innerJoin(courses, eq(courses.id, courseSections.courseId))
    .where(and(eq(courseLessons.id, lessonId), eq(courses.status, 1), isUuid(courseIdOrSlug) ? eq(courses.id, courseIdOrSlug) : eq(courses.slug, courseIdOrSlug)))
    .limit(1);
  return row;
}

/** The course's lessons in order (module, then lesson), without their bodies. */
export function outlineOf(db: Reader, courseId: string): Promise<OutlineLesson[]> {
  return db
    .select({ id: courseLessons.id, title: courseLessons.title, duration: courseLessons.duration, sectionTitle: courseSections.title })
    .from(courseLessons)
    .innerJoin(courseSections, eq(courseSections.id, courseLessons.sectionId))
    .where(eq(courseSections.courseId, courseId))
    .orderBy(asc(courseSections.position), asc(courseLessons.position));
}

export async function lessonBody(db: Reader, lessonId: string): Promise<string | undefined> {
  const [row] = await db.select({ body: courseLessons.body }).from(courseLessons).where(eq(courseLessons.id, lessonId)).limit(1);
  return row?.body;
}

/** Enrols the member; a second call (or a parallel one) changes nothing. */
export async function enrol(db: Reader, userId: string, courseId: string): Promise<void> {
  await db.insert(enrolments).values({ userId, courseId }).onConflictDoNothing();
}

/** When the member enrolled; undefined when they have not. */
export async function enrolmentOf(db: Reader, userId: string, courseId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ enrolledAt: enrolments.enrolledAt })
    .from(enrolments)
    .where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId)))
    .limit(1);
  return row?.enrolledAt;
}

/** Marks the lesson complete once per member (the primary key); completing also enrols. */
export async function markLessonComplete(db: Db, userId: string, courseId: string, lessonId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(enrolments).values({ userId, courseId }).onConflictDoNothing();
    await tx.insert(lessonProgress).values({ userId, courseId, lessonId }).onConflictDoNothing();
  });
}

export async function completedLessonIds(db: Reader, userId: string, courseId: string): Promise<string[]> {
  const rows = await db
    .select({ lessonId: lessonProgress.lessonId })
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.courseId, courseId)));
  return rows.map((r) => r.lessonId);
}

/** The assessment's questions in order. */
export function questionsOf(db: Reader, courseId: string): Promise<QuestionRow[]> {
  return db.select().from(courseQuestions).where(eq(courseQuestions.courseId, courseId)).orderBy(asc(courseQuestions.position));
}

export async function countQuestions(db: Reader, courseId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(courseQuestions).where(eq(courseQuestions.courseId, courseId));
  return row?.n ?? 0;
}

/** The member's completed attempts: how many, the best score, and whether any passed. */
export async function attemptSummary(db: Reader, userId: string, courseId: string): Promise<{ attempts: number; best: number | null; passed: boolean }> {
  const [row] = await db
    .select({
      attempts: count(),
      best: max(assessmentAttempts.score),
      passed: sql<boolean>`coalesce(bool_or(${assessmentAttempts.passed}), false)`,
    })
    .from(assessmentAttempts)
    .where(and(eq(assessmentAttempts.userId, userId), eq(assessmentAttempts.courseId, courseId), eq(assessmentAttempts.status, 'completed')));
  return { attempts: row?.attempts ?? 0, best: row?.best ?? null, passed: Boolean(row?.passed) };
}

export async function inProgressAttempt(db: Reader, userId: string, courseId: string): Promise<AttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(assessmentAttempts)
    .where(and(eq(assessmentAttempts.userId, userId), eq(assessmentAttempts.courseId, courseId), eq(assessmentAttempts.status, 'in-progress')))
    .limit(1);
  return row;
}

/** A new attempt; undefined when another request started one at the same moment (the partial unique index). */
export async function insertAttempt(db: Reader, attempt: { userId: string; courseId: string; totalQuestions: number }): Promise<AttemptRow | undefined> {
  const [row] = await db.insert(assessmentAttempts).values(attempt).onConflictDoNothing().returning();
  return row;
}

/** The attempt; `lock` takes its row for the rest of the transaction (answers to one attempt queue up). */
export async function findAttempt(db: Reader, id: string, lock = false): Promise<AttemptRow | undefined> {
  const query = db.select().from(assessmentAttempts).where(eq(assessmentAttempts.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Saves an answer; undefined when that question of the attempt was answered already. */
export async function insertAnswer(
  db: Reader,
  answer: { attemptId: string; questionIndex: number; questionId: string; selectedOption: number; isCorrect: boolean },
): Promise<AnswerRow | undefined> {
  const [row] = await db.insert(assessmentAnswers).values(answer).onConflictDoNothing().returning();
  return row;
}

export function answersOfAttempt(db: Reader, attemptId: string): Promise<AnswerRow[]> {
  return db.select().from(assessmentAnswers).where(eq(assessmentAnswers.attemptId, attemptId)).orderBy(asc(assessmentAnswers.questionIndex));
}

export async function countAnswers(db: Reader, attemptId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(assessmentAnswers).where(eq(assessmentAnswers.attemptId, attemptId));
  return row?.n ?? 0;
}

/** The score is always recounted from the saved answers, never taken from a client. */
export async function recountScore(db: Reader, attemptId: string): Promise<number> {
  const [row] = await db
    .update(assessmentAttempts)
    .set({
      score: sql<number>`(select count(*)::int from ${assessmentAnswers} where ${assessmentAnswers.attemptId} = ${attemptId} and ${assessmentAnswers.isCorrect})`,
    })
    .where(eq(assessmentAttempts.id, attemptId))
    .returning({ score: assessmentAttempts.score });
  return row!.score;
}

export async function markAttemptCompleted(db: Reader, attemptId: string, score: number, passed: boolean, completedAt: Date): Promise<AttemptRow> {
  const [row] = await db
    .update(assessmentAttempts)
    .set({ status: 'completed', score, passed, completedAt })
    .where(eq(assessmentAttempts.id, attemptId))
    .returning();
  return row!;
}

export async function learnerNames(db: Reader, userId: string): Promise<{ firstName: string; lastName: string; email: string } | undefined> {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function certificateFor(db: Reader, userId: string, courseId: string): Promise<CertificateRow | undefined> {
  const [row] = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId)))
    .limit(1);
  return row;
}

export async function findCertificate(db: Reader, id: string): Promise<CertificateRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(certificates).where(eq(certificates.id, id)).limit(1);
  return row;
}

/** Issues the certificate once per member and course (the unique key); a later call answers the first one. */
export async function issueCertificate(db: Reader, certificate: Omit<typeof certificates.$inferInsert, 'id'>): Promise<CertificateRow> {
  const [created] = await db.insert(certificates).values(certificate).onConflictDoNothing().returning();
  return created ?? (await certificateFor(db, certificate.userId, certificate.courseId!))!;
}

/**
 * The member's enrolled courses, newest enrolment first, each with its lesson ids in order, the ids the member
 * completed, and the certificate when there is one: four queries whatever the number of courses.
 */
export async function enrolledCourses(db: Db, userId: string) {
  const rows = await db
    .select({ course: courses, enrolledAt: enrolments.enrolledAt })
    .from(enrolments)
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .where(eq(enrolments.userId, userId))
    .orderBy(desc(enrolments.enrolledAt), asc(courses.title));
  if (rows.length === 0) return [];
  const courseIds = rows.map((r) => r.course.id);
  const [lessons, done, issued] = await Promise.all([
    db
      .select({ id: courseLessons.id, courseId: courseSections.courseId })
      .from(courseLessons)
      .innerJoin(courseSections, eq(courseSections.id, courseLessons.sectionId))
      .where(inArray(courseSections.courseId, courseIds))
      .orderBy(asc(courseSections.position), asc(courseLessons.position)),
    db
      .select({ lessonId: lessonProgress.lessonId, courseId: lessonProgress.courseId })
      .from(lessonProgress)
      .where(and(eq(lessonProgress.userId, userId), inArray(lessonProgress.courseId, courseIds))),
    db.select().from(certificates).where(and(eq(certificates.userId, userId), inArray(certificates.courseId, courseIds))),
  ]);
  return rows.map(({ course }) => ({
    course,
    lessonIds: lessons.filter((l) => l.courseId === course.id).map((l) => l.id),
    completedIds: done.filter((d) => d.courseId === course.id).map((d) => d.lessonId),
    certificate: issued.find((c) => c.courseId === course.id) ?? null,
  }));
}

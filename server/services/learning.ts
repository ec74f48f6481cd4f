/**
 * Taking a course (issue 13): enrolment, reading lessons, progress, the course assessment, and the certificate it
 * earns. The topic quiz's rules hold for the assessment: answers are saved as given, nothing is leaked before
 * answering (the right option and explanation come back only with the answer), the server keeps the score. It opens
 * only when every lesson is complete; the pass mark is 70%, retakes are allowed and the best score is kept. Everything
 * here is the caller's own: no call reads or writes another member's progress, attempts or certificates.
 */
import { isUuid } from '../../src/domain/ids';
import {
  type AssessmentAnswer, type AssessmentAttempt, type Certificate, type CourseProgress, firstUnfinished, type LearningCourse,
  type LessonView, passes, percentOf,
} from '../../src/domain/learning';
import type { Db, Tx } from '../data/client';
import {
  type AttemptRow, answersOfAttempt, attemptSummary, certificateFor, completedLessonIds, countAnswers, countQuestions,
  type CourseRow, enrol, enrolledCourses, enrolmentOf, findAttempt, findCourseRow, inProgressAttempt, insertAnswer, insertAttempt,
  lessonBody, lessonTitles, markAttemptCompleted, markLessonComplete, outlineOf, type QuestionRow, questionsOf, recountScore,
} from '../data/learning';
import { bestPassedAttempt } from '../data/certificates';
import type { CertificateService } from './certificates';
import type { CpdCredit } from './cpd-credit';
import { conflict, forbidden, invalid, notFound } from './errors';

export const COURSE_NOT_FOUND = 'Course not found';
export const LESSON_NOT_FOUND = 'Lesson not found';
export const ATTEMPT_NOT_FOUND = 'Assessment attempt not found';
export const NOT_YOUR_ATTEMPT = 'This assessment attempt belongs to another learner';
export const ASSESSMENT_LOCKED = 'Complete every lesson to unlock the assessment';
export const NO_ASSESSMENT = 'This course has no assessment yet';
export const ALREADY_COMPLETED = 'This assessment is already completed';
export const ALREADY_ANSWERED = 'This question has already been answered';
export const NOT_FINISHED = 'Answer every question before finishing the assessment';
export const NOT_PASSED = 'Pass the assessment to earn the certificate';

export class LearningService {
  constructor(
    private readonly db: Db,
    private readonly certificates: CertificateService,
    /** Writes continuing-education credit when a pass earns it (issue 39); none in tests that do not need it. */
    private readonly credit: CpdCredit | null = null,
  ) {}

  /** A published course by id or slug (drafts cannot be taken). */
  private async course(idOrSlug: string): Promise<CourseRow> {
    const course = await findCourseRow(this.db, idOrSlug);
    if (course?.status !== 1) throw notFound(COURSE_NOT_FOUND);
    return course;
  }

  private async progressOf(userId: string, course: CourseRow): Promise<CourseProgress> {
    const [outline, done, enrolledAt, totalQuestions, summary, inProgress, certificate] = await Promise.all([
      outlineOf(this.db, course.id),
      completedLessonIds(this.db, userId, course.id),
      enrolmentOf(this.db, userId, course.id),
      countQuestions(this.db, course.id),
      attemptSummary(this.db, userId, course.id),
      inProgressAttempt(this.db, userId, course.id),
      certificateFor(this.db, userId, course.id),
    ]);
    const lessonIds = outline.map((l) => l.id);
    const doneSet = new Set(done);
    const completed = lessonIds.filter((id) => doneSet.has(id));
    const allDone = lessonIds.length > 0 && completed.length === lessonIds.length;
    return {
      courseId: course.id,
      enrolled: enrolledAt !== undefined,
      enrolledAt: enrolledAt?.toISOString() ?? null,
      completedLessonIds: completed,
      completedLessons: completed.length,
      totalLessons: lessonIds.length,
      percent: percentOf(completed.length, lessonIds.length),
      nextLessonId: firstUnfinished(lessonIds, doneSet),
      assessment: {
        unlocked: allDone && totalQuestions > 0,
        totalQuestions,
        attempts: summary.attempts,
        bestScore: summary.best,
        bestPercent: summary.best === null || totalQuestions === 0 ? null : Math.round((summary.best * 100) / totalQuestions),
        passed: summary.passed,
        inProgressAttemptId: inProgress?.id ?? null,
      },
      certificateId: certificate?.id ?? null,
    };
  }

  async progress(userId: string, courseIdOrSlug: string): Promise<CourseProgress> {
    return this.progressOf(userId, await this.course(courseIdOrSlug));
  }

  /** 'Get Started!': enrols once (idempotent) and answers the progress, whose nextLessonId is where to go. */
  async enrol(userId: string, courseIdOrSlug: string): Promise<CourseProgress> {
    const course = await this.course(courseIdOrSlug);
    await enrol(this.db, userId, course.id);
    return this.progressOf(userId, course);
  }

  async lesson(courseIdOrSlug: string, lessonId: string): Promise<LessonView> {
    const course = await this.course(courseIdOrSlug);
    const outline = await outlineOf(this.db, course.id);
    const index = outline.findIndex((l) => l.id === lessonId);
    const lesson = outline[index];
    if (!lesson) throw notFound(LESSON_NOT_FOUND);
    return {
      _id: lesson.id,
      courseId: course.id,
      title: lesson.title,
      html: (await lessonBody(this.db, lesson.id)) ?? '',
      minutes: lesson.duration,
      sectionTitle: lesson.sectionTitle,
      number: index + 1,
      totalLessons: outline.length,
      previousLessonId: outline[index - 1]?.id ?? null,
      nextLessonId: outline[index + 1]?.id ?? null,
    };
  }

  /** A published course's lesson title with the course's, in one query, or undefined (a page's head). */
  lessonTitles(courseIdOrSlug: string, lessonId: string): Promise<{ courseId: string; courseTitle: string; lessonTitle: string } | undefined> {
    return lessonTitles(this.db, courseIdOrSlug, lessonId);
  }

  /** 'Mark as complete': counted once per member and lesson, however many times or tabs. */
  async completeLesson(userId: string, courseIdOrSlug: string, lessonId: string): Promise<CourseProgress> {
    const course = await this.course(courseIdOrSlug);
    const outline = await outlineOf(this.db, course.id);
    if (!outline.some((l) => l.id === lessonId)) throw notFound(LESSON_NOT_FOUND);
    await markLessonComplete(this.db, userId, course.id, lessonId);
    return this.progressOf(userId, course);
  }

  /** Starts the assessment or resumes the attempt in progress; locked until every lesson is complete. */
  async startAssessment(userId: string, courseIdOrSlug: string): Promise<AssessmentAttempt> {
    const course = await this.course(courseIdOrSlug);
    const progress = await this.progressOf(userId, course);
    if (progress.assessment.totalQuestions === 0) throw conflict(NO_ASSESSMENT);
    if (progress.completedLessons < progress.totalLessons) throw forbidden(ASSESSMENT_LOCKED);
    let attempt = await inProgressAttempt(this.db, userId, course.id);
    attempt ??=
      (await insertAttempt(this.db, { userId, courseId: course.id, totalQuestions: progress.assessment.totalQuestions })) ??
      (await inProgressAttempt(this.db, userId, course.id));
    return this.view(attempt!);
  }

  /** The questions and options to read, as an attempt shows them: refused until every lesson is complete, as starting is. */
  async questionsToRead(userId: string, courseIdOrSlug: string): Promise<{ question: string; options: string[] }[]> {
    const course = await this.course(courseIdOrSlug);
    const progress = await this.progressOf(userId, course);
    if (progress.assessment.totalQuestions === 0) throw conflict(NO_ASSESSMENT);
    if (progress.completedLessons < progress.totalLessons) throw forbidden(ASSESSMENT_LOCKED);
    const questions = await questionsOf(this.db, course.id);
    return questions.slice(0, progress.assessment.totalQuestions).map((q) => ({ question: q.question, options: q.options }));
  }

  /** The attempt if it exists and is the caller's. */
  private async owned(db: Db | Tx, attemptId: string, userId: string, lock = false): Promise<AttemptRow> {
    if (!isUuid(attemptId)) throw notFound(ATTEMPT_NOT_FOUND);
    const attempt = await findAttempt(db, attemptId, lock);
    if (!attempt) throw notFound(ATTEMPT_NOT_FOUND);
    if (attempt.userId !== userId) throw forbidden(NOT_YOUR_ATTEMPT);
    return attempt;
  }

  async answer(userId: string, attemptId: string, input: { questionIndex: number; selectedOption: number }) {
    return this.db.transaction(async (tx) => {
      const attempt = await this.owned(tx, attemptId, userId, true);
      if (attempt.status === 'completed') throw conflict(ALREADY_COMPLETED);
      if (input.questionIndex >= attempt.totalQuestions) throw invalid(`questionIndex: must be between 0 and ${attempt.totalQuestions - 1}`);
      const question = (await questionsOf(tx, attempt.courseId))[input.questionIndex];
      if (!question) throw conflict('This question is no longer in the assessment');
      if (input.selectedOption >= question.options.length) throw invalid(`selectedOption: must be between 0 and ${question.options.length - 1}`);
      const isCorrect = input.selectedOption === question.correctIndex;
      const saved = await insertAnswer(tx, {
        attemptId, questionIndex: input.questionIndex, questionId: question.id, selectedOption: input.selectedOption, isCorrect,
      });
      if (!saved) throw conflict(ALREADY_ANSWERED);
      const score = await recountScore(tx, attemptId);
      return { isCorrect, correctOption: question.correctIndex, explanation: question.explanation, score };
    });
  }

  /**
   * Completes the attempt (a second call answers the same). A pass with every lesson complete earns the course's one
   * certificate, issued by `issueCertificate` once the member confirms the name on it (ADR 131): until then the
   * answer carries the name to offer. A certificate issued before is answered as it is.
   */
  async completeAssessment(userId: string, attemptId: string): Promise<{ attempt: AssessmentAttempt; certificate: Certificate | null; nameOnCertificate: string | null }> {
    const row = await this.db.transaction(async (tx) => {
      const attempt = await this.owned(tx, attemptId, userId, true);
      if (attempt.status === 'completed') return attempt;
      if ((await countAnswers(tx, attemptId)) < attempt.totalQuestions) throw conflict(NOT_FINISHED);
      const score = await recountScore(tx, attemptId);
      return markAttemptCompleted(tx, attemptId, score, passes(score, attempt.totalQuestions), new Date());
    });
    // Credit at the course's own pass mark, once however many completions arrive (issue 39).
    if (this.credit) await this.credit.coursePassed(this.db, userId, row.courseId, row);
    const existing = await certificateFor(this.db, userId, row.courseId);
    const due = !existing && row.passed && (await this.allLessonsDone(this.db, userId, row.courseId));
    return {
      attempt: await this.view(row),
      certificate: existing ? this.certificates.toCertificate(existing) : null,
      nameOnCertificate: due ? await this.certificates.suggestedName(this.db, userId) : null,
    };
  }

  private async allLessonsDone(db: Db | Tx, userId: string, courseId: string): Promise<boolean> {
    const outline = await outlineOf(db, courseId);
    const done = new Set(await completedLessonIds(db, userId, courseId));
    return outline.length > 0 && outline.every((l) => done.has(l.id));
  }

  /** The course progress with the name to offer when a pass waits for its certificate (ADR 131). */
  async progressWithName(userId: string, courseIdOrSlug: string): Promise<{ progress: CourseProgress; nameOnCertificate: string | null }> {
    const progress = await this.progress(userId, courseIdOrSlug);
    const due = progress.assessment.passed && progress.certificateId === null && progress.totalLessons > 0 && progress.completedLessons === progress.totalLessons;
    return { progress, nameOnCertificate: due ? await this.certificates.suggestedName(this.db, userId) : null };
  }

  /**
   * Issues the member's certificate for a course they passed with every lesson complete, under the name they
   * confirmed; the name is kept and the certificate written in one transaction (ADR 128). A certificate issued before
   * is answered as it is.
   */
  async issueCertificate(userId: string, courseIdOrSlug: string, name: string): Promise<Certificate> {
    const course = await this.course(courseIdOrSlug);
    return this.db.transaction(async (tx) => {
      const existing = await certificateFor(tx, userId, course.id);
      if (existing) return this.certificates.toCertificate(existing);
      const best = await bestPassedAttempt(tx, userId, course.id);
      if (!best) throw forbidden(NOT_PASSED);
      if (!(await this.allLessonsDone(tx, userId, course.id))) throw forbidden(ASSESSMENT_LOCKED);
      return this.certificates.issue(tx, userId, course.id, best.score, best.totalQuestions, name);
    });
  }

  /**
   * 'My learning': courses in progress and completed (with their certificates), newest enrolment first. A certificate
   * issued under an email address is first reissued under the member's name (ADR 131).
   */
  async mine(userId: string): Promise<{ inProgress: LearningCourse[]; completed: LearningCourse[]; nameNeeded: boolean }> {
    const { nameNeeded } = await this.certificates.reissueEmailNamed(userId);
    const rows = await enrolledCourses(this.db, userId);
    const courses = rows.map(({ course, lessonIds, completedIds, certificate }): LearningCourse => {
      const done = new Set(completedIds);
      const completed = lessonIds.filter((id) => done.has(id)).length;
      return {
        courseId: course.id,
        title: course.title,
        category: course.category,
        thumbnail: course.thumbnail,
        percent: percentOf(completed, lessonIds.length),
        completedLessons: completed,
        totalLessons: lessonIds.length,
        nextLessonId: firstUnfinished(lessonIds, done),
        certificate: certificate ? this.certificates.toCertificate(certificate) : null,
      };
    });
    return { inProgress: courses.filter((c) => !c.certificate), completed: courses.filter((c) => c.certificate), nameNeeded };
  }

  /** The attempt as the learner may see it: the right option and explanation only for answered questions. */
  private async view(attempt: AttemptRow): Promise<AssessmentAttempt> {
    const [questions, answers] = await Promise.all([questionsOf(this.db, attempt.courseId), answersOfAttempt(this.db, attempt.id)]);
    const byId = new Map<string, QuestionRow>(questions.map((q) => [q.id, q]));
    return {
      _id: attempt.id,
      courseId: attempt.courseId,
      status: attempt.status as AssessmentAttempt['status'],
      score: attempt.score,
      totalQuestions: attempt.totalQuestions,
      questions: questions.slice(0, attempt.totalQuestions).map((q) => ({ question: q.question, options: q.options })),
      answers: answers.flatMap((a): AssessmentAnswer[] => {
        const question = byId.get(a.questionId);
        return question
          ? [{ questionIndex: a.questionIndex, selectedOption: a.selectedOption, isCorrect: a.isCorrect, correctOption: question.correctIndex, explanation: question.explanation }]
          : [];
      }),
      passed: attempt.passed,
      createdAt: attempt.createdAt.toISOString(),
      completedAt: attempt.completedAt?.toISOString() ?? null,
    };
  }
}

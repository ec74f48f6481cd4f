/**
 * Taking a course: progress through its lessons, the course assessment (pass mark 70%), and the certificate that
 * passing with every lesson complete earns. Pure rules and the shapes the API answers.
 */
import { z } from 'zod';
import type { Course } from './content';

export const ASSESSMENT_PASS_PERCENT = 70;

export const assessmentSummarySchema = z.object({
  /** Every lesson is complete: the assessment may be taken. */
  unlocked: z.boolean(),
  totalQuestions: z.number(),
  attempts: z.number(),
  /** The best score of a completed attempt (retakes keep the best). */
  bestScore: z.number().nullable(),
  bestPercent: z.number().nullable(),
  passed: z.boolean(),
  inProgressAttemptId: z.string().nullable(),
});

export const courseProgressSchema = z.object({
  courseId: z.string(),
  enrolled: z.boolean(),
  enrolledAt: z.string().nullable(),
  completedLessonIds: z.array(z.string()),
  completedLessons: z.number(),
  totalLessons: z.number(),
  percent: z.number(),
  /** The first lesson not yet complete, in course order; null when every lesson is. */
  nextLessonId: z.string().nullable(),
  assessment: assessmentSummarySchema,
  certificateId: z.string().nullable(),
});
export type CourseProgress = z.infer<typeof courseProgressSchema>;

export const lessonViewSchema = z.object({
  _id: z.string(),
  courseId: z.string(),
  title: z.string(),
  /** Sanitised HTML rendered from the lesson's Markdown at import. */
  html: z.string(),
  minutes: z.number(),
  sectionTitle: z.string(),
  /** 1-based position of the lesson in the whole course. */
  number: z.number(),
  totalLessons: z.number(),
  previousLessonId: z.string().nullable(),
  nextLessonId: z.string().nullable(),
});
export type LessonView = z.infer<typeof lessonViewSchema>;

export const assessmentAnswerSchema = z.object({
  questionIndex: z.number(),
  selectedOption: z.number(),
  isCorrect: z.boolean(),
  correctOption: z.number(),
  explanation: z.string(),
});
export type AssessmentAnswer = z.infer<typeof assessmentAnswerSchema>;

export const assessmentAttemptSchema = z.object({
  _id: z.string(),
  courseId: z.string(),
  status: z.enum(['in-progress', 'completed']),
  score: z.number(),
  totalQuestions: z.number(),
  /** What the learner sees before answering: never the right option or the explanation. */
  questions: z.array(z.object({ question: z.string(), options: z.array(z.string()) })),
  answers: z.array(assessmentAnswerSchema),
  passed: z.boolean(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type AssessmentAttempt = z.infer<typeof assessmentAttemptSchema>;

export const certificateSchema = z.object({
  _id: z.string(),
  courseId: z.string().nullable(),
  learnerName: z.string(),
  courseTitle: z.string(),
  minutes: z.number(),
  hours: z.number(),
  score: z.number(),
  totalQuestions: z.number(),
  issuedAt: z.string(),
  verificationUrl: z.string(),
});
export type Certificate = z.infer<typeof certificateSchema>;

/** What anyone may read about a certificate: no score, no account. */
export const publicCertificateSchema = certificateSchema.pick({
  _id: true, learnerName: true, courseTitle: true, hours: true, issuedAt: true, verificationUrl: true,
}).extend({ valid: z.literal(true) });
export type PublicCertificate = z.infer<typeof publicCertificateSchema>;

export const learningCourseSchema = z.object({
  courseId: z.string(),
  title: z.string(),
  category: z.string(),
  thumbnail: z.string(),
  percent: z.number(),
  completedLessons: z.number(),
  totalLessons: z.number(),
  nextLessonId: z.string().nullable(),
  certificate: certificateSchema.nullable(),
});
export type LearningCourse = z.infer<typeof learningCourseSchema>;

/** Whole percent of lessons complete, rounded down so 100 means every lesson. */
export function percentOf(completed: number, total: number): number {
  return total === 0 ? 0 : Math.floor((completed * 100) / total);
}

export function passes(score: number, total: number): boolean {
  return total > 0 && score * 100 >= ASSESSMENT_PASS_PERCENT * total;
}

/** A certificate's hours: the lessons' minutes in hours, to one decimal, at least 0.1. */
export function hoursOf(minutes: number): number {
  return Math.max(0.1, Math.round(minutes / 6) / 10);
}

/** "3 of 7 lessons" */
export function lessonsDoneText(completed: number, total: number): string {
  return `${completed} of ${total} lesson${total === 1 ? '' : 's'}`;
}

/** The course's lessons in order, flattened from its modules. */
export function lessonsInOrder(course: Pick<Course, 'sections'>): { _id: string; title: string; duration: number; sectionTitle: string }[] {
  return course.sections.flatMap((s) => s.content.map((l) => ({ ...l, sectionTitle: s.title })));
}

/** The first lesson not in `completed`, in course order, or null when every lesson is complete. */
export function firstUnfinished(lessonIds: readonly string[], completed: ReadonlySet<string> | readonly string[]): string | null {
  const done = completed instanceof Set ? completed : new Set(completed);
  return lessonIds.find((id) => !done.has(id)) ?? null;
}

/**
 * The progress as it will be once `lessonId` is complete: shown at once while the server saves the mark, so 'Mark as
 * complete' answers in the next frame. Whether the assessment unlocks stays the server's word.
 */
export function withLessonComplete(progress: CourseProgress, lessonIds: readonly string[], lessonId: string): CourseProgress {
  if (progress.completedLessonIds.includes(lessonId) || !lessonIds.includes(lessonId)) return progress;
  const done = new Set([...progress.completedLessonIds, lessonId]);
  const completed = lessonIds.filter((id) => done.has(id));
  return {
    ...progress,
    enrolled: true,
    completedLessonIds: completed,
    completedLessons: completed.length,
    percent: percentOf(completed.length, progress.totalLessons),
    nextLessonId: firstUnfinished(lessonIds, done),
  };
}

/**
 * Taking a course: progress through its lessons, the course assessment (pass mark 70%), and the certificate that
 * passing with every lesson complete earns. Pure rules and the shapes the API answers; their zod schemas live in
 * learning.schema.ts, so machines and views use the rules without loading zod.
 */
import type { CreditLine } from './cpd.schema';
import type { Course } from './content';

export const ASSESSMENT_PASS_PERCENT = 70;

/** The course assessment as a learner's progress shows it. */
export interface AssessmentSummary {
  /** Every lesson is complete: the assessment may be taken. */
  unlocked: boolean;
  totalQuestions: number;
  attempts: number;
  /** The best score of a completed attempt (retakes keep the best). */
  bestScore: number | null;
  bestPercent: number | null;
  passed: boolean;
  inProgressAttemptId: string | null;
}

export interface CourseProgress {
  courseId: string;
  enrolled: boolean;
  enrolledAt: string | null;
  completedLessonIds: string[];
  completedLessons: number;
  totalLessons: number;
  percent: number;
  /** The first lesson not yet complete, in course order; null when every lesson is. */
  nextLessonId: string | null;
  assessment: AssessmentSummary;
  certificateId: string | null;
}

export interface LessonView {
  _id: string;
  courseId: string;
  title: string;
  /** Sanitised HTML rendered from the lesson's Markdown at import. */
  html: string;
  minutes: number;
  sectionTitle: string;
  /** 1-based position of the lesson in the whole course. */
  number: number;
  totalLessons: number;
  previousLessonId: string | null;
  nextLessonId: string | null;
}

export interface AssessmentAnswer {
  questionIndex: number;
  selectedOption: number;
  isCorrect: boolean;
  correctOption: number;
  explanation: string;
}

export interface AssessmentAttempt {
  _id: string;
  courseId: string;
  status: 'in-progress' | 'completed';
  score: number;
  totalQuestions: number;
  /** What the learner sees before answering: never the right option or the explanation. */
  questions: { question: string; options: string[] }[];
  answers: AssessmentAnswer[];
  passed: boolean;
  createdAt: string;
  completedAt: string | null;
}

export interface Certificate {
  _id: string;
  courseId: string | null;
  learnerName: string;
  courseTitle: string;
  minutes: number;
  hours: number;
  score: number;
  totalQuestions: number;
  issuedAt: string;
  verificationUrl: string;
  /** The course's continuing-education credit lines at issue (issue 39), empty when none. */
  credits: CreditLine[];
}

/** What anyone may read about a certificate: no score, no account. */
export interface PublicCertificate
  extends Pick<Certificate, '_id' | 'learnerName' | 'courseTitle' | 'hours' | 'issuedAt' | 'verificationUrl' | 'credits'> {
  valid: true;
}

export interface LearningCourse {
  courseId: string;
  title: string;
  category: string;
  thumbnail: string;
  percent: number;
  completedLessons: number;
  totalLessons: number;
  nextLessonId: string | null;
  certificate: Certificate | null;
}

/** Whole percent of lessons complete, rounded down so 100 means every lesson. */
export function percentOf(completed: number, total: number): number {
  return total === 0 ? 0 : Math.floor((completed * 100) / total);
}

/** How many right answers a quiz of `total` questions asks for at `passPercent` (70% of 5 asks for 4). */
export const rightAnswersNeeded = (total: number, passPercent: number) => Math.ceil((passPercent * total) / 100);

/** A score meets a mark given in percent of the questions answered right (70% of 5 asks for 4). */
export function meetsMark(score: number, total: number, passPercent: number): boolean {
  return total > 0 && score * 100 >= passPercent * total;
}

export function passes(score: number, total: number): boolean {
  return meetsMark(score, total, ASSESSMENT_PASS_PERCENT);
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

/** The course machine's words, types and rules (course-progress.machine.ts): the spec's texts, the context, events. */
import type { Course } from '../domain/content';
import type { AssessmentAnswer, AssessmentAttempt, Certificate, CourseProgress, LessonView } from '../domain/learning';
import { ApiError } from './api-error';

/** Why a course could not be shown, in the spec's words (a missing lesson keeps the server's 'Lesson not found'). */
export function courseLoadErrorText(error: unknown): string {
  if (error instanceof ApiError && error.kind === 'http' && error.status === 404) {
    return error.message === 'Lesson not found' ? error.message : COURSE_TEXT.notFound;
  }
  return error instanceof ApiError && error.kind === 'decode' ? COURSE_TEXT.unexpectedFormat : COURSE_TEXT.loadFailed;
}

export const COURSE_TEXT = {
  /** Spec section 8's course texts. */
  notFound: 'Course not found',
  loadFailed: 'Failed to fetch course',
  unexpectedFormat: 'Unexpected response format from server',
  enrolFailed: 'Could not start the course. Please try again.',
  lessonFailed: 'Could not open this lesson. Please try again.',
  markFailed: 'Could not save your progress. Please try again.',
  startFailed: 'Could not open the assessment. Please try again.',
  answerFailed: 'Failed to submit answer. Please try again.',
  finishFailed: 'Could not finish the assessment. Please try again.',
  issueFailed: 'Could not issue your certificate. Please try again.',
  marked: 'Lesson marked as complete',
} as const;

export type CourseScreen = 'overview' | 'lesson' | 'assessment';


export interface CourseProgressInput {
  courseId: string;
  /** The lesson of the URL, for the player. */
  lessonId: string | null;
  screen: CourseScreen;
}

export interface CourseProgressContext {
  courseId: string;
  screen: CourseScreen;
  lessonId: string | null;
  course: Course | null;
  progress: CourseProgress | null;
  /** The server's progress before a mark that is still being saved: a failed mark puts it back. */
  beforeMark: CourseProgress | null;
  lesson: LessonView | null;
  /** Why the course or the lesson could not be shown (the page's error). */
  error: string | null;
  /** Why the last action failed (an alert beside what the member did). */
  alert: string | null;
  attempt: AssessmentAttempt | null;
  /** The question on screen. */
  index: number;
  selected: number | null;
  answers: AssessmentAnswer[];
  score: number;
  certificate: Certificate | null;
  /** The name in the "name on your certificate" dialog, while a pass waits for its certificate (ADR 131). */
  certificateName: string;
  /** Why that name was refused (the dialog's error line). */
  nameError: string | null;
  /** What a screen reader hears after a step (a polite live region). */
  announcement: string;
}

export type CourseProgressEvent =
  | { type: 'course.loaded'; course: Course; progress: CourseProgress; lesson: LessonView | null; nameOnCertificate?: string | null }
  | { type: 'course.loadFailed'; message: string }
  | { type: 'course.start' }
  | { type: 'course.enrolled'; progress: CourseProgress }
  | { type: 'course.enrolFailed'; message: string }
  | { type: 'lesson.open'; lessonId: string }
  | { type: 'lesson.loaded'; lesson: LessonView }
  | { type: 'lesson.loadFailed'; message: string }
  | { type: 'lesson.complete' }
  /** `queued`: saved on this device without a connection, sent when it returns (ADR 174). */
  | { type: 'lesson.marked'; progress: CourseProgress; queued?: true }
  | { type: 'lesson.markFailed'; message: string }
  | { type: 'assessment.open' }
  | { type: 'assessment.started'; attempt: AssessmentAttempt }
  | { type: 'assessment.startFailed'; message: string }
  | { type: 'option.select'; option: number }
  | { type: 'answer.submit' }
  | { type: 'answer.saved'; answer: AssessmentAnswer; score: number }
  | { type: 'answer.failed'; message: string }
  | { type: 'assessment.continue' }
  | { type: 'assessment.finished'; attempt: AssessmentAttempt; certificate: Certificate | null; nameOnCertificate?: string | null }
  | { type: 'assessment.finishFailed'; message: string }
  | { type: 'assessment.retake' }
  | { type: 'certificate.name'; name: string }
  | { type: 'certificate.confirm' }
  | { type: 'certificate.cancel' }
  | { type: 'certificate.claim' }
  | { type: 'certificate.issued'; certificate: Certificate }
  | { type: 'certificate.issueFailed'; message: string }
  | { type: 'alert.dismissed' };

/** The first question of an attempt not answered yet (its length when every one is). */
export function firstUnanswered(attempt: AssessmentAttempt, answers: readonly AssessmentAnswer[]): number {
  const answered = new Set(answers.map((a) => a.questionIndex));
  // Stryker disable next-line EqualityOperator: at i = totalQuestions the loop returns totalQuestions, as after it (ADR 091).
  for (let i = 0; i < attempt.totalQuestions; i++) if (!answered.has(i)) return i;
  return attempt.totalQuestions;
}

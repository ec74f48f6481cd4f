/**
 * One course page's world, shared by its model-based tests (course-progress.machine.test.ts), the plain model they
 * compare with (course-progress.plain-model.ts) and its effects tests (course-progress.effects.test.ts): one course of
 * two lessons in two modules, its progress not started, half done and done, the lessons as the player shows them, an
 * assessment of two questions with its attempts (fresh and resumed), the certificate, and the three screens' inputs.
 */
import type { CourseProgressInput, CourseScreen } from '../../src/application/course-progress.machine';
import type { Course } from '../../src/domain/content';
import {
  type AssessmentAnswer, type AssessmentAttempt, type Certificate, type CourseProgress, type LessonView, lessonsInOrder, percentOf,
} from '../../src/domain/learning';

export const COURSE_ID = 'embodied-carbon';
const T0 = '2026-01-01T00:00:00.000Z';
const T1 = '2026-01-01T00:20:00.000Z';

export const COURSE: Course = {
  _id: COURSE_ID, title: 'Embodied Carbon Fundamentals', description: 'What embodied carbon is and how to cut it.', category: 'carbon',
  level: 'beginner', thumbnail: '/media/courses/carbon.svg', price: 0, duration: 9, status: 1,
  sections: [
    { _id: 's1', title: 'Why embodied carbon matters', content: [{ _id: 'l1', title: 'The big picture', duration: 4 }] },
    { _id: 's2', title: 'Measuring it', content: [{ _id: 'l2', title: 'Life-cycle stages', duration: 5 }] },
  ],
  objectives: [{ _id: 'o1', description: 'Explain the difference between embodied and operational carbon' }],
  credits: [],
};
export const ORDER = lessonsInOrder(COURSE).map((l) => l._id);
const QUESTIONS = 2;

export function progressOf(done: readonly string[], enrolled = true): CourseProgress {
  const completed = ORDER.filter((id) => done.includes(id));
  return {
    courseId: COURSE_ID, enrolled, enrolledAt: enrolled ? T0 : null, completedLessonIds: completed, completedLessons: completed.length,
    totalLessons: ORDER.length, percent: percentOf(completed.length, ORDER.length), nextLessonId: ORDER.find((id) => !completed.includes(id)) ?? null,
    assessment: {
      unlocked: completed.length === ORDER.length, totalQuestions: QUESTIONS, attempts: 0, bestScore: null, bestPercent: null, passed: false,
      inProgressAttemptId: null,
    },
    certificateId: null,
  };
}
export const NOT_STARTED = progressOf([], false);
export const HALF_DONE = progressOf(['l1']);
export const ALL_DONE = progressOf(ORDER);

function lessonView(id: string): LessonView {
  const lessons = lessonsInOrder(COURSE);
  const i = ORDER.indexOf(id);
  const l = lessons[i]!;
  return {
    _id: id, courseId: COURSE_ID, title: l.title, html: `<p>${l.title}</p>`, minutes: l.duration, sectionTitle: l.sectionTitle, number: i + 1,
    totalLessons: ORDER.length, previousLessonId: ORDER[i - 1] ?? null, nextLessonId: ORDER[i + 1] ?? null,
  };
}
export const LESSONS: Record<string, LessonView> = Object.fromEntries(ORDER.map((id) => [id, lessonView(id)]));

export function answerOf(questionIndex: number, selectedOption: number, isCorrect: boolean): AssessmentAnswer {
  return { questionIndex, selectedOption, isCorrect, correctOption: isCorrect ? selectedOption : (selectedOption + 1) % 4, explanation: `Explanation ${questionIndex}` };
}

export function attemptOf(answers: AssessmentAnswer[], status: AssessmentAttempt['status'] = 'in-progress', passed = false): AssessmentAttempt {
  return {
    _id: 'a1', courseId: COURSE_ID, status, score: answers.filter((a) => a.isCorrect).length, totalQuestions: QUESTIONS,
    questions: Array.from({ length: QUESTIONS }, (_, i) => ({ question: `Question ${i}?`, options: ['A', 'B', 'C', 'D'] })),
    answers, passed, createdAt: T0, completedAt: status === 'completed' ? T1 : null,
  };
}
export const FRESH = attemptOf([]);
/** Resumed after the first answer. */
export const HALFWAY = attemptOf([answerOf(0, 1, true)]);
/** Resumed with a gap: the second question answered, the first not (the first unanswered comes first). */
export const SECOND_ONLY = attemptOf([answerOf(1, 0, false)]);
/** Resumed after the last answer but before finishing. */
export const ALL_ANSWERED = attemptOf([answerOf(0, 1, true), answerOf(1, 0, false)]);

export const CERTIFICATE: Certificate = {
  _id: 'cert1', courseId: COURSE_ID, learnerName: 'Ada Lovelace', courseTitle: COURSE.title, minutes: 9, hours: 0.2, score: 2,
  totalQuestions: QUESTIONS, issuedAt: T1, verificationUrl: 'https://sustainlearn.example/certificates/cert1', credits: [],
};

export const INPUTS: Record<CourseScreen, CourseProgressInput> = {
  overview: { courseId: COURSE_ID, lessonId: null, screen: 'overview' },
  lesson: { courseId: COURSE_ID, lessonId: 'l1', screen: 'lesson' },
  // A stray lesson id: only the player asks for the lesson of the URL.
  assessment: { courseId: COURSE_ID, lessonId: 'l2', screen: 'assessment' },
};

export const O = INPUTS.overview;
export const L = INPUTS.lesson;
export const A = INPUTS.assessment;

/** zod schemas of course progress, lessons, the course assessment and certificates (rules and types: learning.ts). */
import { z } from 'zod';
import { creditLineSchema } from './cpd.schema';

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

export const assessmentAnswerSchema = z.object({
  questionIndex: z.number(),
  selectedOption: z.number(),
  isCorrect: z.boolean(),
  correctOption: z.number(),
  explanation: z.string(),
});

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
  /** The course's credit lines at issue (issue 39): body, amount, type, course number or null (not approved). */
  credits: z.array(creditLineSchema),
});

/** What anyone may read about a certificate: no score, no account. */
export const publicCertificateSchema = certificateSchema.pick({
  _id: true, learnerName: true, courseTitle: true, hours: true, issuedAt: true, verificationUrl: true, credits: true,
}).extend({ valid: z.literal(true) });

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

/** zod schemas of quiz categories, sets and attempts (rules and types: quiz.ts). */
import { z } from 'zod';
import { QUIZ_CATEGORIES, QUIZ_SETS } from './quiz';

export const quizCategorySchema = z.enum(QUIZ_CATEGORIES.map((c) => c.id) as [string, ...string[]], {
  error: 'There is no quiz in this category',
});
export const quizSetSchema = z.enum(QUIZ_SETS.map((s) => s.id) as [string, ...string[]], { error: 'There is no such quiz set' });

export const quizQuestionSchema = z.object({
  question: z.string(),
  options: z.array(z.string()),
  questionImage: z.string(),
  /** Present only once the question has been answered. */
  revealingCardImage: z.string().optional(),
});

export const quizAnswerSchema = z.object({
  questionIndex: z.number(),
  selectedOption: z.number(),
  isCorrect: z.boolean(),
  correctOption: z.number(),
  explanation: z.string(),
  revealingCardImage: z.string(),
  revealText: z.string(),
});

export const quizAttemptStatusSchema = z.enum(['in-progress', 'completed']);

export const quizAttemptSchema = z.object({
  _id: z.string(),
  category: z.string(),
  sdgSet: z.string(),
  status: quizAttemptStatusSchema,
  score: z.number(),
  totalQuestions: z.number(),
  questions: z.array(quizQuestionSchema),
  answers: z.array(quizAnswerSchema),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});

export const quizAttemptSummarySchema = quizAttemptSchema.pick({
  _id: true, category: true, sdgSet: true, status: true, score: true, totalQuestions: true, createdAt: true, completedAt: true,
});

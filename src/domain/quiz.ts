import { z } from 'zod';

/** The eight topics of the quiz grid; the topic page adds biodiversity-conservation (nine category buttons). */
export const QUIZ_TOPICS = [
  { id: 'green-buildings', title: 'Green Buildings' },
  { id: 'green-vocabulary', title: 'Green Vocabulary' },
  { id: 'passive-design-strategies', title: 'Passive Design Strategies' },
  { id: 'green-architects', title: 'Green Architects' },
  { id: 'sustainable-development-goals', title: 'Sustainable Development Goals' },
  { id: 'sustainable-policies', title: 'Sustainable Policies' },
  { id: 'sustainable-materials', title: 'Sustainable Materials' },
  { id: 'biodiversity', title: 'Biodiversity' },
] as const;
export const QUIZ_CATEGORIES = [...QUIZ_TOPICS, { id: 'biodiversity-conservation', title: 'Biodiversity Conservation' }] as const;
export const QUIZ_SETS = [{ id: 'set-1', title: 'Set 1' }] as const;
export const QUIZ_PDF_FILENAME = 'quiz-results.pdf';
export const QUIZ_REDIRECT_DELAY_MS = 1000;

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
export type QuizQuestion = z.infer<typeof quizQuestionSchema>;

export const quizAnswerSchema = z.object({
  questionIndex: z.number(),
  selectedOption: z.number(),
  isCorrect: z.boolean(),
  correctOption: z.number(),
  explanation: z.string(),
  revealingCardImage: z.string(),
  revealText: z.string(),
});
export type QuizAnswer = z.infer<typeof quizAnswerSchema>;

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
export type QuizAttempt = z.infer<typeof quizAttemptSchema>;

export const quizAttemptSummarySchema = quizAttemptSchema.pick({
  _id: true, category: true, sdgSet: true, status: true, score: true, totalQuestions: true, createdAt: true, completedAt: true,
});
export type QuizAttemptSummary = z.infer<typeof quizAttemptSummarySchema>;

export function quizCategoryTitle(id: string): string {
  return QUIZ_CATEGORIES.find((c) => c.id === id)?.title ?? id;
}

/** The first question that has no answer yet: where a resumed attempt continues. */
export function nextUnansweredIndex(attempt: Pick<QuizAttempt, 'answers' | 'totalQuestions'>): number {
  const answered = new Set(attempt.answers.map((a) => a.questionIndex));
  for (let i = 0; i < attempt.totalQuestions; i++) if (!answered.has(i)) return i;
  return attempt.totalQuestions;
}

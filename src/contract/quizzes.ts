import { z } from 'zod';
import { quizAttemptSchema, quizAttemptSummarySchema, quizCategorySchema, quizSetSchema } from '../domain/quiz.schema';
import { call, idParams } from './define';

const ok = z.literal(true);
const titled = z.object({ id: z.string(), title: z.string() });
/** A topic or category with its picture for the topic grid (decorative: the title names it). */
const pictured = titled.extend({ imageUrl: z.string().optional() });

export const quizConstants = call({
  name: 'quizzes.constants', method: 'GET', path: '/quizzes/quiz-constants', auth: 'required',
  response: z.object({ success: ok, topics: z.array(pictured), categories: z.array(pictured), sets: z.array(titled) }),
});
export const startQuiz = call({
  name: 'quizzes.start', method: 'POST', path: '/quizzes/start', auth: 'required',
  body: z.object({ category: quizCategorySchema, sdgSet: quizSetSchema }),
  /** `attempt` is null when the bank holds no questions for that set: the client shows 'No Quiz Available'. */
  response: z.object({ success: ok, attempt: quizAttemptSchema.nullable() }),
  invalidates: ['/quizzes/attempts'],
});
export const answerQuestion = call({
  name: 'quizzes.answer', method: 'POST', path: '/quizzes/attempts/:id/answer', auth: 'required', params: idParams,
  body: z.object({
    questionIndex: z.number().int().min(0),
    selectedOption: z.number().int().min(0),
    timeSpent: z.number().min(0).max(86_400_000, 'must be at most a day in milliseconds').default(0),
  }),
  response: z.object({
    success: ok,
    isCorrect: z.boolean(),
    correctOption: z.number(),
    explanation: z.string(),
    revealingCardImage: z.string(),
    revealText: z.string(),
    score: z.number(),
  }),
  invalidates: ['/quizzes/attempts'],
});
export const completeQuiz = call({
  name: 'quizzes.complete', method: 'POST', path: '/quizzes/attempts/:id/complete', auth: 'required', params: idParams,
  response: z.object({ success: ok, attempt: quizAttemptSchema }),
  invalidates: ['/quizzes/attempts'],
});
export const listAttempts = call({
  name: 'quizzes.attempts', method: 'GET', path: '/quizzes/attempts', auth: 'required',
  response: z.object({ success: ok, attempts: z.array(quizAttemptSummarySchema) }),
});
export const attemptPdf = call({
  name: 'quizzes.pdf', method: 'GET', path: '/quizzes/attempts/:id/pdf', auth: 'required', params: idParams,
  response: z.instanceof(Uint8Array), binary: true,
});

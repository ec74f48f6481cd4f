/**
 * Quiz rules (src/domain/quiz.ts and quiz.schema.ts): the topic and category ids the API and the routes use, each with
 * a title of its own, the category and set checks with their messages, the shapes of questions, answers, attempts and
 * attempt summaries (what they keep and refuse, and that they read exactly the hand-written types), a category id
 * shown as its title, and where a resumed attempt continues.
 */
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { z } from 'zod';
import type { QuizAnswer, QuizAttempt, QuizAttemptStatus, QuizAttemptSummary, QuizQuestion } from '../../src/domain/quiz';
import type {
  quizAnswerSchema, quizAttemptSchema, quizAttemptStatusSchema, quizAttemptSummarySchema, quizQuestionSchema,
} from '../../src/domain/quiz.schema';

/**
 * The modules are loaded afresh in each test, not imported at the top: a change that stops one from loading (a summary
 * schema picking fields the attempt schema lacks) then fails every test, where a failed import would only fail the
 * file, which StrykerJS reads as no test at all; and what it computes as it loads is then run by every test, not only
 * by the first.
 */
async function load() {
  vi.resetModules();
  const rules = await import('../../src/domain/quiz');
  const schemas = await import('../../src/domain/quiz.schema');
  return { ...rules, ...schemas };
}

const TOPIC_IDS = [
  'green-buildings', 'green-vocabulary', 'passive-design-strategies', 'green-architects', 'sustainable-development-goals',
  'sustainable-policies', 'sustainable-materials', 'biodiversity',
];

const answerOf = (questionIndex: number): QuizAnswer => ({
  questionIndex, selectedOption: 1, isCorrect: false, correctOption: 2, explanation: 'Because.', revealingCardImage: '/r.png', revealText: 'Reveal',
});

const attempt: QuizAttempt = {
  _id: 'a1',
  category: 'biodiversity',
  sdgSet: 'set-1',
  status: 'in-progress',
  score: 1,
  totalQuestions: 2,
  questions: [
    { question: 'Q1?', options: ['x', 'y', 'z'], questionImage: '/q1.png', revealingCardImage: '/r1.png' },
    { question: 'Q2?', options: ['x', 'y'], questionImage: '/q2.png' },
  ],
  answers: [answerOf(0)],
  createdAt: '2026-01-01T00:00:00.000Z',
  completedAt: null,
};

describe('topics, categories and sets', () => {
  it('the grid shows eight topics; the topic page adds biodiversity-conservation', async () => {
    const { QUIZ_CATEGORIES, QUIZ_SETS, QUIZ_TOPICS } = await load();
    expect(QUIZ_TOPICS.map((t) => t.id)).toEqual(TOPIC_IDS);
    expect(QUIZ_CATEGORIES.map((c) => c.id)).toEqual([...TOPIC_IDS, 'biodiversity-conservation']);
    expect(QUIZ_SETS.map((s) => s.id)).toEqual(['set-1']);
  });

  it('each category and set has a title of its own, which names it in place of its id', async () => {
    const { QUIZ_CATEGORIES, QUIZ_SETS, quizCategoryTitle } = await load();
    const titles = QUIZ_CATEGORIES.map((c) => quizCategoryTitle(c.id));
    expect(titles).toEqual(QUIZ_CATEGORIES.map((c) => c.title));
    for (const [i, title] of titles.entries()) {
      expect(title.trim()).not.toBe('');
      expect(title).not.toBe(QUIZ_CATEGORIES[i]!.id);
    }
    expect(new Set(titles).size).toBe(QUIZ_CATEGORIES.length);
    for (const set of QUIZ_SETS) expect(set.title.trim()).not.toBe('');
  });

  it('shows an unknown category as its id', async () => {
    const { quizCategoryTitle } = await load();
    expect(quizCategoryTitle('no-such-topic')).toBe('no-such-topic');
    expect(quizCategoryTitle('')).toBe('');
  });

  it('names the results PDF quiz-results.pdf', async () => {
    const { QUIZ_PDF_FILENAME } = await load();
    expect(QUIZ_PDF_FILENAME).toBe('quiz-results.pdf');
  });
});

describe('category and set checks', () => {
  it.each([...TOPIC_IDS, 'biodiversity-conservation'])('accepts the category %s', async (id) => {
    const { quizCategorySchema } = await load();
    expect(quizCategorySchema.parse(id)).toBe(id);
  });

  it('refuses another category with the spec\'s message', async () => {
    const { quizCategorySchema } = await load();
    const result = quizCategorySchema.safeParse('cooking');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['There is no quiz in this category']);
    expect(quizCategorySchema.safeParse('').success).toBe(false);
  });

  it('accepts set-1 and refuses another set with the spec\'s message', async () => {
    const { quizSetSchema } = await load();
    expect(quizSetSchema.parse('set-1')).toBe('set-1');
    const result = quizSetSchema.safeParse('set-2');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['There is no such quiz set']);
  });
});

describe('the shapes the API answers with', () => {
  it('keeps a question, with its revealing card only once answered', async () => {
    const { quizQuestionSchema } = await load();
    const asked = { question: 'Q?', options: ['a', 'b'], questionImage: '/q.png' };
    expect(quizQuestionSchema.parse(asked)).toEqual(asked);
    expect(quizQuestionSchema.parse({ ...asked, revealingCardImage: '/r.png' })).toEqual({ ...asked, revealingCardImage: '/r.png' });
    expect(quizQuestionSchema.safeParse({ ...asked, questionImage: undefined }).success).toBe(false);
  });

  it('keeps every field of an answer and refuses one without its explanation', async () => {
    const { quizAnswerSchema } = await load();
    expect(quizAnswerSchema.parse(answerOf(3))).toEqual(answerOf(3));
    const { explanation: _explanation, ...noExplanation } = answerOf(3);
    expect(quizAnswerSchema.safeParse(noExplanation).success).toBe(false);
  });

  it('knows an attempt as in progress or completed, nothing else', async () => {
    const { quizAttemptStatusSchema } = await load();
    expect(quizAttemptStatusSchema.parse('in-progress')).toBe('in-progress');
    expect(quizAttemptStatusSchema.parse('completed')).toBe('completed');
    expect(quizAttemptStatusSchema.safeParse('abandoned').success).toBe(false);
    expect(quizAttemptStatusSchema.safeParse('').success).toBe(false);
  });

  it('keeps every field of an attempt, its questions and answers', async () => {
    const { quizAttemptSchema } = await load();
    expect(quizAttemptSchema.parse(attempt)).toEqual(attempt);
    const done = { ...attempt, status: 'completed' as const, completedAt: '2026-01-01T00:05:00.000Z' };
    expect(quizAttemptSchema.parse(done)).toEqual(done);
    expect(quizAttemptSchema.safeParse({ ...attempt, status: 'paused' }).success).toBe(false);
    expect(quizAttemptSchema.safeParse({ ...attempt, answers: [{ questionIndex: 0 }] }).success).toBe(false);
  });

  it('a summary keeps the attempt without its questions and answers', async () => {
    const { quizAttemptSummarySchema } = await load();
    const { questions: _questions, answers: _answers, ...summary } = attempt;
    expect(quizAttemptSummarySchema.parse(attempt)).toEqual(summary);
    for (const field of Object.keys(summary)) {
      const { [field as keyof typeof summary]: _gone, ...rest } = summary;
      expect(quizAttemptSummarySchema.safeParse(rest).success).toBe(false);
    }
  });
});

describe('where a resumed attempt continues', () => {
  it('is the first question without an answer', async () => {
    const { nextUnansweredIndex } = await load();
    expect(nextUnansweredIndex({ totalQuestions: 8, answers: [] })).toBe(0);
    expect(nextUnansweredIndex({ totalQuestions: 8, answers: [answerOf(0), answerOf(1)] })).toBe(2);
    expect(nextUnansweredIndex({ totalQuestions: 8, answers: [answerOf(0), answerOf(2), answerOf(3)] })).toBe(1);
    expect(nextUnansweredIndex({ totalQuestions: 8, answers: [answerOf(1)] })).toBe(0);
  });

  it('is past the last question when all are answered', async () => {
    const { nextUnansweredIndex } = await load();
    expect(nextUnansweredIndex({ totalQuestions: 3, answers: [answerOf(2), answerOf(0), answerOf(1)] })).toBe(3);
    expect(nextUnansweredIndex({ totalQuestions: 0, answers: [] })).toBe(0);
  });
});

describe('the types the rules use', () => {
  it('are exactly what the schemas read (typecheck)', () => {
    expectTypeOf<z.infer<typeof quizQuestionSchema>>().toEqualTypeOf<QuizQuestion>();
    expectTypeOf<z.infer<typeof quizAnswerSchema>>().toEqualTypeOf<QuizAnswer>();
    expectTypeOf<z.infer<typeof quizAttemptStatusSchema>>().toEqualTypeOf<QuizAttemptStatus>();
    expectTypeOf<z.infer<typeof quizAttemptSchema>>().toEqualTypeOf<QuizAttempt>();
    expectTypeOf<z.infer<typeof quizAttemptSummarySchema>>().toEqualTypeOf<QuizAttemptSummary>();
  });
});

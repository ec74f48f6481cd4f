/**
 * An article's own quiz (issue 39, ADR 176): "Check your understanding" at the end of the article, for a signed-in
 * member. It loads the questions (never the answers), lets the member choose one option per question, sends them all
 * at once, and shows the mark. A pass shows each question's right option and explanation and the credit lines it wrote
 * to the ledger; a fail shows only the score, the right answers needed and which questions to revisit (the server
 * gives no more). Trying again keeps the member's answers, so they change the wrong ones. Effects are named actions
 * provided by `article-quiz.effects.ts`; their answers come back as events, so the graph holds no invoke and the model
 * tests walk all of it.
 */
import { assign, assertEvent, setup, type SnapshotFrom } from 'xstate';
import type { ArticleQuizQuestionView, ArticleQuizResult } from '../domain/article-quiz';
import { rightAnswersNeeded } from '../domain/learning';
import type { CreditLine } from '../domain/cpd.schema';

export const ARTICLE_QUIZ_UI_TEXT = {
  loadFailed: 'Could not load the quiz. Please try again.',
  submitFailed: 'Could not send your answers. Please try again.',
  unanswered: (count: number) => `Answer every question before you submit: ${count} ${count === 1 ? 'is' : 'are'} left.`,
  passed: (score: number, total: number) => `You passed: ${score} of ${total} right.`,
  notPassed: (score: number, total: number, needed: number) => `Not passed yet: ${score} of ${total} right; you need ${needed}.`,
} as const;

export interface ArticleQuizInput {
  articleId: string;
}

export interface ArticleQuizContext {
  articleId: string;
  questions: ArticleQuizQuestionView[];
  passPercent: number;
  credits: CreditLine[];
  /** The option chosen for each question, null until chosen. */
  answers: (number | null)[];
  result: ArticleQuizResult | null;
  /** The questions the last failed try answered wrongly (their indexes): the form marks them to revisit. */
  revisit: number[];
  /** Why the quiz could not be loaded. */
  error: string | null;
  /** Why the answers were not sent (some unanswered, or the request failed). */
  alert: string | null;
  /** What a screen reader hears once the answers are marked. */
  announcement: string;
}

export type ArticleQuizEvent =
  | { type: 'quiz.loaded'; questions: ArticleQuizQuestionView[]; passPercent: number; credits: CreditLine[] }
  | { type: 'quiz.loadFailed'; message: string }
  | { type: 'quiz.reload' }
  | { type: 'option.select'; question: number; option: number }
  | { type: 'quiz.submit' }
  | { type: 'quiz.marked'; result: ArticleQuizResult }
  | { type: 'quiz.submitFailed'; message: string }
  | { type: 'quiz.again' };

export const unansweredCount = (answers: readonly (number | null)[]) => answers.filter((a) => a === null).length;

export const articleQuizMachine = setup({
  // Stryker disable next-line ObjectLiteral: types exist for TypeScript alone; nothing reads them at run time (ADR 091).
  types: {
    context: {} as ArticleQuizContext,
    events: {} as ArticleQuizEvent,
    input: {} as ArticleQuizInput,
  },
  actions: {
    /** GET the quiz's questions; answers quiz.loaded or quiz.loadFailed. */
    loadQuiz: (_, _params: { articleId: string }) => {},
    /** POST the answers; answers quiz.marked or quiz.submitFailed. */
    submitAnswers: (_, _params: { articleId: string; answers: number[] }) => {},
  },
  guards: {
    allAnswered: ({ context }) => unansweredCount(context.answers) === 0,
    isQuestion: ({ context, event }) => {
      assertEvent(event, 'option.select');
      const question = context.questions[event.question];
      return question !== undefined && event.option >= 0 && event.option < question.options.length;
    },
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: no target names the machine by its id; only tools read it (ADR 091).
  id: 'articleQuiz',
  context: ({ input }) => ({
    articleId: input.articleId, questions: [], passPercent: 0, credits: [], answers: [], result: null, revisit: [], error: null, alert: null, announcement: '',
  }),
  initial: 'loading',
  states: {
    loading: {
      entry: { type: 'loadQuiz', params: ({ context }) => ({ articleId: context.articleId }) },
      on: {
        'quiz.loaded': {
          target: 'answering',
          actions: assign(({ event }) => ({ questions: event.questions, passPercent: event.passPercent, credits: event.credits, answers: event.questions.map(() => null), error: null })),
        },
        'quiz.loadFailed': { target: 'loadFailed', actions: assign({ error: ({ event }) => event.message }) },
      },
    },
    loadFailed: {
      on: { 'quiz.reload': { target: 'loading', actions: assign({ error: null }) } },
    },
    answering: {
      on: {
        'option.select': {
          guard: 'isQuestion',
          actions: assign({ answers: ({ context, event }) => context.answers.map((a, i) => (i === event.question ? event.option : a)), alert: null }),
        },
        'quiz.submit': [
          { guard: 'allAnswered', target: 'submitting', actions: assign({ alert: null }) },
          { actions: assign({ alert: ({ context }) => ARTICLE_QUIZ_UI_TEXT.unanswered(unansweredCount(context.answers)) }) },
        ],
      },
    },
    submitting: {
      entry: { type: 'submitAnswers', params: ({ context }) => ({ articleId: context.articleId, answers: context.answers as number[] }) },
      on: {
        'quiz.marked': {
          target: 'marked',
          actions: assign({
            result: ({ event }) => event.result,
            revisit: ({ event }) => (event.result.passed ? [] : event.result.wrong),
            announcement: ({ event: { result } }) =>
              result.passed
                ? ARTICLE_QUIZ_UI_TEXT.passed(result.score, result.total)
                : ARTICLE_QUIZ_UI_TEXT.notPassed(result.score, result.total, rightAnswersNeeded(result.total, result.passPercent)),
          }),
        },
        'quiz.submitFailed': { target: 'answering', actions: assign({ alert: ({ event }) => event.message }) },
      },
    },
    marked: {
      on: {
        // Another try keeps the answers given, so the member changes the wrong ones (marked to revisit).
        'quiz.again': { target: 'answering', actions: assign({ result: null, announcement: '', alert: null }) },
      },
    },
  },
});

export type ArticleQuizMachine = typeof articleQuizMachine;
export type ArticleQuizSnapshot = SnapshotFrom<ArticleQuizMachine>;

/**
 * One quiz attempt (spec section 4): start (or resume) on entering the set page, answer question by question, see
 * each reveal card, finish, browse the scorecard, download the PDF and leave for /quiz after about a second.
 * Effects are named actions provided by `quiz-attempt.effects.ts`; their results come back as events, and the redirect
 * delay is a `clock.tick` from the Clock port, so the graph holds no invoke or after and model tests walk all of it.
 */
import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import { nextUnansweredIndex, type QuizAnswer, type QuizAttempt } from '../domain/quiz';

/** The spec's words, shown as they are. */
export const QUIZ_TEXT = {
  loading: 'Loading quiz...',
  submitting: 'Submitting answer...',
  completing: 'Completing quiz...',
  preparingPdf: 'Preparing PDF...',
  redirecting: 'Redirecting...',
  noQuiz: 'No Quiz Available',
  startFailed: 'Failed to start quiz. Please try again.',
  submitFailed: 'Failed to submit answer. Please try again.',
  completeFailed: 'Failed to complete quiz. Please try again.',
  downloadFailed: 'Failed to download results. Please try again.',
} as const;

export const QUIZ_HOME_PATH = '/quiz';
export const quizTopicPath = (category: string) => `/quiz/${encodeURIComponent(category)}`;

export interface QuizAttemptInput {
  category: string;
  setId: string;
}

/** What the server says about one answer; the machine adds which question and which option it was. */
export type AnswerResult = Omit<QuizAnswer, 'questionIndex' | 'selectedOption'>;

export interface QuizAttemptContext {
  category: string;
  setId: string;
  attempt: QuizAttempt | null;
  /** The question on screen. */
  index: number;
  /** The option chosen for it, before submitting. */
  selected: number | null;
  /** Every answer revealed so far (resumed ones included), in question order. */
  answers: QuizAnswer[];
  /** Correct answers as reported by the server; the completed attempt's own score replaces it. */
  score: number;
  /** The revealed answer shown on the scorecard. */
  reviewIndex: number;
}

export type QuizAttemptEvent =
  | { type: 'quiz.loaded'; attempt: QuizAttempt | null }
  | { type: 'quiz.loadFailed'; message: string }
  | { type: 'option.select'; option: number }
  | { type: 'answer.submit' }
  | { type: 'answer.accepted'; result: AnswerResult }
  | { type: 'answer.failed' }
  /** 'Next Question', or 'Finish Quiz' once every question is answered. */
  | { type: 'quiz.continue' }
  | { type: 'quiz.completed'; attempt: QuizAttempt }
  | { type: 'quiz.completeFailed' }
  | { type: 'review.previous' }
  | { type: 'review.next' }
  | { type: 'results.download' }
  | { type: 'results.saved' }
  | { type: 'results.failed' }
  | { type: 'clock.tick' }
  /** 'Start New Quiz'. */
  | { type: 'quiz.restart' };

const sortAnswers = (answers: QuizAnswer[]) => [...answers].sort((a, b) => a.questionIndex - b.questionIndex);
const answeredAll = (attempt: QuizAttempt | null, answers: QuizAnswer[]) =>
  attempt !== null && nextUnansweredIndex({ answers, totalQuestions: attempt.totalQuestions }) >= attempt.totalQuestions;

export const quizAttemptMachine = setup({
  // Stryker disable next-line ObjectLiteral: types exist for TypeScript alone; nothing reads them at run time (ADR 091).
  types: {
    context: {} as QuizAttemptContext,
    events: {} as QuizAttemptEvent,
    input: {} as QuizAttemptInput,
  },
  // Stryker disable next-line ObjectLiteral: these are no-op placeholders; an action without an implementation is skipped just the same, and every user provides them.
  actions: {
    /** POST /quizzes/start; answers quiz.loaded (attempt or null) or quiz.loadFailed with the text to show. */
    startQuiz: (_, _params: { category: string; setId: string }) => {},
    /** An option is chosen: what the answer's call needs (its contract, the HTTP adapter) starts loading, so Submit
     *  does not wait for code. Sends nothing back. */
    prepareSubmit: () => {},
    /** POST /quizzes/attempts/{id}/answer; answers answer.accepted or answer.failed. */
    submitAnswer: (_, _params: { attemptId: string; questionIndex: number; selectedOption: number }) => {},
    /** POST /quizzes/attempts/{id}/complete; answers quiz.completed or quiz.completeFailed. */
    completeQuiz: (_, _params: { attemptId: string }) => {},
    /** GET /quizzes/attempts/{id}/pdf and save it as quiz-results.pdf; answers results.saved or results.failed. */
    downloadResults: (_, _params: { attemptId: string }) => {},
    /** One clock.tick after the redirect delay. */
    startRedirectTimer: () => {},
    stopRedirectTimer: () => {},
    navigate: (_, _params: { path: string }) => {},
    notifyError: (_, _params: { message: string }) => {},
  },
  guards: {
    // The three guards of quiz.loaded, tried in this order: the later two only ever see an attempt with questions.
    hasNoQuiz: ({ event }) => {
      assertEvent(event, 'quiz.loaded');
      return event.attempt === null || event.attempt.questions.length === 0;
    },
    isCompletedAttempt: ({ event }) => {
      assertEvent(event, 'quiz.loaded');
      return event.attempt!.status === 'completed';
    },
    isFullyAnswered: ({ event }) => {
      assertEvent(event, 'quiz.loaded');
      return answeredAll(event.attempt, event.attempt!.answers);
    },
    hasSelection: ({ context }) => context.selected !== null,
    allAnswered: ({ context }) => answeredAll(context.attempt, context.answers),
    canReviewPrevious: ({ context }) => context.reviewIndex > 0,
    canReviewNext: ({ context }) => context.reviewIndex < context.answers.length - 1,
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: no target names the machine by its id; only tools read it (ADR 091).
  id: 'quizAttempt',
  context: ({ input }) => ({
    category: input.category,
    setId: input.setId,
    attempt: null,
    index: 0,
    selected: null,
    answers: [],
    score: 0,
    reviewIndex: 0,
  }),
  initial: 'loading',
  states: {
    loading: {
      meta: { busy: QUIZ_TEXT.loading },
      entry: { type: 'startQuiz', params: ({ context }) => ({ category: context.category, setId: context.setId }) },
      on: {
        'quiz.loaded': [
          { guard: 'hasNoQuiz', target: 'noQuiz' },
          {
            guard: 'isCompletedAttempt',
            target: 'scorecard',
            actions: assign(({ event }) => ({
              attempt: event.attempt,
              answers: sortAnswers(event.attempt!.answers),
              score: event.attempt!.score,
              reviewIndex: 0,
            })),
          },
          {
            // Resumed with every answer given but not finished: show the last reveal with 'Finish Quiz'.
            guard: 'isFullyAnswered',
            target: 'revealed',
            actions: assign(({ event }) => ({
              attempt: event.attempt,
              answers: sortAnswers(event.attempt!.answers),
              score: event.attempt!.score,
              index: event.attempt!.totalQuestions - 1,
            })),
          },
          {
            // Fresh or resumed: continue at the first unanswered question, with the score so far.
            target: 'question',
            actions: assign(({ event }) => ({
              attempt: event.attempt,
              answers: sortAnswers(event.attempt!.answers),
              score: event.attempt!.score,
              index: nextUnansweredIndex(event.attempt!),
              selected: null,
            })),
          },
        ],
        'quiz.loadFailed': {
          target: 'startFailed',
          actions: [
            { type: 'notifyError', params: ({ event }) => ({ message: event.message }) },
            { type: 'navigate', params: ({ context }) => ({ path: quizTopicPath(context.category) }) },
          ],
        },
      },
    },
    noQuiz: { type: 'final' },
    startFailed: { type: 'final' },
    question: {
      on: {
        'option.select': { actions: [assign({ selected: ({ event }) => event.option }), 'prepareSubmit'] },
        'answer.submit': {
          guard: 'hasSelection',
          target: 'answering',
          actions: {
            type: 'submitAnswer',
            params: ({ context }) => ({ attemptId: context.attempt!._id, questionIndex: context.index, selectedOption: context.selected! }),
          },
        },
      },
    },
    answering: {
      meta: { busy: QUIZ_TEXT.submitting },
      on: {
        'answer.accepted': {
          target: 'revealed',
          actions: assign(({ context, event }) => ({
            // The question on screen is always one not answered yet (the first gap), so nothing is replaced.
            answers: sortAnswers([...context.answers, { ...event.result, questionIndex: context.index, selectedOption: context.selected! }]),
            score: context.score + (event.result.isCorrect ? 1 : 0),
          })),
        },
        // The choice stays selected, so trying again is one press of Submit.
        'answer.failed': { target: 'question', actions: { type: 'notifyError', params: { message: QUIZ_TEXT.submitFailed } } },
      },
    },
    revealed: {
      on: {
        'quiz.continue': [
          {
            guard: 'allAnswered',
            target: 'completing',
            actions: { type: 'completeQuiz', params: ({ context }) => ({ attemptId: context.attempt!._id }) },
          },
          {
            target: 'question',
            actions: assign(({ context }) => ({
              index: nextUnansweredIndex({ answers: context.answers, totalQuestions: context.attempt!.totalQuestions }),
              selected: null,
            })),
          },
        ],
      },
    },
    completing: {
      meta: { busy: QUIZ_TEXT.completing },
      on: {
        'quiz.completed': {
          target: 'scorecard',
          actions: assign(({ event }) => ({
            attempt: event.attempt,
            answers: sortAnswers(event.attempt.answers),
            score: event.attempt.score,
            reviewIndex: 0,
          })),
        },
        'quiz.completeFailed': { target: 'revealed', actions: { type: 'notifyError', params: { message: QUIZ_TEXT.completeFailed } } },
      },
    },
    scorecard: {
      on: {
        'review.previous': { guard: 'canReviewPrevious', actions: assign({ reviewIndex: ({ context }) => context.reviewIndex - 1 }) },
        'review.next': { guard: 'canReviewNext', actions: assign({ reviewIndex: ({ context }) => context.reviewIndex + 1 }) },
        'results.download': {
          target: 'downloading',
          actions: { type: 'downloadResults', params: ({ context }) => ({ attemptId: context.attempt!._id }) },
        },
        'quiz.restart': { target: 'left', actions: { type: 'navigate', params: { path: QUIZ_HOME_PATH } } },
      },
    },
    downloading: {
      meta: { busy: QUIZ_TEXT.preparingPdf },
      on: {
        'results.saved': 'redirecting',
        'results.failed': { target: 'scorecard', actions: { type: 'notifyError', params: { message: QUIZ_TEXT.downloadFailed } } },
      },
    },
    redirecting: {
      meta: { busy: QUIZ_TEXT.redirecting },
      entry: 'startRedirectTimer',
      exit: 'stopRedirectTimer',
      on: {
        'clock.tick': { target: 'left', actions: { type: 'navigate', params: { path: QUIZ_HOME_PATH } } },
      },
    },
    left: { type: 'final' },
  },
});

export type QuizAttemptMachine = typeof quizAttemptMachine;
export type QuizAttemptSnapshot = SnapshotFrom<QuizAttemptMachine>;

/** The busy overlay's text for this state, or null when nothing is in flight. */
export function quizBusyLabel(snapshot: QuizAttemptSnapshot): string | null {
  // Only the in-flight states carry meta (getMeta lists no other), and each of them its busy text.
  const [meta] = Object.values(snapshot.getMeta()) as { busy: string }[];
  return meta?.busy ?? null;
}

/** The answer revealed for the question on screen. */
export function currentAnswer(context: QuizAttemptContext): QuizAnswer | undefined {
  return context.answers.find((a) => a.questionIndex === context.index);
}

/** True when 'Finish Quiz' rather than 'Next Question' continues. */
export function isLastToAnswer(context: QuizAttemptContext): boolean {
  return answeredAll(context.attempt, context.answers);
}

/**
 * The quiz attempt machine's named effects, written against ports only. Call once per attempt actor: the redirect
 * timer it starts belongs to that actor.
 */
import type { AnyActorRef } from 'xstate';
import { QUIZ_PDF_FILENAME, QUIZ_REDIRECT_DELAY_MS } from '../domain/quiz';
import { messageOf } from './api-error';
import type { ApiClient, Clock, FileSaver, Navigator, Notifier } from './ports';
import { QUIZ_TEXT, type QuizAttemptEvent, quizAttemptMachine } from './quiz-attempt.machine';
import { lazyCalls } from './lazy-calls';

export interface QuizAttemptPorts {
  api: ApiClient;
  files: FileSaver;
  clock: Clock;
  navigator: Navigator;
  notifier: Notifier;
  log: (message: string, error: unknown) => void;
}

/** An answer that arrives after the view has gone (the actor stopped) is dropped rather than sent to nobody. */
function reply(self: AnyActorRef, event: QuizAttemptEvent) {
  if (self.getSnapshot().status === 'active') self.send(event);
}

/** The quiz calls (and zod with them) load with the first call, not with the app shell. */
const quizCalls = lazyCalls(() => import('../contract/quizzes'));

export function provideQuizAttempt({ api, files, clock, navigator, notifier, log }: QuizAttemptPorts) {
  const navigate = (path: string) => navigator.go(path);
  const notifyError = (message: string) => notifier.error(message);
  let stopTimer: (() => void) | null = null;
  const stopRedirectTimer = () => {
    stopTimer?.();
    stopTimer = null;
  };
  return quizAttemptMachine.provide({
    actions: {
      prepareSubmit: () => {
        void quizCalls.load().catch(() => {});
        api.prepare();
      },
      startQuiz: ({ self }, { category, setId }) => {
        quizCalls((calls) => api.call(calls.startQuiz, { body: { category, sdgSet: setId } }))
          .then(
            (answer) => reply(self, { type: 'quiz.loaded', attempt: answer.attempt }),
            (error: unknown) => {
              log('quiz start failed', error);
              reply(self, { type: 'quiz.loadFailed', message: messageOf(error, QUIZ_TEXT.startFailed) });
            },
          );
      },
      submitAnswer: ({ self }, { attemptId, questionIndex, selectedOption }) => {
        // Spec section 7: timeSpent is always 0.
        quizCalls((calls) => api.call(calls.answerQuestion, { params: { id: attemptId }, body: { questionIndex, selectedOption, timeSpent: 0 } }))
          .then(
            ({ isCorrect, correctOption, explanation, revealingCardImage, revealText }) =>
              reply(self, { type: 'answer.accepted', result: { isCorrect, correctOption, explanation, revealingCardImage, revealText } }),
            (error: unknown) => {
              log('quiz answer failed', error);
              reply(self, { type: 'answer.failed' });
            },
          );
      },
      completeQuiz: ({ self }, { attemptId }) => {
        quizCalls((calls) => api.call(calls.completeQuiz, { params: { id: attemptId } }))
          .then(
            (answer) => reply(self, { type: 'quiz.completed', attempt: answer.attempt }),
            (error: unknown) => {
              log('quiz completion failed', error);
              reply(self, { type: 'quiz.completeFailed' });
            },
          );
      },
      downloadResults: ({ self }, { attemptId }) => {
        quizCalls((calls) => api.call(calls.attemptPdf, { params: { id: attemptId } }))
          .then((bytes) => files.save(bytes, QUIZ_PDF_FILENAME, 'application/pdf'))
          .then(
            () => reply(self, { type: 'results.saved' }),
            (error: unknown) => {
              log('quiz results download failed', error);
              reply(self, { type: 'results.failed' });
            },
          );
      },
      startRedirectTimer: ({ self }) => {
        stopRedirectTimer();
        stopTimer = clock.every(QUIZ_REDIRECT_DELAY_MS, () => {
          stopRedirectTimer();
          reply(self, { type: 'clock.tick' });
        });
      },
      stopRedirectTimer,
      navigate: (_, { path }) => navigate(path),
      notifyError: (_, { message }) => notifyError(message),
    },
  });
}

/** The article quiz's named effects, against ports only (ADR 176). */
import type { AnyActorRef } from 'xstate';
import { messageOf } from './api-error';
import { ARTICLE_QUIZ_UI_TEXT, type ArticleQuizEvent, articleQuizMachine } from './article-quiz.machine';
import { lazyCalls } from './lazy-calls';
import type { ApiClient } from './ports';

export interface ArticleQuizPorts {
  api: ApiClient;
  log: (message: string, error: unknown) => void;
}

/** An answer that arrives after the article has gone (the actor stopped) is dropped. */
function reply(self: AnyActorRef, event: ArticleQuizEvent) {
  if (self.getSnapshot().status === 'active') self.send(event);
}

/** The content calls (and zod with them) load with the quiz's first call, not with the article's page. */
const contentCalls = lazyCalls(() => import('../contract/content'));

export function provideArticleQuiz({ api, log }: ArticleQuizPorts) {
  const failed = (message: string, fallback: string) => (error: unknown) => {
    log(message, error);
    return messageOf(error, fallback);
  };
  return articleQuizMachine.provide({
    actions: {
      loadQuiz: ({ self }, { articleId }) => {
        contentCalls((calls) => api.call(calls.articleQuiz, { params: { id: articleId } }, { fresh: true })).then(
          ({ questions, passPercent, credits }) => reply(self, { type: 'quiz.loaded', questions, passPercent, credits }),
          (error: unknown) => reply(self, { type: 'quiz.loadFailed', message: failed('loading an article quiz failed', ARTICLE_QUIZ_UI_TEXT.loadFailed)(error) }),
        );
      },
      submitAnswers: ({ self }, { articleId, answers }) => {
        contentCalls((calls) => api.call(calls.answerArticleQuiz, { params: { id: articleId }, body: { answers } })).then(
          ({ result }) => reply(self, { type: 'quiz.marked', result }),
          (error: unknown) => reply(self, { type: 'quiz.submitFailed', message: failed('sending article quiz answers failed', ARTICLE_QUIZ_UI_TEXT.submitFailed)(error) }),
        );
      },
    },
  });
}

/**
 * "Check your understanding" at the end of an article with a quiz of its own (issue 39, ADR 176): its length, pass mark
 * and credit; a sign-in link for a visitor; for a member, every question as a radio group, one Submit, then the mark
 * (the focus moves to its heading). A pass shows each question's right answer and explanation, and when it carried
 * credit, that it is recorded in the CPD ledger; a fail shows the score, the right answers needed and the questions to
 * revisit, never the right answers, and 'Try again' keeps the answers given. A thin view of the article quiz machine.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { Link } from 'wouter';
import type { ArticleQuizFail, ArticleQuizPass, ArticleQuizQuestionView, ArticleQuizSummary } from '../../../domain/article-quiz';
import { rightAnswersNeeded } from '../../../domain/learning';
import { CreditLines } from '../../components/credit-lines';
import { QuizOptions } from '../../components/quiz-options';
import { Spinner } from '../../components/states';
import { loginWithReturn, paths } from '../../routes';
import { useServices, useSession } from '../../services-context';
import '../quiz/quiz.css';

export function ArticleQuizSection({ articleId, quiz }: { articleId: string; quiz: ArticleQuizSummary }) {
  const { signedIn, loading } = useSession();
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <section className="article-quiz" aria-labelledby="article-quiz-title">
      <h2 id="article-quiz-title" ref={heading} tabIndex={-1} className="article-quiz__title">
        Check your understanding
      </h2>
      <p className="article-quiz__meta">
        {quiz.questions} questions · pass mark {quiz.passPercent}%
      </p>
      <CreditLines credits={quiz.credits} label="Credit for passing this quiz" />
      {loading ? null : signedIn ? (
        <QuizForm articleId={articleId} onAgain={() => heading.current?.focus()} />
      ) : (
        <p>
          <Link href={loginWithReturn(paths.article(articleId))}>Sign in to take the quiz</Link>
          {quiz.credits.length > 0 ? ' and record its credit in your CPD ledger.' : '.'}
        </p>
      )}
    </section>
  );
}

function QuizForm({ articleId, onAgain }: { articleId: string; onAgain: () => void }) {
  const { machines } = useServices();
  const [machine] = useState(machines.articleQuiz);
  const actor = useActorRef(machine, { input: { articleId } });
  const s = useSelector(actor, (snapshot) => snapshot);
  const c = s.context;
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const marked = s.matches('marked');
  useEffect(() => {
    if (marked) resultHeading.current?.focus();
  }, [marked]);

  if (s.matches('loading')) return <Spinner label="Loading the quiz..." />;
  if (s.matches('loadFailed')) {
    return (
      <div>
        <p className="error-state" role="alert">
          {c.error}
        </p>
        <Button className="button" onPress={() => actor.send({ type: 'quiz.reload' })}>
          Try again
        </Button>
      </div>
    );
  }
  const status = (
    <p className="visually-hidden" role="status">
      {c.announcement}
    </p>
  );
  if (marked && c.result) {
    return (
      <>
        {status}
        {c.result.passed ? (
          <QuizPassed result={c.result} questions={c.questions} headingRef={resultHeading} />
        ) : (
          <QuizFailed result={c.result} questions={c.questions} answers={c.answers} headingRef={resultHeading}
            onAgain={() => { actor.send({ type: 'quiz.again' }); onAgain(); }} />
        )}
      </>
    );
  }
  const submitting = s.matches('submitting');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'quiz.submit' });
  };
  return (
    <form className="article-quiz__form" onSubmit={submit} noValidate>
      {status}
      {c.questions.map((q, index) => (
        <QuizOptions key={q.question} label={`${index + 1}. ${q.question}`} options={q.options} selected={c.answers[index] ?? null}
          description={c.revisit.includes(index) ? REVISIT_NOTE : undefined}
          onSelect={(option) => actor.send({ type: 'option.select', question: index, option })} isDisabled={submitting} />
      ))}
      {c.alert && (
        <p className="form__error" role="alert">
          {c.alert}
        </p>
      )}
      <Button type="submit" className="button button--primary" isDisabled={submitting}>
        {submitting ? 'Submitting...' : 'Submit answers'}
      </Button>
    </form>
  );
}

const REVISIT_NOTE = 'Answered wrongly last time: revisit this one.';

function QuizPassed({ result, questions, headingRef }: {
  result: ArticleQuizPass;
  questions: ArticleQuizQuestionView[];
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  return (
    <div className="article-quiz__result">
      <h3 ref={headingRef} tabIndex={-1} className="quiz-card__step">
        You passed
      </h3>
      <p className="assessment__score">
        {result.score} / {result.total} ({Math.round((result.score * 100) / result.total)}%) · pass mark {result.passPercent}%
      </p>
      {result.credited.length > 0 && (
        <div className="article-quiz__credit">
          <p className="article-quiz__line">Your credit is recorded in your CPD ledger:</p>
          <CreditLines credits={result.credited} label="Credit recorded" />
          <p className="article-quiz__line">
            <Link href={paths.cpd}>Open your CPD ledger</Link>
          </p>
        </div>
      )}
      <ol className="article-quiz__answers">
        {result.questions.map((answer, i) => {
          const q = questions[i]!;
          return (
            <li key={q.question}>
              <p className="quiz-question">{q.question}</p>
              <p className={`article-quiz__line ${answer.correct ? 'quiz-verdict--correct' : 'quiz-verdict--wrong'}`}>
                {answer.correct ? 'Correct' : 'Incorrect'}: you answered {q.options[answer.selectedOption]}
              </p>
              {!answer.correct && <p className="article-quiz__line">Right answer: {q.options[answer.correctOption]}</p>}
              <p className="article-quiz__line">{answer.explanation}</p>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** A fail names the questions answered wrongly and what was answered, never the right option (ADR 176). */
function QuizFailed({ result, questions, answers, headingRef, onAgain }: {
  result: ArticleQuizFail;
  questions: ArticleQuizQuestionView[];
  answers: (number | null)[];
  headingRef: RefObject<HTMLHeadingElement | null>;
  onAgain: () => void;
}) {
  return (
    <div className="article-quiz__result">
      <h3 ref={headingRef} tabIndex={-1} className="quiz-card__step">
        Not passed yet
      </h3>
      <p className="assessment__score">
        {result.score} of {result.total} right; you need {rightAnswersNeeded(result.total, result.passPercent)} (pass mark {result.passPercent}%)
      </p>
      <p className="article-quiz__line">Reread the article, then revisit these questions:</p>
      <ul className="article-quiz__answers" aria-label="Questions to revisit">
        {result.wrong.map((i) => {
          const q = questions[i]!;
          return (
            <li key={q.question}>
              <p className="quiz-question">
                {i + 1}. {q.question}
              </p>
              <p className="article-quiz__line quiz-verdict--wrong">Incorrect: you answered {q.options[answers[i] ?? -1]}</p>
            </li>
          );
        })}
      </ul>
      <Button className="button button--primary" onPress={onAgain}>
        Try again
      </Button>
    </div>
  );
}

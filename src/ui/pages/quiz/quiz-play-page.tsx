/**
 * The play screen of one quiz set (spec section 4): the attempt starts (or resumes) on entry, questions come one at a
 * time as a radio group, each answer shows its reveal card, then 'Your ScoreCard' with the revealed answers to browse,
 * 'Download Results' and 'Start New Quiz'. The view only renders the quiz attempt machine and sends it events.
 */
import { useSelector } from '@xstate/react';
import { type FormEvent, memo, type RefObject, useEffect, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { Link, useParams } from 'wouter';
import {
  currentAnswer,
  isLastToAnswer,
  QUIZ_TEXT,
  type QuizAttemptContext,
  type QuizAttemptEvent,
  type QuizAttemptSnapshot,
  quizBusyLabel,
} from '../../../application/quiz-attempt.machine';
import { QUIZ_SETS, type QuizAnswer, type QuizQuestion, quizCategoryTitle } from '../../../domain/quiz';
import { questionCardDrawing, revealCardDrawing } from '../../../domain/quiz-cards';
import { BUSY_OVERLAY_DELAY_MS, BusyOverlay, EmptyState } from '../../components/states';
import { SvgDrawing } from '../../components/svg-drawing';
import { usePageActor } from '../../hooks/use-page-actor';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { QuizOptions } from '../../components/quiz-options';
import { paths } from '../../routes';
import { useServices } from '../../services-context';
import './quiz.css';

type Send = (event: QuizAttemptEvent) => void;

/** Which screen is up; the busy state of a screen keeps the screen (and the focus on its button) under the overlay. */
function screenOf(state: QuizAttemptSnapshot): 'loading' | 'noQuiz' | 'question' | 'revealed' | 'scorecard' | 'gone' {
  if (state.matches('loading')) return 'loading';
  if (state.matches('noQuiz')) return 'noQuiz';
  if (state.matches('question') || state.matches('answering')) return 'question';
  if (state.matches('revealed') || state.matches('completing')) return 'revealed';
  if (state.matches('scorecard') || state.matches('downloading') || state.matches('redirecting')) return 'scorecard';
  return 'gone';
}

function optionText(context: QuizAttemptContext, questionIndex: number, option: number): string {
  return context.attempt?.questions[questionIndex]?.options[option] ?? '';
}

/** What a screen reader hears when the screen changes. */
function announcement(state: QuizAttemptSnapshot): string {
  const c = state.context;
  const total = c.attempt?.totalQuestions ?? 0;
  switch (screenOf(state)) {
    case 'noQuiz':
      return QUIZ_TEXT.noQuiz;
    case 'question':
      return `Question ${c.index + 1} of ${total}. Score so far: ${c.score}.`;
    case 'revealed': {
      const answer = currentAnswer(c);
      if (!answer) return '';
      const verdict = answer.isCorrect ? 'Correct!' : `Incorrect. The correct answer is ${optionText(c, answer.questionIndex, answer.correctOption)}.`;
      // The explanation is said with the verdict: it is what the reveal card teaches.
      return `${verdict} ${answer.explanation} Score: ${c.score} of ${total}.`;
    }
    case 'scorecard':
      return `Quiz completed. You scored ${c.score} out of ${total}.`;
    default:
      return '';
  }
}

/**
 * The screens below are memoised on what they show: a snapshot that changes nothing on screen (submitting, the busy
 * state) re-renders the view and its overlay, not the question with its radio group.
 */
const Progress = memo(function Progress({ answered, total, score }: { answered: number; total: number; score: number }) {
  return (
    <div className="quiz-progress">
      <p className="quiz-progress__text">
        <span>
          {answered} of {total} answered
        </span>
        <span>Score: {score}</span>
      </p>
      <div className="quiz-progress__bar" aria-hidden="true">
        <span style={{ width: `${total ? (answered / total) * 100 : 0}%` }} />
      </div>
    </div>
  );
});

interface ScreenProps {
  send: Send;
  headingRef: RefObject<HTMLHeadingElement | null>;
}

const QuestionScreen = memo(function QuestionScreen({ category, question, index, total, answered, score, selected, send, headingRef }: ScreenProps & {
  /** The quiz's topic, whose colours and motif the card wears. */
  category: string;
  question: QuizQuestion;
  index: number;
  total: number;
  answered: number;
  score: number;
  selected: number | null;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({ type: 'answer.submit' });
  };
  return (
    <section className="quiz-card" aria-labelledby="quiz-step-title">
      <Progress answered={answered} total={total} score={score} />
      <h2 id="quiz-step-title" className="quiz-card__step" ref={headingRef} tabIndex={-1}>
        Question {index + 1} of {total}
      </h2>
      {/* The card shows the topic and the question's number (the heading says it): decorative for screen readers. It is
          drawn here, as the server draws the question's questionImage (ADR 122), so the next question shows whole. */}
      <SvgDrawing className="quiz-card__image" drawing={questionCardDrawing({ category, categoryTitle: quizCategoryTitle(category), number: index + 1, total })} decorative />
      <form className="quiz-form" onSubmit={submit}>
        <QuizOptions label={question.question} options={question.options} selected={selected} onSelect={(option) => send({ type: 'option.select', option })} />
        <Button type="submit" className="button button--primary quiz-form__submit" isDisabled={selected === null}>
          Submit
        </Button>
      </form>
    </section>
  );
});

function AnswerSummary({ options, answer }: { options: readonly string[]; answer: QuizAnswer }) {
  return (
    <ul className="quiz-summary">
      {options.map((option, i) => {
        const chosen = i === answer.selectedOption;
        const correct = i === answer.correctOption;
        if (!chosen && !correct) return null;
        return (
          <li key={option} className={`quiz-summary__item ${correct ? 'quiz-summary__item--correct' : 'quiz-summary__item--wrong'}`}>
            <span className="quiz-summary__label">
              {chosen && correct ? 'Your answer, correct' : chosen ? 'Your answer, incorrect' : 'Correct answer'}
            </span>
            <span>{option}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** A tick or a cross: an icon that says what it means (the word beside it says it too). */
function VerdictIcon({ correct }: { correct: boolean }) {
  return (
    <svg className="quiz-verdict__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="12" fill="currentColor" />
      {correct ? (
        <path d="M6.5 12.5l3.5 3.5 7.5-8" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
      ) : (
        <path d="M8 8l8 8M16 8l-8 8" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" />
      )}
    </svg>
  );
}

/**
 * The reveal card, drawn here from the answer that carries its words, as the server draws its `revealingCardImage`
 * (ADR 122): it shows in the frame that shows the verdict, with no second request. Its name is the answer's `revealText`.
 */
function RevealCard({ category, question, answer }: { category: string; question: QuizQuestion; answer: QuizAnswer }) {
  const drawing = revealCardDrawing({ category, correctOption: question.options[answer.correctOption] ?? '', explanation: answer.explanation });
  return <SvgDrawing className="quiz-card__image quiz-card__image--reveal" drawing={{ ...drawing, title: answer.revealText }} />;
}

const RevealScreen = memo(function RevealScreen({ category, question, answer, index, total, answered, score, last, send, headingRef }: ScreenProps & {
  /** The quiz's topic, whose colours the card wears. */
  category: string;
  question: QuizQuestion;
  answer: QuizAnswer;
  index: number;
  total: number;
  answered: number;
  score: number;
  /** Every question is answered: 'Finish Quiz' rather than 'Next Question'. */
  last: boolean;
}) {
  return (
    <section className="quiz-card" aria-labelledby="quiz-step-title">
      <Progress answered={answered} total={total} score={score} />
      <h2
        id="quiz-step-title"
        ref={headingRef}
        tabIndex={-1}
        className={`quiz-card__step quiz-verdict ${answer.isCorrect ? 'quiz-verdict--correct' : 'quiz-verdict--wrong'}`}
      >
        <VerdictIcon correct={answer.isCorrect} />
        {answer.isCorrect ? 'Correct!' : 'Incorrect'}
        <span className="visually-hidden">
          {' '}
          (question {index + 1} of {total})
        </span>
      </h2>
      <p className="quiz-question">{question.question}</p>
      <AnswerSummary options={question.options} answer={answer} />
      <RevealCard category={category} question={question} answer={answer} />
      <div className="quiz-actions">
        <Button className="button button--primary" onPress={() => send({ type: 'quiz.continue' })}>
          {last ? 'Finish Quiz' : 'Next Question'}
        </Button>
      </div>
    </section>
  );
});

function ScoreCard({ context, send, headingRef }: { context: QuizAttemptContext; send: Send; headingRef: RefObject<HTMLHeadingElement | null> }) {
  const total = context.attempt!.totalQuestions;
  const percent = total ? Math.round((context.score / total) * 100) : 0;
  const answer = context.answers[context.reviewIndex];
  const question = answer ? context.attempt!.questions[answer.questionIndex] : undefined;
  const atFirst = context.reviewIndex <= 0;
  const atLast = context.reviewIndex >= context.answers.length - 1;
  return (
    <section className="quiz-card quiz-scorecard" aria-labelledby="quiz-step-title">
      <h2 id="quiz-step-title" className="quiz-card__step" ref={headingRef} tabIndex={-1}>
        Your ScoreCard
      </h2>
      <p className="quiz-score">
        <span className="quiz-score__value">
          {context.score}/{total}
        </span>
        <span className="quiz-score__text">
          You answered {context.score} of {total} questions correctly ({percent}%).
        </span>
      </p>
      {answer && question && (
        <section className="quiz-review" aria-labelledby="quiz-review-title">
          <h3 id="quiz-review-title" className="quiz-review__title">
            Answer {context.reviewIndex + 1} of {context.answers.length}
          </h3>
          <p className="quiz-question" aria-live="polite">
            {question.question}
          </p>
          <AnswerSummary options={question.options} answer={answer} />
          <RevealCard category={context.attempt!.category} question={question} answer={answer} />
          <div className="quiz-review__nav">
            {/* aria-disabled rather than disabled: the button keeps focus at either end of the list. */}
            <button
              type="button"
              className="button"
              aria-disabled={atFirst}
              onClick={() => !atFirst && send({ type: 'review.previous' })}
            >
              Previous<span className="visually-hidden"> answer</span>
            </button>
            <button type="button" className="button" aria-disabled={atLast} onClick={() => !atLast && send({ type: 'review.next' })}>
              Next<span className="visually-hidden"> answer</span>
            </button>
          </div>
        </section>
      )}
      <div className="quiz-actions">
        <Button className="button button--primary" onPress={() => send({ type: 'results.download' })}>
          Download Results
        </Button>
        <Button className="button" onPress={() => send({ type: 'quiz.restart' })}>
          Start New Quiz
        </Button>
      </div>
    </section>
  );
}

function QuizAttemptView({ category, setId }: { category: string; setId: string }) {
  const { machines } = useServices();
  const [machine] = useState(machines.quizAttempt);
  // The question is drawn on the server: the attempt starts (or resumes) there, as it would on the first render here.
  const { actor } = usePageActor(`quiz ${category}/${setId}`, machine, { input: { category, setId } }, {
    settled: (snapshot) => !snapshot.matches('loading'),
    keep: (snapshot) => !snapshot.matches('startFailed'),
  });
  const state = useSelector(actor, (snapshot) => snapshot);
  const send = actor.send;
  const headingRef = useRef<HTMLHeadingElement | null>(null);
  const screen = screenOf(state);
  const context = state.context;
  const busy = quizBusyLabel(state);
  const total = context.attempt?.totalQuestions ?? 0;

  // Each new screen (a new question, its reveal, the scorecard) takes the focus to its heading.
  const screenKey = `${screen}:${context.index}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the screen changes
  useEffect(() => {
    headingRef.current?.focus();
  }, [screenKey]);

  return (
    <>
      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement(state)}
      </p>
      {screen === 'noQuiz' && (
        <div className="quiz-card">
          <EmptyState>{QUIZ_TEXT.noQuiz}</EmptyState>
          <p>
            <Link href={paths.quizTopic(category)}>Back to the topic</Link>
          </p>
        </div>
      )}
      {screen === 'question' && (
        <QuestionScreen category={context.attempt!.category} question={context.attempt!.questions[context.index]!} index={context.index} total={total} answered={context.answers.length}
          score={context.score} selected={context.selected} send={send} headingRef={headingRef} />
      )}
      {screen === 'revealed' && (
        <RevealScreen category={context.attempt!.category} question={context.attempt!.questions[context.index]!} answer={currentAnswer(context)!} index={context.index} total={total}
          answered={context.answers.length} score={context.score} last={isLastToAnswer(context)} send={send} headingRef={headingRef} />
      )}
      {screen === 'scorecard' && <ScoreCard context={context} send={send} headingRef={headingRef} />}
      {/* A wait on the server shows its overlay only once it is long enough to notice; the pause before the
          redirect is there to be read, so it shows at once. */}
      {busy && <BusyOverlay label={busy} delayMs={state.matches('redirecting') ? 0 : BUSY_OVERLAY_DELAY_MS} />}
    </>
  );
}

export default function QuizPlayPage() {
  const { categoryId = '', setId = '' } = useParams<{ categoryId: string; setId: string }>();
  const title = `${quizCategoryTitle(categoryId)} Quiz`;
  const setTitle = QUIZ_SETS.find((s) => s.id === setId)?.title ?? setId;
  useDocumentTitle(`${title}, ${setTitle}`);
  return (
    <div className="quiz-page">
      <header className="page-intro quiz-play__intro">
        <div className="container">
          <p className="quiz-back">
            <Link href={paths.quizTopic(categoryId)}>Back to {quizCategoryTitle(categoryId)}</Link>
          </p>
          <p className="eyebrow">{setTitle}</p>
          <h1>{title}</h1>
        </div>
      </header>
      <div className="container quiz-play">
        {/* A new set is a new attempt: the key gives it a fresh machine. */}
        <QuizAttemptView key={`${categoryId}/${setId}`} category={categoryId} setId={setId} />
      </div>
    </div>
  );
}

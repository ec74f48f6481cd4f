/**
 * Model-based tests of the quiz attempt machine: paths from its own graph (shortest, simple, and every edge from every
 * state), each replayed on a live actor and compared after every step with a plain model of spec section 4 (which
 * screen, which question, which choice, the score, and the effects asked for). A last test fails if any state or
 * transition was never reached. The effects file is run against fake ports in quiz-attempt.effects.test.ts; the
 * attempts both play are in quiz-attempt.fixtures.ts.
 */
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import {
  currentAnswer,
  isLastToAnswer,
  type QuizAttemptEvent,
  quizAttemptMachine,
  quizBusyLabel,
  type QuizAttemptSnapshot,
} from '../../src/application/quiz-attempt.machine';
import type { QuizAnswer, QuizAttempt } from '../../src/domain/quiz';
import { agree, type Coverage, getShortestPaths, getSimplePaths, holds, newCoverage, pathName, type PathLike, replay, uncovered } from './model-kit';
import { completed, fresh, INPUT, noQuestions, result, resumedAllAnswered, resumedSecondOnly } from './quiz-attempt.fixtures';

const events: QuizAttemptEvent[] = [
  { type: 'quiz.loaded', attempt: fresh },
  { type: 'quiz.loaded', attempt: resumedSecondOnly },
  { type: 'quiz.loaded', attempt: resumedAllAnswered },
  { type: 'quiz.loaded', attempt: completed },
  { type: 'quiz.loaded', attempt: null },
  { type: 'quiz.loaded', attempt: noQuestions },
  { type: 'quiz.loadFailed', message: 'category: There is no quiz in this category' },
  { type: 'option.select', option: 0 },
  { type: 'option.select', option: 2 },
  { type: 'answer.submit' },
  { type: 'answer.accepted', result: result(true) },
  { type: 'answer.accepted', result: result(false) },
  { type: 'answer.failed' },
  { type: 'quiz.continue' },
  { type: 'quiz.completed', attempt: completed },
  { type: 'quiz.completeFailed' },
  { type: 'review.previous' },
  { type: 'review.next' },
  { type: 'results.download' },
  { type: 'results.saved' },
  { type: 'results.failed' },
  { type: 'clock.tick' },
  { type: 'quiz.restart' },
];

// ---- The plain model: spec section 4 written as a reducer over the same events. ----

type Screen =
  | 'loading' | 'noQuiz' | 'startFailed' | 'question' | 'answering' | 'revealed' | 'completing'
  | 'scorecard' | 'downloading' | 'redirecting' | 'left';

const FINAL: Screen[] = ['noQuiz', 'startFailed', 'left'];

interface Model {
  screen: Screen;
  attempt: QuizAttempt | null;
  index: number;
  selected: number | null;
  /** In question order, whatever order the server listed them in. */
  answers: QuizAnswer[];
  score: number;
  reviewIndex: number;
  effects: string[];
}

const initialModel = (): Model => ({
  screen: 'loading', attempt: null, index: 0, selected: null, answers: [], score: 0, reviewIndex: 0,
  effects: [`start ${INPUT.category} ${INPUT.setId}`],
});

const total = (m: Model) => m.attempt?.totalQuestions ?? 0;
const firstGap = (m: Model) => {
  for (let i = 0; i < total(m); i++) if (!m.answers.some((a) => a.questionIndex === i)) return i;
  return total(m);
};
const byQuestion = (answers: QuizAnswer[]) => answers.toSorted((a, b) => a.questionIndex - b.questionIndex);
/** 'Finish Quiz': an attempt is known and nothing is left to answer. */
const nothingLeft = (m: Model) => m.attempt !== null && firstGap(m) >= total(m);

function step(m: Model, e: QuizAttemptEvent): Model {
  const next: Model = { ...m, effects: [...m.effects] };
  const effect = (text: string) => next.effects.push(text);
  switch (m.screen) {
    case 'loading':
      if (e.type === 'quiz.loaded') {
        const a = e.attempt;
        if (!a || a.questions.length === 0) return { ...next, screen: 'noQuiz' };
        Object.assign(next, { attempt: a, answers: byQuestion(a.answers), score: a.score });
        if (a.status === 'completed') return { ...next, screen: 'scorecard', reviewIndex: 0 };
        return nothingLeft(next) ? { ...next, screen: 'revealed', index: a.totalQuestions - 1 } : { ...next, screen: 'question', index: firstGap(next), selected: null };
      }
      if (e.type === 'quiz.loadFailed') {
        effect(`toast ${e.message}`);
        effect(`navigate /quiz/${INPUT.category}`);
        return { ...next, screen: 'startFailed' };
      }
      return m;
    case 'question':
      if (e.type === 'option.select') {
        effect('prepare');
        return { ...next, selected: e.option };
      }
      if (e.type === 'answer.submit' && m.selected !== null) {
        effect(`answer ${m.attempt?._id} ${m.index} ${m.selected}`);
        return { ...next, screen: 'answering' };
      }
      return m;
    case 'answering':
      if (e.type === 'answer.accepted') {
        const answers = byQuestion([...m.answers, { ...e.result, questionIndex: m.index, selectedOption: m.selected! }]);
        return { ...next, screen: 'revealed', answers, score: m.score + (e.result.isCorrect ? 1 : 0) };
      }
      if (e.type === 'answer.failed') {
        effect('toast Failed to submit answer. Please try again.');
        return { ...next, screen: 'question' };
      }
      return m;
    case 'revealed':
      if (e.type === 'quiz.continue') {
        if (nothingLeft(m)) {
          effect(`complete ${m.attempt?._id}`);
          return { ...next, screen: 'completing' };
        }
        return { ...next, screen: 'question', index: firstGap(m), selected: null };
      }
      return m;
    case 'completing':
      if (e.type === 'quiz.completed') {
        return { ...next, screen: 'scorecard', attempt: e.attempt, answers: byQuestion(e.attempt.answers), score: e.attempt.score, reviewIndex: 0 };
      }
      if (e.type === 'quiz.completeFailed') {
        effect('toast Failed to complete quiz. Please try again.');
        return { ...next, screen: 'revealed' };
      }
      return m;
    case 'scorecard':
      if (e.type === 'review.previous' && m.reviewIndex > 0) return { ...next, reviewIndex: m.reviewIndex - 1 };
      if (e.type === 'review.next' && m.reviewIndex < m.answers.length - 1) return { ...next, reviewIndex: m.reviewIndex + 1 };
      if (e.type === 'results.download') {
        effect(`download ${m.attempt?._id}`);
        return { ...next, screen: 'downloading' };
      }
      if (e.type === 'quiz.restart') {
        effect('navigate /quiz');
        return { ...next, screen: 'left' };
      }
      return m;
    case 'downloading':
      if (e.type === 'results.saved') {
        effect('timer start');
        return { ...next, screen: 'redirecting' };
      }
      if (e.type === 'results.failed') {
        effect('toast Failed to download results. Please try again.');
        return { ...next, screen: 'scorecard' };
      }
      return m;
    case 'redirecting':
      if (e.type === 'clock.tick') {
        effect('timer stop');
        effect('navigate /quiz');
        return { ...next, screen: 'left' };
      }
      return m;
    default:
      return m;
  }
}

const BUSY: Partial<Record<Screen, string>> = {
  loading: 'Loading quiz...',
  answering: 'Submitting answer...',
  completing: 'Completing quiz...',
  downloading: 'Preparing PDF...',
  redirecting: 'Redirecting...',
};

/** The system under test: the machine with recording effects, named with their parameters. */
function instrumented() {
  const effects: string[] = [];
  const machine = quizAttemptMachine.provide({
    actions: {
      prepareSubmit: () => void effects.push('prepare'),
      startQuiz: (_, p) => void effects.push(`start ${p.category} ${p.setId}`),
      submitAnswer: (_, p) => void effects.push(`answer ${p.attemptId} ${p.questionIndex} ${p.selectedOption}`),
      completeQuiz: (_, p) => void effects.push(`complete ${p.attemptId}`),
      downloadResults: (_, p) => void effects.push(`download ${p.attemptId}`),
      startRedirectTimer: () => void effects.push('timer start'),
      stopRedirectTimer: () => void effects.push('timer stop'),
      navigate: (_, p) => void effects.push(`navigate ${p.path}`),
      notifyError: (_, p) => void effects.push(`toast ${p.message}`),
    },
  });
  return { machine, effects };
}

function compare(snapshot: QuizAttemptSnapshot, m: Model, effects: string[]) {
  const c = snapshot.context;
  // The machine and the model agree on the whole context, the screen, the busy text, the view's helpers and every
  // effect asked for with its parameters.
  agree(
    { screen: snapshot.value, status: snapshot.status, busy: quizBusyLabel(snapshot), context: c, last: isLastToAnswer(c), reveal: currentAnswer(c) ?? null, effects },
    {
      screen: m.screen,
      status: FINAL.includes(m.screen) ? 'done' : 'active',
      busy: BUSY[m.screen] ?? null,
      context: { category: INPUT.category, setId: INPUT.setId, attempt: m.attempt, index: m.index, selected: m.selected, answers: m.answers, score: m.score, reviewIndex: m.reviewIndex },
      last: nothingLeft(m),
      reveal: m.answers.find((a) => a.questionIndex === m.index) ?? null,
      effects: m.effects,
    },
  );
  // Submit is enabled only after a choice.
  if (m.screen === 'question') holds(snapshot.can({ type: 'answer.submit' }) === (m.selected !== null), 'Submit only with a choice');
  // The running score is the number of correct answers reported so far.
  if (m.screen !== 'scorecard' && m.attempt) holds(c.score === c.answers.filter((a) => a.isCorrect).length, 'the score counts the right answers');
  // The question on screen is never one already answered (so an accepted answer adds to the list, replacing none).
  if (m.screen === 'question' || m.screen === 'answering') holds(!c.answers.some((a) => a.questionIndex === c.index), 'the question on screen is not answered yet');
  // The reveal belongs to the question on screen; the scorecard shows a completed attempt.
  if (m.screen === 'revealed') holds(currentAnswer(c)?.questionIndex === m.index, 'the reveal is of the question on screen');
  if (['scorecard', 'downloading', 'redirecting'].includes(m.screen)) holds(c.attempt?.status === 'completed', 'the scorecard is of a completed attempt');
}

/** The steps a path replays: the graph's own start event is not one the view sends. */
const stepsOf = (path: PathLike<EventObject>) => path.steps.filter((s) => s.event.type !== 'xstate.init') as { event: QuizAttemptEvent }[];

/**
 * States as the graph tells them apart: the screen, the question on screen, whether a choice is made, which questions
 * are answered and the answer under review. Which option, and whether an answer was right, are walked one step deep
 * by the extensions below instead of multiplying every later state.
 */
function serializeState(s: QuizAttemptSnapshot): string {
  const c = s.context;
  return JSON.stringify([s.value, c.index, c.selected !== null, c.answers.map((a) => a.questionIndex), c.reviewIndex]);
}

describe('quiz attempt machine (model-based)', () => {
  const coverage: Coverage = newCoverage();
  const shortest = getShortestPaths(quizAttemptMachine, { events, input: INPUT, serializeState: serializeState as never });
  // Simple paths over one journey's events: every distinct walk from a fresh attempt without repeating a state, failures
  // and retries included. Other loads, a second choice and a wrong answer only multiply walks; the extensions take them.
  const journeyEvents = events.filter(
    (e) =>
      !(e.type === 'quiz.loaded' && e.attempt !== fresh) &&
      !(e.type === 'option.select' && e.option !== 0) &&
      !(e.type === 'answer.accepted' && !e.result.isCorrect),
  );
  const simple = getSimplePaths(quizAttemptMachine, { events: journeyEvents, input: INPUT, serializeState: serializeState as never });

  const run = (steps: { event: QuizAttemptEvent }[]) => {
    const sut = instrumented();
    let model = initialModel();
    return replay(
      sut.machine,
      { steps },
      coverage,
      (snapshot, event) => {
        if (event) model = step(model, event as QuizAttemptEvent);
        compare(snapshot, model, sut.effects);
      },
      INPUT,
    );
  };

  it('has paths to walk', () => {
    expect(shortest.length).toBeGreaterThan(40);
    expect(simple.length).toBeGreaterThan(15);
  });
  // The shortest path to every state, then the same path extended by every event the machine accepts there or the
  // model reacts to: a transition a change removed is missed by the model, one it added is taken by the machine.
  it.each(shortest.map((p) => [pathName(p), p] as const))('shortest, then every event: %s', (_name, path) => {
    const steps = stepsOf(path);
    expect(run(steps).value).toEqual(path.state.value);
    const model = steps.reduce((m, s) => step(m, s.event), initialModel());
    const state = path.state as QuizAttemptSnapshot;
    for (const event of events) if (state.can(event) || step(model, event) !== model) run([...steps, { event }]);
  });
  it('walks every simple path', () => {
    for (const path of simple) expect(run(stepsOf(path)).value).toEqual(path.state.value);
  });

  it('resumes a reload at the first unanswered question with the score so far', () => {
    const last = run([{ event: { type: 'quiz.loaded', attempt: resumedSecondOnly } }]);
    expect(last.value).toBe('question');
    expect(last.context.index).toBe(0);
    expect(last.context.score).toBe(1);
  });

  it('reached every state and took every transition, failure branches and resume included', () => {
    expect(uncovered(quizAttemptMachine, coverage)).toEqual({ states: [], transitions: [] });
  });
});

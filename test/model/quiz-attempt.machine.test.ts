/**
 * Model-based tests of the quiz attempt machine: paths from its own graph (shortest, simple, and every edge from every
 * state), each replayed on a live actor and compared after every step with a plain model of spec section 4 (which
 * screen, which question, which choice, the score, and the effects asked for). A last test fails if any state or
 * transition was never reached. The effects file is then run against fake ports.
 */
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { provideQuizAttempt } from '../../src/application/quiz-attempt.effects';
import {
  type AnswerResult,
  currentAnswer,
  isLastToAnswer,
  QUIZ_TEXT,
  type QuizAttemptEvent,
  quizAttemptMachine,
  quizBusyLabel,
  type QuizAttemptSnapshot,
} from '../../src/application/quiz-attempt.machine';
import { ApiError } from '../../src/application/api-error';
import { FakeClock, RecordingFileSaver, RecordingNavigator, RecordingNotifier, ScriptedApi } from '../../src/application/testing/fakes';
import type { QuizAnswer, QuizAttempt } from '../../src/domain/quiz';
import { type Coverage, edgePaths, getShortestPaths, getSimplePaths, newCoverage, pathName, type PathLike, replay, uncovered } from './model-kit';

const INPUT = { category: 'green-buildings', setId: 'set-1' };
const TOTAL = 2;

function answerOf(questionIndex: number, selectedOption: number, isCorrect: boolean): QuizAnswer {
  return {
    questionIndex,
    selectedOption,
    isCorrect,
    correctOption: isCorrect ? selectedOption : (selectedOption + 1) % 4,
    explanation: `Explanation ${questionIndex}`,
    revealingCardImage: `/api/quizzes/attempts/a1/questions/${questionIndex}/reveal.svg`,
    revealText: `Correct answer: option. Explanation ${questionIndex}`,
  };
}

function attemptOf(answers: QuizAnswer[], status: QuizAttempt['status'] = 'in-progress', total = TOTAL): QuizAttempt {
  return {
    _id: 'a1',
    category: INPUT.category,
    sdgSet: INPUT.setId,
    status,
    score: answers.filter((a) => a.isCorrect).length,
    totalQuestions: total,
    questions: Array.from({ length: total }, (_, i) => ({
      question: `Question ${i}?`,
      options: ['A', 'B', 'C', 'D'],
      questionImage: `/api/quizzes/questions/q${i}/image.svg`,
      ...(answers.some((a) => a.questionIndex === i) ? { revealingCardImage: `/api/quizzes/attempts/a1/questions/${i}/reveal.svg` } : {}),
    })),
    answers,
    createdAt: '2026-01-01T00:00:00.000Z',
    completedAt: status === 'completed' ? '2026-01-01T00:05:00.000Z' : null,
  };
}

const fresh = attemptOf([]);
/** A reload after the first answer: resume at question 2 with a score of 1. */
const resumedHalfway = attemptOf([answerOf(0, 1, true)]);
/** A reload after the last answer but before finishing. */
const resumedAllAnswered = attemptOf([answerOf(0, 1, true), answerOf(1, 0, false)]);
const completed = attemptOf([answerOf(0, 1, true), answerOf(1, 0, false)], 'completed');
const noQuestions = attemptOf([], 'in-progress', 0);

const result = (isCorrect: boolean): AnswerResult => {
  const { questionIndex: _q, selectedOption: _s, ...rest } = answerOf(0, 0, isCorrect);
  return rest;
};

const events: QuizAttemptEvent[] = [
  { type: 'quiz.loaded', attempt: fresh },
  { type: 'quiz.loaded', attempt: resumedHalfway },
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

interface Model {
  screen: Screen;
  total: number;
  index: number;
  selected: number | null;
  answers: { questionIndex: number; selectedOption: number; isCorrect: boolean }[];
  score: number;
  reviewIndex: number;
  effects: string[];
}

const initialModel = (): Model => ({
  screen: 'loading', total: 0, index: 0, selected: null, answers: [], score: 0, reviewIndex: 0,
  effects: [`start ${INPUT.category} ${INPUT.setId}`],
});

const firstGap = (m: Pick<Model, 'answers' | 'total'>) => {
  for (let i = 0; i < m.total; i++) if (!m.answers.some((a) => a.questionIndex === i)) return i;
  return m.total;
};
const slim = (answers: QuizAnswer[]) =>
  answers.map(({ questionIndex, selectedOption, isCorrect }) => ({ questionIndex, selectedOption, isCorrect })).sort((a, b) => a.questionIndex - b.questionIndex);

function step(m: Model, e: QuizAttemptEvent): Model {
  const next: Model = { ...m, effects: [...m.effects] };
  const effect = (text: string) => next.effects.push(text);
  switch (m.screen) {
    case 'loading':
      if (e.type === 'quiz.loaded') {
        const a = e.attempt;
        if (!a || a.questions.length === 0) return { ...next, screen: 'noQuiz' };
        Object.assign(next, { total: a.totalQuestions, answers: slim(a.answers), score: a.score, selected: null });
        if (a.status === 'completed') return { ...next, screen: 'scorecard', reviewIndex: 0 };
        const gap = firstGap(next);
        return gap >= next.total ? { ...next, screen: 'revealed', index: next.total - 1 } : { ...next, screen: 'question', index: gap };
      }
      if (e.type === 'quiz.loadFailed') {
        effect(`toast ${e.message}`);
        effect(`navigate /quiz/${INPUT.category}`);
        return { ...next, screen: 'startFailed' };
      }
      return m;
    case 'question':
      if (e.type === 'option.select') return { ...next, selected: e.option };
      if (e.type === 'answer.submit' && m.selected !== null) {
        effect(`answer ${m.index} ${m.selected}`);
        return { ...next, screen: 'answering' };
      }
      return m;
    case 'answering':
      if (e.type === 'answer.accepted') {
        const answers = [...m.answers, { questionIndex: m.index, selectedOption: m.selected!, isCorrect: e.result.isCorrect }];
        return { ...next, screen: 'revealed', answers, score: m.score + (e.result.isCorrect ? 1 : 0) };
      }
      if (e.type === 'answer.failed') {
        effect(`toast ${QUIZ_TEXT.submitFailed}`);
        return { ...next, screen: 'question' };
      }
      return m;
    case 'revealed':
      if (e.type === 'quiz.continue') {
        const gap = firstGap(m);
        if (gap >= m.total) {
          effect('complete a1');
          return { ...next, screen: 'completing' };
        }
        return { ...next, screen: 'question', index: gap, selected: null };
      }
      return m;
    case 'completing':
      if (e.type === 'quiz.completed') {
        return { ...next, screen: 'scorecard', answers: slim(e.attempt.answers), score: e.attempt.score, reviewIndex: 0 };
      }
      if (e.type === 'quiz.completeFailed') {
        effect(`toast ${QUIZ_TEXT.completeFailed}`);
        return { ...next, screen: 'revealed' };
      }
      return m;
    case 'scorecard':
      if (e.type === 'review.previous' && m.reviewIndex > 0) return { ...next, reviewIndex: m.reviewIndex - 1 };
      if (e.type === 'review.next' && m.reviewIndex < m.answers.length - 1) return { ...next, reviewIndex: m.reviewIndex + 1 };
      if (e.type === 'results.download') {
        effect('download a1');
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
        effect(`toast ${QUIZ_TEXT.downloadFailed}`);
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

/** The system under test: the machine with recording effects. */
function instrumented() {
  const effects: string[] = [];
  const machine = quizAttemptMachine.provide({
    actions: {
      startQuiz: (_, p) => void effects.push(`start ${p.category} ${p.setId}`),
      submitAnswer: (_, p) => void effects.push(`answer ${p.questionIndex} ${p.selectedOption}`),
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

function compare(snapshot: QuizAttemptSnapshot, model: Model, effects: string[]) {
  const c = snapshot.context;
  expect(snapshot.value).toBe(model.screen);
  expect(effects).toEqual(model.effects);
  expect(quizBusyLabel(snapshot)).toBe(BUSY[model.screen] ?? null);
  if (['noQuiz', 'startFailed', 'left'].includes(model.screen)) expect(snapshot.status).toBe('done');
  if (model.screen === 'loading' || model.screen === 'noQuiz' || model.screen === 'startFailed') return;
  expect(slim(c.answers)).toEqual(model.answers.toSorted((a, b) => a.questionIndex - b.questionIndex));
  expect(c.score).toBe(model.score);
  // The running score is the number of correct answers reported so far.
  if (model.screen !== 'scorecard') expect(c.score).toBe(c.answers.filter((a) => a.isCorrect).length);
  if (['question', 'answering', 'revealed', 'completing'].includes(model.screen)) {
    expect(c.index).toBe(model.index);
    expect(c.selected).toBe(model.selected);
  }
  // Submit is enabled only after a choice.
  if (model.screen === 'question') expect(snapshot.can({ type: 'answer.submit' })).toBe(model.selected !== null);
  // The reveal belongs to the question on screen, and the button says Finish only when nothing is left to answer.
  if (model.screen === 'revealed') {
    expect(currentAnswer(c)?.questionIndex).toBe(model.index);
    expect(isLastToAnswer(c)).toBe(firstGap(model) >= model.total);
  }
  if (['scorecard', 'downloading', 'redirecting'].includes(model.screen)) {
    expect(c.reviewIndex).toBe(model.reviewIndex);
    expect(c.attempt?.status).toBe('completed');
  }
}

describe('quiz attempt machine (model-based)', () => {
  const coverage: Coverage = newCoverage();
  const shortest = getShortestPaths(quizAttemptMachine, { events, input: INPUT });
  // Simple paths over the journey's events: every distinct walk without repeating a state. The loads that end at once
  // (no quiz, an already completed attempt) and a second choice only multiply walks; shortest and edge paths take them.
  const journeyEvents = events.filter(
    (e) =>
      !(e.type === 'quiz.loaded' && (e.attempt === null || e.attempt.questions.length === 0 || e.attempt.status === 'completed')) &&
      !(e.type === 'option.select' && e.option !== 0),
  );
  const simple = getSimplePaths(quizAttemptMachine, { events: journeyEvents, input: INPUT });
  const edges = edgePaths(quizAttemptMachine, events, INPUT);

  const run = (path: PathLike<QuizAttemptEvent>) => {
    const sut = instrumented();
    let model = initialModel();
    return replay(
      sut.machine,
      path,
      coverage,
      (snapshot, event) => {
        if (event) model = step(model, event as QuizAttemptEvent);
        compare(snapshot, model, sut.effects);
      },
      INPUT,
    );
  };

  it('has paths to walk', () => {
    expect(shortest.length).toBeGreaterThan(100);
    expect(simple.length).toBeGreaterThan(50);
    expect(edges.length).toBeGreaterThan(shortest.length);
  });
  it.each(shortest.map((p) => [pathName(p), p] as const))('shortest: %s', (_name, path) => {
    expect(run(path).value).toEqual(path.state.value);
  });
  it.each(simple.map((p) => [pathName(p), p] as const))('simple: %s', (_name, path) => {
    expect(run(path).value).toEqual(path.state.value);
  });
  it.each(edges.map((p) => [pathName(p), p] as const))('edge: %s', (_name, path) => {
    run(path);
  });

  it('resumes a reload halfway at the next unanswered question with the score so far', () => {
    const last = run({ steps: [{ event: { type: 'quiz.loaded', attempt: resumedHalfway } }] });
    expect(last.value).toBe('question');
    expect(last.context.index).toBe(1);
    expect(last.context.score).toBe(1);
  });

  it('reached every state and took every transition, failure branches and resume included', () => {
    expect(uncovered(quizAttemptMachine, coverage)).toEqual({ states: [], transitions: [] });
  });
});

// ---- The effects, against fake ports. ----

function world(answers: Record<string, () => Promise<unknown>>) {
  const api = new ScriptedApi(answers);
  const files = new RecordingFileSaver();
  const clock = new FakeClock();
  const navigator = new RecordingNavigator();
  const notifier = new RecordingNotifier();
  const machine = provideQuizAttempt({ api, files, clock, navigator, notifier, log: () => {} });
  const actor = createActor(machine, { input: INPUT }).start();
  return { api, files, clock, navigator, notifier, actor };
}

const PDF = new Uint8Array([37, 80, 68, 70, 45]);
const ok = (value: unknown) => () => Promise.resolve(value);
const failWith = (status: number, message: string) => () => Promise.reject(new ApiError('http', status, message));

describe('quiz attempt effects (fake ports)', () => {
  it('plays a whole attempt: answers with timeSpent 0, completes, saves quiz-results.pdf and leaves for /quiz after 1 s', async () => {
    const w = world({
      'quizzes.start': ok({ success: true, attempt: fresh }),
      'quizzes.answer': ok({ success: true, score: 1, ...result(true) }),
      'quizzes.complete': ok({ success: true, attempt: completed }),
      'quizzes.pdf': ok(PDF),
    });
    await waitFor(w.actor, (s) => s.matches('question'));
    expect(w.api.calls[0]).toEqual({ name: 'quizzes.start', input: { body: { category: 'green-buildings', sdgSet: 'set-1' } } });
    for (const index of [0, 1]) {
      w.actor.send({ type: 'option.select', option: 1 });
      w.actor.send({ type: 'answer.submit' });
      await waitFor(w.actor, (s) => s.matches('revealed'));
      expect(w.api.calls.at(-1)).toEqual({ name: 'quizzes.answer', input: { params: { id: 'a1' }, body: { questionIndex: index, selectedOption: 1, timeSpent: 0 } } });
      w.actor.send({ type: 'quiz.continue' });
    }
    await waitFor(w.actor, (s) => s.matches('scorecard'));
    expect(w.actor.getSnapshot().context.score).toBe(1);
    w.actor.send({ type: 'results.download' });
    await waitFor(w.actor, (s) => s.matches('redirecting'));
    expect(w.files.saved).toEqual([{ bytes: PDF, filename: 'quiz-results.pdf', mimeType: 'application/pdf' }]);
    w.clock.advance(999);
    expect(w.navigator.moves).toEqual([]);
    w.clock.advance(1);
    expect(w.navigator.moves).toEqual(['/quiz']);
    expect(w.actor.getSnapshot().status).toBe('done');
    expect(w.clock.activeTimers).toBe(0);
    expect(w.notifier.errors).toEqual([]);
    expect(w.navigator.redirects).toEqual([]);
    expect(w.notifier.successes).toEqual([]);
  });

  it('shows the server text when starting fails and goes back to the topic page', async () => {
    const w = world({ 'quizzes.start': failWith(400, 'category: There is no quiz in this category') });
    await waitFor(w.actor, (s) => s.status === 'done');
    expect(w.notifier.errors).toEqual(['category: There is no quiz in this category']);
    expect(w.navigator.moves).toEqual(['/quiz/green-buildings']);
  });

  it('falls back to the spec text when starting fails without a server message', async () => {
    const w = world({ 'quizzes.start': () => Promise.reject(new ApiError('network', 0, 'offline')) });
    await waitFor(w.actor, (s) => s.status === 'done');
    expect(w.notifier.errors).toEqual(['Failed to start quiz. Please try again.']);
  });

  it('toasts each failure and keeps the learner where they were', async () => {
    const w = world({
      'quizzes.start': ok({ success: true, attempt: resumedAllAnswered }),
      'quizzes.complete': failWith(500, 'Something went wrong. Please try again.'),
    });
    await waitFor(w.actor, (s) => s.matches('revealed'));
    w.actor.send({ type: 'quiz.continue' });
    await waitFor(w.actor, (s) => s.matches('revealed') && w.notifier.errors.length > 0);
    expect(w.notifier.errors).toEqual(['Failed to complete quiz. Please try again.']);

    const v = world({ 'quizzes.start': ok({ success: true, attempt: fresh }), 'quizzes.answer': failWith(409, 'This question has already been answered') });
    await waitFor(v.actor, (s) => s.matches('question'));
    v.actor.send({ type: 'option.select', option: 3 });
    v.actor.send({ type: 'answer.submit' });
    await waitFor(v.actor, (s) => s.matches('question') && v.notifier.errors.length > 0);
    expect(v.notifier.errors).toEqual(['Failed to submit answer. Please try again.']);
    expect(v.actor.getSnapshot().context.selected).toBe(3);

    const d = world({ 'quizzes.start': ok({ success: true, attempt: completed }), 'quizzes.pdf': failWith(403, 'nope') });
    await waitFor(d.actor, (s) => s.matches('scorecard'));
    d.actor.send({ type: 'results.download' });
    await waitFor(d.actor, (s) => s.matches('scorecard') && d.notifier.errors.length > 0);
    expect(d.notifier.errors).toEqual(['Failed to download results. Please try again.']);
    expect(d.files.saved).toEqual([]);
  });

  it('drops the redirect when the view goes away first', async () => {
    const w = world({ 'quizzes.start': ok({ success: true, attempt: completed }), 'quizzes.pdf': ok(PDF) });
    await waitFor(w.actor, (s) => s.matches('scorecard'));
    w.actor.send({ type: 'results.download' });
    await waitFor(w.actor, (s) => s.matches('redirecting'));
    w.actor.stop();
    w.clock.advance(5000);
    expect(w.navigator.moves).toEqual([]);
  });
});

/**
 * Model-based tests of an article's quiz (ADR 176): paths from the machine's own graph (the shortest path to every
 * abstract state, each extended by every event the state accepts, and the simple paths of answering and sending),
 * replayed on a live actor whose effects only record, and compared after every step with a plain model (screen,
 * answers, result, questions to revisit, error, alert, announcement and the effects asked for, with their parameters).
 * Named rules are checked besides. A last test fails if any state or transition was never reached. The effects file is
 * then run against the scripted API.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type EventObject, type SnapshotFrom, waitFor } from 'xstate';
import { ApiError } from '../../src/application/api-error';
import { provideArticleQuiz } from '../../src/application/article-quiz.effects';
import { ARTICLE_QUIZ_UI_TEXT, type ArticleQuizEvent, articleQuizMachine } from '../../src/application/article-quiz.machine';
import { ScriptedApi } from '../../src/application/testing/fakes';
import type { ArticleQuizResult } from '../../src/domain/article-quiz';
import type { CreditLine } from '../../src/domain/cpd.schema';
import { agree, type Coverage, getShortestPaths, getSimplePaths, holds, newCoverage, type PathLike, pathName, replay, uncovered } from './model-kit';

const ID = 'a1';
const QUESTIONS = [
  { question: 'What limits space heating?', options: ['15 kWh/m²a', '50 kWh/m²a', '0.6 n50', '25°C'] },
  { question: 'What is EnerPHit for?', options: ['Retrofit', 'New build', 'Windows', 'Hot climates'] },
];
const CREDITS: CreditLine[] = [{ body: 'aia', amount: 0.25, type: 'LU', courseNumber: null }];
const PASS: ArticleQuizResult = {
  score: 2, total: 2, passPercent: 70, passed: true,
  questions: [
    { correct: true, selectedOption: 0, correctOption: 0, explanation: 'The Classic limit.' },
    { correct: true, selectedOption: 0, correctOption: 0, explanation: 'The retrofit standard.' },
  ],
  credited: CREDITS,
};
/** A fail as the server gives it: which questions were wrong, never the right option. */
const FAIL: ArticleQuizResult = { score: 1, total: 2, passPercent: 70, passed: false, wrong: [1] };

type Snapshot = SnapshotFrom<typeof articleQuizMachine>;
type Screen = 'loading' | 'loadFailed' | 'answering' | 'submitting' | 'marked';

/** The events the world can send in a state: answers to what the quiz asked for, and a member's choices and presses. */
function eventsFor(s: Snapshot): ArticleQuizEvent[] {
  const list: ArticleQuizEvent[] = [];
  if (s.matches('loading')) list.push({ type: 'quiz.loaded', questions: QUESTIONS, passPercent: 70, credits: CREDITS }, { type: 'quiz.loadFailed', message: ARTICLE_QUIZ_UI_TEXT.loadFailed });
  if (s.matches('submitting')) list.push({ type: 'quiz.marked', result: PASS }, { type: 'quiz.marked', result: FAIL }, { type: 'quiz.submitFailed', message: ARTICLE_QUIZ_UI_TEXT.submitFailed });
  list.push({ type: 'option.select', question: 0, option: 0 }, { type: 'option.select', question: 1, option: 1 });
  // Not a question of this quiz, and not an option of the question: ignored.
  list.push({ type: 'option.select', question: 2, option: 0 }, { type: 'option.select', question: 0, option: 4 });
  list.push({ type: 'quiz.submit' }, { type: 'quiz.again' }, { type: 'quiz.reload' });
  return list;
}

interface Model {
  screen: Screen;
  answers: (number | null)[];
  result: ArticleQuizResult | null;
  revisit: number[];
  error: string | null;
  alert: string | null;
  announcement: string;
  effects: string[];
}

const initialModel = (): Model => ({ screen: 'loading', answers: [], result: null, revisit: [], error: null, alert: null, announcement: '', effects: [`load ${ID}`] });

function step(m: Model, e: ArticleQuizEvent): Model {
  const next: Model = { ...m, effects: [...m.effects] };
  switch (m.screen) {
    case 'loading':
      if (e.type === 'quiz.loaded') return { ...next, screen: 'answering', answers: [null, null], error: null };
      if (e.type === 'quiz.loadFailed') return { ...next, screen: 'loadFailed', error: e.message };
      return m;
    case 'loadFailed':
      if (e.type === 'quiz.reload') return { ...next, screen: 'loading', error: null, effects: [...next.effects, `load ${ID}`] };
      return m;
    case 'answering':
      if (e.type === 'option.select' && e.question < 2 && e.option < 4) {
        return { ...next, answers: m.answers.map((a, i) => (i === e.question ? e.option : a)), alert: null };
      }
      if (e.type === 'quiz.submit') {
        const left = m.answers.filter((a) => a === null).length;
        if (left > 0) return { ...next, alert: ARTICLE_QUIZ_UI_TEXT.unanswered(left) };
        return { ...next, screen: 'submitting', alert: null, effects: [...next.effects, `submit ${ID} ${m.answers.join(',')}`] };
      }
      return m;
    case 'submitting':
      if (e.type === 'quiz.marked') {
        // 70% of 2 asks for both.
        const said = e.result.passed ? `You passed: ${e.result.score} of 2 right.` : `Not passed yet: ${e.result.score} of 2 right; you need 2.`;
        return { ...next, screen: 'marked', result: e.result, revisit: e.result.passed ? [] : e.result.wrong, announcement: said };
      }
      if (e.type === 'quiz.submitFailed') return { ...next, screen: 'answering', alert: e.message };
      return m;
    case 'marked':
      // Another try keeps the answers and the questions to revisit.
      if (e.type === 'quiz.again') return { ...next, screen: 'answering', result: null, announcement: '', alert: null };
      return m;
  }
}

function instrumented() {
  const world = { effects: [] as string[] };
  const machine = articleQuizMachine.provide({
    actions: {
      loadQuiz: (_, p) => void world.effects.push(`load ${p.articleId}`),
      submitAnswers: (_, p) => void world.effects.push(`submit ${p.articleId} ${p.answers.join(',')}`),
    },
  });
  return { world, machine };
}

function checker(world: ReturnType<typeof instrumented>['world']) {
  let model = initialModel();
  return (snapshot: Snapshot, event: EventObject | null) => {
    if (event) model = step(model, event as ArticleQuizEvent);
    const c = snapshot.context;
    agree(
      { screen: snapshot.value as Screen, answers: c.answers, result: c.result, revisit: c.revisit, error: c.error, alert: c.alert, announcement: c.announcement, effects: world.effects },
      { screen: model.screen, answers: model.answers, result: model.result, revisit: model.revisit, error: model.error, alert: model.alert, announcement: model.announcement, effects: model.effects },
    );
    // Answers are sent only when every question has one; a mark is only ever shown with its result.
    if (snapshot.matches('submitting')) holds(c.answers.every((a) => a !== null), 'only full answers are sent');
    if (snapshot.matches('marked')) holds(c.result !== null && c.announcement !== '', 'a mark is shown and said');
    if (!snapshot.matches('marked')) holds(c.result === null, 'no result outside the mark');
    if (snapshot.matches('loadFailed')) holds(c.error !== null, 'a failed load says why');
    // What the machine holds of a fail is never more than the server said: no right option, no explanation.
    if (c.result && !c.result.passed) holds(!JSON.stringify(c).match(/correctOption|explanation/), 'a fail holds no right answer');
  };
}

describe('article quiz machine (model-based)', () => {
  const coverage: Coverage = newCoverage();
  const serialize = (s: Snapshot) => JSON.stringify([s.value, s.context.answers, s.context.result?.passed ?? null, s.context.revisit, s.context.alert !== null]);
  const shortest = getShortestPaths(articleQuizMachine, { events: eventsFor as never, serializeState: serialize as never, input: { articleId: ID } });
  const paths: PathLike<ArticleQuizEvent>[] = [];
  for (const path of shortest) {
    for (const event of eventsFor(path.state as Snapshot)) paths.push({ steps: [...(path.steps as { event: ArticleQuizEvent }[]), { event }] });
  }
  const simple = getSimplePaths(articleQuizMachine, {
    events: eventsFor as never,
    serializeState: ((s: Snapshot) => JSON.stringify([s.value, s.context.answers.map((a) => a !== null), s.context.revisit])) as never,
    input: { articleId: ID },
  }).filter((p) => p.steps.length <= 7);
  paths.push(...(simple as unknown as PathLike<ArticleQuizEvent>[]));

  it.each(paths.map((p) => [pathName(p), p] as const))('%s', (_name, path) => {
    const { world, machine } = instrumented();
    replay(machine, path, coverage, checker(world), { articleId: ID });
  });

  it('reached every state and every transition', () => {
    expect(uncovered(articleQuizMachine, coverage)).toEqual({ states: [], transitions: [] });
  });
});

describe('article quiz effects (scripted API)', () => {
  it('loads the questions fresh, sends the answers in order and shows the mark', async () => {
    const logged: string[] = [];
    const api = new ScriptedApi({
      'content.articleQuiz': () => Promise.resolve({ success: true, questions: QUESTIONS, passPercent: 70, credits: CREDITS }),
      'content.answerArticleQuiz': () => Promise.resolve({ success: true, result: PASS }),
    });
    const actor = createActor(provideArticleQuiz({ api, log: (m) => logged.push(m) }), { input: { articleId: ID } }).start();
    await waitFor(actor, (s) => s.matches('answering'));
    expect(api.calls[0]).toEqual({ name: 'content.articleQuiz', input: { params: { id: ID } }, options: { fresh: true } });
    actor.send({ type: 'option.select', question: 1, option: 0 });
    actor.send({ type: 'option.select', question: 0, option: 0 });
    actor.send({ type: 'quiz.submit' });
    await waitFor(actor, (s) => s.matches('marked'));
    expect(api.calls[1]).toMatchObject({ name: 'content.answerArticleQuiz', input: { params: { id: ID }, body: { answers: [0, 0] } } });
    expect(actor.getSnapshot().context.announcement).toBe('You passed: 2 of 2 right.');
    expect(logged).toEqual([]);
    actor.stop();
  });

  it('after a fail, tries again with the answers kept and the wrong question to revisit, and sends the changed one', async () => {
    const marks = [FAIL, PASS];
    const api = new ScriptedApi({
      'content.articleQuiz': () => Promise.resolve({ success: true, questions: QUESTIONS, passPercent: 70, credits: CREDITS }),
      'content.answerArticleQuiz': () => Promise.resolve({ success: true, result: marks.shift()! }),
    });
    const actor = createActor(provideArticleQuiz({ api, log: () => {} }), { input: { articleId: ID } }).start();
    await waitFor(actor, (s) => s.matches('answering'));
    actor.send({ type: 'option.select', question: 0, option: 0 });
    actor.send({ type: 'option.select', question: 1, option: 1 });
    actor.send({ type: 'quiz.submit' });
    await waitFor(actor, (s) => s.matches('marked'));
    expect(actor.getSnapshot().context.announcement).toBe('Not passed yet: 1 of 2 right; you need 2.');
    actor.send({ type: 'quiz.again' });
    expect(actor.getSnapshot().context).toMatchObject({ answers: [0, 1], revisit: [1], result: null });
    actor.send({ type: 'option.select', question: 1, option: 0 });
    actor.send({ type: 'quiz.submit' });
    await waitFor(actor, (s) => s.matches('marked'));
    expect(api.calls[2]).toMatchObject({ name: 'content.answerArticleQuiz', input: { body: { answers: [0, 0] } } });
    expect(actor.getSnapshot().context).toMatchObject({ revisit: [], result: PASS });
    actor.stop();
  });

  it("says the server's words for a refusal, and its own when the network failed", async () => {
    const logged: string[] = [];
    const api = new ScriptedApi({
      'content.articleQuiz': () => Promise.resolve({ success: true, questions: QUESTIONS, passPercent: 70, credits: [] }),
      'content.answerArticleQuiz': () => Promise.reject(new ApiError('http', 400, 'Answer every question once')),
    });
    const actor = createActor(provideArticleQuiz({ api, log: (m) => logged.push(m) }), { input: { articleId: ID } }).start();
    await waitFor(actor, (s) => s.matches('answering'));
    actor.send({ type: 'option.select', question: 0, option: 0 });
    actor.send({ type: 'option.select', question: 1, option: 0 });
    actor.send({ type: 'quiz.submit' });
    await waitFor(actor, (s) => s.matches('answering') && s.context.alert !== null);
    expect(actor.getSnapshot().context.alert).toBe('Answer every question once');
    actor.stop();

    const offline = new ScriptedApi({ 'content.articleQuiz': () => Promise.reject(new ApiError('network', 0, 'offline')) });
    const failing = createActor(provideArticleQuiz({ api: offline, log: (m) => logged.push(m) }), { input: { articleId: ID } }).start();
    await waitFor(failing, (s) => s.matches('loadFailed'));
    expect(failing.getSnapshot().context.error).toBe(ARTICLE_QUIZ_UI_TEXT.loadFailed);
    expect(logged).toEqual(['sending article quiz answers failed', 'loading an article quiz failed']);
    failing.stop();
  });
});

/**
 * The quiz attempt's effects (quiz-attempt.effects.ts) against fake ports: the scripted API, a recording file saver,
 * navigator and notifier, and a fake clock. A whole attempt is played from start to the redirect after the PDF; each
 * failure is toasted and logged with the spec's text or the server's; answers and timers that arrive after the view
 * went away are dropped. The machine itself is walked in quiz-attempt.machine.test.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ApiError } from '../../src/application/api-error';
import { provideQuizAttempt } from '../../src/application/quiz-attempt.effects';
import { currentAnswer } from '../../src/application/quiz-attempt.machine';
import { FakeClock, RecordingFileSaver, RecordingNavigator, RecordingNotifier, ScriptedApi } from '../../src/application/testing/fakes';
import { completed, fresh, INPUT, result, resumedAllAnswered } from './quiz-attempt.fixtures';

function world(answers: Record<string, () => Promise<unknown>>) {
  const api = new ScriptedApi(answers);
  const files = new RecordingFileSaver();
  const clock = new FakeClock();
  const navigator = new RecordingNavigator();
  const notifier = new RecordingNotifier();
  const logged: [string, unknown][] = [];
  const machine = provideQuizAttempt({ api, files, clock, navigator, notifier, log: (message, error) => void logged.push([message, error]) });
  const actor = createActor(machine, { input: INPUT }).start();
  return { api, files, clock, navigator, notifier, logged, actor };
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
      // The reveal is the server's answer (and nothing else it sent), for this question and this choice.
      expect(currentAnswer(w.actor.getSnapshot().context)).toEqual({ ...result(true), questionIndex: index, selectedOption: 1 });
      w.actor.send({ type: 'quiz.continue' });
    }
    await waitFor(w.actor, (s) => s.matches('scorecard'));
    expect(w.api.calls.at(-1)).toEqual({ name: 'quizzes.complete', input: { params: { id: 'a1' } } });
    expect(w.actor.getSnapshot().context.score).toBe(1);
    w.actor.send({ type: 'results.download' });
    await waitFor(w.actor, (s) => s.matches('redirecting'));
    expect(w.api.calls.at(-1)).toEqual({ name: 'quizzes.pdf', input: { params: { id: 'a1' } } });
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
    expect(w.logged).toEqual([]);
  });

  it('shows the server text when starting fails, logs why and goes back to the topic page', async () => {
    const w = world({ 'quizzes.start': failWith(400, 'category: There is no quiz in this category') });
    await waitFor(w.actor, (s) => s.status === 'done');
    expect(w.notifier.errors).toEqual(['category: There is no quiz in this category']);
    expect(w.navigator.moves).toEqual(['/quiz/green-buildings']);
    expect(w.logged).toEqual([['quiz start failed', new ApiError('http', 400, 'category: There is no quiz in this category')]]);
  });

  it('falls back to the spec text when starting fails without a server message', async () => {
    const w = world({ 'quizzes.start': () => Promise.reject(new ApiError('network', 0, 'offline')) });
    await waitFor(w.actor, (s) => s.status === 'done');
    expect(w.notifier.errors).toEqual(['Failed to start quiz. Please try again.']);
  });

  it('toasts and logs each failure and keeps the learner where they were', async () => {
    const w = world({
      'quizzes.start': ok({ success: true, attempt: resumedAllAnswered }),
      'quizzes.complete': failWith(500, 'Something went wrong. Please try again.'),
    });
    await waitFor(w.actor, (s) => s.matches('revealed'));
    w.actor.send({ type: 'quiz.continue' });
    await waitFor(w.actor, (s) => s.matches('revealed') && w.notifier.errors.length > 0);
    expect(w.notifier.errors).toEqual(['Failed to complete quiz. Please try again.']);
    expect(w.logged).toEqual([['quiz completion failed', new ApiError('http', 500, 'Something went wrong. Please try again.')]]);

    const v = world({ 'quizzes.start': ok({ success: true, attempt: fresh }), 'quizzes.answer': failWith(409, 'This question has already been answered') });
    await waitFor(v.actor, (s) => s.matches('question'));
    v.actor.send({ type: 'option.select', option: 3 });
    v.actor.send({ type: 'answer.submit' });
    await waitFor(v.actor, (s) => s.matches('question') && v.notifier.errors.length > 0);
    expect(v.notifier.errors).toEqual(['Failed to submit answer. Please try again.']);
    expect(v.actor.getSnapshot().context.selected).toBe(3);
    expect(v.logged).toEqual([['quiz answer failed', new ApiError('http', 409, 'This question has already been answered')]]);

    const d = world({ 'quizzes.start': ok({ success: true, attempt: completed }), 'quizzes.pdf': failWith(403, 'nope') });
    await waitFor(d.actor, (s) => s.matches('scorecard'));
    d.actor.send({ type: 'results.download' });
    await waitFor(d.actor, (s) => s.matches('scorecard') && d.notifier.errors.length > 0);
    expect(d.notifier.errors).toEqual(['Failed to download results. Please try again.']);
    expect(d.files.saved).toEqual([]);
    expect(d.logged).toEqual([['quiz results download failed', new ApiError('http', 403, 'nope')]]);
  });

  it('drops the redirect, and an answer, that arrive after the view went away, without a word to the stopped actor', async () => {
    const warn = vi.spyOn(console, 'warn');
    const w = world({ 'quizzes.start': ok({ success: true, attempt: completed }), 'quizzes.pdf': ok(PDF) });
    await waitFor(w.actor, (s) => s.matches('scorecard'));
    w.actor.send({ type: 'results.download' });
    await waitFor(w.actor, (s) => s.matches('redirecting'));
    w.actor.stop();
    w.clock.advance(5000);
    expect(w.navigator.moves).toEqual([]);

    let answer: (value: unknown) => void = () => {};
    const v = world({ 'quizzes.start': () => new Promise((resolve) => (answer = resolve)) });
    v.actor.stop();
    // The call still goes out once the quiz calls have loaded; its answer comes after the stop.
    await vi.waitFor(() => expect(v.api.calls).toHaveLength(1));
    answer({ success: true, attempt: fresh });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(v.actor.getSnapshot().value).toBe('loading');
    expect(warn).not.toHaveBeenCalled();
  });
});

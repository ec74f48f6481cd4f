/**
 * The machines' effects load the wire contract (and zod with it) with their first call, not with the app shell. When
 * that load fails (a chunk that cannot be fetched), the effect answers exactly as it does for a failed call: the same
 * failure event, the same text and log, and no call goes out.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type AnyActorLogic, type AnyEventObject, createActor } from 'xstate';
import { provideCommentThread } from '../../src/application/comment-thread.effects';
import { COURSE_TEXT } from '../../src/application/course-progress.machine';
import { provideCourseProgress } from '../../src/application/course-progress.effects';
import { provideDiscussionFeed } from '../../src/application/discussion-feed.effects';
import { provideOtpWizard } from '../../src/application/otp-wizard.effects';
import { OTP_TEXT } from '../../src/application/otp-wizard.machine';
import type { ApiClient } from '../../src/application/ports';
import { providePostComposer } from '../../src/application/post-composer.effects';
import { postDraftKey } from '../../src/application/post-composer.machine';
import { provideQuizAttempt } from '../../src/application/quiz-attempt.effects';
import { QUIZ_TEXT } from '../../src/application/quiz-attempt.machine';
import { provideSearch } from '../../src/application/search.effects';
import { SEARCH_TEXT } from '../../src/application/search.machine';
import {
  FakeClock, MemoryDraftStore, MemoryTokenStore, RecordingFileSaver, RecordingNavigator, RecordingNotifier,
} from '../../src/application/testing/fakes';
import { provideWorkshop } from '../../src/application/workshop.effects';
import { WORKSHOP_UI_TEXT } from '../../src/application/workshop.machine';

const CONTRACTS = ['auth', 'comments', 'content', 'discussions', 'learning', 'quizzes', 'search', 'workshops'] as const;
const failure = new Error('Loading chunk 42 failed.');

beforeAll(() => {
  for (const name of CONTRACTS) {
    vi.doMock(`../../src/contract/${name}`, () => {
      throw failure;
    });
  }
});

afterAll(() => {
  for (const name of CONTRACTS) vi.doUnmock(`../../src/contract/${name}`);
});

/** An API port that must not be called: the contract never loaded, so there is nothing to call with. */
function noCalls() {
  const call = vi.fn(() => Promise.reject(new Error('no call may go out')));
  const api: ApiClient = { call: call as ApiClient['call'], clearCache: () => {}, prepare: () => {}, prefetch: () => {}, onUnauthorized: () => () => {} };
  return { api, call };
}

/** The load failure as it reached the effect (the test runner wraps what the module factory throws). */
const isLoadFailure = (error: unknown) => error === failure || (error instanceof Error && error.cause === failure);

/** Starts the machine, plays `events`, and waits until the effect has answered with an event of type `answer`. */
async function answerTo(logic: AnyActorLogic, input: unknown, answer: string, events: AnyEventObject[] = []) {
  const answers: AnyEventObject[] = [];
  const actor = createActor(logic, {
    input,
    inspect: (inspection) => {
      if (inspection.type === '@xstate.event' && inspection.event.type === answer) answers.push(inspection.event);
    },
  }).start();
  for (const event of events) actor.send(event);
  await vi.waitFor(() => expect(answers).toHaveLength(1));
  actor.stop();
  return answers[0]!;
}

describe('a contract that fails to load is reported as a failed call', () => {
  it('comment thread: thread.failed with the load error', async () => {
    const { api, call } = noCalls();
    const answer = await answerTo(provideCommentThread({ api, log: () => {} }), { discussionId: 'd1' }, 'thread.failed');
    expect(isLoadFailure(answer.error)).toBe(true);
    expect(call).not.toHaveBeenCalled();
  });

  it('course progress: course.loadFailed with the spec text, and the failure logged', async () => {
    const { api, call } = noCalls();
    const logged: [string, unknown][] = [];
    const machine = provideCourseProgress({ api, navigator: new RecordingNavigator(), log: (message, error) => void logged.push([message, error]) });
    const answer = await answerTo(machine, { courseId: 'c1', lessonId: null, screen: 'overview' }, 'course.loadFailed');
    expect(answer.message).toBe(COURSE_TEXT.loadFailed);
    expect(logged).toHaveLength(1);
    expect(logged[0]![0]).toBe('loading a course failed');
    expect(isLoadFailure(logged[0]![1])).toBe(true);
    expect(call).not.toHaveBeenCalled();
  });

  it('discussion feed: feed.failed with the load error\'s message', async () => {
    const { api, call } = noCalls();
    const answer = await answerTo(provideDiscussionFeed({ api, log: () => {} }), { topic: { category: '', subcategory: '' } }, 'feed.failed');
    const loadError = await import('../../src/contract/discussions').then(() => null, (error: unknown) => error);
    expect(isLoadFailure(loadError)).toBe(true);
    expect(answer.message).toBe((loadError as Error).message);
    expect(call).not.toHaveBeenCalled();
  });

  it('OTP wizard: otp.sendFailed with the spec text', async () => {
    const { api, call } = noCalls();
    const machine = provideOtpWizard({ api, tokens: new MemoryTokenStore(), navigator: new RecordingNavigator(), clock: new FakeClock(), notifier: new RecordingNotifier() });
    const answer = await answerTo(machine, { purpose: 'signup', resendSeconds: 3 }, 'otp.sendFailed', [{ type: 'user.submitEmail', email: 'ada@example.com' }]);
    expect(answer.message).toBe(OTP_TEXT.sendFailed);
    expect(call).not.toHaveBeenCalled();
  });

  it('post composer: create.failed with the load error and no refusal', async () => {
    const { api, call } = noCalls();
    const drafts = new MemoryDraftStore();
    const key = postDraftKey('u1');
    drafts.save(key, JSON.stringify({ title: 'Timber', content: '<p>Body</p>' }));
    const machine = providePostComposer({ api, drafts, log: () => {} });
    const answer = await answerTo(machine, { draftKey: key, topic: { category: 'climate-action', subcategory: 'embodied-carbon' } }, 'create.failed', [{ type: 'composer.submit' }]);
    expect(isLoadFailure(answer.error)).toBe(true);
    expect(answer.refusal).toBeNull();
    expect(call).not.toHaveBeenCalled();
  });

  it('quiz attempt: quiz.loadFailed with the spec text, and the failure logged', async () => {
    const { api, call } = noCalls();
    const logged: [string, unknown][] = [];
    const machine = provideQuizAttempt({
      api, files: new RecordingFileSaver(), clock: new FakeClock(), navigator: new RecordingNavigator(), notifier: new RecordingNotifier(),
      log: (message, error) => void logged.push([message, error]),
    });
    const answer = await answerTo(machine, { category: 'green-buildings', setId: 'set-1' }, 'quiz.loadFailed');
    expect(answer.message).toBe(QUIZ_TEXT.startFailed);
    expect(logged.map(([message]) => message)).toEqual(['quiz start failed']);
    expect(isLoadFailure(logged[0]![1])).toBe(true);
    expect(call).not.toHaveBeenCalled();
  });

  it('search: search.failed with the spec text', async () => {
    const { api, call } = noCalls();
    const logged: string[] = [];
    const machine = provideSearch({ api, clock: new FakeClock(), log: (message) => void logged.push(message) });
    const answer = await answerTo(machine, { limit: 5 }, 'search.failed', [{ type: 'query.submitted', q: 'heat', searchType: null }]);
    expect(answer.message).toBe(SEARCH_TEXT.failed);
    expect(logged).toEqual(['searching failed']);
    expect(call).not.toHaveBeenCalled();
  });

  it('workshop: workshop.loadFailed with the spec text', async () => {
    const { api, call } = noCalls();
    const logged: string[] = [];
    const machine = provideWorkshop({ api, clock: new FakeClock(), files: new RecordingFileSaver(), log: (message) => void logged.push(message) });
    const answer = await answerTo(machine, { id: 'w1' }, 'workshop.loadFailed');
    expect(answer.message).toBe(WORKSHOP_UI_TEXT.loadFailed);
    expect(logged).toEqual(['loading a workshop failed']);
    expect(call).not.toHaveBeenCalled();
  });
});

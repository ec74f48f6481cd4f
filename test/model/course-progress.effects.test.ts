/**
 * One course page's effects (course-progress.effects.ts) against the scripted API and the recording navigator: the
 * course, the progress past the cache and the lesson of the URL are loaded, a lesson marked and the next opened;
 * 'Get Started!' enrols and moves to the first unfinished lesson; each failure shows the spec's text or the server's;
 * the assessment is played to its certificate; an answer after the actor stopped is dropped. The machine itself is
 * walked in course-progress.machine.test.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ApiError } from '../../src/application/api-error';
import { provideCourseProgress } from '../../src/application/course-progress.effects';
import { COURSE_TEXT, type CourseProgressInput } from '../../src/application/course-progress.machine';
import { RecordingNavigator, ScriptedApi } from '../../src/application/testing/fakes';
import type { CourseProgress } from '../../src/domain/learning';
import {
  A, ALL_ANSWERED, ALL_DONE, answerOf, attemptOf, CERTIFICATE, COURSE, COURSE_ID, FRESH, HALF_DONE, L, LESSONS, NOT_STARTED, O, progressOf,
} from './course-progress.fixtures';
import { deferred } from '../support/deferred';


const ok = (value: unknown) => () => Promise.resolve(value);
const fail = (error: unknown) => () => Promise.reject(error);
const loaded = (progress: CourseProgress) => ({
  'content.course': ok({ success: true, course: COURSE }),
  'learning.progress': ok({ success: true, progress }),
  'learning.lesson': async (input: unknown) => ({ success: true, lesson: LESSONS[(input as { params: { lessonId: string } }).params.lessonId] }),
});

function world(answers: Record<string, (input: unknown) => Promise<unknown>>, input: CourseProgressInput) {
  const api = new ScriptedApi(answers);
  const navigator = new RecordingNavigator();
  const logged: { message: string; error: unknown }[] = [];
  const actor = createActor(provideCourseProgress({ api, navigator, log: (message, error) => logged.push({ message, error }) }), { input }).start();
  return { api, navigator, logged, actor };
}

describe('course progress effects (scripted API)', () => {
  it('loads the course, the progress past the cache and the lesson of the URL, then marks it and moves on', async () => {
    const w = world({ ...loaded(NOT_STARTED), 'learning.completeLesson': ok({ success: true, progress: HALF_DONE }) }, L);
    await waitFor(w.actor, (s) => s.matches('reading'));
    expect(w.api.calls).toEqual([
      { name: 'content.course', input: { params: { id: COURSE_ID } } },
      { name: 'learning.progress', input: { params: { id: COURSE_ID } }, options: { fresh: true } },
      { name: 'learning.lesson', input: { params: { id: COURSE_ID, lessonId: 'l1' } } },
    ]);
    expect(w.actor.getSnapshot().context).toMatchObject({ course: COURSE, progress: NOT_STARTED, lesson: LESSONS.l1 });

    w.actor.send({ type: 'lesson.complete' });
    await waitFor(w.actor, (s) => s.matches('reading') && s.context.progress === HALF_DONE);
    expect(w.api.calls.at(-1)).toEqual({ name: 'learning.completeLesson', input: { params: { id: COURSE_ID, lessonId: 'l1' } } });
    expect(w.actor.getSnapshot().context.announcement).toBe(COURSE_TEXT.marked);

    w.actor.send({ type: 'lesson.open', lessonId: 'l2' });
    await waitFor(w.actor, (s) => s.matches('reading') && s.context.lesson?._id === 'l2');
    expect(w.api.calls.at(-1)).toEqual({ name: 'learning.lesson', input: { params: { id: COURSE_ID, lessonId: 'l2' } } });
    expect(w.navigator.moves).toEqual([]);
    expect(w.logged).toEqual([]);
  });

  it('asks for no lesson on the overview, enrols and moves to the first unfinished lesson', async () => {
    const w = world({ ...loaded(NOT_STARTED), 'learning.enrol': ok({ success: true, progress: progressOf(['l1']) }) }, O);
    await waitFor(w.actor, (s) => s.matches('overview'));
    expect(w.api.calls.map((c) => c.name)).toEqual(['content.course', 'learning.progress']);
    w.actor.send({ type: 'course.start' });
    await waitFor(w.actor, (s) => s.matches('overview') && s.context.progress?.enrolled === true);
    expect(w.api.calls.at(-1)).toEqual({ name: 'learning.enrol', input: { params: { id: COURSE_ID } } });
    expect(w.navigator.moves).toEqual([`/courses/view/${COURSE_ID}/lessons/l2`]);
  });

  it.each([
    ['a missing course', new ApiError('http', 404, 'Not found'), null, 'Course not found'],
    ['a missing lesson', null, new ApiError('http', 404, 'Lesson not found'), 'Lesson not found'],
    ['an answer of another shape', new ApiError('decode', 200, 'course: expected object'), null, 'Unexpected response format from server'],
    ['a server error', new ApiError('http', 500, 'Something went wrong'), null, 'Failed to fetch course'],
    ['no network', new ApiError('network', 0, 'offline'), null, 'Failed to fetch course'],
    ['a forbidden course', new ApiError('http', 403, 'Forbidden'), null, 'Failed to fetch course'],
  ] as const)('shows the spec text for %s', async (_name, courseError, lessonError, text) => {
    const answers = {
      ...loaded(NOT_STARTED),
      ...(courseError ? { 'content.course': fail(courseError) } : {}),
      ...(lessonError ? { 'learning.lesson': fail(lessonError) } : {}),
    };
    const w = world(answers, L);
    await waitFor(w.actor, (s) => s.matches('loadFailed'));
    expect(w.actor.getSnapshot().context.error).toBe(text);
    expect(w.logged.map((l) => [l.message, l.error])).toEqual([['loading a course failed', courseError ?? lessonError]]);
  });

  it('shows the server text of a refused action, and the spec text otherwise, where the member is', async () => {
    const w = world({ ...loaded(NOT_STARTED), 'learning.enrol': fail(new ApiError('http', 400, 'This course is not open yet')) }, O);
    await waitFor(w.actor, (s) => s.matches('overview'));
    w.actor.send({ type: 'course.start' });
    await waitFor(w.actor, (s) => s.matches('overview') && s.context.alert !== null);
    expect(w.actor.getSnapshot().context.alert).toBe('This course is not open yet');
    w.api.answer('learning.enrol', fail(new ApiError('http', 503, 'Unavailable')));
    w.actor.send({ type: 'course.start' });
    expect(w.actor.getSnapshot().context.alert).toBeNull();
    await waitFor(w.actor, (s) => s.matches('overview') && s.context.alert !== null);
    expect(w.actor.getSnapshot().context.alert).toBe(COURSE_TEXT.enrolFailed);
    expect(w.navigator.moves).toEqual([]);

    const v = world({ ...loaded(NOT_STARTED), 'learning.completeLesson': fail(new ApiError('network', 0, 'offline')) }, L);
    await waitFor(v.actor, (s) => s.matches('reading'));
    v.actor.send({ type: 'lesson.complete' });
    await waitFor(v.actor, (s) => s.matches('reading') && s.context.alert !== null);
    expect(v.actor.getSnapshot().context).toMatchObject({ alert: COURSE_TEXT.markFailed, progress: NOT_STARTED, lesson: LESSONS.l1 });
    v.api.answer('learning.lesson', fail(new ApiError('http', 500, 'Something went wrong')));
    v.actor.send({ type: 'lesson.open', lessonId: 'l2' });
    await waitFor(v.actor, (s) => s.matches('lessonFailed'));
    expect(v.actor.getSnapshot().context).toMatchObject({ error: COURSE_TEXT.lessonFailed, lesson: LESSONS.l1, lessonId: 'l2' });
    expect(v.logged.map((l) => l.message)).toEqual(['marking a lesson failed', 'loading a lesson failed']);
  });

  it('plays the assessment: answers with the question and the option, maps the reply, and issues the certificate', async () => {
    const w = world({
      ...loaded(ALL_DONE),
      'learning.startAssessment': ok({ success: true, attempt: FRESH }),
      'learning.answerAssessment': async (input) => {
        const { selectedOption } = (input as { body: { selectedOption: number } }).body;
        return { success: true, isCorrect: selectedOption === 1, correctOption: 1, explanation: 'Because.', score: 1 };
      },
      'learning.completeAssessment': ok({ success: true, attempt: attemptOf([answerOf(0, 1, true), answerOf(1, 1, true)], 'completed', true), certificate: CERTIFICATE }),
    }, A);
    await waitFor(w.actor, (s) => s.matches({ assessment: 'question' }));
    expect(w.api.calls.map((c) => c.name)).toEqual(['content.course', 'learning.progress', 'learning.startAssessment']);
    expect(w.api.calls[2]).toEqual({ name: 'learning.startAssessment', input: { params: { id: COURSE_ID } } });

    w.actor.send({ type: 'option.select', option: 1 });
    w.actor.send({ type: 'answer.submit' });
    await waitFor(w.actor, (s) => s.matches({ assessment: 'revealed' }));
    expect(w.api.calls.at(-1)).toEqual({ name: 'learning.answerAssessment', input: { params: { id: 'a1' }, body: { questionIndex: 0, selectedOption: 1 } } });
    expect(w.actor.getSnapshot().context.answers).toEqual([{ questionIndex: 0, selectedOption: 1, isCorrect: true, correctOption: 1, explanation: 'Because.' }]);
    expect(w.actor.getSnapshot().context.score).toBe(1);

    w.actor.send({ type: 'assessment.continue' });
    w.actor.send({ type: 'option.select', option: 3 });
    w.actor.send({ type: 'answer.submit' });
    await waitFor(w.actor, (s) => s.matches({ assessment: 'revealed' }));
    expect(w.api.calls.at(-1)).toEqual({ name: 'learning.answerAssessment', input: { params: { id: 'a1' }, body: { questionIndex: 1, selectedOption: 3 } } });
    expect(w.actor.getSnapshot().context.answers[1]).toEqual({ questionIndex: 1, selectedOption: 3, isCorrect: false, correctOption: 1, explanation: 'Because.' });

    w.actor.send({ type: 'assessment.continue' });
    await waitFor(w.actor, (s) => s.matches('certificateIssued'));
    expect(w.api.calls.at(-1)).toEqual({ name: 'learning.completeAssessment', input: { params: { id: 'a1' } } });
    expect(w.actor.getSnapshot().context.certificate).toEqual(CERTIFICATE);
    expect(w.logged).toEqual([]);
  });

  it('keeps the choice and says why when an answer, a start or a finish fails', async () => {
    const w = world({
      ...loaded(ALL_DONE),
      'learning.startAssessment': ok({ success: true, attempt: ALL_ANSWERED }),
      'learning.completeAssessment': fail(new ApiError('network', 0, 'offline')),
    }, A);
    await waitFor(w.actor, (s) => s.matches({ assessment: 'revealed' }) && s.context.alert !== null);
    expect(w.actor.getSnapshot().context.alert).toBe(COURSE_TEXT.finishFailed);

    const v = world({
      ...loaded(ALL_DONE),
      'learning.startAssessment': ok({ success: true, attempt: FRESH }),
      'learning.answerAssessment': fail(new ApiError('http', 409, 'This question has already been answered')),
    }, A);
    await waitFor(v.actor, (s) => s.matches({ assessment: 'question' }));
    v.actor.send({ type: 'option.select', option: 2 });
    v.actor.send({ type: 'answer.submit' });
    await waitFor(v.actor, (s) => s.matches({ assessment: 'question' }) && s.context.alert !== null);
    expect(v.actor.getSnapshot().context).toMatchObject({ alert: 'This question has already been answered', selected: 2, index: 0, answers: [] });

    const u = world({ ...loaded(NOT_STARTED), 'learning.startAssessment': fail(new ApiError('http', 403, 'Complete every lesson first')) }, A);
    await waitFor(u.actor, (s) => s.matches('assessmentFailed'));
    expect(u.actor.getSnapshot().context.error).toBe('Complete every lesson first');
  });

  it('drops an answer that arrives after the actor stopped, without an error', async () => {
    const answer = deferred<unknown>();
    const w = world({
      ...loaded(ALL_DONE),
      'learning.startAssessment': ok({ success: true, attempt: FRESH }),
      'learning.answerAssessment': () => answer.promise,
    }, A);
    const errors: unknown[] = [];
    w.actor.subscribe({ error: (error) => errors.push(error) });
    const warn = vi.spyOn(console, 'warn');
    await waitFor(w.actor, (s) => s.matches({ assessment: 'question' }));
    w.actor.send({ type: 'option.select', option: 0 });
    w.actor.send({ type: 'answer.submit' });
    const last = w.actor.getSnapshot();
    // The call went out at once (the learning calls loaded with the course); its answer comes after the stop.
    expect(w.api.calls.at(-1)?.name).toBe('learning.answerAssessment');
    w.actor.stop();
    answer.resolve({ success: true, isCorrect: true, correctOption: 0, explanation: 'Because.', score: 1 });
    await answer.promise;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(w.actor.getSnapshot().status).toBe('stopped');
    expect(w.actor.getSnapshot().context).toEqual(last.context);
    expect(errors).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
  });
});

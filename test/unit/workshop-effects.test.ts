/**
 * The workshop page's real effects against the scripted API, the fake clock and the recording file saver: which calls
 * go out for which session, what the page shows for each failure kind, what is logged, and that answers arriving after
 * the page has gone are dropped.
 */
import { describe, expect, it } from 'vitest';
import { type AnyActorRef, createActor, type InspectionEvent, waitFor } from 'xstate';
import { ApiError } from '../../src/application/api-error';
import { FakeClock, RecordingFileSaver, ScriptedApi } from '../../src/application/testing/fakes';
import { provideWorkshop } from '../../src/application/workshop.effects';
import { WORKSHOP_UI_TEXT } from '../../src/application/workshop.machine';
import { WORKSHOP_TEXT, type WorkshopDetail } from '../../src/domain/workshops';
import { deferred } from '../support/deferred';

const ID = 'ws-42';
const START = Date.parse('2026-12-01T17:00:00.000Z');
const OPENS = START - 15 * 60_000;

function workshop(extra: Partial<WorkshopDetail> = {}): WorkshopDetail {
  return {
    _id: ID, title: 'Timber Frames: Q&A', description: 'Bring questions.', imageUrl: '/media/t.svg', date: new Date(START).toISOString(), duration: 60,
    timeZone: 'Europe/London', hosts: [{ name: 'SustainLearn editorial team', role: 'who run the session' }], agenda: [{ minutes: 60, item: 'Q&A' }], audience: 'Designers',
    prepare: [], capacity: 10, seatsLeft: 3, waitlisted: 0, myStatus: null, waitlistPosition: null, started: false, ended: false,
    joinUrl: null, joinOpensAt: new Date(OPENS).toISOString(), credits: [], ...extra,
  };
}

const OPEN = workshop();
const REGISTERED = workshop({ myStatus: 'registered', seatsLeft: 2 });
const ICS = new TextEncoder().encode('BEGIN:VCALENDAR\r\nEND:VCALENDAR');

type Answers = ConstructorParameters<typeof ScriptedApi>[0];

function page(answers: Answers) {
  const api = new ScriptedApi(answers);
  const clock = new FakeClock(OPENS - 60 * 60_000);
  const files = new RecordingFileSaver();
  const logged: [string, unknown][] = [];
  /** Every event sent to the page actor, with whether the actor was still running when it came. */
  const received: { type: string; active: boolean }[] = [];
  let self: AnyActorRef | undefined;
  const inspect = (e: InspectionEvent) => {
    if (e.type === '@xstate.event' && e.actorRef === self && !e.event.type.startsWith('xstate.')) received.push({ type: e.event.type, active: self.getSnapshot().status === 'active' });
  };
  const actor = createActor(provideWorkshop({ api, clock, files, log: (message, error) => logged.push([message, error]) }), { input: { id: ID }, inspect });
  self = actor;
  actor.start();
  return { api, clock, files, logged, received, actor };
}


const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('workshop effects: the calls carry the page\'s session', () => {
  it('loads past the cache, registers, downloads the calendar file and cancels, each for this session', async () => {
    let loads = 0;
    const { api, files, logged, actor } = page({
      'workshops.get': () => Promise.resolve({ success: true, workshop: ++loads === 1 ? OPEN : REGISTERED }),
      'workshops.register': () => Promise.resolve({ success: true, workshop: REGISTERED, message: WORKSHOP_TEXT.registered }),
      'workshops.calendar': () => Promise.resolve(ICS),
      'workshops.cancel': () => Promise.resolve({ success: true, workshop: OPEN, message: WORKSHOP_TEXT.cancelled }),
    });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'workshop.register' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.workshop?.myStatus === 'registered');
    expect(actor.getSnapshot().context.announcement).toBe(WORKSHOP_TEXT.registered);
    actor.send({ type: 'calendar.download' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.announcement === WORKSHOP_UI_TEXT.calendarSaved);
    expect(files.saved).toEqual([{ bytes: ICS, filename: 'timber-frames-q-a.ics', mimeType: 'text/calendar' }]);
    actor.send({ type: 'workshop.cancel' });
    actor.send({ type: 'workshop.cancelConfirmed' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.workshop?.myStatus === null);
    expect(actor.getSnapshot().context.announcement).toBe(WORKSHOP_TEXT.cancelled);
    expect(api.calls).toEqual([
      { name: 'workshops.get', input: { params: { id: ID } }, options: { fresh: true } },
      { name: 'workshops.register', input: { params: { id: ID } } },
      { name: 'workshops.calendar', input: { params: { id: ID } } },
      { name: 'workshops.cancel', input: { params: { id: ID } } },
    ]);
    expect(logged).toEqual([]);
    actor.stop();
  });
});

describe('workshop effects: a page that cannot be loaded', () => {
  it("says 'Workshop not found' for a 404, whatever words the server used, and logs nothing", async () => {
    const { actor, logged } = page({ 'workshops.get': () => Promise.reject(new ApiError('http', 404, 'Not Found')) });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe(WORKSHOP_TEXT.notFound);
    expect(logged).toEqual([]);
    actor.stop();
  });

  it.each([
    ['another refusal (403) shows the server\'s words', new ApiError('http', 403, 'Members only'), 'Members only'],
    ['a server error (500) shows the general sentence', new ApiError('http', 500, 'Internal error'), WORKSHOP_UI_TEXT.loadFailed],
    ['a network failure shows the general sentence', new ApiError('network', 0, 'Failed to fetch'), WORKSHOP_UI_TEXT.loadFailed],
    ['an answer that cannot be read is not a missing workshop, whatever its status', new ApiError('decode', 404, 'The server answered with invalid JSON'), WORKSHOP_UI_TEXT.loadFailed],
    ['an error that is no API answer is not a missing workshop, whatever its status', Object.assign(new Error('proxy said 404'), { status: 404 }), WORKSHOP_UI_TEXT.loadFailed],
  ])('%s, and logs the failure', async (_, error, message) => {
    const { api, actor, logged } = page({ 'workshops.get': () => Promise.reject(error) });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe(message);
    expect(logged).toEqual([['loading a workshop failed', error]]);
    expect(api.calls).toEqual([{ name: 'workshops.get', input: { params: { id: ID } }, options: { fresh: true } }]);
    actor.stop();
  });

  it('loads again on retry after a failure', async () => {
    let loads = 0;
    const { api, actor } = page({
      'workshops.get': () => (++loads === 1 ? Promise.reject(new ApiError('network', 0, 'Failed to fetch')) : Promise.resolve({ success: true, workshop: OPEN })),
    });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'workshop.retry' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toMatchObject({ workshop: OPEN, error: null });
    expect(api.calls.map((c) => c.name)).toEqual(['workshops.get', 'workshops.get']);
    actor.stop();
  });
});

describe('workshop effects: failed actions', () => {
  it.each([
    ['a refusal (409) shows the server\'s words', new ApiError('http', 409, WORKSHOP_TEXT.started), WORKSHOP_TEXT.started],
    ['a server error (502) shows the general sentence', new ApiError('http', 502, 'Bad gateway'), WORKSHOP_UI_TEXT.cancelFailed],
    ['a network failure shows the general sentence', new ApiError('network', 0, 'Failed to fetch'), WORKSHOP_UI_TEXT.cancelFailed],
  ])('a cancellation that fails: %s, keeps the place and logs the failure', async (_, error, message) => {
    const { api, actor, logged } = page({
      'workshops.get': () => Promise.resolve({ success: true, workshop: REGISTERED }),
      'workshops.cancel': () => Promise.reject(error),
    });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'workshop.cancel' });
    actor.send({ type: 'workshop.cancelConfirmed' });
    expect(actor.getSnapshot().matches('cancelling')).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toMatchObject({ workshop: REGISTERED, alert: message, announcement: '' });
    expect(logged).toEqual([['cancelling failed', error]]);
    expect(api.calls.map((c) => c.name)).toEqual(['workshops.get', 'workshops.cancel']);
    actor.stop();
  });

  it.each([
    ['a refusal (429) shows the server\'s words', new ApiError('http', 429, 'Too many requests, try again in a minute'), 'Too many requests, try again in a minute'],
    ['a network failure shows the general sentence', new ApiError('network', 0, 'Failed to fetch'), WORKSHOP_UI_TEXT.registerFailed],
  ])('a registration that fails: %s, and logs the failure', async (_, error, message) => {
    const { actor, logged } = page({
      'workshops.get': () => Promise.resolve({ success: true, workshop: OPEN }),
      'workshops.register': () => Promise.reject(error),
    });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'workshop.register' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.alert !== null);
    expect(actor.getSnapshot().context).toMatchObject({ workshop: OPEN, alert: message });
    expect(logged).toEqual([['registering failed', error]]);
    actor.stop();
  });

  it("a calendar file refused (403) shows the server's words and saves nothing", async () => {
    const error = new ApiError('http', 403, 'Register first to get the calendar file');
    const { actor, files, logged } = page({
      'workshops.get': () => Promise.resolve({ success: true, workshop: OPEN }),
      'workshops.calendar': () => Promise.reject(error),
    });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'calendar.download' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.alert !== null);
    expect(actor.getSnapshot().context.alert).toBe('Register first to get the calendar file');
    expect(files.saved).toEqual([]);
    expect(logged).toEqual([['downloading a calendar file failed', error]]);
    actor.stop();
  });
});

describe('workshop effects: after the page has gone', () => {
  it('drops a load answer that arrives once the page is closed', async () => {
    const answer = deferred<unknown>();
    const { actor, received } = page({ 'workshops.get': () => answer.promise });
    actor.stop();
    answer.resolve({ success: true, workshop: OPEN });
    await settle();
    expect(received).toEqual([]);
    expect(actor.getSnapshot().context.workshop).toBeNull();
  });

  it('drops a failed registration that arrives once the page is closed, and still logs it', async () => {
    const answer = deferred<unknown>();
    const error = new ApiError('network', 0, 'Failed to fetch');
    const { actor, received, logged } = page({
      'workshops.get': () => Promise.resolve({ success: true, workshop: OPEN }),
      'workshops.register': () => answer.promise,
    });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'workshop.register' });
    actor.stop();
    answer.reject(error);
    await settle();
    expect(received.filter((r) => !r.active)).toEqual([]);
    expect(received.map((r) => r.type)).toEqual(['workshop.loaded', 'workshop.register']);
    expect(logged).toEqual([['registering failed', error]]);
  });

  it('sends clock ticks while the page is shown, and stops its clock once the page is closed', async () => {
    const { clock, actor, received } = page({ 'workshops.get': () => Promise.resolve({ success: true, workshop: OPEN }) });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(clock.activeTimers).toBe(1);
    clock.advance(60_000);
    expect(received.map((r) => r.type)).toEqual(['workshop.loaded', 'clock.tick', 'clock.tick']);
    actor.stop();
    clock.advance(30_000);
    expect(clock.activeTimers).toBe(0);
    clock.advance(60_000);
    expect(received.filter((r) => !r.active)).toEqual([]);
    expect(received).toHaveLength(3);
  });
});

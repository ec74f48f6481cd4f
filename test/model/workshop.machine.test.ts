/**
 * Model-based tests of a workshop session's page (issue 15): paths from the machine's own graph (the shortest path to
 * every abstract state, each extended by every event the state accepts, and the simple paths through the places a
 * member can hold), replayed on a live actor whose effects only record, and compared after every step with a plain
 * model of the page (screen, workshop, error, alert, announcement and the effects asked for, with their parameters).
 * Named rules are checked besides. A last test fails if any state or transition was never reached. The effects file
 * is then run against the scripted API, the fake clock and the recording file saver.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type EventObject, type SnapshotFrom, waitFor } from 'xstate';
import { ApiError } from '../../src/application/api-error';
import { FakeClock, RecordingFileSaver, ScriptedApi } from '../../src/application/testing/fakes';
import { provideWorkshop } from '../../src/application/workshop.effects';
import { joinDue, WORKSHOP_UI_TEXT, type WorkshopEvent, workshopMachine } from '../../src/application/workshop.machine';
import { WORKSHOP_TEXT, type WorkshopDetail } from '../../src/domain/workshops';
import { agree, type Coverage, getShortestPaths, getSimplePaths, holds, newCoverage, type PathLike, pathName, replay, uncovered } from './model-kit';

const ID = 'w1';
const START = Date.parse('2026-12-01T17:00:00.000Z');
const OPENS = START - 15 * 60_000;

function workshop(extra: Partial<WorkshopDetail> = {}): WorkshopDetail {
  return {
    _id: ID, title: 'Embodied Carbon: a Clinic!', description: 'Bring a project.', imageUrl: '/media/w.svg', date: new Date(START).toISOString(), duration: 90,
    timeZone: 'Europe/London', hosts: [{ name: 'SustainLearn editorial team', role: 'who run the session' }], agenda: [{ minutes: 90, item: 'Clinic' }], audience: 'Designers',
    prepare: ['A project'], capacity: 2, seatsLeft: 1, waitlisted: 0, myStatus: null, waitlistPosition: null, started: false, ended: false,
    joinUrl: null, joinOpensAt: new Date(OPENS).toISOString(), credits: [], ...extra,
  };
}

const OPEN = workshop();
const FULL = workshop({ seatsLeft: 0, waitlisted: 1 });
const REGISTERED = workshop({ myStatus: 'registered', seatsLeft: 0 });
const WAITLISTED = workshop({ myStatus: 'waitlisted', seatsLeft: 0, waitlisted: 2, waitlistPosition: 2 });
const WITH_LINK = workshop({ myStatus: 'registered', seatsLeft: 0, joinUrl: 'https://events.example/w1' });
const STARTED = workshop({ started: true });
const LOADED = [OPEN, FULL, REGISTERED, WAITLISTED, STARTED];

/** The events the world can send in a state: answers to what the page asked for, a member's presses, clock ticks. */
function eventsFor(s: Snapshot): WorkshopEvent[] {
  const list: WorkshopEvent[] = [];
  if (s.matches('loading') || s.matches('refreshing')) {
    for (const w of s.matches('refreshing') ? [WITH_LINK, REGISTERED] : LOADED) list.push({ type: 'workshop.loaded', workshop: w });
    list.push({ type: 'workshop.loadFailed', message: WORKSHOP_TEXT.notFound });
  }
  if (s.matches('registering')) {
    list.push({ type: 'workshop.registered', workshop: REGISTERED, message: WORKSHOP_TEXT.registered });
    list.push({ type: 'workshop.registered', workshop: WAITLISTED, message: WORKSHOP_TEXT.waitlisted });
    list.push({ type: 'workshop.registerFailed', message: WORKSHOP_TEXT.started });
  }
  if (s.matches('cancelling')) {
    list.push({ type: 'workshop.cancelled', workshop: OPEN, message: WORKSHOP_TEXT.cancelled });
    list.push({ type: 'workshop.cancelFailed', message: WORKSHOP_UI_TEXT.cancelFailed });
  }
  if (s.matches('downloading')) list.push({ type: 'calendar.saved' }, { type: 'calendar.failed', message: WORKSHOP_UI_TEXT.calendarFailed });
  list.push({ type: 'workshop.retry' }, { type: 'workshop.register' }, { type: 'workshop.cancel' }, { type: 'calendar.download' });
  list.push({ type: 'workshop.cancelConfirmed' }, { type: 'workshop.cancelKept' });
  list.push({ type: 'clock.tick', now: OPENS - 60_000 }, { type: 'clock.tick', now: OPENS + 60_000 });
  return list;
}

type Snapshot = SnapshotFrom<typeof workshopMachine>;
type Screen = 'loading' | 'failed' | 'ready' | 'refreshing' | 'registering' | 'confirmingCancel' | 'cancelling' | 'downloading';

interface Model {
  screen: Screen;
  workshop: WorkshopDetail | null;
  error: string | null;
  alert: string | null;
  announcement: string;
  effects: string[];
  ticking: boolean;
}

const initialModel = (): Model => ({ screen: 'loading', workshop: null, error: null, alert: null, announcement: '', effects: [`load ${ID}`], ticking: false });


function step(m: Model, e: WorkshopEvent): Model {
  const next: Model = { ...m, effects: [...m.effects] };
  const effect = (text: string) => next.effects.push(text);
  const w = m.workshop;
  switch (m.screen) {
    case 'loading':
      if (e.type === 'workshop.loaded') {
        effect('tick');
        return { ...next, screen: 'ready', workshop: e.workshop, error: null, ticking: true };
      }
      if (e.type === 'workshop.loadFailed') return { ...next, screen: 'failed', error: e.message };
      return m;
    case 'failed':
      if (e.type === 'workshop.retry') {
        effect(`load ${ID}`);
        return { ...next, screen: 'loading', error: null };
      }
      return m;
    case 'ready':
      if (e.type === 'workshop.register' && w && !w.started && w.myStatus === null) {
        effect(`register ${ID}`);
        return { ...next, screen: 'registering', alert: null, announcement: '' };
      }
      // Cancelling asks first: nothing is sent until the member confirms.
      if (e.type === 'workshop.cancel' && w && !w.started && w.myStatus !== null) {
        return { ...next, screen: 'confirmingCancel', alert: null, announcement: '' };
      }
      if (e.type === 'calendar.download') {
        // The title in lower case, runs of anything else than letters and digits made one hyphen, none at the ends.
        effect(`calendar ${ID} as embodied-carbon-a-clinic.ics`);
        return { ...next, screen: 'downloading', alert: null, announcement: '' };
      }
      // The join link is looked for again once it is due and not shown yet, for a registered member only.
      if (e.type === 'clock.tick' && w?.myStatus === 'registered' && w.joinUrl === null && !w.ended && e.now >= OPENS) {
        effect(`load ${ID}`);
        return { ...next, screen: 'refreshing' };
      }
      return m;
    case 'refreshing':
      if (e.type === 'workshop.loaded') return { ...next, screen: 'ready', workshop: e.workshop };
      if (e.type === 'workshop.loadFailed') return { ...next, screen: 'ready' };
      return m;
    case 'registering':
      if (e.type === 'workshop.registered') return { ...next, screen: 'ready', workshop: e.workshop, announcement: e.message };
      if (e.type === 'workshop.registerFailed') return { ...next, screen: 'ready', alert: e.message };
      return m;
    case 'confirmingCancel':
      if (e.type === 'workshop.cancelConfirmed') {
        effect(`cancel ${ID}`);
        return { ...next, screen: 'cancelling' };
      }
      if (e.type === 'workshop.cancelKept') return { ...next, screen: 'ready' };
      return m;
    case 'cancelling':
      if (e.type === 'workshop.cancelled') return { ...next, screen: 'ready', workshop: e.workshop, announcement: e.message };
      if (e.type === 'workshop.cancelFailed') return { ...next, screen: 'ready', alert: e.message };
      return m;
    case 'downloading':
      if (e.type === 'calendar.saved') return { ...next, screen: 'ready', announcement: WORKSHOP_UI_TEXT.calendarSaved };
      if (e.type === 'calendar.failed') return { ...next, screen: 'ready', alert: e.message };
      return m;
  }
}

function instrumented() {
  const world = { effects: [] as string[] };
  const effect = (text: string) => void world.effects.push(text);
  const machine = workshopMachine.provide({
    actions: {
      loadWorkshop: (_, p) => effect(`load ${p.id}`),
      register: (_, p) => effect(`register ${p.id}`),
      cancel: (_, p) => effect(`cancel ${p.id}`),
      downloadCalendar: (_, p) => effect(`calendar ${p.id} as ${p.filename}`),
      startTicking: () => effect('tick'),
    },
  });
  return { world, machine };
}

const screenOf = (s: Snapshot) => s.value as Screen;


function checker(world: ReturnType<typeof instrumented>['world']) {
  let model = initialModel();
  return (snapshot: Snapshot, event: EventObject | null) => {
    if (event) model = step(model, event as WorkshopEvent);
    const c = snapshot.context;
    agree(
      { screen: screenOf(snapshot), workshop: c.workshop, error: c.error, alert: c.alert, announcement: c.announcement, effects: world.effects },
      { screen: model.screen, workshop: model.workshop, error: model.error, alert: model.alert, announcement: model.announcement, effects: model.effects },
    );
    const w = c.workshop;
    // A member who holds a place cannot register again; one without a place cannot cancel; a started one neither.
    if (snapshot.matches('ready')) {
      holds(snapshot.can({ type: 'workshop.register' }) === (w !== null && !w.started && w.myStatus === null), 'Register only without a place, before the start');
      holds(snapshot.can({ type: 'workshop.cancel' }) === (w !== null && !w.started && w.myStatus !== null), 'Cancel only with a place, before the start');
    }
    // One request at a time: nothing else can be pressed while one is on its way.
    if (snapshot.matches('registering') || snapshot.matches('confirmingCancel') || snapshot.matches('cancelling') || snapshot.matches('downloading')) {
      holds(!snapshot.can({ type: 'workshop.register' }) && !snapshot.can({ type: 'workshop.cancel' }) && !snapshot.can({ type: 'calendar.download' }), 'one request at a time');
    }
    // A failed page says why; a shown page has its workshop.
    if (snapshot.matches('failed')) holds(c.error !== null && c.workshop === null, 'a failed page says why');
    if (snapshot.matches('ready')) holds(w !== null, 'a ready page has its workshop');
    // The join link is only ever on the page of a registered member.
    if (w?.joinUrl) holds(w.myStatus === 'registered', 'the join link is for registered members');
  };
}

describe('workshop machine (model-based)', () => {
  const coverage: Coverage = newCoverage();
  const serialize = (s: Snapshot) => JSON.stringify([s.value, s.context.workshop?.myStatus ?? null, s.context.workshop?.started ?? null, s.context.workshop?.joinUrl ?? null, s.context.alert !== null, s.context.announcement !== ''] );
  const shortest = getShortestPaths(workshopMachine, { events: eventsFor as never, serializeState: serialize as never, input: { id: ID } });
  const paths: PathLike<WorkshopEvent>[] = [];
  for (const path of shortest) {
    for (const event of eventsFor(path.state as Snapshot)) paths.push({ steps: [...(path.steps as { event: WorkshopEvent }[]), { event }] });
  }
  // The places a member can hold, walked in every order the graph allows (up to a few steps).
  const simple = getSimplePaths(workshopMachine, {
    events: eventsFor as never,
    serializeState: ((s: Snapshot) => JSON.stringify([s.value, s.context.workshop?.myStatus ?? null])) as never,
    input: { id: ID },
  }).filter((p) => p.steps.length <= 8);
  paths.push(...(simple as unknown as PathLike<WorkshopEvent>[]));

  it.each(paths.map((p) => [pathName(p), p] as const))('%s', (_name, path) => {
    const { world, machine } = instrumented();
    replay(machine, path, coverage, checker(world), { id: ID });
  });

  it('reached every state and every transition', () => {
    expect(uncovered(workshopMachine, coverage)).toEqual({ states: [], transitions: [] });
  });

  it('knows when the join link is due', () => {
    expect(joinDue(REGISTERED, OPENS)).toBe(true);
    expect(joinDue(REGISTERED, OPENS - 1)).toBe(false);
    expect(joinDue(null, OPENS)).toBe(false);
    expect(joinDue(WITH_LINK, OPENS)).toBe(false);
    expect(joinDue(OPEN, OPENS)).toBe(false);
    expect(joinDue(workshop({ myStatus: 'registered', ended: true }), OPENS)).toBe(false);
  });
});

describe('workshop effects (scripted API, fake clock, file saver)', () => {
  const ok = <T>(value: T) => () => Promise.resolve(value);

  it('loads, registers, downloads the calendar, looks again when the join link opens, and cancels', async () => {
    const clock = new FakeClock(OPENS - 10 * 60_000);
    const files = new RecordingFileSaver();
    const logged: string[] = [];
    let loads = 0;
    const api = new ScriptedApi({
      'workshops.get': () => Promise.resolve({ success: true, workshop: ++loads === 1 ? OPEN : WITH_LINK }),
      'workshops.register': ok({ success: true, workshop: REGISTERED, message: WORKSHOP_TEXT.registered }),
      'workshops.calendar': ok(new TextEncoder().encode('BEGIN:VCALENDAR')),
      'workshops.cancel': ok({ success: true, workshop: OPEN, message: WORKSHOP_TEXT.cancelled }),
    });
    const actor = createActor(provideWorkshop({ api, clock, files, log: (m) => logged.push(m) }), { input: { id: ID } }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(api.calls[0]).toEqual({ name: 'workshops.get', input: { params: { id: ID } }, options: { fresh: true } });
    actor.send({ type: 'workshop.register' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.workshop?.myStatus === 'registered');
    expect(actor.getSnapshot().context.announcement).toBe(WORKSHOP_TEXT.registered);
    actor.send({ type: 'calendar.download' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.announcement === WORKSHOP_UI_TEXT.calendarSaved);
    expect(files.saved).toEqual([{ bytes: new TextEncoder().encode('BEGIN:VCALENDAR'), filename: 'embodied-carbon-a-clinic.ics', mimeType: 'text/calendar' }]);
    // Ten minutes on, the link is due: the clock's tick makes the page look again, and the link is there.
    clock.advance(10 * 60_000);
    await waitFor(actor, (s) => s.matches('ready') && s.context.workshop?.joinUrl !== null);
    actor.send({ type: 'workshop.cancel' });
    actor.send({ type: 'workshop.cancelConfirmed' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.workshop?.myStatus === null);
    expect(api.calls.map((c) => c.name)).toEqual(['workshops.get', 'workshops.register', 'workshops.calendar', 'workshops.get', 'workshops.cancel']);
    expect(logged).toEqual([]);
    actor.stop();
    // The page's clock stops with it.
    clock.advance(60_000);
    expect(clock.activeTimers).toBe(0);
  });

  it("says 'Workshop not found' for an unknown id, and the server's words for a refusal", async () => {
    const notFound = new ScriptedApi({ 'workshops.get': () => Promise.reject(new ApiError('http', 404, WORKSHOP_TEXT.notFound)) });
    const missing = createActor(provideWorkshop({ api: notFound, clock: new FakeClock(), files: new RecordingFileSaver(), log: () => {} }), { input: { id: 'x' } }).start();
    await waitFor(missing, (s) => s.matches('failed'));
    expect(missing.getSnapshot().context.error).toBe(WORKSHOP_TEXT.notFound);
    missing.stop();

    const logged: string[] = [];
    const refusing = new ScriptedApi({
      'workshops.get': ok({ success: true, workshop: OPEN }),
      'workshops.register': () => Promise.reject(new ApiError('http', 409, WORKSHOP_TEXT.started)),
      'workshops.calendar': () => Promise.reject(new ApiError('network', 0, 'offline')),
    });
    const actor = createActor(provideWorkshop({ api: refusing, clock: new FakeClock(), files: new RecordingFileSaver(), log: (m) => logged.push(m) }), { input: { id: ID } }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'workshop.register' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.alert !== null);
    expect(actor.getSnapshot().context.alert).toBe(WORKSHOP_TEXT.started);
    actor.send({ type: 'calendar.download' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.alert === WORKSHOP_UI_TEXT.calendarFailed);
    expect(logged).toEqual(['registering failed', 'downloading a calendar file failed']);
    actor.stop();
  });
});

/**
 * One workshop session's page (issue 15): load it, register (or join the waitlist), cancel, download the calendar
 * file, and load it again when its join link opens. Effects are named actions provided by `workshop.effects.ts`;
 * their results come back as events, and the join window is watched by `clock.tick` events, so the graph holds no
 * invoke or after and the model tests walk all of it.
 */
import { assign, assertEvent, setup, type SnapshotFrom } from 'xstate';
import type { WorkshopDetail } from '../domain/workshops';

export const WORKSHOP_UI_TEXT = {
  loadFailed: 'Could not load this workshop. Please try again.',
  registerFailed: 'Could not register you. Please try again.',
  cancelFailed: 'Could not cancel your registration. Please try again.',
  calendarFailed: 'Could not download the calendar file. Please try again.',
  calendarSaved: 'Calendar file downloaded',
} as const;

export interface WorkshopInput {
  id: string;
}

export interface WorkshopContext {
  id: string;
  workshop: WorkshopDetail | null;
  /** Why the workshop could not be shown ('Workshop not found' for an unknown id). */
  error: string | null;
  /** Why the last action failed. */
  alert: string | null;
  /** What a screen reader hears after a step (a polite live region). */
  announcement: string;
}

export type WorkshopEvent =
  | { type: 'workshop.loaded'; workshop: WorkshopDetail }
  | { type: 'workshop.loadFailed'; message: string }
  | { type: 'workshop.retry' }
  | { type: 'workshop.register' }
  | { type: 'workshop.registered'; workshop: WorkshopDetail; message: string }
  | { type: 'workshop.registerFailed'; message: string }
  | { type: 'workshop.cancel' }
  /** The confirmation's answer (issue 41 item 7): after Register the focus sits on Cancel, so a second Enter asks first. */
  | { type: 'workshop.cancelConfirmed' }
  | { type: 'workshop.cancelKept' }
  | { type: 'workshop.cancelled'; workshop: WorkshopDetail; message: string }
  | { type: 'workshop.cancelFailed'; message: string }
  | { type: 'calendar.download' }
  | { type: 'calendar.saved' }
  | { type: 'calendar.failed'; message: string }
  /** A clock tick: time to look again when a registered member's join link has opened meanwhile. */
  | { type: 'clock.tick'; now: number };

/** A registered member whose join link is due (it opens 15 minutes before the start) but not shown yet. */
export function joinDue(workshop: WorkshopDetail | null, now: number): boolean {
  return workshop !== null && workshop.myStatus === 'registered' && workshop.joinUrl === null && !workshop.ended
    && now >= Date.parse(workshop.joinOpensAt);
}

export const workshopMachine = setup({
  // Stryker disable next-line ObjectLiteral: types exist for TypeScript alone; nothing reads them at run time (ADR 091).
  types: {
    context: {} as WorkshopContext,
    events: {} as WorkshopEvent,
    input: {} as WorkshopInput,
  },
  actions: {
    /** GET the session; answers workshop.loaded or workshop.loadFailed. */
    loadWorkshop: (_, _params: { id: string }) => {},
    /** POST the registration; answers workshop.registered or workshop.registerFailed. */
    register: (_, _params: { id: string }) => {},
    /** DELETE the registration; answers workshop.cancelled or workshop.cancelFailed. */
    cancel: (_, _params: { id: string }) => {},
    /** GET the calendar file and save it; answers calendar.saved or calendar.failed. */
    downloadCalendar: (_, _params: { id: string; filename: string }) => {},
    /** Starts the clock's ticks (every 30 s) while the page is shown. */
    startTicking: () => {},
  },
  guards: {
    // Asked only while the page is ready, so with the workshop loaded.
    canRegister: ({ context }) => !context.workshop!.started && context.workshop!.myStatus === null,
    hasPlace: ({ context }) => !context.workshop!.started && context.workshop!.myStatus !== null,
    joinDue: ({ context, event }) => {
      assertEvent(event, 'clock.tick');
      return joinDue(context.workshop, event.now);
    },
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: no target names the machine by its id; only tools read it (ADR 091).
  id: 'workshop',
  context: ({ input }) => ({ id: input.id, workshop: null, error: null, alert: null, announcement: '' }),
  initial: 'loading',
  states: {
    loading: {
      entry: { type: 'loadWorkshop', params: ({ context }) => ({ id: context.id }) },
      on: {
        'workshop.loaded': { target: 'ready', actions: [assign({ workshop: ({ event }) => event.workshop, error: null }), 'startTicking'] },
        'workshop.loadFailed': { target: 'failed', actions: assign({ error: ({ event }) => event.message }) },
      },
    },
    failed: {
      on: { 'workshop.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
    ready: {
      on: {
        'workshop.register': { guard: 'canRegister', target: 'registering', actions: assign({ alert: null, announcement: '' }) },
        'workshop.cancel': { guard: 'hasPlace', target: 'confirmingCancel', actions: assign({ alert: null, announcement: '' }) },
        'calendar.download': { target: 'downloading', actions: assign({ alert: null, announcement: '' }) },
        'clock.tick': { guard: 'joinDue', target: 'refreshing' },
      },
    },
    /** Loading again in place: the page stays as it was until the answer comes. */
    refreshing: {
      entry: { type: 'loadWorkshop', params: ({ context }) => ({ id: context.id }) },
      on: {
        'workshop.loaded': { target: 'ready', actions: assign({ workshop: ({ event }) => event.workshop }) },
        // A failed look again changes nothing on the page; the next tick tries again.
        'workshop.loadFailed': { target: 'ready' },
      },
    },
    registering: {
      entry: { type: 'register', params: ({ context }) => ({ id: context.id }) },
      on: {
        'workshop.registered': { target: 'ready', actions: assign({ workshop: ({ event }) => event.workshop, announcement: ({ event }) => event.message }) },
        'workshop.registerFailed': { target: 'ready', actions: assign({ alert: ({ event }) => event.message }) },
      },
    },
    /** 'Cancel registration' asks first; nothing is sent until the member confirms. */
    confirmingCancel: {
      on: {
        'workshop.cancelConfirmed': { target: 'cancelling' },
        'workshop.cancelKept': { target: 'ready' },
      },
    },
    cancelling: {
      entry: { type: 'cancel', params: ({ context }) => ({ id: context.id }) },
      on: {
        'workshop.cancelled': { target: 'ready', actions: assign({ workshop: ({ event }) => event.workshop, announcement: ({ event }) => event.message }) },
        'workshop.cancelFailed': { target: 'ready', actions: assign({ alert: ({ event }) => event.message }) },
      },
    },
    downloading: {
      entry: { type: 'downloadCalendar', params: ({ context }) => ({ id: context.id, filename: `${context.workshop!.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}.ics` }) },
      on: {
        'calendar.saved': { target: 'ready', actions: assign({ announcement: WORKSHOP_UI_TEXT.calendarSaved }) },
        'calendar.failed': { target: 'ready', actions: assign({ alert: ({ event }) => event.message }) },
      },
    },
  },
});

export type WorkshopMachine = typeof workshopMachine;
export type WorkshopSnapshot = SnapshotFrom<WorkshopMachine>;

/** The workshop page's named effects, against ports only. Call once per page actor: its clock ticks belong to it. */
import type { AnyActorRef } from 'xstate';
import { WORKSHOP_TEXT } from '../domain/workshops';
import { ApiError, messageOf } from './api-error';
import type { ApiClient, Clock, FileSaver } from './ports';
import { WORKSHOP_UI_TEXT, type WorkshopEvent, workshopMachine } from './workshop.machine';
import { lazyCalls } from './lazy-calls';

export interface WorkshopPorts {
  api: ApiClient;
  clock: Clock;
  files: FileSaver;
  log: (message: string, error: unknown) => void;
}

/** An answer that arrives after the page has gone (the actor stopped) is dropped. */
function reply(self: AnyActorRef, event: WorkshopEvent) {
  if (self.getSnapshot().status === 'active') self.send(event);
}

/** The workshop calls (and zod with them) load with the first call, not with the app shell. */
const workshopCalls = lazyCalls(() => import('../contract/workshops'));

export function provideWorkshop({ api, clock, files, log }: WorkshopPorts) {
  let stopTicking: (() => void) | null = null;
  const failed = (message: string) => (error: unknown) => {
    log(message, error);
    return error;
  };
  return workshopMachine.provide({
    actions: {
      loadWorkshop: ({ self }, { id }) => {
        workshopCalls((calls) => api.call(calls.getWorkshop, { params: { id } }, { fresh: true }))
          .then(
            (answer) => reply(self, { type: 'workshop.loaded', workshop: answer.workshop }),
            (error: unknown) => {
              const notFound = error instanceof ApiError && error.kind === 'http' && error.status === 404;
              reply(self, { type: 'workshop.loadFailed', message: notFound ? WORKSHOP_TEXT.notFound : messageOf(failed('loading a workshop failed')(error), WORKSHOP_UI_TEXT.loadFailed) });
            },
          );
      },
      register: ({ self }, { id }) => {
        workshopCalls((calls) => api.call(calls.registerWorkshop, { params: { id } }))
          .then(
            (answer) => reply(self, { type: 'workshop.registered', workshop: answer.workshop, message: answer.message }),
            (error: unknown) => reply(self, { type: 'workshop.registerFailed', message: messageOf(failed('registering failed')(error), WORKSHOP_UI_TEXT.registerFailed) }),
          );
      },
      cancel: ({ self }, { id }) => {
        workshopCalls((calls) => api.call(calls.cancelWorkshopRegistration, { params: { id } }))
          .then(
            (answer) => reply(self, { type: 'workshop.cancelled', workshop: answer.workshop, message: answer.message }),
            (error: unknown) => reply(self, { type: 'workshop.cancelFailed', message: messageOf(failed('cancelling failed')(error), WORKSHOP_UI_TEXT.cancelFailed) }),
          );
      },
      downloadCalendar: ({ self }, { id, filename }) => {
        workshopCalls((calls) => api.call(calls.workshopCalendar, { params: { id } }))
          .then(
            (bytes) => {
              files.save(bytes, filename, 'text/calendar');
              reply(self, { type: 'calendar.saved' });
            },
            (error: unknown) => reply(self, { type: 'calendar.failed', message: messageOf(failed('downloading a calendar file failed')(error), WORKSHOP_UI_TEXT.calendarFailed) }),
          );
      },
      startTicking: ({ self }) => {
        stopTicking?.();
        stopTicking = clock.every(30_000, () => {
          if (self.getSnapshot().status !== 'active') {
            // Stryker disable next-line OptionalChaining: a tick comes only from the live timer, which stopTicking holds until this very branch stops it and nulls it (Clock.every's stop ends the ticks), so it is never null here.
            stopTicking?.();
            stopTicking = null;
            return;
          }
          self.send({ type: 'clock.tick', now: clock.now() });
        });
      },
    },
  });
}

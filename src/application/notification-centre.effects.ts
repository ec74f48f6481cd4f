/** The notification centre's named effects, against ports only (ADR 147). One call per actor: it holds that actor's stream and wait. */
import type { AnyActorRef } from 'xstate';
import { lazyCalls } from './lazy-calls';
import { type NotificationCentreEvent, notificationCentreMachine } from './notification-centre.machine';
import type { ApiClient, Clock, NotificationStream, Notifier } from './ports';

export interface NotificationCentrePorts {
  api: ApiClient;
  clock: Clock;
  stream: NotificationStream;
  notifier: Notifier;
  log: (message: string, error: unknown) => void;
}

function reply(self: AnyActorRef, event: NotificationCentreEvent) {
  if (self.getSnapshot().status === 'active') self.send(event);
}

/** The notification calls (and zod with them) load with the first read, not with the app shell. */
const notificationCalls = lazyCalls(() => import('../contract/notifications'));

export function provideNotificationCentre({ api, clock, stream, notifier, log }: NotificationCentrePorts) {
  let close: (() => void) | null = null;
  let stopWaiting: (() => void) | null = null;
  // Each stream's listener speaks only while it is the current one: a closed stream's late words are dropped.
  let current = 0;
  const closeStream = () => {
    current += 1;
    close?.();
    close = null;
  };
  const cancelRetry = () => {
    stopWaiting?.();
    stopWaiting = null;
  };
  return notificationCentreMachine.provide({
    actions: {
      loadLatest: ({ self }, { limit }) => {
        notificationCalls((calls) => api.call(calls.listNotifications, { query: { limit } }, { fresh: true })).then(
          (answer) => reply(self, { type: 'latest.loaded', notifications: answer.notifications, unread: answer.unread }),
          (error: unknown) => {
            log('reading the latest notifications failed', error);
            reply(self, { type: 'latest.failed' });
          },
        );
      },
      openStream: ({ self }, { lastSeq }) => {
        closeStream();
        const mine = current;
        const speaking = (send: () => void) => () => {
          if (mine === current) send();
        };
        close = stream.open(lastSeq, {
          opened: speaking(() => reply(self, { type: 'stream.opened' })),
          received: (event) => speaking(() => reply(self, { type: 'stream.received', event }))(),
          failed: speaking(() => reply(self, { type: 'stream.failed' })),
        });
      },
      closeStream,
      armRetry: ({ self }, { delayMs }) => {
        cancelRetry();
        stopWaiting = clock.every(delayMs, () => {
          cancelRetry();
          reply(self, { type: 'retry.elapsed' });
        });
      },
      cancelRetry,
      markRead: ({ self }, body) => {
        notificationCalls((calls) => api.call(calls.readNotifications, { body })).then(
          (answer) => reply(self, { type: 'read.done', unread: answer.unread }),
          (error: unknown) => {
            log('marking notifications read failed', error);
            reply(self, { type: 'read.failed' });
          },
        );
      },
      reportFailure: (_, { message }) => notifier.error(message),
    },
  });
}

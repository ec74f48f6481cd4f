/**
 * The notification centre (issue 37 items 1 and 9, ADR 147): one actor for the signed-in member, for the whole visit.
 * It reads the latest notifications, then listens to the live stream from the newest one it holds; each pushed
 * notification joins the latest and sets the unread count, which a polite live region announces. A stream that fails
 * is closed and opened again after a growing wait (1 s, 2 s, 4 s … at most 30 s), from the last `seq` it received,
 * so the server sends what was missed. Reading marks items read at once and settles with the server's count.
 * No invoke or after: effects are named actions provided by `notification-centre.effects.ts`, whose results come
 * back as events, so the model tests walk the whole graph.
 */
import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import type { NotificationEvent, NotificationItem } from '../contract/notifications';
import { NOTIFICATION_PANEL_SIZE } from '../domain/notifications';

export const NOTIFICATION_CENTRE_TEXT = {
  readFailed: 'Could not mark the notifications as read. Please try again.',
} as const;

/** "No unread notifications", "1 unread notification", "3 unread notifications". */
export function unreadText(unread: number): string {
  if (unread <= 0) return 'No unread notifications';
  return `${unread} unread ${unread === 1 ? 'notification' : 'notifications'}`;
}

export const RETRY_BASE_MS = 1000;
export const RETRY_MAX_MS = 30_000;

/** The wait before the `attempt`-th reconnection (0 for the first): doubling from 1 s, at most 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** attempt, RETRY_MAX_MS);
}

export interface NotificationCentreContext {
  /** The newest notifications, newest first, at most NOTIFICATION_PANEL_SIZE. */
  items: NotificationItem[];
  unread: number;
  /** The newest `seq` received (0 when there was none): the stream resumes after it. Null before the first read. */
  lastSeq: number | null;
  /** Everything up to this `seq` was marked read here ('Mark all read'): the page shows its older items read. */
  readThrough: number;
  /** Failed connections in a row: sets the next wait. */
  attempt: number;
  /** Whether the latest were read once: a reconnection then resumes the stream instead of reading them again. */
  loaded: boolean;
  /** What the live region says (only on a change, never on the first read). */
  announcement: string;
}

export type NotificationCentreEvent =
  | { type: 'start' }
  | { type: 'stop' }
  | { type: 'latest.loaded'; notifications: NotificationItem[]; unread: number }
  | { type: 'latest.failed' }
  | { type: 'stream.opened' }
  | { type: 'stream.received'; event: NotificationEvent }
  | { type: 'stream.failed' }
  | { type: 'retry.elapsed' }
  | { type: 'read.all' }
  | { type: 'read.items'; ids: string[] }
  | { type: 'read.done'; unread: number }
  | { type: 'read.failed' };

const INITIAL: NotificationCentreContext = { items: [], unread: 0, lastSeq: null, readThrough: 0, attempt: 0, loaded: false, announcement: '' };

/** The items with `incoming` added (or replacing the same id), newest first, at most a panel's worth. */
export function mergeLatest(items: readonly NotificationItem[], incoming: readonly NotificationItem[]): NotificationItem[] {
  const byId = new Map(items.map((n) => [n._id, n]));
  for (const n of incoming) byId.set(n._id, n);
  return [...byId.values()].sort((a, b) => b.seq - a.seq).slice(0, NOTIFICATION_PANEL_SIZE);
}

const newest = (items: readonly NotificationItem[], since: number | null) => items.reduce<number | null>((max, n) => (max === null || n.seq > max ? n.seq : max), since);

export const notificationCentreMachine = setup({
  // Stryker disable next-line ObjectLiteral: types exist for TypeScript alone; nothing reads them at run time (ADR 091).
  types: { context: {} as NotificationCentreContext, events: {} as NotificationCentreEvent },
  actions: {
    /** GET /notifications (a panel's worth); answers latest.loaded or latest.failed. */
    loadLatest: (_, _params: { limit: number }) => {},
    /** Opens the live stream after `lastSeq`; answers stream.opened, then stream.received for each, or stream.failed. */
    openStream: (_, _params: { lastSeq: number | null }) => {},
    /** Closes the stream, if one is open. */
    closeStream: () => {},
    /** Waits `delayMs` on the clock, then sends retry.elapsed. */
    armRetry: (_, _params: { delayMs: number }) => {},
    /** Forgets a pending wait. */
    cancelRetry: () => {},
    /** POST /notifications/read; answers read.done or read.failed. */
    markRead: (_, _params: { ids: string[] } | { all: true }) => {},
    /** Says a failure to the member (a toast). */
    reportFailure: (_, _params: { message: string }) => {},
  },
  guards: {
    loaded: ({ context }) => context.loaded,
    /** A pushed notification newer than the last one received (a resumed stream may send one again). */
    newer: ({ context, event }) => {
      assertEvent(event, 'stream.received');
      return context.lastSeq === null || event.event.notification.seq > context.lastSeq;
    },
    hasUnread: ({ context }) => context.unread > 0,
    someIds: ({ event }) => {
      assertEvent(event, 'read.items');
      return event.ids.length > 0;
    },
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: no target names the machine by its id; only tools read it (ADR 091).
  id: 'notificationCentre',
  context: INITIAL,
  initial: 'idle',
  states: {
    idle: {
      on: { start: { target: 'active' } },
    },
    active: {
      initial: 'loading',
      on: {
        stop: { target: 'idle', actions: ['closeStream', 'cancelRetry', assign(INITIAL)] },
        'stream.received': {
          guard: 'newer',
          actions: assign(({ context, event }) => ({
            items: mergeLatest(context.items, [event.event.notification]),
            unread: event.event.unread,
            lastSeq: event.event.notification.seq,
            announcement: unreadText(event.event.unread),
          })),
        },
        'read.all': {
          guard: 'hasUnread',
          actions: [
            assign(({ context }) => ({
              items: context.items.map((n) => ({ ...n, read: true })),
              unread: 0,
              readThrough: context.lastSeq ?? 0,
              announcement: unreadText(0),
            })),
            { type: 'markRead', params: { all: true } },
          ],
        },
        'read.items': {
          guard: 'someIds',
          actions: [
            assign(({ context, event }) => {
              const fresh = context.items.filter((n) => !n.read && event.ids.includes(n._id)).length;
              return {
                items: context.items.map((n) => (event.ids.includes(n._id) ? { ...n, read: true } : n)),
                unread: Math.max(0, context.unread - fresh),
              };
            }),
            { type: 'markRead', params: ({ event }) => ({ ids: event.ids }) },
          ],
        },
        'read.done': {
          actions: assign(({ context, event }) => ({
            unread: event.unread,
            announcement: event.unread === context.unread ? context.announcement : unreadText(event.unread),
          })),
        },
        'read.failed': { actions: { type: 'reportFailure', params: { message: NOTIFICATION_CENTRE_TEXT.readFailed } } },
      },
      states: {
        loading: {
          entry: { type: 'loadLatest', params: { limit: NOTIFICATION_PANEL_SIZE } },
          on: {
            'latest.loaded': {
              target: 'connecting',
              actions: assign(({ context, event }) => ({
                items: mergeLatest(context.items, event.notifications),
                unread: event.unread,
                // None yet: resume from 0, so one written between this read and the stream is sent too.
                lastSeq: newest(event.notifications, context.lastSeq) ?? 0,
                loaded: true,
              })),
            },
            'latest.failed': { target: 'waiting' },
          },
        },
        connecting: {
          entry: { type: 'openStream', params: ({ context }) => ({ lastSeq: context.lastSeq }) },
          on: {
            'stream.opened': { target: 'live', actions: assign({ attempt: 0 }) },
            'stream.failed': { target: 'waiting' },
          },
        },
        live: {
          on: { 'stream.failed': { target: 'waiting' } },
        },
        waiting: {
          entry: ['closeStream', { type: 'armRetry', params: ({ context }) => ({ delayMs: retryDelay(context.attempt) }) }, assign({ attempt: ({ context }) => context.attempt + 1 })],
          exit: 'cancelRetry',
          on: {
            'retry.elapsed': [{ guard: 'loaded', target: 'connecting' }, { target: 'loading' }],
          },
        },
      },
    },
  },
});

export type NotificationCentreMachine = typeof notificationCentreMachine;
export type NotificationCentreSnapshot = SnapshotFrom<NotificationCentreMachine>;

/**
 * What this device keeps for offline reading (issue 42 item 2, ADR 174), one actor for the whole app: the 'Keep
 * offline' buttons and the /offline list read it and send to it. It opens once the page is alive (reading Cache
 * Storage before hydration would change the page under React), then keeps and removes items, several at once, each
 * marked busy until its answer. Effects are named here and provided elsewhere (offline-shelf.effects.ts).
 */
import { assign, setup } from 'xstate';
import {
  type KeepRequest, type KeptItem, keptAnnouncement, keptKey, OFFLINE_TEXT, removedAnnouncement, type StorageEstimate, updatedAnnouncement,
} from '../domain/offline';

export interface OfflineShelfContext {
  items: KeptItem[];
  /** Keys (kind:id) of the items being kept or removed now. */
  busy: string[];
  estimate: StorageEstimate | null;
  /** Whether the browser said it keeps this site's storage under pressure (asked when something is kept). */
  persisted: boolean;
  error: string | null;
  /** What the last change did, for a polite live region. */
  announcement: string;
  /** The key (kind:id) of the item the announcement or the error is about: only its own button says it. */
  subject: string | null;
}

export type OfflineShelfEvent =
  | { type: 'shelf.open' }
  | { type: 'shelf.loaded'; items: KeptItem[]; estimate: StorageEstimate | null }
  | { type: 'shelf.unsupported' }
  | { type: 'user.keep'; request: KeepRequest }
  | { type: 'user.remove'; item: KeptItem }
  | { type: 'keep.done'; item: KeptItem; estimate: StorageEstimate | null; persisted: boolean }
  | { type: 'keep.failed'; request: KeepRequest }
  | { type: 'remove.done'; item: KeptItem; estimate: StorageEstimate | null }
  | { type: 'remove.failed'; item: KeptItem }
  /** The connection is back: kept courses are checked for changed lessons. */
  | { type: 'connection.back' }
  | { type: 'refresh.done'; item: KeptItem }
  /** The member's session on this device ended (signed out, or ended elsewhere): what they kept goes with it. */
  | { type: 'session.ended' };

const without = (list: readonly string[], key: string) => list.filter((k) => k !== key);

export const offlineShelfMachine = setup({
  // Stryker disable next-line ObjectLiteral: types exist for TypeScript alone; nothing reads them at run time (ADR 091).
  types: { context: {} as OfflineShelfContext, events: {} as OfflineShelfEvent },
  actions: {
    /** Reads what is kept and the estimate; answers shelf.loaded or shelf.unsupported. */
    load: () => {},
    /** Keeps one item, asks for persisted storage; answers keep.done or keep.failed. */
    keep: (_, _params: { request: KeepRequest }) => {},
    /** Removes one item; answers remove.done or remove.failed. */
    remove: (_, _params: { item: KeptItem }) => {},
    /** Checks each kept course against the server; answers refresh.done for each one kept again. */
    refresh: (_, _params: { items: KeptItem[] }) => {},
    /** Removes everything kept; answers nothing (a failure is logged). */
    clear: () => {},
  },
  guards: {
    keepIdle: ({ context, event }) => event.type === 'user.keep' && !context.busy.includes(keptKey(event.request)),
    removeIdle: ({ context, event }) => event.type === 'user.remove' && !context.busy.includes(keptKey(event.item)),
    /** An answer counts only while its item is busy: one that arrives after the session ended is dropped. */
    asked: ({ context, event }) =>
      (event.type === 'keep.done' || event.type === 'remove.done' || event.type === 'remove.failed') ? context.busy.includes(keptKey(event.item))
        : event.type === 'keep.failed' && context.busy.includes(keptKey(event.request)),
  },
}).createMachine({
  id: 'offlineShelf',
  context: { items: [], busy: [], estimate: null, persisted: false, error: null, announcement: '', subject: null },
  initial: 'closed',
  states: {
    closed: { on: { 'shelf.open': 'loading' } },
    loading: {
      entry: 'load',
      on: {
        'shelf.loaded': { target: 'ready', actions: assign({ items: ({ event }) => event.items, estimate: ({ event }) => event.estimate }) },
        'shelf.unsupported': 'unsupported',
      },
    },
    unsupported: {},
    ready: {
      entry: { type: 'refresh', params: ({ context }) => ({ items: context.items }) },
      on: {
        'connection.back': { actions: { type: 'refresh', params: ({ context }) => ({ items: context.items }) } },
        // A keep or a removal in flight for the item has the last word.
        'refresh.done': {
          guard: ({ context, event }) => !context.busy.includes(keptKey(event.item)) && context.items.some((i) => keptKey(i) === keptKey(event.item)),
          actions: assign({
            items: ({ context, event }) => context.items.map((i) => (keptKey(i) === keptKey(event.item) ? event.item : i)),
            error: null,
            announcement: ({ event }) => updatedAnnouncement(event.item.title),
            subject: ({ event }) => keptKey(event.item),
          }),
        },
        'session.ended': { actions: [assign({ items: [], busy: [], error: null, announcement: '', subject: null }), 'clear'] },
        'user.keep': {
          guard: 'keepIdle',
          actions: [
            assign({ busy: ({ context, event }) => [...context.busy, keptKey(event.request)], error: null, announcement: '', subject: ({ event }) => keptKey(event.request) }),
            { type: 'keep', params: ({ event }) => ({ request: event.request }) },
          ],
        },
        'keep.done': {
          guard: 'asked',
          actions: assign({
            items: ({ context, event }) => [event.item, ...context.items.filter((i) => keptKey(i) !== keptKey(event.item))],
            busy: ({ context, event }) => without(context.busy, keptKey(event.item)),
            estimate: ({ event }) => event.estimate,
            persisted: ({ event }) => event.persisted,
            error: null,
            announcement: ({ event }) => keptAnnouncement(event.item.title),
            subject: ({ event }) => keptKey(event.item),
          }),
        },
        'keep.failed': {
          guard: 'asked',
          actions: assign({ busy: ({ context, event }) => without(context.busy, keptKey(event.request)), error: OFFLINE_TEXT.failed, subject: ({ event }) => keptKey(event.request) }),
        },
        'user.remove': {
          guard: 'removeIdle',
          actions: [
            assign({ busy: ({ context, event }) => [...context.busy, keptKey(event.item)], error: null, announcement: '', subject: ({ event }) => keptKey(event.item) }),
            { type: 'remove', params: ({ event }) => ({ item: event.item }) },
          ],
        },
        'remove.done': {
          guard: 'asked',
          actions: assign({
            items: ({ context, event }) => context.items.filter((i) => keptKey(i) !== keptKey(event.item)),
            busy: ({ context, event }) => without(context.busy, keptKey(event.item)),
            estimate: ({ event }) => event.estimate,
            error: null,
            announcement: ({ event }) => removedAnnouncement(event.item.title),
            subject: ({ event }) => keptKey(event.item),
          }),
        },
        'remove.failed': {
          guard: 'asked',
          actions: assign({ busy: ({ context, event }) => without(context.busy, keptKey(event.item)), error: OFFLINE_TEXT.removeFailed, subject: ({ event }) => keptKey(event.item) }),
        },
      },
    },
  },
});

export type OfflineShelfMachine = typeof offlineShelfMachine;

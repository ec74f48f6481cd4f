/**
 * Push notifications on this device (issue 42 item 4, ADR 169): found out first (the browser cannot, the member
 * blocked them, off, or on with its kinds), then turned on with the kinds chosen, saved with other kinds, or turned
 * off. Effects are named here and provided elsewhere (push-settings.effects.ts).
 */
import { assertEvent, assign, setup } from 'xstate';
import type { NotificationKind } from '../domain/notifications';

export const PUSH_SETTINGS_TEXT = {
  chooseKinds: 'Choose at least one kind of notification to push',
  turnedOn: 'Push notifications are on for this device',
  saved: 'Push settings saved for this device',
  turnedOff: 'Push notifications are off for this device',
  failed: 'Push notifications could not be changed. Please try again.',
} as const;

export interface PushSettingsContext {
  /** The kinds this device receives (when on), or the ones last chosen. */
  kinds: NotificationKind[];
  error: string | null;
  /** What the last change did, for a polite live region. */
  announcement: string;
}

export type PushSettingsEvent =
  | { type: 'user.turnOn'; kinds: NotificationKind[] }
  | { type: 'user.save'; kinds: NotificationKind[] }
  | { type: 'user.turnOff' }
  | { type: 'device.unsupported' }
  | { type: 'device.denied' }
  | { type: 'device.off' }
  | { type: 'device.on'; kinds: NotificationKind[] }
  | { type: 'change.failed'; message: string }
  | { type: 'change.unsubscribed' };

export const pushSettingsMachine = setup({
  // Stryker disable next-line ObjectLiteral: types exist for TypeScript alone; nothing reads them at run time (ADR 091).
  types: { context: {} as PushSettingsContext, events: {} as PushSettingsEvent },
  actions: {
    /** Reads the device and the server; answers device.unsupported, device.denied, device.off or device.on. */
    check: () => {},
    /** Subscribes (asking permission) and saves the kinds; answers device.on, device.denied or change.failed. */
    subscribe: (_, _params: { kinds: NotificationKind[] }) => {},
    /** Ends the subscription here and on the server; answers change.unsubscribed or change.failed. */
    unsubscribe: () => {},
  },
  guards: {
    noKinds: ({ event }) => {
      assertEvent(event, ['user.turnOn', 'user.save']);
      return event.kinds.length === 0;
    },
  },
}).createMachine({
  id: 'pushSettings',
  context: { kinds: [], error: null, announcement: '' },
  initial: 'checking',
  states: {
    checking: {
      entry: 'check',
      on: {
        'device.unsupported': 'unsupported',
        'device.denied': 'denied',
        'device.off': 'off',
        'device.on': { target: 'on', actions: assign({ kinds: ({ event }) => event.kinds }) },
      },
    },
    unsupported: {},
    denied: {},
    off: {
      on: {
        'user.turnOn': [
          { guard: 'noKinds', actions: assign({ error: PUSH_SETTINGS_TEXT.chooseKinds, announcement: '' }) },
          {
            target: 'subscribing',
            actions: [assign({ kinds: ({ event }) => event.kinds, error: null, announcement: '' }), { type: 'subscribe', params: ({ event }) => ({ kinds: event.kinds }) }],
          },
        ],
      },
    },
    subscribing: {
      on: {
        'device.on': { target: 'on', actions: assign({ kinds: ({ event }) => event.kinds, announcement: PUSH_SETTINGS_TEXT.turnedOn }) },
        'device.denied': 'denied',
        'change.failed': { target: 'off', actions: assign({ error: ({ event }) => event.message }) },
      },
    },
    on: {
      on: {
        'user.save': [
          { guard: 'noKinds', actions: assign({ error: PUSH_SETTINGS_TEXT.chooseKinds, announcement: '' }) },
          {
            target: 'saving',
            actions: [assign({ error: null, announcement: '' }), { type: 'subscribe', params: ({ event }) => ({ kinds: event.kinds }) }],
          },
        ],
        'user.turnOff': { target: 'unsubscribing', actions: [assign({ error: null, announcement: '' }), 'unsubscribe'] },
      },
    },
    saving: {
      on: {
        'device.on': { target: 'on', actions: assign({ kinds: ({ event }) => event.kinds, announcement: PUSH_SETTINGS_TEXT.saved }) },
        'device.denied': 'denied',
        'change.failed': { target: 'on', actions: assign({ error: ({ event }) => event.message }) },
      },
    },
    unsubscribing: {
      on: {
        'change.unsubscribed': { target: 'off', actions: assign({ announcement: PUSH_SETTINGS_TEXT.turnedOff }) },
        'change.failed': { target: 'on', actions: assign({ error: ({ event }) => event.message }) },
      },
    },
  },
});

export type PushSettingsMachine = typeof pushSettingsMachine;

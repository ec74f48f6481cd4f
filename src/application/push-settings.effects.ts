/** Push on this device: the machine's named effects, against the API and the device's push (ports only). */
import { messageOf } from './api-error';
import { lazyCalls } from './lazy-calls';
import type { ApiClient, PushDevice } from './ports';
import { PUSH_SETTINGS_TEXT, pushSettingsMachine } from './push-settings.machine';

export interface PushSettingsPorts {
  api: ApiClient;
  push: PushDevice;
  log: (message: string, error: unknown) => void;
}

const pushCalls = lazyCalls(() => import('../contract/push'));

export function providePushSettings({ api, push, log }: PushSettingsPorts) {
  return pushSettingsMachine.provide({
    actions: {
      check: ({ self }) => {
        (async () => {
          const status = await push.status();
          if (status.state !== 'on') return self.send({ type: `device.${status.state}` });
          const { kinds } = await pushCalls((calls) => api.call(calls.getPushSubscription, { query: { endpoint: status.subscription.endpoint } }, { fresh: true }));
          // Subscribed in this browser, but the server no longer knows the device (removed as gone): it is off.
          self.send(kinds && kinds.length > 0 ? { type: 'device.on', kinds } : { type: 'device.off' });
        })().catch((error: unknown) => {
          log('reading push settings failed', error);
          self.send({ type: 'device.off' });
        });
      },
      subscribe: ({ self }, { kinds }) => {
        (async () => {
          const { publicKey } = await pushCalls((calls) => api.call(calls.getPushKey));
          const subscription = await push.subscribe(publicKey);
          if (subscription === 'denied') return self.send({ type: 'device.denied' });
          const saved = await pushCalls((calls) => api.call(calls.subscribePush, { body: { ...subscription, kinds } }));
          self.send({ type: 'device.on', kinds: saved.kinds });
        })().catch((error: unknown) => {
          log('turning push on failed', error);
          self.send({ type: 'change.failed', message: messageOf(error, PUSH_SETTINGS_TEXT.failed) });
        });
      },
      unsubscribe: ({ self }) => {
        (async () => {
          const endpoint = await push.unsubscribe();
          if (endpoint) await pushCalls((calls) => api.call(calls.unsubscribePush, { body: { endpoint } }));
          self.send({ type: 'change.unsubscribed' });
        })().catch((error: unknown) => {
          log('turning push off failed', error);
          self.send({ type: 'change.failed', message: messageOf(error, PUSH_SETTINGS_TEXT.failed) });
        });
      },
    },
  });
}

/**
 * Model-based tests of push on this device (issue 42 item 4, ADR 169): paths from the machine's own graph (the
 * shortest path to every state, each extended by every event, and the simple paths), replayed on a live actor whose
 * effects only record, and compared after every step with a plain model (screen, kinds, error, announcement, effects
 * asked for). A last test fails if any state or transition was never reached. Then the effects file runs against the
 * scripted API and a scripted device.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom, waitFor } from 'xstate';
import { ApiError } from '../../src/application/api-error';
import type { PushDevice, PushSubscriptionKeys } from '../../src/application/ports';
import { providePushSettings } from '../../src/application/push-settings.effects';
import { PUSH_SETTINGS_TEXT, type PushSettingsEvent, pushSettingsMachine } from '../../src/application/push-settings.machine';
import { ScriptedApi } from '../../src/application/testing/fakes';
import { agree, type Coverage, edgePaths, getSimplePaths, newCoverage, type PathLike, pathName, replay, uncovered } from './model-kit';

const EVENTS: PushSettingsEvent[] = [
  { type: 'user.turnOn', kinds: ['mention'] }, { type: 'user.turnOn', kinds: [] },
  { type: 'user.save', kinds: ['like', 'mention'] }, { type: 'user.save', kinds: [] }, { type: 'user.turnOff' },
  { type: 'device.unsupported' }, { type: 'device.denied' }, { type: 'device.off' }, { type: 'device.on', kinds: ['reply_post'] },
  { type: 'change.failed', message: 'Network down' }, { type: 'change.unsubscribed' },
];

type Screen = 'checking' | 'unsupported' | 'denied' | 'off' | 'subscribing' | 'on' | 'saving' | 'unsubscribing';
interface Model {
  screen: Screen;
  kinds: string[];
  error: string | null;
  announcement: string;
  effects: string[];
}

function step(m: Model, e: PushSettingsEvent): Model {
  const next: Model = { ...m, effects: [...m.effects] };
  switch (m.screen) {
    case 'checking':
      if (e.type === 'device.unsupported') return { ...next, screen: 'unsupported' };
      if (e.type === 'device.denied') return { ...next, screen: 'denied' };
      if (e.type === 'device.off') return { ...next, screen: 'off' };
      if (e.type === 'device.on') return { ...next, screen: 'on', kinds: e.kinds };
      return m;
    case 'off':
      if (e.type !== 'user.turnOn') return m;
      if (e.kinds.length === 0) return { ...next, error: PUSH_SETTINGS_TEXT.chooseKinds, announcement: '' };
      next.effects.push(`subscribe ${e.kinds.join(',')}`);
      return { ...next, screen: 'subscribing', kinds: e.kinds, error: null, announcement: '' };
    case 'subscribing':
    case 'saving':
      if (e.type === 'device.on') return { ...next, screen: 'on', kinds: e.kinds, announcement: m.screen === 'saving' ? PUSH_SETTINGS_TEXT.saved : PUSH_SETTINGS_TEXT.turnedOn };
      if (e.type === 'device.denied') return { ...next, screen: 'denied' };
      if (e.type === 'change.failed') return { ...next, screen: m.screen === 'saving' ? 'on' : 'off', error: e.message };
      return m;
    case 'on':
      if (e.type === 'user.turnOff') {
        next.effects.push('unsubscribe');
        return { ...next, screen: 'unsubscribing', error: null, announcement: '' };
      }
      if (e.type !== 'user.save') return m;
      if (e.kinds.length === 0) return { ...next, error: PUSH_SETTINGS_TEXT.chooseKinds, announcement: '' };
      next.effects.push(`subscribe ${e.kinds.join(',')}`);
      return { ...next, screen: 'saving', error: null, announcement: '' };
    case 'unsubscribing':
      if (e.type === 'change.unsubscribed') return { ...next, screen: 'off', announcement: PUSH_SETTINGS_TEXT.turnedOff };
      if (e.type === 'change.failed') return { ...next, screen: 'on', error: e.message };
      return m;
    default:
      return m;
  }
}

const initialModel = (): Model => ({ screen: 'checking', kinds: [], error: null, announcement: '', effects: ['check'] });

function recording(effects: string[]) {
  return pushSettingsMachine.provide({
    actions: {
      check: () => effects.push('check'),
      subscribe: (_, { kinds }) => effects.push(`subscribe ${kinds.join(',')}`),
      unsubscribe: () => effects.push('unsubscribe'),
    },
  });
}

const coverage: Coverage = newCoverage();

function walk(path: PathLike<PushSettingsEvent>) {
  const effects: string[] = [];
  let model = initialModel();
  replay(recording(effects), path, coverage, (snapshot: SnapshotFrom<typeof pushSettingsMachine>, event) => {
    if (event) model = step(model, event as PushSettingsEvent);
    agree({ screen: snapshot.value, kinds: snapshot.context.kinds, error: snapshot.context.error, announcement: snapshot.context.announcement, effects }, model);
  });
}

describe('push settings: the machine against its model', () => {
  const paths = [...edgePaths(pushSettingsMachine, EVENTS), ...getSimplePaths(pushSettingsMachine, { events: EVENTS })];
  it.each(paths.map((p) => [pathName(p), p] as const))('%s', (_name, path) => walk(path as PathLike<PushSettingsEvent>));

  it('reached every state and every transition', () => {
    expect(uncovered(pushSettingsMachine, coverage)).toEqual({ states: [], transitions: [] });
  });
});

class ScriptedDevice implements PushDevice {
  readonly asked: string[] = [];
  constructor(
    public state: 'unsupported' | 'denied' | 'off' | 'on',
    private readonly answer: PushSubscriptionKeys | 'denied' = SUBSCRIPTION,
  ) {}
  async status() {
    return this.state === 'on' ? { state: 'on' as const, subscription: SUBSCRIPTION } : { state: this.state };
  }
  async subscribe(publicKey: string) {
    this.asked.push(`subscribe with ${publicKey}`);
    return this.answer;
  }
  async unsubscribe() {
    this.asked.push('unsubscribe');
    return SUBSCRIPTION.endpoint;
  }
}
const SUBSCRIPTION: PushSubscriptionKeys = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) } };

describe('push settings: the effects against the ports', () => {
  const start = (device: PushDevice, api: ScriptedApi) => createActor(providePushSettings({ api, push: device, log: () => {} })).start();

  it('a browser without push, and push blocked, say so without asking the server', async () => {
    for (const state of ['unsupported', 'denied'] as const) {
      const api = new ScriptedApi();
      const actor = start(new ScriptedDevice(state), api);
      await waitFor(actor, (s) => s.matches(state));
      expect(api.calls).toEqual([]);
    }
  });

  it('a subscribed device reads its kinds; one the server forgot is off', async () => {
    const api = new ScriptedApi({ 'push.subscription': async () => ({ success: true, kinds: ['mention'] }) });
    const actor = start(new ScriptedDevice('on'), api);
    await waitFor(actor, (s) => s.matches('on'));
    expect(actor.getSnapshot().context.kinds).toEqual(['mention']);
    expect(api.calls[0]?.input).toEqual({ query: { endpoint: SUBSCRIPTION.endpoint } });
    const forgot = start(new ScriptedDevice('on'), new ScriptedApi({ 'push.subscription': async () => ({ success: true, kinds: null }) }));
    await waitFor(forgot, (s) => s.matches('off'));
  });

  it('turns on with the server key and the chosen kinds, and off on both sides', async () => {
    const device = new ScriptedDevice('off');
    const api = new ScriptedApi({
      'push.key': async () => ({ success: true, publicKey: 'KEY' }),
      'push.subscribe': async (input) => ({ success: true, message: 'on', kinds: (input!.body as { kinds: string[] }).kinds }),
      'push.unsubscribe': async () => ({ success: true, message: 'off' }),
    });
    const actor = start(device, api);
    await waitFor(actor, (s) => s.matches('off'));
    actor.send({ type: 'user.turnOn', kinds: ['reply_post', 'mention'] });
    await waitFor(actor, (s) => s.matches('on'));
    expect(device.asked).toEqual(['subscribe with KEY']);
    expect(api.calls.find((c) => c.name === 'push.subscribe')?.input).toEqual({ body: { ...SUBSCRIPTION, kinds: ['reply_post', 'mention'] } });
    expect(actor.getSnapshot().context.announcement).toBe(PUSH_SETTINGS_TEXT.turnedOn);
    actor.send({ type: 'user.turnOff' });
    await waitFor(actor, (s) => s.matches('off'));
    expect(api.calls.find((c) => c.name === 'push.unsubscribe')?.input).toEqual({ body: { endpoint: SUBSCRIPTION.endpoint } });
  });

  it('a refused permission is denied; a failed save keeps the device as it was, with the reason', async () => {
    const refused = start(new ScriptedDevice('off', 'denied'), new ScriptedApi({ 'push.key': async () => ({ success: true, publicKey: 'KEY' }) }));
    await waitFor(refused, (s) => s.matches('off'));
    refused.send({ type: 'user.turnOn', kinds: ['like'] });
    await waitFor(refused, (s) => s.matches('denied'));
    const failing = start(new ScriptedDevice('off'), new ScriptedApi({
      'push.key': async () => ({ success: true, publicKey: 'KEY' }),
      'push.subscribe': async () => {
        throw new ApiError('http', 400, 'endpoint: This browser gave an address that is not a known push service');
      },
    }));
    await waitFor(failing, (s) => s.matches('off'));
    failing.send({ type: 'user.turnOn', kinds: ['like'] });
    await waitFor(failing, (s) => s.matches('off') && s.context.error !== null);
    expect(failing.getSnapshot().context.error).toContain('not a known push service');
  });
});

/**
 * Model-based tests of the theme machine (issue 41 item 11, ADR 165): from each starting choice, the shortest path to
 * every state, each extended by every event, and the simple paths, replayed on a live actor whose effect only records,
 * and compared after every step with a plain model. A last test fails if any state or transition was never reached.
 * The effects file and the cookie adapter are then run against a cookie jar and a page of their own.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type EventObject, type SnapshotFrom } from 'xstate';
import { CookieThemeSetting, type ThemedPage } from '../../src/adapters/cookie-theme-setting';
import { provideTheme } from '../../src/application/theme.effects';
import { type ThemeEvent, themeMachine } from '../../src/application/theme.machine';
import { THEME_CHOICES, THEME_COLORS, type ThemeChoice, themeChoiceOf } from '../../src/domain/theme';
import { agree, type Coverage, getShortestPaths, getSimplePaths, holds, newCoverage, type PathLike, replay, uncovered } from './model-kit';

const pathName = (path: PathLike<EventObject>) =>
  path.steps.map((s) => (s.event.type === 'theme.choose' ? (s.event as ThemeEvent).choice : s.event.type)).join(' → ');

type Snapshot = SnapshotFrom<typeof themeMachine>;
const EVENTS: ThemeEvent[] = THEME_CHOICES.map((choice) => ({ type: 'theme.choose', choice }));

interface Model {
  choice: ThemeChoice;
  remembered: ThemeChoice[];
}

/** A new choice is remembered once; the choice already made is not written again. */
function step(m: Model, e: EventObject): Model {
  if (e.type !== 'theme.choose') return m;
  const { choice } = e as ThemeEvent;
  return choice === m.choice ? m : { choice, remembered: [...m.remembered, choice] };
}

function instrumented() {
  const remembered: ThemeChoice[] = [];
  const machine = themeMachine.provide({ actions: { remember: (_, { choice }) => void remembered.push(choice) } });
  return { remembered, machine };
}

describe('theme machine (model-based)', () => {
  const coverage: Coverage = newCoverage();
  for (const start of THEME_CHOICES) {
    const input = { choice: start };
    const paths: PathLike<ThemeEvent>[] = [];
    for (const path of getShortestPaths(themeMachine, { events: EVENTS as never, input: input as never })) {
      for (const event of EVENTS) paths.push({ steps: [...(path.steps as { event: ThemeEvent }[]), { event }] });
    }
    paths.push(...(getSimplePaths(themeMachine, { events: EVENTS as never, input: input as never }) as unknown as PathLike<ThemeEvent>[]));

    it.each(paths.map((p) => [`from ${start}: ${pathName(p)}`, p] as const))('%s', (_name, path) => {
      const { remembered, machine } = instrumented();
      let model: Model = { choice: start, remembered: [] };
      replay(machine, path, coverage, (snapshot: Snapshot, event: EventObject | null) => {
        if (event) model = step(model, event);
        agree({ state: snapshot.value, choice: snapshot.context.choice, remembered }, { state: model.choice, ...model });
        holds(THEME_CHOICES.every((choice) => snapshot.can({ type: 'theme.choose', choice }) === (choice !== model.choice)), 'only another choice is taken');
      }, input);
    });
  }

  it('reached every state and every transition', () => {
    expect(uncovered(themeMachine, coverage)).toEqual({ states: [], transitions: [] });
  });
});

/** A page's <html> and its two theme-color metas, as the template has them. */
function fakePage() {
  const dataset: DOMStringMap = {};
  const metas = (['light', 'dark'] as const).map((scheme) => {
    const attributes = new Map<string, string>([['content', THEME_COLORS[scheme]], ['media', `(prefers-color-scheme: ${scheme})`], ['data-scheme', scheme]]);
    return {
      attributes,
      getAttribute: (name: string) => attributes.get(name) ?? null,
      setAttribute: (name: string, value: string) => void attributes.set(name, value),
      removeAttribute: (name: string) => void attributes.delete(name),
    };
  });
  const page: ThemedPage = { documentElement: { dataset }, querySelectorAll: () => metas };
  return { page, dataset, metas };
}

describe('theme effects and the cookie adapter', () => {
  it('reads the cookie, and anything unknown as system', () => {
    expect(themeChoiceOf('token=abc; theme=dark')).toBe('dark');
    expect(themeChoiceOf('theme=light')).toBe('light');
    expect(themeChoiceOf('theme=purple')).toBe('system');
    expect(themeChoiceOf(undefined)).toBe('system');
    expect(new CookieThemeSetting({ cookie: 'a=1; theme=dark' }, null).read()).toBe('dark');
  });

  it('keeps a choice in the cookie, shows it on <html> and in the bar colour, and system drops both', () => {
    const jar = { cookie: '', location: { protocol: 'https:' } };
    const { page, dataset, metas } = fakePage();
    const actor = createActor(provideTheme({ theme: new CookieThemeSetting(jar, page) }), { input: { choice: 'system' } }).start();
    actor.send({ type: 'theme.choose', choice: 'dark' });
    expect(jar.cookie).toBe('theme=dark; Max-Age=31536000; Path=/; SameSite=Lax; Secure');
    expect(dataset.theme).toBe('dark');
    expect(metas.map((m) => [m.getAttribute('content'), m.getAttribute('media')])).toEqual([[THEME_COLORS.dark, null], [THEME_COLORS.dark, null]]);
    actor.send({ type: 'theme.choose', choice: 'light' });
    expect(dataset.theme).toBe('light');
    expect(metas.map((m) => m.getAttribute('content'))).toEqual([THEME_COLORS.light, THEME_COLORS.light]);
    actor.send({ type: 'theme.choose', choice: 'system' });
    expect(jar.cookie).toBe('theme=; Max-Age=0; Path=/; SameSite=Lax; Secure');
    expect(dataset.theme).toBeUndefined();
    expect(metas.map((m) => [m.getAttribute('content'), m.getAttribute('media')])).toEqual([
      [THEME_COLORS.light, '(prefers-color-scheme: light)'], [THEME_COLORS.dark, '(prefers-color-scheme: dark)'],
    ]);
    expect(actor.getSnapshot().value).toBe('system');
    actor.stop();
  });

  it('starts at the choice the page was drawn with, writing nothing', () => {
    const jar = { cookie: 'theme=light' };
    const setting = new CookieThemeSetting(jar, null);
    const actor = createActor(provideTheme({ theme: setting }), { input: { choice: setting.read() } }).start();
    expect(actor.getSnapshot().value).toBe('light');
    expect(jar.cookie).toBe('theme=light');
    actor.stop();
  });
});

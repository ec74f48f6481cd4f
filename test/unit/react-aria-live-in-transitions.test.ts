// @vitest-environment jsdom
/**
 * React Aria's answers that change as a page goes live, learnt in a transition (ADR 194): `useIsSSR` for its
 * disclosures and focus-visible state, and a field's slot ids. Each component hydrates as the server drew it and is
 * rendered again later, in a task of its own, not in the task that ran the hydration's effects. React Aria's own
 * `useIsSSR`, beside it, is rendered again in that very task, which is why the build replaces it.
 *
 * These run without `act`, as a browser runs them: `act` would flush every update at once and hide the order.
 */
import { createElement, startTransition, useEffect } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useIsSSR as reactAriaUseIsSSR } from 'react-aria';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useIsSSR } from '../../src/ui/i18n/react-aria-is-ssr';
import { useSSRSafeId } from '../../src/ui/i18n/react-aria-ids';
import { useSlotId, useSlotId2 } from '../../src/ui/i18n/react-aria-slots';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

// React Aria's id hook as the build gives it: its ids from React's `useId` (ADR 185). Its own would render every
// component again right after hydration, which is what these tests look for from the slot id.
vi.mock('react-aria/useId', () => ({ useId: (given?: string) => useSSRSafeId(given) }));

let root: Root | null = null;
afterEach(() => {
  root?.unmount();
  root = null;
  document.body.innerHTML = '';
});

const until = async (done: () => boolean) => {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(done()).toBe(true);
};

interface Render { value: unknown; inEffectsTask: boolean }

/**
 * A component whose hook's answer is recorded on each render, with whether that render came in the same task as the
 * component's first effects (before a microtask queued by its own effect, which runs after the hook's effects).
 */
function probeOf<T, P extends object = object>(
  useAnswer: (props: P) => T,
  log: Render[],
  view: (value: T, props: P) => ReturnType<typeof createElement>,
) {
  let effectsRan = false;
  let taskOver = false;
  return function Probe(props: P) {
    const value = useAnswer(props);
    log.push({ value, inEffectsTask: effectsRan && !taskOver });
    useEffect(() => {
      if (effectsRan) return;
      effectsRan = true;
      queueMicrotask(() => {
        taskOver = true;
      });
    }, []);
    return view(value, props);
  };
}

/** The id a form control's `aria-describedby` names, if it names one. */
const describedBy = (container: HTMLElement) => container.querySelector('input')?.getAttribute('aria-describedby');

/** Drawn by the "server", then hydrated in a transition, as the app's boot does. */
function hydrate(component: (props: object) => ReturnType<typeof createElement>, log: Render[], errors: unknown[]): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(createElement(component));
  log.length = 0;
  document.body.append(container);
  startTransition(() => {
    root = hydrateRoot(container, createElement(component), { onRecoverableError: (error) => errors.push(error) });
  });
  return container;
}

describe('useIsSSR', () => {
  const view = (value: boolean) => createElement('p', { 'data-drawing': String(value) });

  it('hydrates as the server drew it, then learns it is live in a task of its own', async () => {
    const log: Render[] = [];
    const errors: unknown[] = [];
    const container = hydrate(probeOf(useIsSSR, log, view), log, errors);
    expect(container.innerHTML).toBe('<p data-drawing="true"></p>');
    await until(() => log.at(-1)?.value === false);
    expect(errors).toEqual([]);
    expect(log).toEqual([{ value: true, inEffectsTask: false }, { value: false, inEffectsTask: false }]);
    expect(container.innerHTML).toBe('<p data-drawing="false"></p>');
  });

  it('is needed: React Aria\'s own answer is rendered again in the task of the hydration\'s effects', async () => {
    const log: Render[] = [];
    hydrate(probeOf(reactAriaUseIsSSR, log, view), log, []);
    await until(() => log.at(-1)?.value === false);
    expect(log).toEqual([{ value: true, inEffectsTask: false }, { value: false, inEffectsTask: true }]);
  });

  it('starts as drawn in a component the browser mounts, and is live after its first commit', async () => {
    const log: Render[] = [];
    const container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    root.render(createElement(probeOf(useIsSSR, log, view)));
    await until(() => log.at(-1)?.value === false);
    expect(log.map((render) => render.value)).toEqual([true, false]);
  });
});

describe('useSlotId', () => {
  /**
   * A field with a description when `described` says so, which carries the slot's id as React Aria's fields give it
   * (`descriptionProps.id`); the id is read from the input.
   */
  const fieldOf = (log: Render[]) =>
    probeOf(({ described }: { described: boolean }) => useSlotId([described]), log, (id, { described }) =>
      createElement('p', null, createElement('input', { 'aria-describedby': id }), described ? createElement('span', { id }, 'Hint') : null));
  const field = (log: Render[], described: boolean) => {
    const Field = fieldOf(log);
    return () => createElement(Field, { described });
  };

  it('drops an id nothing carries after hydration, in a task of its own', async () => {
    const log: Render[] = [];
    const errors: unknown[] = [];
    const container = hydrate(field(log, false), log, errors);
    const drawn = describedBy(container);
    expect(drawn).toMatch(/^react-aria-/);
    await until(() => describedBy(container) === null);
    expect(errors).toEqual([]);
    expect(log).toEqual([{ value: drawn, inEffectsTask: false }, { value: undefined, inEffectsTask: false }]);
  });

  it('keeps an id an element carries, rendering once', async () => {
    const log: Render[] = [];
    const container = hydrate(field(log, true), log, []);
    const drawn = describedBy(container);
    await until(() => log.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(log.map((render) => render.value)).toEqual([drawn]);
    expect(describedBy(container)).toBe(drawn);
  });

  it('names an element that appears later before the browser paints, as React Aria does', async () => {
    const log: Render[] = [];
    const container = document.createElement('div');
    document.body.append(container);
    const Field = fieldOf(log);
    root = createRoot(container);
    root.render(createElement(Field, { described: false }));
    await until(() => log.length > 0 && describedBy(container) === null);
    // The same field's description appears (an error message on a submit): the id is back when the commit returns.
    const live = root;
    flushSync(() => live.render(createElement(Field, { described: true })));
    expect(describedBy(container)).toMatch(/^react-aria-/);
    expect(container.querySelector(`#${describedBy(container)}`)?.textContent).toBe('Hint');
  });
});

describe('useSlotId2', () => {
  /** A radio whose description slot an element takes when `described`; the id is read from the input. */
  const radio = (log: Render[], described: boolean) =>
    probeOf(() => useSlotId2(), log, ({ id, ref }) =>
      createElement('label', null, createElement('input', { type: 'radio', 'aria-describedby': id }), described ? createElement('span', { id, ref }, 'Hint') : null));
  const ids = (log: Render[]) => log.map(({ value, inEffectsTask }) => ({ id: (value as { id?: string }).id, inEffectsTask }));

  it('gives up a slot nothing took after hydration, in a task of its own', async () => {
    const log: Render[] = [];
    const errors: unknown[] = [];
    const container = hydrate(radio(log, false), log, errors);
    const drawn = describedBy(container);
    expect(drawn).toMatch(/^react-aria-/);
    await until(() => describedBy(container) === null);
    expect(errors).toEqual([]);
    expect(ids(log)).toEqual([{ id: drawn, inEffectsTask: false }, { id: undefined, inEffectsTask: false }]);
  });

  it('keeps a slot an element took, rendering once', async () => {
    const log: Render[] = [];
    const container = hydrate(radio(log, true), log, []);
    const drawn = describedBy(container);
    await until(() => log.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ids(log).map(({ id }) => id)).toEqual([drawn]);
    expect(container.querySelector('span')?.id).toBe(drawn);
  });
});


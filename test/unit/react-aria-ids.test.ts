// @vitest-environment jsdom
/**
 * React Aria's ids from React's `useId` alone (ADR 185): a component with an id hydrates once, with the server's id.
 * React Aria's own id hook renders it a second time right after hydration, which is why the build replaces it.
 */
import { act, createElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useId as reactAriaUseId } from 'react-aria';
import { afterEach, describe, expect, it } from 'vitest';
import { useSSRSafeId } from '../../src/ui/i18n/react-aria-ids';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let renders: string[] = [];
let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  renders = [];
  document.body.innerHTML = '';
});

/** A labelled field whose id comes from `useIds`, drawn on the "server", then hydrated. */
async function hydratedWith(useIds: (given?: string) => string): Promise<{ drawn: string; live: string }> {
  function Field() {
    const id = useIds();
    renders.push(id);
    return createElement('p', null, createElement('label', { htmlFor: id }, 'Title'), createElement('input', { id }));
  }
  const container = document.createElement('div');
  container.innerHTML = renderToString(createElement(Field));
  const drawn = container.querySelector('input')!.id;
  document.body.append(container);
  renders = [];
  await act(async () => {
    root = hydrateRoot(container, createElement(Field));
  });
  return { drawn, live: container.querySelector('input')!.id };
}

describe('useSSRSafeId', () => {
  it('hydrates a component once, keeping the id the server drew', async () => {
    const { drawn, live } = await hydratedWith(useSSRSafeId);
    expect(drawn).toMatch(/^react-aria-/);
    expect(live).toBe(drawn);
    expect(renders).toEqual([drawn]);
  });

  it('keeps an id given to it', () => {
    let id = '';
    function Given() {
      id = useSSRSafeId('chosen');
      return null;
    }
    renderToString(createElement(Given));
    expect(id).toBe('chosen');
  });

  it('is needed: React Aria\'s own hook renders the same component again as it hydrates', async () => {
    const { drawn, live } = await hydratedWith(reactAriaUseId);
    expect(live).toBe(drawn);
    expect(renders).toEqual([drawn, drawn]);
  });
});

// @vitest-environment jsdom
/**
 * Words typed into a server-drawn field before hydration reach the app once the page is live (ADR 184): the courses
 * list's own search field, drawn on the server, typed into before the app's code and while it starts, then hydrated.
 */
import { act, createElement, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { CourseSearch } from '../../src/ui/pages/courses/course-filters';
import { handTypingToTheApp, noteTypingUntilLive } from '../../src/ui/components/typed-before-live';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let heard: string[] = [];
function Search({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return createElement('div', null,
    createElement(CourseSearch, { value, onChange: (next: string) => { heard.push(next); setValue(next); } }),
    createElement('output', null, `searching for: ${value}`),
    createElement('textarea', { 'aria-label': 'Note', defaultValue: 'drawn' }),
    createElement('input', { type: 'checkbox', 'aria-label': 'Tick', defaultChecked: false }));
}

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  heard = [];
  document.body.innerHTML = '';
});

/** Typed into before the app's code ran (`before`), then while it started (`during`, as input events), then hydrated. */
async function drawnThenHydrated(initial: string, before: (container: HTMLElement) => void, during?: (container: HTMLElement) => void): Promise<HTMLElement> {
  const container = document.createElement('div');
  container.innerHTML = renderToString(createElement(Search, { initial }));
  document.body.append(container);
  before(container);
  noteTypingUntilLive(container);
  during?.(container);
  await act(async () => {
    root = hydrateRoot(container, createElement(Search, { initial }));
  });
  return container;
}

const search = (container: HTMLElement) => container.querySelector('input[type="search"]') as HTMLInputElement;
const typeInto = (field: HTMLInputElement | HTMLTextAreaElement, words: string) => {
  field.value = words;
  field.dispatchEvent(new Event('input', { bubbles: true }));
};

describe('keepTextTypedBeforeLive', () => {
  it('hands React the words typed before hydration, once, and puts them back in the field', async () => {
    const container = await drawnThenHydrated('', (c) => {
      search(c).value = 'meters';
    }, (c) => typeInto(search(c), 'meters 42'));
    // Hydration alone leaves the app's state as the server drew it, and its next render wiped the field.
    expect(container.querySelector('output')!.textContent).toBe('searching for: ');
    expect(search(container).value).toBe('');
    let kept = 0;
    act(() => {
      kept = handTypingToTheApp();
    });
    expect(kept).toBe(1);
    expect(heard).toEqual(['meters 42']);
    expect(container.querySelector('output')!.textContent).toBe('searching for: meters 42');
    expect(search(container).value).toBe('meters 42');
    // Once only: the page stays live, and typing since is the app's own.
    act(() => {
      kept = handTypingToTheApp();
    });
    expect(kept).toBe(0);
    expect(heard).toEqual(['meters 42']);
  });

  it('leaves fields nobody typed into, and what the server drew, alone', async () => {
    const container = await drawnThenHydrated('retrofit', (c) => {
      (c.querySelector('input[type="checkbox"]') as HTMLInputElement).checked = true;
    });
    let kept = -1;
    act(() => {
      kept = handTypingToTheApp();
    });
    expect(kept).toBe(0);
    expect(heard).toEqual([]);
    expect(search(container).value).toBe('retrofit');
    expect(container.querySelector('textarea')!.value).toBe('drawn');
  });

  it('replaces the words the server drew with the ones typed over them, in a text area too', async () => {
    const container = await drawnThenHydrated('retrofit', (c) => {
      search(c).value = 'timber';
    }, (c) => typeInto(c.querySelector('textarea')!, 'my own note'));
    act(() => {
      expect(handTypingToTheApp()).toBe(2);
    });
    expect(heard).toEqual(['timber']);
    expect(container.querySelector('output')!.textContent).toBe('searching for: timber');
    expect(container.querySelector('textarea')!.value).toBe('my own note');
  });
});

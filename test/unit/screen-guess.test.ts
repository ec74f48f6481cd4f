// @vitest-environment jsdom
/**
 * The screen a page is drawn for (ADR 185): the guess from a request's headers, what a media query answers on it, and
 * a hydration that starts from the drawn answer. On the screen guessed, nothing is drawn again as the page goes live;
 * on another, the page still ends up as that screen draws it.
 */
import { act, createElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { type ScreenGuess, screenGuessOf, screenMatches } from '../../src/domain/screen';
import { MOBILE_NAV_QUERY, REDUCED_MOTION_QUERY, useMediaQuery } from '../../src/ui/hooks/use-media-query';
import { clientPreload, PreloadContext, serverPreload } from '../../src/ui/preload';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';
const IPAD = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15';
const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:146.0) Gecko/146.0 Firefox/146.0';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';

describe('screenGuessOf', () => {
  it('takes Chromium\'s mobile hint first, and a phone\'s user agent where there is none', () => {
    expect(screenGuessOf({ mobileHint: '?1', userAgent: DESKTOP })).toBe('phone');
    expect(screenGuessOf({ mobileHint: '?0', userAgent: ANDROID })).toBe('desktop');
    expect(screenGuessOf({ userAgent: IPHONE })).toBe('phone');
    expect(screenGuessOf({ userAgent: FIREFOX_ANDROID })).toBe('phone');
    // An iPad asks as a Mac: drawn for a desktop, and put right as it goes live.
    expect(screenGuessOf({ userAgent: IPAD })).toBe('desktop');
    expect(screenGuessOf({ userAgent: DESKTOP })).toBe('desktop');
    expect(screenGuessOf({})).toBe('desktop');
  });
});

describe('screenMatches', () => {
  it('answers the product\'s media queries as a phone held upright and a laptop would', () => {
    const both = (query: string) => (['phone', 'desktop'] as ScreenGuess[]).map((screen) => screenMatches(query, screen));
    expect(both(MOBILE_NAV_QUERY)).toEqual([true, false]);
    expect(both('(min-width: 981px)')).toEqual([false, true]);
    expect(both('(max-width: 480px)')).toEqual([true, false]);
    expect(both('(max-width: 900px)')).toEqual([true, false]);
    expect(both('(max-width: 768px), (pointer: coarse)')).toEqual([true, false]);
    expect(both('(pointer: fine)')).toEqual([false, true]);
    expect(both('(hover: hover)')).toEqual([false, true]);
    expect(both('(min-width: 300px) and (max-width: 500px)')).toEqual([true, false]);
    // What a request cannot tell is never assumed.
    expect(both(REDUCED_MOTION_QUERY)).toEqual([false, false]);
    expect(both('(prefers-color-scheme: dark)')).toEqual([false, false]);
    expect(both('screen')).toEqual([false, false]);
  });
});

/** A browser whose window is `width` wide (jsdom has no `matchMedia`): widths answered, anything else not matched. */
function windowOf(width: number): void {
  const matches = (query: string) => query.split(',').some((part) => part.split(/\s+and\s+/).every((feature) => {
    const [, name, value = ''] = /\(\s*([a-z-]+)\s*:\s*([0-9.]+)px\s*\)/.exec(feature) ?? [];
    if (name === 'max-width') return width <= Number(value);
    if (name === 'min-width') return width >= Number(value);
    return false;
  }));
  window.matchMedia = (query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
}

let drawn: string[] = [];
function Bar() {
  const mobile = useMediaQuery(MOBILE_NAV_QUERY);
  drawn.push(mobile ? 'menu' : 'links');
  return createElement('nav', null, mobile ? createElement('button', { type: 'button' }, 'Menu') : createElement('a', { href: '/courses' }, 'Courses'));
}

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  drawn = [];
  document.body.innerHTML = '';
});

/** The bar drawn on the "server" for `guess`, then hydrated in a window `width` wide from the page's data. */
async function drawnForThenHydratedAt(guess: ScreenGuess, width: number): Promise<HTMLElement> {
  const server = serverPreload(null, guess);
  const container = document.createElement('div');
  container.innerHTML = renderToString(createElement(PreloadContext.Provider, { value: server }, createElement(Bar)));
  document.body.append(container);
  drawn = [];
  windowOf(width);
  // The page's data crosses as JSON, as it does in the page.
  const data = JSON.parse(JSON.stringify(server.data()));
  await act(async () => {
    root = hydrateRoot(container, createElement(PreloadContext.Provider, { value: clientPreload(data) }, createElement(Bar)));
  });
  return container;
}

describe('useMediaQuery while the page hydrates', () => {
  it('starts from the screen the server drew for: on that screen, hydration draws nothing again', async () => {
    const container = await drawnForThenHydratedAt('phone', 390);
    expect(drawn).toEqual(['menu']);
    expect(container.querySelector('nav')!.innerHTML).toBe('<button type="button">Menu</button>');
  });

  it('puts a wrong guess right as the page goes live: one more render, the screen\'s own bar', async () => {
    const container = await drawnForThenHydratedAt('desktop', 390);
    expect(drawn).toEqual(['links', 'menu']);
    expect(container.querySelector('nav')!.innerHTML).toBe('<button type="button">Menu</button>');
    const wide = await drawnForThenHydratedAt('desktop', 1280);
    expect(drawn.at(-1)).toBe('links');
    expect(wide.querySelector('nav')!.innerHTML).toBe('<a href="/courses">Courses</a>');
  });

  it('takes a page without the screen (kept from before it was written) as drawn for a desktop', () => {
    expect(clientPreload({ user: null, queries: {}, actors: {} }).screen).toBe('desktop');
    expect(clientPreload({ user: null, queries: {}, actors: {}, screen: 'tablet' as never }).screen).toBe('desktop');
    expect(clientPreload(null).screen).toBe('desktop');
  });
});

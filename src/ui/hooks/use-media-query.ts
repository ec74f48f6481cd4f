import { useCallback, useSyncExternalStore } from 'react';
import { screenMatches } from '../../domain/screen';
import { usePreload } from '../preload';

/**
 * True while a CSS media query matches (the 980px navigation breakpoint, reduced motion, small screens). The server
 * draws the page for the screen it guessed (ADR 185), and hydration starts from the same answer: on the device the
 * server guessed, nothing is drawn again as the page goes live.
 */
export function useMediaQuery(query: string): boolean {
  const { screen } = usePreload();
  const subscribe = useCallback((onChange: () => void) => {
    const list = window.matchMedia(query);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [query]);
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches, () => screenMatches(query, screen));
}

export const MOBILE_NAV_QUERY = '(max-width: 980px)';
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

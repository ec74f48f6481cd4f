import { useSyncExternalStore } from 'react';

/** True while a CSS media query matches (the 980px navigation breakpoint, reduced motion, small screens). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

export const MOBILE_NAV_QUERY = '(max-width: 980px)';
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

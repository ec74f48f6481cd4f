import { useCallback } from 'react';

/** A ref callback that focuses its element once, on mount, when asked to (a deferred menu taking over a focused trigger). */
export function useAutoFocus<T extends HTMLElement>(enabled: boolean) {
  return useCallback(
    (element: T | null) => {
      if (enabled && element && document.activeElement !== element) element.focus();
    },
    [enabled],
  );
}

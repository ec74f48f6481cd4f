import { useCallback } from 'react';

/**
 * A ref callback for a deferred menu's real trigger, on mount: take the focus the look-alike had, and when the
 * look-alike was pressed, open the menu the way a keyboard user would (Enter), so the first item gets the focus.
 */
export function useTakeOver<T extends HTMLElement>(focus: boolean, open: boolean) {
  return useCallback(
    (element: T | null) => {
      if (!element || !(focus || open)) return;
      if (document.activeElement !== element) element.focus();
      if (open) element.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    },
    [focus, open],
  );
}

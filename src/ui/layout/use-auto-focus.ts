import { useEffect, useLayoutEffect, useRef } from 'react';

/** How the look-alike trigger of a deferred menu was pressed before the real menu loaded, if it was. */
export type PressedWith = 'keyboard' | 'pointer' | false;

/**
 * A ref for a deferred menu's real trigger. After mount it takes the focus the look-alike had and, when the look-alike
 * was pressed, opens the menu the way that press would have: by Enter (radix then focuses the first item) or by a
 * pointer press. The focus moves in a layout effect, in the same task as the swap: a passive effect runs a frame later,
 * and a key pressed in that frame would land on <body>, the look-alike being gone (seen under load: Enter lost right
 * after sign-up). The press is replayed in a passive effect of the component that renders the radix root, so it runs
 * after radix's own effects, which is when radix listens for the keyboard.
 */
export function useTakeOver<T extends HTMLElement>(focus: boolean, pressedWith: PressedWith) {
  const ref = useRef<T>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on mount; the look-alike's intent is read once
  useLayoutEffect(() => {
    const element = ref.current;
    if (element && (focus || pressedWith) && document.activeElement !== element) element.focus();
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on mount; the look-alike's intent is read once
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (pressedWith === 'keyboard') {
      element.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    } else if (pressedWith === 'pointer') {
      element.dispatchEvent(new PointerEvent('pointerdown', { button: 0, bubbles: true, cancelable: true, pointerType: 'mouse' }));
    }
  }, []);
  return ref;
}

/**
 * Keeps radix's dropdown (and floating-ui under it, ~25 KB gzip) out of the first paint: a look-alike trigger renders
 * at once, the real menu loads when the browser is idle once the page is live (ADR 188), or as soon as the trigger is
 * hovered, focused or pressed, and takes over with the same focus and, after a press, already open.
 */
import { type ComponentType, type KeyboardEvent, type MouseEvent, type PointerEvent, type ReactElement, useEffect, useRef, useState } from 'react';
import type { PressedWith } from './use-auto-focus';
import { whenLiveAndIdle } from '../when-idle';

export interface DeferredMenuProps {
  /** The look-alike was pressed before the menu loaded: open at once, as that press would have. */
  pressedWith?: PressedWith;
  autoFocus?: boolean;
}

export interface TriggerHandlers {
  onPointerEnter: () => void;
  onPointerDown: (event: PointerEvent) => void;
  onFocus: () => void;
  onBlur: () => void;
  onClick: (event: MouseEvent) => void;
  onKeyDown: (event: KeyboardEvent) => void;
  'aria-haspopup': 'menu';
  'aria-expanded': false;
}

type Loader<P> = () => Promise<{ default: ComponentType<P & DeferredMenuProps> }>;
const loaded = new Map<Loader<never>, ComponentType<never>>();

export function DeferredMenu<P extends object>({
  load,
  props,
  renderTrigger,
}: {
  /** Must be a stable, module-level function. */
  load: Loader<P>;
  props: P;
  renderTrigger: (handlers: TriggerHandlers) => ReactElement;
}) {
  const [Menu, setMenu] = useState<ComponentType<P & DeferredMenuProps> | null>(
    () => (loaded.get(load as Loader<never>) as ComponentType<P & DeferredMenuProps> | undefined) ?? null,
  );
  const intent = useRef<{ pressedWith: PressedWith; focus: boolean }>({ pressedWith: false, focus: false });
  const started = useRef(false);

  const start = () => {
    if (started.current || Menu) return;
    started.current = true;
    load().then(
      (module) => {
        loaded.set(load as Loader<never>, module.default as ComponentType<never>);
        setMenu(() => module.default);
      },
      () => {
        // The menu's code did not arrive (a dropped connection): the next hover, focus or press asks for it again.
        started.current = false;
      },
    );
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: preload once, when the browser is idle after the page is live
  useEffect(() => {
    if (Menu) return;
    return whenLiveAndIdle(start);
  }, []);

  if (Menu) return <Menu {...props} pressedWith={intent.current.pressedWith} autoFocus={intent.current.focus} />;
  return renderTrigger({
    onPointerEnter: start,
    onFocus: () => {
      intent.current.focus = true;
      start();
    },
    onBlur: () => {
      intent.current.focus = false;
    },
    // The press that opens a menu, heard as it goes down (radix opens on the press): if the real menu takes over
    // before the button comes up, the click lands on the real trigger, which does not open on a click.
    onPointerDown: (event) => {
      if (event.button !== 0 || event.ctrlKey) return;
      intent.current = { pressedWith: 'pointer', focus: true };
      start();
    },
    onClick: (event) => {
      // A click from Enter or Space has no pointer position: detail is 0.
      intent.current = { pressedWith: event.detail === 0 ? 'keyboard' : 'pointer', focus: true };
      start();
    },
    // The key that opens a menu, heard as it goes down: if the real menu takes over before the click this key would
    // make, that click never comes, and the menu still opens as the key asked.
    onKeyDown: (event) => {
      if (event.key !== 'Enter' && event.key !== ' ' && event.key !== 'ArrowDown') return;
      intent.current = { pressedWith: 'keyboard', focus: true };
      start();
    },
    'aria-haspopup': 'menu',
    'aria-expanded': false,
  });
}

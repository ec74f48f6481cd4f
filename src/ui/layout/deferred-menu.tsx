/**
 * Keeps radix's dropdown (and floating-ui under it, ~25 KB gzip) out of the first paint: a look-alike trigger renders
 * at once, the real menu loads when the browser is idle or as soon as the trigger is hovered, focused or pressed, and
 * takes over with the same focus and, after a press, already open.
 */
import { type ComponentType, type ReactElement, useEffect, useRef, useState } from 'react';

export interface DeferredMenuProps {
  defaultOpen?: boolean;
  autoFocus?: boolean;
}

export interface TriggerHandlers {
  onPointerEnter: () => void;
  onFocus: () => void;
  onBlur: () => void;
  onClick: () => void;
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
  const intent = useRef({ open: false, focus: false });
  const started = useRef(false);

  const start = () => {
    if (started.current || Menu) return;
    started.current = true;
    void load().then((module) => {
      loaded.set(load as Loader<never>, module.default as ComponentType<never>);
      setMenu(() => module.default);
    });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: preload once, when the browser is idle after the first paint
  useEffect(() => {
    if (Menu) return;
    const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 200));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const id = idle(start);
    return () => cancel(id);
  }, []);

  if (Menu) return <Menu {...props} defaultOpen={intent.current.open} autoFocus={intent.current.focus} />;
  return renderTrigger({
    onPointerEnter: start,
    onFocus: () => {
      intent.current.focus = true;
      start();
    },
    onBlur: () => {
      intent.current.focus = false;
    },
    onClick: () => {
      intent.current = { open: true, focus: true };
      start();
    },
    'aria-haspopup': 'menu',
    'aria-expanded': false,
  });
}

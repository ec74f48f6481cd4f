/**
 * Issue 41 item 10: a lesson table wider than its column shows that it scrolls. Each `.table-scroll` region under the
 * element gets `data-overflow`: 'end' while more lies to the right, 'start' at the right end, 'both' in between; none
 * when the table fits. The CSS draws an edge shadow and a hint from it. The regions are focusable already, so a
 * keyboard scrolls them with the arrow keys.
 */
import { type RefObject, useEffect } from 'react';

export function overflowOf(scrollLeft: number, scrollWidth: number, clientWidth: number): 'start' | 'end' | 'both' | null {
  const hidden = scrollWidth - clientWidth;
  if (hidden <= 1) return null;
  const left = scrollLeft > 1;
  const right = scrollLeft < hidden - 1;
  return left && right ? 'both' : left ? 'start' : 'end';
}

export function useScrollHints(root: RefObject<HTMLElement | null>, content: unknown) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `content` stands for the markup the regions are in
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const regions = [...element.querySelectorAll<HTMLElement>('.table-scroll')];
    if (regions.length === 0) return;
    const mark = (region: HTMLElement) => {
      const overflow = overflowOf(region.scrollLeft, region.scrollWidth, region.clientWidth);
      if (overflow) region.dataset.overflow = overflow;
      else delete region.dataset.overflow;
    };
    const onScroll = (event: Event) => mark(event.currentTarget as HTMLElement);
    const observer = new ResizeObserver(() => regions.forEach(mark));
    for (const region of regions) {
      mark(region);
      region.addEventListener('scroll', onScroll, { passive: true });
      observer.observe(region);
    }
    return () => {
      observer.disconnect();
      for (const region of regions) region.removeEventListener('scroll', onScroll);
    };
  }, [root, content]);
}

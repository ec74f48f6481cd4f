/**
 * Runs `then` once the browser is idle (`requestIdleCallback`), or after 200 ms where it has no idle callbacks.
 * Returns what cancels it, for an effect's cleanup.
 */
export function whenIdle(then: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => then());
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(then, 200);
  return () => window.clearTimeout(id);
}

let live = false;
const waiting = new Set<() => void>();

/** The first page is live (hydrated, or rendered): work waiting for it may now wait for the browser to be idle. */
export function markLive(): void {
  if (live) return;
  live = true;
  for (const go of waiting) go();
  waiting.clear();
}

/**
 * Runs `then` when the browser is idle after the first page is live (ADR 188): the bar hydrates before a page whose
 * code is still on its way, and an idle moment then must not spend the wire and the main thread on a menu's code.
 * Returns what cancels it.
 */
export function whenLiveAndIdle(then: () => void): () => void {
  let cancel = () => {};
  const go = () => {
    cancel = whenIdle(then);
  };
  if (live) go();
  else {
    waiting.add(go);
    cancel = () => waiting.delete(go);
  }
  return () => cancel();
}

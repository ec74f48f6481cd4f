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

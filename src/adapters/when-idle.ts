/**
 * Runs `then` once the browser is idle, and within a second whatever happens; at once where there is no browser. For
 * work that need not share a task with a page's hydration (ADR 183). The views have their own, which can be cancelled
 * (src/ui/when-idle.ts): the layers do not share modules.
 */
export function whenIdle(then: () => void): void {
  if (typeof window === 'undefined') {
    then();
    return;
  }
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => then(), { timeout: 1000 });
  else window.setTimeout(then, 0);
}

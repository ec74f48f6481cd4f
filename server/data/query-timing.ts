/**
 * Times the database driver's calls for the metrics (ADR 143), wrapping its methods in place as the query queue does:
 * the observer is set once the app has its metrics, and a call made before then is not timed.
 */
export type QueryObserver = (operation: 'query' | 'transaction', seconds: number, failed: boolean) => void;

const TIMED = Symbol('timed');

export class QueryTiming {
  observer: QueryObserver | null = null;

  /** Replaces `target[method]` with a timed call of the same method; a target already wrapped is left alone. */
  wrap(target: object, methods: readonly string[], operation: 'query' | 'transaction' = 'query'): void {
    const marked = target as Record<string | symbol, unknown>;
    for (const method of methods) {
      const key = `${String(TIMED.description)}:${method}`;
      if (marked[key]) continue;
      const original = marked[method] as (...args: unknown[]) => unknown;
      if (typeof original !== 'function') continue;
      marked[key] = true;
      marked[method] = (...args: unknown[]) => {
        const observer = this.observer;
        if (!observer) return original.apply(target, args);
        const started = process.hrtime.bigint();
        const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
        const result = original.apply(target, args);
        if (result instanceof Promise) {
          return result.then(
            (value) => {
              observer(operation, seconds(), false);
              return value;
            },
            (error: unknown) => {
              observer(operation, seconds(), true);
              throw error;
            },
          );
        }
        return result;
      };
    }
  }
}

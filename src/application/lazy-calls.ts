/**
 * A contract module (its calls, and zod with them) loaded on first use rather than with the app shell. Once it is
 * loaded, `use` runs at once, in the same task and before any microtask: an effect's request then leaves before the
 * render its own state change schedules (React renders a discrete event's update in a microtask; a request made
 * after a few promise hops would wait for that whole render).
 */
export interface LazyCalls<M> {
  <T>(use: (calls: M) => Promise<T>): Promise<T>;
  /** Starts loading the module, for a call that is about to be made. */
  load(): Promise<M>;
}

export function lazyCalls<M>(importer: () => Promise<M>): LazyCalls<M> {
  let loaded: M | undefined;
  let loading: Promise<M> | undefined;
  const load = () => {
    loading ??= importer().then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        // A chunk that failed to arrive (a dropped connection) is asked for again by the next call, not failed for good.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const calls = <T>(use: (module: M) => Promise<T>): Promise<T> => {
    if (loaded === undefined) return load().then(use);
    try {
      return use(loaded);
    } catch (error) {
      return Promise.reject(error);
    }
  };
  return Object.assign(calls, { load });
}

/**
 * A bounded queue in front of PGlite (ADR 125). PGlite runs every query on this process's one thread, one at a time:
 * when requests that need the database pile up, each waits behind all the others, and so does every other request,
 * since the thread is busy. The queue admits a request's first query only while fewer than `maxWaiting` queries are
 * waiting or running; past that the request is refused with `DatabaseBusy` (answered 503 with Retry-After) before it
 * has done any work. A request once admitted is never refused halfway, and work outside requests (jobs, start-up)
 * always goes through. On PostgreSQL the pool plays this part.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** The database has more queued than it can answer soon: try again shortly. */
export class DatabaseBusy extends Error {
  readonly retryAfterSeconds = 1;
  constructor() {
    super('The server is busy. Please try again in a moment.');
  }
}

/** The DatabaseBusy behind `error`, however the driver wrapped it (drizzle wraps a query's error as its cause). */
export function databaseBusyIn(error: unknown): DatabaseBusy | null {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof DatabaseBusy) return e;
  }
  return null;
}

/** The default bound: at a few milliseconds a query, a request admitted last waits a few tenths of a second. */
export const DEFAULT_MAX_WAITING = 32;

interface RequestMark {
  admitted: boolean;
}

export class QueryQueue {
  readonly #requests = new AsyncLocalStorage<RequestMark>();
  #waiting = 0;

  constructor(readonly maxWaiting: number) {}

  /** Queries waiting or running now. */
  get waiting(): number {
    return this.#waiting;
  }

  /**
   * Runs `next` (the rest of a request's handling) as one request: its queries share one admission. A request made
   * from inside another (the page render's in-process API calls) belongs to the outer one.
   */
  request(next: () => void): void {
    if (this.#requests.getStore()) next();
    else this.#requests.run({ admitted: false }, next);
  }

  /** Admits the current request now, before it starts work that reaches the database; throws when full. */
  admit(): void {
    const mark = this.#requests.getStore();
    if (!mark || mark.admitted) return;
    if (this.#waiting >= this.maxWaiting) throw new DatabaseBusy();
    mark.admitted = true;
  }

  /** Runs one query (or one transaction) through the queue. */
  async run<T>(query: () => Promise<T>): Promise<T> {
    this.admit();
    this.#waiting += 1;
    try {
      return await query();
    } finally {
      this.#waiting -= 1;
    }
  }

  /** The client with its entry points (`query`, `exec`, `transaction`) going through the queue; the rest as is. */
  wrap<C extends object>(client: C, methods: readonly (keyof C & string)[]): C {
    for (const name of methods) {
      const original = client[name];
      if (typeof original !== 'function') continue;
      const bound = (original as (...args: unknown[]) => Promise<unknown>).bind(client);
      Object.defineProperty(client, name, { value: (...args: unknown[]) => this.run(() => bound(...args)), configurable: true, writable: true });
    }
    return client;
  }
}

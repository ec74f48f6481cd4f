/**
 * The data a page was rendered with on the server (ADR 100). While the server renders, every `useQuery` answer and
 * every settled machine snapshot is gathered here (the render waits for each); the page carries them as JSON, and the
 * browser's first render starts from exactly the same values, so hydration makes no second request and the machines
 * start in the state the server drew.
 */
import { createContext, useContext } from 'react';
import { isScreenGuess, type ScreenGuess } from '../domain/screen';
import type { User } from '../domain/user';
import { PAGE_DATA_ID } from './page-data-id';

/** One call's outcome as the server saw it: its answer, or the error the page showed. */
export type Outcome = { ok: true; data: unknown } | { ok: false; kind: 'network' | 'http' | 'decode'; status: number; message: string };

/** What the page carries, in `<script id="sl-data" type="application/json">`. */
export interface PageData {
  /** The member the page was rendered for, or null. */
  user: User | null;
  queries: Record<string, Outcome>;
  /** Persisted machine snapshots, by the key their view gives. */
  actors: Record<string, unknown>;
  /** The screen the server drew the page for (ADR 185); missing in a page kept from before it was written. */
  screen?: ScreenGuess;
}


export interface PreloadStore {
  readonly server: boolean;
  /** The screen the page was drawn for (ADR 185): what a media query answers while the page hydrates. */
  readonly screen: ScreenGuess;
  /** Server: the outcome of a call, loaded once per render (the promise is what React's `use` waits for). */
  load(key: string, run: () => Promise<Outcome>): Promise<Outcome>;
  /** Server: a machine's settled snapshot, made once per render. */
  settle(key: string, run: () => Promise<unknown>): Promise<unknown>;
  /** Browser: what the server rendered for this key, until the view that used it has mounted. */
  outcome(key: string): Outcome | undefined;
  snapshot(key: string): unknown;
  /** Browser: the view mounted; the next view with this key loads its own data. */
  spend(key: string): void;
}

/** The server's store: it gathers what the render needs, and `data()` is what the page carries. */
export function serverPreload(user: User | null, screen: ScreenGuess): PreloadStore & { data(): PageData } {
  const loads = new Map<string, Promise<Outcome>>();
  const settles = new Map<string, Promise<unknown>>();
  const queries: Record<string, Outcome> = {};
  const actors: Record<string, unknown> = {};
  return {
    server: true,
    screen,
    load(key, run) {
      let promise = loads.get(key);
      if (!promise) {
        promise = run().then((outcome) => {
          queries[key] = outcome;
          return outcome;
        });
        loads.set(key, promise);
      }
      return promise;
    },
    settle(key, run) {
      let promise = settles.get(key);
      if (!promise) {
        promise = run().then((snapshot) => {
          actors[key] = snapshot;
          return snapshot;
        });
        settles.set(key, promise);
      }
      return promise;
    },
    outcome: () => undefined,
    snapshot: () => undefined,
    spend: () => {},
    data: () => ({ user, queries, actors, screen }),
  };
}

/** The browser's store over the page's data; each entry serves the first view that asks for it, then is gone. */
export function clientPreload(data: PageData | null): PreloadStore {
  const queries = new Map(Object.entries(data?.queries ?? {}));
  const actors = new Map(Object.entries(data?.actors ?? {}));
  const never = () => Promise.reject(new Error('the browser loads through its machines and queries'));
  return {
    server: false,
    screen: isScreenGuess(data?.screen) ? data.screen : 'desktop',
    load: never,
    settle: never,
    outcome: (key) => queries.get(key),
    snapshot: (key) => actors.get(key),
    spend(key) {
      queries.delete(key);
      actors.delete(key);
    },
  };
}

/** The page's data, when the server rendered the page. */
export function readPageData(doc: Document): PageData | null {
  const text = doc.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PageData;
  } catch {
    return null;
  }
}

export const PreloadContext = createContext<PreloadStore>(clientPreload(null));

export function usePreload(): PreloadStore {
  return useContext(PreloadContext);
}

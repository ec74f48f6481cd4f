/**
 * A screen's machine, started where the server left it (ADR 100). On the server the render runs the machine until it
 * settles (its data loaded) and draws that state; the page carries the persisted snapshot, and the browser's actor
 * starts from it, so the first render matches the markup and no request is repeated.
 */
import { useActorRef } from '@xstate/react';
import { use, useEffect } from 'react';
import { type ActorOptions, type ActorRefFrom, type AnyStateMachine, type SnapshotFrom, createActor, waitFor } from 'xstate';
import { usePreload } from '../preload';

/** A machine that has not settled by then is drawn as it starts; the browser finishes the job. */
const SETTLE_TIMEOUT_MS = 3000;

export interface PageActorRules<M extends AnyStateMachine> {
  /** The state the server draws: the screen's data has arrived (or failed). */
  settled: (snapshot: SnapshotFrom<M>) => boolean;
  /** Whether that state is worth drawing; a state left out starts again in the browser (default: all). */
  keep?: (snapshot: SnapshotFrom<M>) => boolean;
  /** What the view sends once its actor starts (the URL's query), sent by the server's actor too. */
  prepare?: (actor: ActorRefFrom<M>) => void;
  /** False: the screen is not drawn on the server (it would write); the actor starts in the browser. */
  drawn?: boolean;
}

export function usePageActor<M extends AnyStateMachine>(key: string, machine: M, options: ActorOptions<M>, rules: PageActorRules<M>) {
  const preload = usePreload();
  const drawn = rules.drawn ?? true;
  const snapshot = !drawn
    ? undefined
    : preload.server
    ? use(
        preload.settle(key, async () => {
          const actor = createActor(machine, options).start();
          try {
            rules.prepare?.(actor as ActorRefFrom<M>);
            const state = await waitFor(actor, rules.settled, { timeout: SETTLE_TIMEOUT_MS });
            return !rules.keep || rules.keep(state) ? actor.getPersistedSnapshot() : null;
          } catch {
            return null;
          } finally {
            actor.stop();
          }
        }),
      )
    : preload.snapshot(key);
  const actor = useActorRef(machine, snapshot ? { ...options, snapshot: snapshot as ActorOptions<M>['snapshot'] } : options);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the snapshot serves this mount only
  useEffect(() => {
    if (snapshot) preload.spend(key);
  }, []);
  /** True when the actor started where the server left it: the view's first `prepare` has been sent already. */
  return { actor, restored: Boolean(snapshot) };
}

/**
 * Model-based testing on top of xstate/graph: paths come from the machine's own graph (shortest and simple paths),
 * each path is replayed on a live actor, every state on it is checked against the system under test, and the kit
 * reports which transitions of the machine were never taken, so a test can demand full coverage.
 */
import { expect } from 'vitest';
import { type AnyStateMachine, type AnyStateNode, createActor, type EventFromLogic, type EventObject, type SnapshotFrom } from 'xstate';
import { getShortestPaths, getSimplePaths, getStateNodes } from 'xstate/graph';

export interface PathLike<E extends EventObject> {
  steps: { event: E }[];
}

export function allStateNodeIds(machine: AnyStateMachine): string[] {
  return getStateNodes(machine.root).map((n: AnyStateNode) => n.id);
}

type TransitionLike = Parameters<typeof describeTransition>[0];

/** Every transition of the machine, by description (provided copies of a machine share descriptions, not objects). */
export function allTransitions(machine: AnyStateMachine): Set<string> {
  const set = new Set<string>();
  for (const node of getStateNodes(machine.root) as AnyStateNode[]) {
    for (const list of node.transitions.values()) for (const t of list) set.add(describeTransition(t));
    for (const t of node.always ?? []) set.add(describeTransition(t));
  }
  for (const list of machine.root.transitions.values()) for (const t of list) set.add(describeTransition(t));
  return set;
}

export function describeTransition(t: {
  source: AnyStateNode;
  eventType: string;
  target?: readonly AnyStateNode[] | undefined;
  guard?: unknown;
}): string {
  const guard = t.guard ? ` [${typeof t.guard === 'string' ? t.guard : ((t.guard as { type?: string }).type ?? 'guard')}]` : '';
  return `${t.source.id} --${t.eventType || 'always'}${guard}--> ${(t.target ?? []).map((n) => n.id).join(',') || '(self)'}`;
}

export interface Coverage {
  states: Set<string>;
  transitions: Set<string>;
}

export function newCoverage(): Coverage {
  return { states: new Set(), transitions: new Set() };
}

/**
 * Replays the events of a path on a fresh actor of `machine`, calling `check` after each step with the snapshot.
 * Records visited state nodes and taken transitions in `coverage`.
 */
export function replay<M extends AnyStateMachine>(
  machine: M,
  path: PathLike<EventObject>,
  coverage: Coverage,
  check: (snapshot: SnapshotFrom<M>, event: EventFromLogic<M> | null) => void,
  input?: unknown,
): SnapshotFrom<M> {
  const actor = createActor(machine as AnyStateMachine, {
    input,
    inspect: (inspection) => {
      if (inspection.type === '@xstate.microstep') {
        for (const t of (inspection as unknown as { _transitions: TransitionLike[] })._transitions) {
          coverage.transitions.add(describeTransition(t));
          // A transient state (left at once by `always`) counts as reached when one of its transitions is taken.
          coverage.states.add(t.source.id);
        }
      }
    },
  });
  const visit = (snapshot: unknown) => {
    for (const node of (snapshot as unknown as { _nodes: AnyStateNode[] })._nodes) coverage.states.add(node.id);
  };
  actor.start();
  visit(actor.getSnapshot());
  check(actor.getSnapshot() as SnapshotFrom<M>, null);
  for (const step of path.steps) {
    actor.send(step.event);
    visit(actor.getSnapshot());
    check(actor.getSnapshot() as SnapshotFrom<M>, step.event as EventFromLogic<M>);
  }
  const last = actor.getSnapshot() as SnapshotFrom<M>;
  actor.stop();
  return last;
}

export function uncovered(machine: AnyStateMachine, coverage: Coverage) {
  return {
    states: allStateNodeIds(machine).filter((id) => !coverage.states.has(id)),
    transitions: [...allTransitions(machine)].filter((t) => !coverage.transitions.has(t)),
  };
}

/**
 * All-transitions coverage: the shortest path to every state, extended by every event of the list, accepted there
 * or not. Self-loops and returns to a known state never show up as simple paths; this is where they get walked. An
 * event the machine ignores is sent too: the model says whether it should have, so a transition that a change to the
 * machine removed is missed by the model, not by a graph drawn from the changed machine.
 */
export function edgePaths<M extends AnyStateMachine, E extends EventObject>(
  machine: M,
  events: readonly E[],
  input?: unknown,
): PathLike<E>[] {
  const paths: PathLike<E>[] = [];
  for (const path of getShortestPaths(machine, { events: events as never, input: input as never })) {
    for (const event of events) paths.push({ steps: [...(path.steps as { event: E }[]), { event }] });
  }
  return paths;
}

export function pathName(path: PathLike<EventObject>): string {
  return path.steps.map((s) => s.event.type).join(' → ') || '(initial)';
}

export { getShortestPaths, getSimplePaths };

/** The machine's view agrees with the model's (deep equality, compared cheaply first: thousands of steps run). */
export function agree(actual: unknown, expected: unknown) {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) expect(actual).toEqual(expected);
}

/** A named rule holds in this state. */
export function holds(condition: boolean, rule: string) {
  if (!condition) expect.fail(rule);
}

import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { type ModelPath, type PathSet, stateKey, walkedEdgeKeys } from './model-paths';
import { runPathOnMachine, transitionKey } from './run-path';

/**
 * Coverage of a set of paths against the machine, on three levels:
 * - `states` / `edges`: every state value and every value-level edge of the reachable graph (`getAdjacencyMap`
 *   with the events given to `generatePaths`) is walked by some path;
 * - `transitions`: every transition written in the machine definition (`on` and `always` of every state node) is
 *   taken when the paths run on an actor. This catches a transition no event generator can trigger;
 * - `stateNodes`: every atomic or final state node is active at some point of some path.
 */

export interface CoverageReport {
  missingStates: string[];
  missingEdges: string[];
  missingTransitions: string[];
  missingStateNodes: string[];
  counts: { paths: number; states: number; edges: number; transitions: number; stateNodes: number };
}

/**
 * Every transition the machine definition declares, by `transitionKey`: the root's own `on` (an event every state
 * takes, e.g. `change.seen`) included, which `getStateNodes` leaves out.
 */
export function definitionTransitionKeys(machine: AnyStateMachine): Set<string> {
  const keys = new Set<string>();
  for (const node of [machine.root, ...getStateNodes(machine.root)]) {
    for (const transitions of Object.values(node.on)) {
      for (const transition of transitions) keys.add(transitionKey(transition));
    }
    for (const transition of node.always ?? []) keys.add(transitionKey(transition));
  }
  return keys;
}

function leafNodes(machine: AnyStateMachine): AnyStateNode[] {
  return getStateNodes(machine.root).filter((node) => node.type === 'atomic' || node.type === 'final');
}

/** Ids of the leaf state nodes active in a state value (`{ a: 'b', c: 'd' }` → `id.a.b`, `id.c.d`). */
export function activeLeafIds(machineId: string, value: unknown): string[] {
  if (typeof value === 'string') return [`${machineId}.${value}`];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => activeLeafIds(`${machineId}.${key}`, inner));
}

export function coverageReport<TMachine extends AnyStateMachine>(
  machine: TMachine,
  sets: ReadonlyArray<PathSet<TMachine>>,
): CoverageReport {
  const paths: Array<ModelPath<TMachine>> = sets.flatMap((set) => set.paths);
  const expectedStates = new Set(sets.flatMap((set) => [...set.states]));
  const expectedEdges = new Set(sets.flatMap((set) => [...set.edges.keys()]));

  const walkedStates = new Set<string>();
  const walkedEdges = new Set<string>();
  const taken = new Set<string>();
  const activeLeaves = new Set<string>();
  for (const path of paths) {
    for (const snapshot of [path.start, ...path.steps.map((step) => step.state)]) {
      walkedStates.add(stateKey(snapshot));
      for (const id of activeLeafIds(machine.id, snapshot.value)) activeLeaves.add(id);
    }
    for (const key of walkedEdgeKeys(path)) walkedEdges.add(key);
    for (const key of runPathOnMachine(machine, path).transitions) taken.add(key);
  }
  // Transient states (left by `always` within a macrostep) never show in a snapshot; taking their transition counts.
  for (const node of leafNodes(machine)) {
    if ((node.always ?? []).some((transition) => taken.has(transitionKey(transition))))
      activeLeaves.add(node.id);
  }

  const definition = definitionTransitionKeys(machine);
  const leaves = leafNodes(machine).map((node) => node.id);
  return {
    missingStates: [...expectedStates].filter((key) => !walkedStates.has(key)),
    missingEdges: [...expectedEdges].filter((key) => !walkedEdges.has(key)),
    missingTransitions: [...definition].filter((key) => !taken.has(key)),
    missingStateNodes: leaves.filter((id) => !activeLeaves.has(id)),
    counts: {
      paths: paths.length,
      states: expectedStates.size,
      edges: expectedEdges.size,
      transitions: definition.size,
      stateNodes: leaves.length,
    },
  };
}

/** Throws with the list of what no path covers; returns the report when everything is covered. */
export function assertFullCoverage<TMachine extends AnyStateMachine>(
  machine: TMachine,
  sets: ReadonlyArray<PathSet<TMachine>>,
): CoverageReport {
  const report = coverageReport(machine, sets);
  const problems = (
    [
      ['states never reached', report.missingStates],
      ['edges never walked', report.missingEdges],
      ['machine transitions never taken', report.missingTransitions],
      ['state nodes never active', report.missingStateNodes],
    ] as const
  ).filter(([, missing]) => missing.length > 0);
  if (problems.length > 0) {
    const text = problems.map(([title, missing]) => `${title}:\n  ${missing.join('\n  ')}`).join('\n');
    throw new Error(`Path coverage of ${machine.id} is incomplete\n${text}`);
  }
  return report;
}

import {
  type ActorLogic,
  type AnyStateMachine,
  type EventFromLogic,
  type InputFrom,
  initialTransition,
} from 'xstate';
import { TestModel } from 'xstate/graph';

/**
 * Model-based paths over `xstate/graph`, for any machine (order lifecycle, auth, checkout) and any runner (the
 * machine itself, the API, the browser). Paths come from the production machine only; there is no second model.
 *
 * - `generatePaths` = the shortest path to every state, plus one path per adjacency edge those paths do not walk
 *   (shortest paths reach every state but skip most edges).
 * - `stateKey` / `edgeKey` name states and edges by state value only, so runners that cannot see the context (a
 *   browser) still compare the same things; `snapshotKey` adds the context for the machine runner.
 */

/** The machine's snapshot type (what `xstate/graph` uses for machines). */
export type Snap<TMachine extends AnyStateMachine> = ReturnType<TMachine['transition']>;
export type Evt<TMachine extends AnyStateMachine> = EventFromLogic<TMachine>;

export interface PathStep<TMachine extends AnyStateMachine> {
  event: Evt<TMachine>;
  /** The state the machine is in after `event`. */
  state: Snap<TMachine>;
}

export interface ModelPath<TMachine extends AnyStateMachine> {
  description: string;
  /** Input the machine (and whatever the runner sets up) starts from. */
  input: InputFrom<TMachine>;
  /** State before the first step. */
  start: Snap<TMachine>;
  steps: Array<PathStep<TMachine>>;
  /** State at the end of the path. */
  state: Snap<TMachine>;
  kind: 'shortest' | 'edge';
}

export interface Edge<TMachine extends AnyStateMachine> {
  key: string;
  from: Snap<TMachine>;
  event: Evt<TMachine>;
  to: Snap<TMachine>;
}

export interface PathOptions<TMachine extends AnyStateMachine> {
  /** Candidate events for a snapshot; only those the snapshot `can` take are followed. */
  events: (snapshot: Snap<TMachine>) => ReadonlyArray<Evt<TMachine>>;
  input: InputFrom<TMachine>;
  /** A label for the path descriptions (e.g. "card delivery order"). */
  label?: string;
}

export interface PathSet<TMachine extends AnyStateMachine> {
  label: string;
  input: InputFrom<TMachine>;
  paths: Array<ModelPath<TMachine>>;
  /** Every edge of the reachable graph, keyed by `edgeKey` (state values only). */
  edges: Map<string, Edge<TMachine>>;
  /** Every reachable state value, keyed by `stateKey`. */
  states: Set<string>;
}

/** A state value as a stable string, e.g. `{"lifecycle":"checking","payment":"not_required"}`. */
export function stateKey(snapshot: { value: unknown }): string {
  return stableJson(snapshot.value);
}

/** State value and context: what the machine runner compares after each step. */
export function snapshotKey(snapshot: { value: unknown; context: unknown }): string {
  return stableJson({ value: snapshot.value, context: snapshot.context });
}

export function edgeKey(from: { value: unknown }, event: { type: string }, to: { value: unknown }): string {
  return `${stateKey(from)} --${event.type}--> ${stateKey(to)}`;
}

function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

function describe(
  label: string,
  steps: ReadonlyArray<{ event: { type: string } }>,
  end: { value: unknown },
): string {
  const route = steps.length === 0 ? '(start)' : steps.map((step) => step.event.type).join(' → ');
  return `${label}: ${route} ⇒ ${stateKey(end)}`;
}

export function createPathModel<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: PathOptions<TMachine>,
) {
  // A generic machine is its own ActorLogic, but TypeScript cannot see that through `ReturnType<...>`.
  const logic = machine as unknown as ActorLogic<Snap<TMachine>, Evt<TMachine>, InputFrom<TMachine>>;
  return new TestModel<Snap<TMachine>, Evt<TMachine>, InputFrom<TMachine>>(logic, {
    input: options.input,
    // An event is followed when some transition of the snapshot takes it: `can` leaves out a forbidden one (`{}`,
    // "ignored here", which overrides an ancestor's), but that is a transition of the definition too. A machine that
    // reached its final state takes no more events (`can` still says yes to the root's own).
    events: (snapshot: Snap<TMachine>) =>
      snapshot.status === 'active'
        ? options
            .events(snapshot)
            .filter((event) => (machine.getTransitionData(snapshot, event) ?? []).length > 0)
        : [],
    serializeState: (snapshot: Snap<TMachine>) => snapshotKey(snapshot),
  });
}

export function generatePaths<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: PathOptions<TMachine>,
): PathSet<TMachine> {
  const label = options.label ?? machine.id;
  const model = createPathModel(machine, options);
  const adjacency = model.getAdjacencyMap();
  const [startSnapshot] = initialTransition(machine, options.input) as [Snap<TMachine>, unknown];

  const edges = new Map<string, Edge<TMachine>>();
  const states = new Set<string>();
  for (const { state, transitions } of Object.values(adjacency)) {
    states.add(stateKey(state));
    const outgoing: Array<{ event: Evt<TMachine>; state: Snap<TMachine> }> = Object.values(transitions);
    for (const { event, state: next } of outgoing) {
      const key = edgeKey(state, event, next);
      if (!edges.has(key)) edges.set(key, { key, from: state, event, to: next });
    }
  }

  const toModelPath = (
    steps: Array<PathStep<TMachine>>,
    state: Snap<TMachine>,
    kind: ModelPath<TMachine>['kind'],
  ): ModelPath<TMachine> => ({
    description: describe(label, steps, state),
    input: options.input,
    start: startSnapshot,
    steps,
    state,
    kind,
  });

  const allShortest = model.getShortestPaths({ allowDuplicatePaths: true });
  const shortestTo = new Map(allShortest.map((path) => [snapshotKey(path.state), path]));
  const paths = model
    .getShortestPaths()
    .map((path) => toModelPath(ownSteps(path.steps), path.state, 'shortest'));

  const walked = new Set(paths.flatMap((path) => walkedEdgeKeys(path)));
  for (const edge of edges.values()) {
    if (walked.has(edge.key)) continue;
    const head = shortestTo.get(snapshotKey(edge.from));
    const headSteps = head ? ownSteps(head.steps) : [];
    const path = toModelPath([...headSteps, { event: edge.event, state: edge.to }], edge.to, 'edge');
    paths.push(path);
    for (const key of walkedEdgeKeys(path)) walked.add(key);
  }
  return { label, input: options.input, paths, edges, states };
}

/** xstate/graph starts every path with the `xstate.init` step; runners start from `path.start` instead. */
function ownSteps<TMachine extends AnyStateMachine>(
  steps: ReadonlyArray<{ event: Evt<TMachine>; state: Snap<TMachine> }>,
): Array<PathStep<TMachine>> {
  return steps
    .filter(({ event }) => event.type !== 'xstate.init')
    .map(({ event, state }) => ({ event, state }));
}

/** The value-level edges a path walks, in order. */
export function walkedEdgeKeys<TMachine extends AnyStateMachine>(path: ModelPath<TMachine>): string[] {
  const keys: string[] = [];
  let previous: Snap<TMachine> = path.start;
  for (const step of path.steps) {
    keys.push(edgeKey(previous, step.event, step.state));
    previous = step.state;
  }
  return keys;
}

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

/** Keys already made: a snapshot is immutable (a transition makes a new one), so its key never changes. */
const snapshotKeys = new WeakMap<object, string>();

/** State value and context: what the machine runner compares after each step. */
export function snapshotKey(snapshot: { value: unknown; context: unknown }): string {
  const known = snapshotKeys.get(snapshot);
  if (known !== undefined) return known;
  const key = stableJson({ value: snapshot.value, context: snapshot.context });
  snapshotKeys.set(snapshot, key);
  return key;
}

export function edgeKey(from: { value: unknown }, event: { type: string }, to: { value: unknown }): string {
  return `${stateKey(from)} --${event.type}--> ${stateKey(to)}`;
}

/** `localeCompare`'s order (the keys' order in a key: path ids hash it), without making a collator per call. */
const byLocale = new Intl.Collator().compare;

/** An array index (`"0"`, `"12"`): an object keeps such keys first, in numeric order, whatever order they came in. */
const isIndexKey = (key: string): boolean => {
  const index = Number(key);
  return Number.isInteger(index) && index >= 0 && index < 2 ** 32 - 1 && String(index) === key;
};

/**
 * JSON with every object's keys in `localeCompare` order (array-index keys first, ascending, as an object holds
 * them), the same text as `JSON.stringify` with a replacer that sorts each object, in one pass: the path suites make
 * a key for every snapshot they reach, and the replacer's new object per nested object was most of their time.
 */
function stableJson(value: unknown): string {
  return stableJsonOf(value) ?? 'null';
}

/**
 * The text of each object already written: a transition keeps the parts of the context it does not change (the same
 * objects; a machine never changes its context in place), so a snapshot's key is mostly parts written before.
 */
const objectJson = new WeakMap<object, string | undefined>();

function stableJsonOf(raw: unknown): string | undefined {
  if (raw === null || typeof raw !== 'object') return JSON.stringify(raw);
  if (objectJson.has(raw)) return objectJson.get(raw);
  const json = objectJsonOf(raw);
  objectJson.set(raw, json);
  return json;
}

function objectJsonOf(raw: object): string | undefined {
  const value: unknown =
    'toJSON' in raw && typeof raw.toJSON === 'function' ? (raw.toJSON as () => unknown)() : raw;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value))
    return `[${value.map((item: unknown) => stableJsonOf(item) ?? 'null').join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  const indexKeys = keys.filter(isIndexKey);
  const members: string[] = [];
  for (const key of [...indexKeys, ...keys.filter((key) => !isIndexKey(key)).sort(byLocale)]) {
    const member = stableJsonOf(record[key]);
    if (member !== undefined) members.push(`${JSON.stringify(key)}:${member}`);
  }
  return `{${members.join(',')}}`;
}

function describe(
  label: string,
  steps: ReadonlyArray<{ event: { type: string } }>,
  end: { value: unknown },
): string {
  const route = steps.length === 0 ? '(start)' : steps.map((step) => step.event.type).join(' → ');
  return `${label}: ${route} ⇒ ${stateKey(end)}`;
}

type PathLogic<TMachine extends AnyStateMachine> = ActorLogic<
  Snap<TMachine>,
  Evt<TMachine>,
  InputFrom<TMachine>
>;

/**
 * The machine's logic with each transition computed once per model: `xstate/graph` walks the whole graph again for
 * the adjacency map and for each `getShortestPaths`, and a machine's transition is a pure function of the snapshot
 * (its value and context, `snapshotKey`) and the event. The walks after the first get the very snapshots the first
 * made, so their keys are not made again either.
 */
function rememberingTransitions<TMachine extends AnyStateMachine>(machine: TMachine): PathLogic<TMachine> {
  // A generic machine is its own ActorLogic, but TypeScript cannot see that through `ReturnType<...>`.
  const logic = machine as unknown as PathLogic<TMachine>;
  // Snapshot key, then the event's JSON: the key strings are kept (and hashed) once, not joined per lookup.
  const next = new Map<string, Map<string, Snap<TMachine>>>();
  return {
    getInitialSnapshot: (actorScope, input) => logic.getInitialSnapshot(actorScope, input),
    getPersistedSnapshot: (snapshot, options) => logic.getPersistedSnapshot(snapshot, options),
    transition: (snapshot, event, actorScope) => {
      const fromKey = snapshotKey(snapshot);
      const eventKey = JSON.stringify(event);
      const byEvent = next.get(fromKey) ?? new Map<string, Snap<TMachine>>();
      next.set(fromKey, byEvent);
      const known = byEvent.get(eventKey);
      if (known !== undefined) return known;
      const snapshotAfter = logic.transition(snapshot, event, actorScope);
      byEvent.set(eventKey, snapshotAfter);
      return snapshotAfter;
    },
  };
}

export function createPathModel<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: PathOptions<TMachine>,
) {
  return new TestModel<Snap<TMachine>, Evt<TMachine>, InputFrom<TMachine>>(rememberingTransitions(machine), {
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

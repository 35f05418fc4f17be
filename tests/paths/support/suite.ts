import { type Actor, type AnyStateMachine, createActor } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { activeLeafIds, definitionTransitionKeys } from './coverage';
import { type ModelPath, type PathSet, snapshotKey, stateKey } from './model-paths';
import { pathIds } from './path-id';
import { type ExecutorTable, runPath, runPathOnMachine, transitionKey } from './run-path';

/**
 * A path suite: everything QA's `npm run paths` needs to know about one machine of `machines/` (see
 * `tests/paths/suites/registry.ts`). The suite names the machine file it covers, the machine the paths are
 * generated from (the production machine, its effects provided as actors that never settle so actor results are
 * path events), its path sets, and how each level executes a path:
 *
 * - `machine` (always): in-process, a real actor of the machine driven by an executor table typed
 *   `satisfies ExecutorTable<typeof machine, …>` (a new event without an executor does not compile);
 * - `api` / `browser`: a Playwright spec that selects its paths with `selectPaths` (so the command and `npm test`
 *   run the same ones), or a sentence saying why this machine has no such level.
 *
 * A level that cannot drive some paths says why per path (`cannot`); the transitions only those paths take are
 * listed in the report with that reason.
 */

export const LEVELS = ['machine', 'api', 'browser'] as const;
export type Level = (typeof LEVELS)[number];

/** Why a path cannot run at a level (`null`: it can). */
export type Reachability<TMachine extends AnyStateMachine> = (
  path: ModelPath<TMachine>,
  setLabel: string,
) => string | null;

export interface SpecLevel<TMachine extends AnyStateMachine> {
  /** The Playwright file that runs this level (it calls `selectPaths(suite, level, selectionFromEnv())`). */
  spec: string;
  cannot?: Reachability<TMachine>;
}

export interface MachineLevel<TMachine extends AnyStateMachine> {
  run: (path: ModelPath<TMachine>) => Promise<void>;
}

export interface PathSuiteDefinition<TMachine extends AnyStateMachine> {
  /** The machine's name for `--machine` (the file name without `.machine.ts`). */
  name: string;
  /** The machine file this suite covers, from the repository root (`machines/<folder>/<name>.machine.ts`). */
  file: string;
  /** The machine the paths are generated from and the chart is drawn from. */
  machine: TMachine;
  sets: () => Array<PathSet<TMachine>>;
  levels: {
    machine: MachineLevel<TMachine>;
    /** A spec, or why there is none (e.g. "no server call: the machine only stores the choice"). */
    api: SpecLevel<TMachine> | string;
    browser: SpecLevel<TMachine> | string;
  };
}

/** A suite with its machine type erased, as the registry holds it. */
export type PathSuite = PathSuiteDefinition<AnyStateMachine>;

export function definePathSuite<TMachine extends AnyStateMachine>(
  definition: PathSuiteDefinition<TMachine>,
): PathSuite {
  // The registry only hands a suite's own paths back to it; the erasure is never crossed between suites.
  return definition;
}

/** The machine-level runner: a fresh actor per path, every step must land on the path's snapshot. */
export function machineLevel<TMachine extends AnyStateMachine>(
  machine: TMachine,
  executors: ExecutorTable<TMachine, Actor<TMachine>>,
): MachineLevel<TMachine> {
  return {
    run: async (path) => {
      const actor = createActor(machine, { input: path.input });
      actor.start();
      try {
        await runPath(path, {
          executors,
          ctx: actor,
          system: (event, ctx) => ctx.send(event),
          checkState: (expected, ctx, index) => {
            const actual = ctx.getSnapshot();
            if (snapshotKey(actual) !== snapshotKey(expected)) {
              const where =
                index < 0 ? 'start' : `step ${index + 1} (${path.steps[index]?.event.type ?? '?'})`;
              throw new Error(
                `${where}: expected ${stateKey(expected)} and its context, got ${stateKey(actual)}\n` +
                  `  expected ${snapshotKey(expected)}\n  actual   ${snapshotKey(actual)}`,
              );
            }
          },
        });
      } finally {
        actor.stop();
      }
    },
  };
}

/** The executor every machine-level table uses: the event goes to the actor as it is. */
export const sendToActor = <TEvent extends { type: string }>(
  event: TEvent,
  actor: { send: (event: TEvent) => void },
) => {
  actor.send(event);
};

export interface SuitePath {
  id: string;
  setLabel: string;
  path: ModelPath<AnyStateMachine>;
  /** Transition definitions the path takes (`transitionKey`). */
  transitions: Set<string>;
  /** Leaf state node ids active somewhere on the path (transient ones included). */
  states: Set<string>;
}

export interface SuiteModel {
  suite: PathSuite;
  paths: SuitePath[];
  /** Every transition the definition declares. */
  transitions: Set<string>;
  /** Every atomic or final state node id. */
  states: Set<string>;
}

const models = new Map<PathSuite, SuiteModel>();

/** Generates a suite's paths once per process and walks each on the machine to know what it covers. */
export function suiteModel(suite: PathSuite): SuiteModel {
  const cached = models.get(suite);
  if (cached) return cached;
  const leaves = getStateNodes(suite.machine.root).filter(
    (node) => node.type === 'atomic' || node.type === 'final',
  );
  const paths: SuitePath[] = [];
  for (const set of suite.sets()) {
    const ids = pathIds(suite.name, set.label, set.paths);
    for (const [index, path] of set.paths.entries()) {
      const transitions = runPathOnMachine(suite.machine, path).transitions;
      const states = new Set<string>();
      for (const snapshot of [path.start, ...path.steps.map((step) => step.state)])
        for (const id of activeLeafIds(suite.machine.id, snapshot.value)) states.add(id);
      for (const node of leaves)
        if ((node.always ?? []).some((transition) => transitions.has(transitionKey(transition))))
          states.add(node.id);
      paths.push({ id: ids[index] ?? '', setLabel: set.label, path, transitions, states });
    }
  }
  const model: SuiteModel = {
    suite,
    paths,
    transitions: definitionTransitionKeys(suite.machine),
    states: new Set(leaves.map((node) => node.id)),
  };
  models.set(suite, model);
  return model;
}

export interface Selection {
  /** `cover`: a set that takes every transition (and state) the level can reach; `all`: every runnable path. */
  mode: 'cover' | 'all';
  /** Shuffles the candidates (and so the covering set's choices and the run order); 0 keeps generation order. */
  seed: number;
  /** Only these path ids (replay); the mode is ignored then. */
  ids?: readonly string[];
}

export interface SelectedPaths {
  /** Paths to run, in run order. */
  run: SuitePath[];
  /** Paths the level cannot drive, with the reason. */
  unreachable: Array<SuitePath & { reason: string }>;
  /** How many paths the suite generates. */
  generated: number;
}

/** The selection a Playwright spec runs: `PATHS_SET` (cover|all), `PATHS_SEED`, `PATHS_IDS` (comma-separated). */
export function selectionFromEnv(env: Record<string, string | undefined> = process.env): Selection {
  const ids = (env.PATHS_IDS ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
  return {
    mode: env.PATHS_SET === 'all' ? 'all' : 'cover',
    seed: Number(env.PATHS_SEED ?? 0) || 0,
    ...(ids.length > 0 ? { ids } : {}),
  };
}

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  if (seed === 0) return out;
  let state = seed >>> 0;
  const random = () => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Greedy set cover over transitions and states: most new ones first, then fewer steps. */
function coveringSet(candidates: readonly SuitePath[]): SuitePath[] {
  const covered = new Set<string>();
  const keysOf = (entry: SuitePath) => [
    ...entry.transitions,
    ...[...entry.states].map((id) => `state:${id}`),
  ];
  const chosen: SuitePath[] = [];
  for (;;) {
    let best: SuitePath | undefined;
    let bestGain = 0;
    for (const entry of candidates) {
      const gain = keysOf(entry).filter((key) => !covered.has(key)).length;
      if (
        gain > bestGain ||
        (gain === bestGain &&
          gain > 0 &&
          best !== undefined &&
          entry.path.steps.length < best.path.steps.length)
      ) {
        best = entry;
        bestGain = gain;
      }
    }
    if (best === undefined) return chosen;
    chosen.push(best);
    for (const key of keysOf(best)) covered.add(key);
  }
}

export function selectPaths(suite: PathSuite, level: Level, selection: Selection): SelectedPaths {
  const model = suiteModel(suite);
  const spec = suite.levels[level];
  if (typeof spec === 'string') return { run: [], unreachable: [], generated: model.paths.length };
  const cannot = 'cannot' in spec ? spec.cannot : undefined;
  const runnable: SuitePath[] = [];
  const unreachable: SelectedPaths['unreachable'] = [];
  for (const entry of model.paths) {
    const reason = cannot?.(entry.path, entry.setLabel) ?? null;
    if (reason === null) runnable.push(entry);
    else unreachable.push({ ...entry, reason });
  }
  let run: SuitePath[];
  if (selection.ids !== undefined) {
    const wanted = new Set(selection.ids);
    run = model.paths.filter((entry) => wanted.has(entry.id));
  } else {
    const candidates = shuffled(runnable, selection.seed);
    run = selection.mode === 'all' ? candidates : coveringSet(candidates);
  }
  return { run, unreachable, generated: model.paths.length };
}

/** A Playwright test title that carries the path id (the command reads results back by it). */
export function pathTitle(entry: SuitePath): string {
  return `${entry.path.description} [${entry.id}]`;
}

export const PATH_ID_IN_TITLE = /\[([0-9a-f]{10}(?:-\d+)?)\]$/;

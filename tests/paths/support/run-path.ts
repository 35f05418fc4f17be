import { type AnyStateMachine, type AnyTransitionDefinition, createActor } from 'xstate';
import { type Evt, type ModelPath, type Snap, snapshotKey, stateKey } from './model-paths';

/**
 * Running a model path. A runner supplies one executor per event type (typed `ExecutorTable`, so a machine event
 * without an executor fails to compile: write the table `satisfies ExecutorTable<typeof machine, Ctx>`), and
 * checks after each step that the system under test shows the state the path says.
 */

export type Executor<TEvent, TCtx> = (event: TEvent, ctx: TCtx) => Promise<void> | void;

export type ExecutorTable<TMachine extends AnyStateMachine, TCtx> = {
  [K in Evt<TMachine>['type']]: Executor<Extract<Evt<TMachine>, { type: K }>, TCtx>;
};

export interface RunPathOptions<TMachine extends AnyStateMachine, TCtx> {
  executors: ExecutorTable<TMachine, TCtx>;
  ctx: TCtx;
  /** Asserts the system under test is in `expected` (called once for the start and after every step). */
  checkState?: (expected: Snap<TMachine>, ctx: TCtx, stepIndex: number) => Promise<void> | void;
  /**
   * Events XState itself sends (`xstate.done.actor.*`, `xstate.error.actor.*`, `xstate.after.*`): they are no
   * event type of the machine, so the table has no entry for them. Without this option such a step fails.
   */
  system?: Executor<Evt<TMachine>, TCtx>;
}

/** Executes a path against any system under test through its executor table. */
export async function runPath<TMachine extends AnyStateMachine, TCtx>(
  path: ModelPath<TMachine>,
  options: RunPathOptions<TMachine, TCtx>,
): Promise<void> {
  await options.checkState?.(path.start, options.ctx, -1);
  for (const [index, step] of path.steps.entries()) {
    const type: Evt<TMachine>['type'] = step.event.type;
    // The table is complete by type; indexing a correlated union needs this one widening.
    const execute = options.executors[type] as Executor<Evt<TMachine>, TCtx> | undefined;
    const run = execute ?? (String(type).startsWith('xstate.') ? options.system : undefined);
    if (run === undefined) throw new Error(`no executor for ${String(type)}`);
    await run(step.event, options.ctx);
    await options.checkState?.(step.state, options.ctx, index);
  }
}

/** `source --event--> targets` of a transition definition; eventless transitions are labelled `(always)`. */
export function transitionKey(transition: AnyTransitionDefinition): string {
  const targets = transition.target?.map((node) => node.id).join(',') ?? '(self)';
  const event = transition.eventType === '' ? '(always)' : transition.eventType;
  return `${transition.source.id} --${event}--> ${targets}`;
}

export interface MachineWalk {
  /** Transition definitions taken, by `transitionKey` (eventless ones included). */
  transitions: Set<string>;
}

/**
 * Runs a path on a real actor of the machine: every step must land on the path's snapshot (value and context), and
 * every transition definition taken (microsteps included) is recorded for the coverage check.
 */
export function runPathOnMachine<TMachine extends AnyStateMachine>(
  machine: TMachine,
  path: ModelPath<TMachine>,
): MachineWalk {
  const transitions = new Set<string>();
  const actor = createActor(machine, {
    input: path.input,
    inspect: (inspection) => {
      if (inspection.type === '@xstate.microstep') {
        for (const transition of inspection._transitions) transitions.add(transitionKey(transition));
      }
    },
  });
  actor.start();
  const expectAt = (expected: Snap<TMachine>, where: string) => {
    const actual = actor.getSnapshot();
    if (snapshotKey(actual) !== snapshotKey(expected)) {
      throw new Error(
        `${path.description}\n${where}: expected ${snapshotKey(expected)}\n  got ${snapshotKey(actual)}`,
      );
    }
  };
  expectAt(path.start, 'start');
  for (const [index, step] of path.steps.entries()) {
    actor.send(step.event);
    expectAt(step.state, `step ${index + 1} (${step.event.type} → ${stateKey(step.state)})`);
  }
  actor.stop();
  return { transitions };
}

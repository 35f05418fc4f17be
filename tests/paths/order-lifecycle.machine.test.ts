import { type Actor, createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { orderLifecycleMachine } from '../../machines/order-lifecycle/order-lifecycle.machine';
import { outcomeOf } from '../../machines/order-lifecycle/order-lifecycle.transitions';
import {
  LIFECYCLE_EVENT_TYPES,
  ORDER_STATUSES,
  PAYMENT_STATES,
} from '../../machines/order-lifecycle/order-lifecycle.types';
import { assertFullCoverage } from './support/coverage';
import { type PathSet, snapshotKey, stateKey } from './support/model-paths';
import { candidateEvents, orderLifecyclePathSets } from './support/order-lifecycle.paths';
import { type ExecutorTable, runPath } from './support/run-path';
import { orderLifecycleMachineExecutors } from './suites/order-lifecycle.suite';

type Machine = typeof orderLifecycleMachine;

const sets: Array<PathSet<Machine>> = orderLifecyclePathSets();

type MachineCtx = Actor<Machine>;

/** The machine runner's executor table (the suite's): one entry per event type, or it does not compile. */
const machineExecutors = orderLifecycleMachineExecutors;

describe('order lifecycle paths run on the machine', () => {
  for (const set of sets) {
    describe(set.label, () => {
      it.each(set.paths.map((path) => [path.description, path] as const))('%s', async (_name, path) => {
        const actor = createActor(orderLifecycleMachine, { input: path.input });
        actor.start();
        const landed: string[] = [];
        await runPath(path, {
          executors: machineExecutors,
          ctx: actor,
          checkState: (expected, ctx) => {
            expect(snapshotKey(ctx.getSnapshot())).toBe(snapshotKey(expected));
            landed.push(stateKey(expected));
          },
        });
        expect(landed).toHaveLength(path.steps.length + 1);
        expect(stateKey(actor.getSnapshot())).toBe(stateKey(path.state));
        actor.stop();
      });
    });
  }
});

describe('order lifecycle path coverage', () => {
  it('walks every reachable state and edge, and takes every transition the machine declares', () => {
    const report = assertFullCoverage(orderLifecycleMachine, sets);
    expect(report.missingTransitions).toEqual([]);
    expect(report.counts.transitions).toBeGreaterThanOrEqual(35);
    expect(report.counts.stateNodes).toBe(ORDER_STATUSES.length + PAYMENT_STATES.length);
  });

  it('reaches every stored status and payment state in some path snapshot (placed only in passing)', () => {
    const statuses = new Set<string>();
    const paymentStates = new Set<string>();
    for (const path of sets.flatMap((set) => set.paths)) {
      for (const snapshot of [path.start, ...path.steps.map((step) => step.state)]) {
        const { status, paymentState } = outcomeOf(snapshot);
        statuses.add(status);
        paymentStates.add(paymentState);
      }
    }
    expect([...statuses].sort()).toEqual(ORDER_STATUSES.filter((status) => status !== 'placed').sort());
    expect([...paymentStates].sort()).toEqual([...PAYMENT_STATES].sort());
  });

  it('adds edge paths beyond the shortest ones, each ending on the edge it was made for', () => {
    const edgePaths = sets.flatMap((set) => set.paths.filter((path) => path.kind === 'edge'));
    expect(edgePaths.length).toBeGreaterThan(0);
    for (const path of edgePaths) expect(path.steps.at(-1)?.state).toBe(path.state);
  });

  it('reports a transition that no generated event reaches', () => {
    const withoutReject = orderLifecyclePathSets((snapshot) =>
      candidateEvents(snapshot).filter((event) => event.type !== 'order.reject'),
    );
    expect(() => assertFullCoverage(orderLifecycleMachine, withoutReject)).toThrow(
      /machine transitions never taken:\n\s+orderLifecycle\.lifecycle\.checking --order\.reject--> orderLifecycle\.lifecycle\.rejected/,
    );
  });

  it('refuses an executor table that misses an event type (compile-time check)', () => {
    const { 'payment.retry': _dropped, ...incomplete } = machineExecutors;
    // @ts-expect-error payment.retry has no executor
    const table: ExecutorTable<Machine, MachineCtx> = incomplete;
    expect(Object.keys(table)).toHaveLength(LIFECYCLE_EVENT_TYPES.length - 1);
  });
});

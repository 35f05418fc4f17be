import { type Actor, createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { orderLifecycleMachine } from '../../machines/order-lifecycle/order-lifecycle.machine';
import { outcomeOf } from '../../machines/order-lifecycle/order-lifecycle.rules';
import {
  LIFECYCLE_EVENT_TYPES,
  ORDER_STATUSES,
  PAYMENT_STATES,
  type OrderLifecycleEvent,
} from '../../machines/order-lifecycle/order-lifecycle.types';
import { assertFullCoverage } from './support/coverage';
import { type PathSet, snapshotKey, stateKey } from './support/model-paths';
import { candidateEvents, orderLifecyclePathSets } from './support/order-lifecycle.paths';
import { type ExecutorTable, runPath } from './support/run-path';

type Machine = typeof orderLifecycleMachine;

const sets: Array<PathSet<Machine>> = orderLifecyclePathSets();

interface MachineCtx {
  actor: Actor<Machine>;
}

const send = (event: OrderLifecycleEvent, ctx: MachineCtx) => {
  ctx.actor.send(event);
};

/** The machine runner's executor table: one entry per event type, or this file does not compile. */
const machineExecutors = {
  'check.start': send,
  'order.confirm': send,
  'order.confirmPartial': send,
  'order.reject': send,
  'partial.accept': send,
  'partial.reject': send,
  'order.cancel': send,
  'order.decline': send,
  'order.prepare': send,
  'order.markReady': send,
  'pickup.request': send,
  'delivery.request': send,
  'order.handOver': send,
  'delivery.process': send,
  'order.send': send,
  'delivery.outForDelivery': send,
  'receipt.confirm': send,
  'order.complete': send,
  'order.sendTo1c': send,
  'payment.succeeded': send,
  'payment.failed': send,
  'payment.retry': send,
} satisfies ExecutorTable<Machine, MachineCtx>;

describe('order lifecycle paths run on the machine', () => {
  for (const set of sets) {
    describe(set.label, () => {
      it.each(set.paths.map((path) => [path.description, path] as const))('%s', async (_name, path) => {
        const actor = createActor(orderLifecycleMachine, { input: path.input });
        actor.start();
        const landed: string[] = [];
        await runPath(path, {
          executors: machineExecutors,
          ctx: { actor },
          checkState: (expected, ctx) => {
            expect(snapshotKey(ctx.actor.getSnapshot())).toBe(snapshotKey(expected));
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

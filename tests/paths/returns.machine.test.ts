import { type Actor, createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { returnMachine } from '../../machines/returns/returns.machine';
import { returnOutcomeOf } from '../../machines/returns/returns.transitions';
import { REFUND_STATES, RETURN_EVENT_TYPES, RETURN_STATUSES } from '../../machines/returns/returns.types';
import { assertFullCoverage } from './support/coverage';
import { type PathSet, snapshotKey, stateKey } from './support/model-paths';
import { candidateReturnEvents, returnPathSets } from './support/returns.paths';
import { type ExecutorTable, runPath } from './support/run-path';
import { returnMachineExecutors } from './suites/returns.suite';

type Machine = typeof returnMachine;

const sets: Array<PathSet<Machine>> = returnPathSets();

describe('return paths run on the machine', () => {
  for (const set of sets) {
    describe(set.label, () => {
      it.each(set.paths.map((path) => [path.description, path] as const))('%s', async (_name, path) => {
        const actor = createActor(returnMachine, { input: path.input });
        actor.start();
        const landed: string[] = [];
        await runPath(path, {
          executors: returnMachineExecutors,
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

describe('return path coverage', () => {
  it('walks every reachable state and edge, and takes every transition the machine declares', () => {
    const report = assertFullCoverage(returnMachine, sets);
    expect(report.missingTransitions).toEqual([]);
    expect(report.counts.stateNodes).toBe(RETURN_STATUSES.length + REFUND_STATES.length);
  });

  it('reaches every stored status and refund state in some path snapshot', () => {
    const statuses = new Set<string>();
    const refunds = new Set<string>();
    for (const path of sets.flatMap((set) => set.paths)) {
      for (const snapshot of [path.start, ...path.steps.map((step) => step.state)]) {
        const { status, refundState } = returnOutcomeOf(snapshot);
        statuses.add(status);
        refunds.add(refundState);
      }
    }
    expect([...statuses].sort()).toEqual([...RETURN_STATUSES].sort());
    expect([...refunds].sort()).toEqual([...REFUND_STATES].sort());
  });

  it('reports a transition that no generated event reaches', () => {
    const withoutCancel = returnPathSets((snapshot) =>
      candidateReturnEvents(snapshot).filter((event) => event.type !== 'return.cancel'),
    );
    expect(() => assertFullCoverage(returnMachine, withoutCancel)).toThrow(
      /machine transitions never taken:\n\s+return\.status\.requested --return\.cancel--> return\.status\.cancelled/,
    );
  });

  it('refuses an executor table that misses an event type (compile-time check)', () => {
    const { 'return.cancel': _dropped, ...incomplete } = returnMachineExecutors;
    // @ts-expect-error return.cancel has no executor
    const table: ExecutorTable<Machine, Actor<Machine>> = incomplete;
    expect(Object.keys(table)).toHaveLength(RETURN_EVENT_TYPES.length - 1);
  });
});

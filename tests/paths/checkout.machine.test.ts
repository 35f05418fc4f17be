import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { checkoutPathSets, pathMachine } from '../machines/checkout/checkout-paths.ts';
import { assertFullCoverage } from './support/coverage.ts';
import { runPathOnMachine } from './support/run-path.ts';

/**
 * Model-based paths of the checkout machine, generated from the production machine with `xstate/graph` (no second
 * model): the shortest path to every reachable state of each start, plus one path per edge those miss. Actor
 * results are path events; every state, edge and transition of the definition is walked.
 */
describe('checkout machine paths', () => {
  const sets = checkoutPathSets();

  it('cover every state, edge and transition of the machine', () => {
    const report = assertFullCoverage(pathMachine as AnyStateMachine, sets);
    expect(report.missingTransitions).toEqual([]);
    expect(report.missingStateNodes).toEqual([]);
    expect(report.counts.paths).toBeGreaterThan(100);
  });

  for (const set of sets) {
    describe(set.label, () => {
      for (const path of set.paths) {
        it(path.description, () => {
          const walk = runPathOnMachine(pathMachine, path);
          expect(walk.transitions.size).toBeGreaterThan(0);
        });
      }
    });
  }
});

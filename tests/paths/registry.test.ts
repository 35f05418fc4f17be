import type { Actor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { PATH_SUITES } from './suites/registry';
import { languagePathMachine, languageMachineExecutors } from './suites/language.suite';
import { machineFiles } from './support/machine-files';
import { pathIds } from './support/path-id';
import type { ExecutorTable } from './support/run-path';
import { machineLevel, selectPaths, suiteModel } from './support/suite';

/**
 * The registry behind `npm run paths`: every machine file of machines/ has a suite; at machine level every
 * generated path of every suite runs on a real actor, and the covering set `npm run paths` picks by default takes
 * every transition and reaches every state node of the definition.
 */
describe('path suites', () => {
  it('exist for every machine file in machines/, one each', () => {
    const files = machineFiles();
    expect(files.length).toBeGreaterThanOrEqual(11);
    const covered = PATH_SUITES.map((suite) => suite.file);
    expect(files.filter((file) => !covered.includes(file))).toEqual([]);
    expect(new Set(covered).size).toBe(covered.length);
    expect(covered.filter((file) => !files.includes(file))).toEqual([]);
  });

  for (const suite of PATH_SUITES) {
    describe(suite.name, () => {
      it('covers every state node and transition with the covering set', () => {
        const model = suiteModel(suite);
        const cover = selectPaths(suite, 'machine', { mode: 'cover', seed: 0 }).run;
        const transitions = new Set(cover.flatMap((entry) => [...entry.transitions]));
        const states = new Set(cover.flatMap((entry) => [...entry.states]));
        expect([...model.transitions].filter((key) => !transitions.has(key))).toEqual([]);
        expect([...model.states].filter((id) => !states.has(id))).toEqual([]);
        expect(cover.length).toBeLessThanOrEqual(model.paths.length);
        expect(new Set(model.paths.map((entry) => entry.id)).size).toBe(model.paths.length);
        // Building the genealogy's model is seconds of pure CPU; a busy two-core runner needs room.
      }, 60_000);

      it('runs every generated path on the machine', async () => {
        const { paths } = suiteModel(suite);
        expect(paths.length).toBeGreaterThan(0);
        for (const entry of paths) await suite.levels.machine.run(entry.path);
      });
    });
  }

  it('gives a path the same id when generated again, and another seed another covering order', () => {
    const [suite] = PATH_SUITES;
    if (suite === undefined) throw new Error('no suites');
    const [set] = suite.sets();
    const [again] = suite.sets();
    if (set === undefined || again === undefined) throw new Error('no path set');
    expect(pathIds(suite.name, set.label, again.paths)).toEqual(pathIds(suite.name, set.label, set.paths));
    const plain = selectPaths(suite, 'machine', { mode: 'all', seed: 0 }).run.map((entry) => entry.id);
    const seeded = selectPaths(suite, 'machine', { mode: 'all', seed: 7 }).run.map((entry) => entry.id);
    expect(seeded).not.toEqual(plain);
    expect([...seeded].sort()).toEqual([...plain].sort());
  });

  it('fails a path whose executor does the wrong thing, at the step it went wrong', async () => {
    const broken = {
      ...languageMachineExecutors,
      'language.select': (event, actor) => actor.send({ ...event, authenticated: !event.authenticated }),
    } satisfies ExecutorTable<typeof languagePathMachine, Actor<typeof languagePathMachine>>;
    const level = machineLevel(languagePathMachine, broken);
    const language = PATH_SUITES.find((suite) => suite.name === 'language');
    if (language === undefined) throw new Error('no language suite');
    const [first] = suiteModel(language).paths.filter((entry) => entry.path.steps.length > 0);
    if (first === undefined) throw new Error('no path with steps');
    await expect(level.run(first.path as never)).rejects.toThrow(/step 1 \(language\.select\): expected/);
  });

  it('refuses an executor table that misses an event type (compile-time check)', () => {
    const { 'language.select': _dropped, ...incomplete } = languageMachineExecutors;
    // @ts-expect-error language.select has no executor
    const table: ExecutorTable<typeof languagePathMachine, Actor<typeof languagePathMachine>> = incomplete;
    expect(Object.keys(table)).toEqual(['language.choiceTaken', 'language.reconcile']);
  });
});

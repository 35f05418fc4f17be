// `npm run paths`: QA's model-based path runner. Runs the generated paths of the chosen machines at the chosen
// levels, a progress line per path, then a coverage table per machine and an HTML report with each machine's chart.
//   npm run paths                                   every machine, machine level, the covering set
//   npm run paths -- --machine checkout --level browser
//   npm run paths -- --machine personal             every machine of machines/personal/
//   npm run paths -- --level machine,api --all      every generated path
//   npm run paths -- --seed 7                       shuffled candidates (another covering set, another order)
//   npm run paths -- --machine checkout --level browser --replay 3f2a9c0d1e
// Options: --machine NAME (a suite name or a machines/ folder; repeat or comma-separate), --level
// machine|api|browser|all (comma-separated, default machine), --cover (default) | --all, --seed N, --replay ID,
// --workers N (Playwright workers for api/browser, default 1), --report DIR (default .tmp/paths-report).
// Exit code 1 on any failed path, a machine without a suite, or a transition left unwalked without a reason.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { PATH_SUITES } from '../tests/paths/suites/registry.ts';
import {
  machineFiles,
  machineFolderOf,
  machineNameOf,
  REPO_ROOT,
} from '../tests/paths/support/machine-files.ts';
import { type LevelCoverage, type RunRecord, writeReport } from '../tests/paths/support/report-html.ts';
import {
  LEVELS,
  type Level,
  PATH_ID_IN_TITLE,
  type PathSuite,
  type Selection,
  selectPaths,
  suiteModel,
  type SuitePath,
} from '../tests/paths/support/suite.ts';

const ROOT = REPO_ROOT;

interface Options {
  machines: string[];
  levels: Level[];
  mode: 'cover' | 'all';
  seed: number;
  replay?: string;
  workers: number;
  report: string;
}

function parseArgs(argv: string[]): Options {
  const options: Options = {
    machines: [],
    levels: ['machine'],
    mode: 'cover',
    seed: 0,
    workers: 1,
    report: join(ROOT, '.tmp/paths-report'),
  };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    const value = () => {
      const next = argv[i + 1];
      if (next === undefined) throw new Error(`${arg} needs a value`);
      i += 1;
      return next;
    };
    const list = () =>
      value()
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '');
    if (arg === '--machine') options.machines.push(...list());
    else if (arg === '--level') {
      const levels = list();
      options.levels = levels.includes('all') ? [...LEVELS] : (levels as Level[]);
      for (const level of options.levels)
        if (!LEVELS.includes(level))
          throw new Error(`unknown level ${level} (levels: ${LEVELS.join(', ')}, all)`);
    } else if (arg === '--all') options.mode = 'all';
    else if (arg === '--cover') options.mode = 'cover';
    else if (arg === '--seed') options.seed = Number.parseInt(value(), 10) || 0;
    else if (arg === '--replay') options.replay = value();
    else if (arg === '--workers') options.workers = Math.max(1, Number.parseInt(value(), 10) || 1);
    else if (arg === '--report') options.report = join(process.cwd(), value());
    else throw new Error(`unknown argument ${arg}`);
  }
  return options;
}

const nameOf = machineNameOf;
const folderOf = machineFolderOf;

const ms = (value: number) => (value < 1000 ? `${value} ms` : `${(value / 1000).toFixed(1)} s`);

function replayCommand(suite: PathSuite, level: Level, id: string): string {
  return `npm run paths -- --machine ${suite.name} --level ${level} --replay ${id}`;
}

async function runMachineLevel(suite: PathSuite, paths: SuitePath[]): Promise<RunRecord[]> {
  const records: RunRecord[] = [];
  for (const entry of paths) {
    const started = Date.now();
    try {
      await suite.levels.machine.run(entry.path);
      records.push({ id: entry.id, status: 'passed', ms: Date.now() - started });
      console.log(`  ✓ ${entry.id}  ${entry.path.description}  (${ms(Date.now() - started)})`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      records.push({ id: entry.id, status: 'failed', ms: Date.now() - started, error: message });
      console.log(
        `  ✗ ${entry.id}  ${entry.path.description}\n      ${message.split('\n').join('\n      ')}`,
      );
      console.log(`      replay: ${replayCommand(suite, 'machine', entry.id)}`);
    }
  }
  return records;
}

interface JsonSpec {
  title: string;
  tests: Array<{
    results: Array<{
      status: string;
      duration: number;
      error?: { message?: string };
      attachments?: Array<{ name: string; path?: string }>;
    }>;
  }>;
}
interface JsonSuite {
  specs?: JsonSpec[];
  suites?: JsonSuite[];
}

function specsOf(suite: JsonSuite): JsonSpec[] {
  return [...(suite.specs ?? []), ...(suite.suites ?? []).flatMap(specsOf)];
}

/** Runs a level's Playwright spec with the same selection, and reads each path's result back by its id. */
async function runSpecLevel(
  suite: PathSuite,
  level: Level,
  spec: string,
  selection: Selection,
  expected: SuitePath[],
  options: Options,
): Promise<{ records: RunRecord[]; checks: string[] }> {
  const output = join(options.report, `${suite.name}-${level}.json`);
  rmSync(output, { force: true });
  const args = ['playwright', 'test', spec, `--workers=${options.workers}`, '--reporter=list,json'];
  if (options.replay !== undefined) args.push('--trace=on', '--grep', `\\[${options.replay}\\]`);
  const env = {
    ...process.env,
    PLAYWRIGHT_JSON_OUTPUT_FILE: output,
    PATHS_SET: selection.mode,
    PATHS_SEED: String(selection.seed),
    PATHS_IDS: (selection.ids ?? []).join(','),
    E2E_WORKERS: String(options.workers),
  };
  console.log(`  npx ${args.join(' ')}`);
  const code = await new Promise<number>((resolve) => {
    const child = spawn('npx', args, { cwd: ROOT, env, stdio: 'inherit' });
    child.on('exit', (exitCode) => resolve(exitCode ?? 1));
    child.on('error', () => resolve(127));
  });
  const byId = new Map<string, RunRecord>();
  const checks: string[] = [];
  let report: { suites?: JsonSuite[] } = {};
  try {
    report = JSON.parse(readFileSync(output, 'utf8')) as typeof report;
  } catch {
    checks.push(`Playwright wrote no results (exit ${code})`);
  }
  for (const spec of (report.suites ?? []).flatMap(specsOf)) {
    const result = spec.tests.at(-1)?.results.at(-1);
    const status = result?.status ?? 'skipped';
    const id = PATH_ID_IN_TITLE.exec(spec.title)?.[1];
    if (id === undefined) {
      if (status !== 'passed' && status !== 'skipped') checks.push(`${spec.title}: ${status}`);
      continue;
    }
    // Playwright empties its output folder on the next run: the trace of a failure is copied into the report.
    const found = result?.attachments?.find((attachment) => attachment.name === 'trace')?.path;
    let trace: string | undefined;
    if (found !== undefined && status !== 'passed' && existsSync(found)) {
      mkdirSync(join(options.report, 'traces'), { recursive: true });
      trace = join(options.report, 'traces', `${suite.name}-${level}-${id}.zip`);
      copyFileSync(found, trace);
    }
    byId.set(id, {
      id,
      status: status === 'passed' ? 'passed' : status === 'skipped' ? 'not run' : 'failed',
      ms: result?.duration ?? 0,
      ...(result?.error?.message ? { error: stripVTControlCharacters(result.error.message) } : {}),
      ...(trace ? { trace: relative(ROOT, trace) } : {}),
    });
  }
  const records = expected.map(
    (entry) => byId.get(entry.id) ?? { id: entry.id, status: 'not run' as const, ms: 0, error: 'no result' },
  );
  for (const record of records) {
    if (record.status === 'passed') continue;
    const entry = expected.find((candidate) => candidate.id === record.id);
    console.log(`  ✗ ${record.id}  ${entry?.path.description ?? ''}: ${record.status}`);
    console.log(`      replay: ${replayCommand(suite, level, record.id)}`);
    if (record.trace) console.log(`      trace:  npx playwright show-trace ${record.trace}`);
  }
  if (code !== 0 && checks.length === 0 && records.every((record) => record.status === 'passed'))
    checks.push(`Playwright exited with ${code}`);
  return { records, checks };
}

function coverageOf(
  suite: PathSuite,
  level: Level,
  records: RunRecord[],
  unreachable: Array<SuitePath & { reason: string }>,
  notAtLevel: string | null,
  partial: boolean,
): LevelCoverage {
  const model = suiteModel(suite);
  const passed = new Set(records.filter((record) => record.status === 'passed').map((record) => record.id));
  const failed = new Set(records.filter((record) => record.status !== 'passed').map((record) => record.id));
  const walkedPaths = model.paths.filter((entry) => passed.has(entry.id));
  const transitions = new Set(walkedPaths.flatMap((entry) => [...entry.transitions]));
  const states = new Set(walkedPaths.flatMap((entry) => [...entry.states]));
  const reasons = new Map<string, string>();
  for (const key of model.transitions) {
    if (transitions.has(key)) continue;
    if (notAtLevel !== null) {
      reasons.set(key, notAtLevel);
      continue;
    }
    const blocked = unreachable.find((entry) => entry.transitions.has(key));
    const failedOn = model.paths.filter((entry) => failed.has(entry.id) && entry.transitions.has(key));
    if (failedOn.length > 0)
      reasons.set(key, `only paths that failed take it: ${failedOn.map((e) => e.id).join(', ')}`);
    else if (blocked) reasons.set(key, `${level} cannot: ${blocked.reason}`);
    else if (partial) reasons.set(key, 'not in this run (replay)');
  }
  return {
    level,
    states: { covered: [...model.states].filter((id) => states.has(id)), total: model.states.size },
    transitions: {
      covered: [...model.transitions].filter((key) => transitions.has(key)),
      total: model.transitions.size,
    },
    reasons: Object.fromEntries(reasons),
    gaps: [...model.transitions].filter((key) => !transitions.has(key) && !reasons.has(key)),
    records,
    notAtLevel,
  };
}

async function main(): Promise<number> {
  const options = parseArgs(process.argv.slice(2));
  const started = Date.now();
  const files = machineFiles();
  const problems: string[] = [];

  const suiteByFile = new Map(PATH_SUITES.map((suite) => [suite.file, suite]));
  for (const suite of PATH_SUITES)
    if (!files.includes(suite.file))
      problems.push(`suite ${suite.name} names ${suite.file}, which does not exist`);

  const wanted = options.machines;
  const chosenFiles = files.filter(
    (file) =>
      wanted.length === 0 ||
      wanted.includes(nameOf(file)) ||
      wanted.includes(folderOf(file)) ||
      wanted.some((name) => suiteByFile.get(file)?.name === name),
  );
  for (const name of wanted)
    if (!files.some((file) => nameOf(file) === name || folderOf(file) === name))
      problems.push(`no machine named ${name} in machines/ (machines: ${files.map(nameOf).join(', ')})`);
  for (const file of chosenFiles)
    if (!suiteByFile.has(file))
      problems.push(
        `${file} has no path suite: write tests/paths/suites/${nameOf(file)}.suite.ts and register it in tests/paths/suites/registry.ts`,
      );

  const selection: Selection = {
    mode: options.mode,
    seed: options.seed,
    ...(options.replay !== undefined ? { ids: [options.replay] } : {}),
  };
  mkdirSync(options.report, { recursive: true });
  const results: Array<{ suite: PathSuite; coverage: LevelCoverage[] }> = [];
  let replayFound = options.replay === undefined;

  for (const file of chosenFiles) {
    const suite = suiteByFile.get(file);
    if (!suite) continue;
    const coverage: LevelCoverage[] = [];
    for (const level of options.levels) {
      const generatedAt = Date.now();
      const selected = selectPaths(suite, level, selection);
      const spec = suite.levels[level];
      const header = `${suite.name} · ${level}`;
      if (typeof spec === 'string') {
        console.log(`\n${header}: not run — ${spec}`);
        coverage.push(coverageOf(suite, level, [], [], spec, false));
        continue;
      }
      if (options.replay !== undefined && selected.run.length === 0) continue;
      if (options.replay !== undefined) replayFound = true;
      const unreachableIds = new Set(selected.unreachable.map((entry) => entry.id));
      const blockedReplay = selected.run.find((entry) => unreachableIds.has(entry.id));
      if (options.replay !== undefined && blockedReplay && level !== 'machine')
        console.log(
          `  note: this path is not runnable at ${level} (${selected.unreachable.find((e) => e.id === blockedReplay.id)?.reason ?? ''})`,
        );
      console.log(
        `\n${header}: ${selected.run.length} of ${selected.generated} paths (${options.replay ? `replay ${options.replay}` : options.mode}${options.seed ? `, seed ${options.seed}` : ''}; generated in ${ms(Date.now() - generatedAt)})`,
      );
      let records: RunRecord[];
      if (level === 'machine') records = await runMachineLevel(suite, selected.run);
      else {
        const specLevel = spec as { spec: string };
        const run = await runSpecLevel(suite, level, specLevel.spec, selection, selected.run, options);
        records = run.records;
        for (const check of run.checks) problems.push(`${header}: ${check}`);
      }
      const levelCoverage = coverageOf(
        suite,
        level,
        records,
        selected.unreachable,
        null,
        options.replay !== undefined,
      );
      coverage.push(levelCoverage);
      if (levelCoverage.gaps.length > 0 && options.replay === undefined)
        problems.push(
          `${header}: transitions no ${level} path walked, without a reason:\n    ${levelCoverage.gaps.join('\n    ')}`,
        );
    }
    results.push({ suite, coverage });
  }
  if (!replayFound)
    problems.push(
      `no path ${options.replay ?? ''} in the chosen machines at ${options.levels.join(', ')} (ids are printed per path)`,
    );

  // The table.
  const rows = results.flatMap(({ suite, coverage }) =>
    coverage.map((level) => {
      const failed = level.records.filter((record) => record.status !== 'passed').length;
      return [
        suite.name,
        level.level,
        level.notAtLevel === null ? `${level.states.covered.length}/${level.states.total}` : '-',
        level.notAtLevel === null ? `${level.transitions.covered.length}/${level.transitions.total}` : '-',
        level.notAtLevel === null ? String(level.records.length) : 'not run',
        level.notAtLevel === null ? String(failed) : '-',
      ];
    }),
  );
  const head = ['machine', 'level', 'states', 'transitions', 'paths', 'failures'];
  const widths = head.map((title, index) =>
    Math.max(title.length, ...rows.map((row) => (row[index] ?? '').length)),
  );
  const line = (cells: string[]) => cells.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join('  ');
  console.log(`\n${line(head)}\n${'-'.repeat(line(head).length)}`);
  for (const row of rows) console.log(line(row));

  const reportFile = writeReport(options.report, {
    generatedAt: new Date().toISOString(),
    command: `npm run paths -- ${process.argv.slice(2).join(' ')}`.trim(),
    machines: results.map(({ suite, coverage }) => ({ suite, coverage })),
    withoutSuite: chosenFiles.filter((file) => !suiteByFile.has(file)),
    problems,
  });
  const failures = results
    .flatMap(({ coverage }) => coverage.flatMap((level) => level.records))
    .filter((record) => record.status !== 'passed').length;
  console.log(`\nreport: ${relative(ROOT, reportFile)}  (${ms(Date.now() - started)})`);
  for (const problem of problems) console.log(`✗ ${problem}`);
  if (failures > 0) console.log(`✗ ${failures} path(s) failed`);
  return failures > 0 || problems.length > 0 ? 1 : 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(`paths: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 2;
}

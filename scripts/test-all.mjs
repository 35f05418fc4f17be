// `npm test`: every check, in order, stopping at the first failure, then a summary with each step's time.
//   node scripts/test-all.mjs                 all steps
//   node scripts/test-all.mjs --from build    start at a step (after fixing a later failure)
//   node scripts/test-all.mjs --skip test:e2e,budget
//   node scripts/test-all.mjs --only lint,typecheck
// test:server:pg and test:multi run only when a PostgreSQL server binary is installed, test:multi only with nginx
// too (always on CI: .ci/run installs both; with CI set and one missing, the step fails instead of being skipped).
import { spawn, spawnSync } from 'node:child_process';
import { ROOT } from './lib/server-process.mjs';
import { requireSupportedNode } from './lib/node-version.mjs';

requireSupportedNode('test');

const STEPS = [
  'typecheck',
  'lint',
  'api:check',
  'i18n:check',
  'test:unit',
  'test:server',
  'test:server:pg',
  'test:multi',
  'build',
  'budget',
  'test:e2e',
];

function parseArgs(argv) {
  const options = { from: undefined, skip: new Set(), only: undefined };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const value = () => {
      const next = argv[i + 1];
      if (next === undefined) throw new Error(`${arg} needs a value`);
      i += 1;
      return next;
    };
    if (arg === '--from') options.from = value();
    else if (arg === '--skip') for (const s of value().split(',')) options.skip.add(s.trim());
    else if (arg === '--only')
      options.only = new Set(
        value()
          .split(',')
          .map((s) => s.trim()),
      );
    else throw new Error(`unknown argument ${arg}`);
  }
  for (const name of [options.from, ...options.skip, ...(options.only ?? [])]) {
    if (name !== undefined && !STEPS.includes(name))
      throw new Error(`unknown step ${name} (steps: ${STEPS.join(', ')})`);
  }
  return options;
}

/** Why test:server:pg cannot run here, or null when it can. */
function postgresMissing() {
  const check = spawnSync(process.execPath, ['scripts/with-postgres.mjs', '--check'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return check.status === 0 ? null : check.stdout.trim() || 'no PostgreSQL server binary found';
}

/** Why test:multi cannot run here (it needs nginx as well), or null when it can. */
function nginxMissing() {
  for (const candidate of [process.env.NGINX_BIN, 'nginx', '/usr/sbin/nginx']) {
    if (candidate && spawnSync(candidate, ['-v'], { stdio: 'ignore' }).status === 0) return null;
  }
  return 'no nginx found (apt-get install nginx, or set NGINX_BIN)';
}

let current;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (current && current.exitCode === null) current.kill(signal);
    process.exitCode = 130;
  });
}

function runScript(name) {
  return new Promise((resolve) => {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    current = spawn(npm, ['run', '-s', name], { cwd: ROOT, stdio: 'inherit' });
    current.on('error', () => resolve(127));
    current.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const fromIndex = options.from ? STEPS.indexOf(options.from) : 0;
  const results = [];
  const startedAll = Date.now();
  let failed = false;

  for (const [index, name] of STEPS.entries()) {
    const selected =
      index >= fromIndex && !options.skip.has(name) && (!options.only || options.only.has(name));
    if (failed) {
      results.push({ name, status: 'not run', ms: 0, note: '' });
      continue;
    }
    if (!selected) {
      results.push({ name, status: 'skipped', ms: 0, note: 'not selected' });
      continue;
    }
    if (name === 'test:server:pg' || name === 'test:multi') {
      const reason = postgresMissing() ?? (name === 'test:multi' ? nginxMissing() : null);
      if (reason && !process.env.CI) {
        console.log(`\n=== ${name}: SKIPPED: ${reason}`);
        results.push({ name, status: 'skipped', ms: 0, note: reason });
        continue;
      }
    }
    console.log(`\n=== ${name} (npm run ${name})`);
    const started = Date.now();
    const code = await runScript(name);
    const ms = Date.now() - started;
    const ok = code === 0;
    results.push({ name, status: ok ? 'passed' : 'FAILED', ms, note: ok ? '' : `exit ${code}` });
    console.log(`=== ${name}: ${ok ? 'passed' : `FAILED (exit ${code})`} in ${seconds(ms)}`);
    if (!ok) failed = true;
  }

  const width = Math.max(...STEPS.map((s) => s.length));
  console.log(`\n${'step'.padEnd(width)}  result        time  note`);
  console.log('-'.repeat(width + 40));
  for (const r of results) {
    console.log(
      `${r.name.padEnd(width)}  ${r.status.padEnd(8)}  ${(r.ms ? seconds(r.ms) : '-').padStart(8)}  ${r.note}`,
    );
  }
  console.log('-'.repeat(width + 40));
  const count = (status) => results.filter((r) => r.status === status).length;
  console.log(`total ${seconds(Date.now() - startedAll)}`);
  console.log(`steps: ${count('passed')} passed, ${count('FAILED')} failed, ${count('skipped')} skipped`);
  return failed ? 1 : 0;
}

try {
  const code = await main();
  process.exitCode = process.exitCode || code; // 130 when interrupted
} catch (error) {
  console.error(`test-all: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 2;
}

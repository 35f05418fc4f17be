// Starts the reference server for the browser tests:
//   1. dist/ is built when missing or older than its sources (E2E_SKIP_BUILD=1 skips the check);
//   2. a seeded PGlite data dir is cached under .tmp/e2e-seed-<hash> (hash of server/**, package-lock.json and
//      today's date) and copied into a fresh .tmp/e2e-<pid>/data for this run (E2E_SEED_CACHE=0: no cache);
//   3. server/main.ts runs with APP_DIST=dist, PORT=0, that DATA_DIR; its output goes to .tmp/e2e-server.log;
//   4. its URL is exported as E2E_BASE_URL (Playwright's workers inherit it), its pid as E2E_SERVER_PID.
// With E2E_BASE_URL already set, nothing is built or started: the tests run against that server.
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import { cp, mkdir, rename, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { DIST_DIR, ROOT, ensureDist, startServer } from '../../../scripts/lib/server-process.mjs';

export const E2E_JWT_SECRET = 'e2e-only-secret-not-for-production-0123456789';

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? listFiles(path) : [path];
    })
    .sort();
}

/**
 * What the seeded data depends on: every file of server/ (the seed, the migrations, but also how passwords are
 * hashed and how the server opens its data dir), package-lock.json (PGlite's version) and today's date (demo
 * dates are relative to now).
 */
function seedKey(): string {
  const files = [...listFiles(join(ROOT, 'server')), join(ROOT, 'package-lock.json')];
  const hash = createHash('sha256');
  for (const file of files) {
    if (!existsSync(file)) continue;
    hash.update(relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  hash.update(new Date().toISOString().slice(0, 10));
  return hash.digest('hex').slice(0, 16);
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Remove run dirs of earlier runs whose process is gone, and seed caches other than the current one. */
async function pruneTmp(tmpDir: string, keepSeed: string): Promise<void> {
  if (!existsSync(tmpDir)) return;
  for (const name of readdirSync(tmpDir)) {
    const run = /^e2e-(\d+)$/.exec(name);
    const stale =
      (run?.[1] !== undefined && !pidAlive(Number(run[1]))) ||
      (name.startsWith('e2e-seed-') && name !== keepSeed && !name.includes('.building-'));
    const building = /^e2e-seed-.*\.building-(\d+)$/.exec(name);
    if (stale || (building?.[1] !== undefined && !pidAlive(Number(building[1])))) {
      await rm(join(tmpDir, name), { recursive: true, force: true });
    }
  }
}

async function seededDataDir(tmpDir: string, target: string): Promise<void> {
  if (process.env.E2E_SEED_CACHE === '0') return; // the server seeds the empty DATA_DIR itself
  const name = `e2e-seed-${seedKey()}`;
  await pruneTmp(tmpDir, name);
  const cache = join(tmpDir, name);
  if (!existsSync(cache)) {
    const building = `${cache}.building-${process.pid}`;
    await rm(building, { recursive: true, force: true });
    const started = Date.now();
    console.log('[e2e] seeding a demo database (cached for later runs)...');
    const seeding = await startServer({
      env: { HOST: '127.0.0.1', PORT: '0', DATA_DIR: building, SEED: 'demo', JWT_SECRET: E2E_JWT_SECRET },
      onLine: () => undefined,
      // The first start seeds everything (the catalogue through the 1C importer too): minutes on a busy machine.
      timeoutMs: 600_000,
    });
    await seeding.stop();
    try {
      await rename(building, cache);
    } catch {
      await rm(building, { recursive: true, force: true }); // another run made it first
    }
    console.log(`[e2e] seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  await cp(cache, target, { recursive: true });
}

export default async function globalSetup(): Promise<void> {
  if (process.env.E2E_BASE_URL) {
    console.log(`[e2e] using the server at ${process.env.E2E_BASE_URL}`);
    return;
  }
  if (process.env.E2E_SKIP_BUILD !== '1') await ensureDist({ log: (m) => console.log(`[e2e] ${m}`) });
  if (!existsSync(join(DIST_DIR, 'index.html'))) throw new Error('dist/index.html is missing: npm run build');

  const tmpDir = join(ROOT, '.tmp');
  const runDir = join(tmpDir, `e2e-${process.pid}`);
  const dataDir = join(runDir, 'data');
  await rm(runDir, { recursive: true, force: true });
  await mkdir(runDir, { recursive: true });
  await seededDataDir(tmpDir, dataDir);

  const logFile = join(tmpDir, 'e2e-server.log'); // outlives the run dir: read it after a failure
  const log = createWriteStream(logFile);
  const started = Date.now();
  const server = await startServer({
    env: {
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      APP_DIST: DIST_DIR,
      SEED: 'demo',
      JWT_SECRET: E2E_JWT_SECRET,
      // Every browser test logs in from 127.0.0.1; the real limit (10 a minute per e-mail) is proven by the
      // server suite, and here it would only turn a busy suite's logins into 429s.
      LOGIN_RATE_LIMIT_MAX: '10000',
      // The sign-up's proof of work at a few hundred cheap keys: the join spec waits for it on every submit, and
      // its cost at the defaults (a couple of seconds a proof) is the server suite's and ADR 0140's to measure.
      POW_COST: '10',
      POW_MAX_COUNTER: '400',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'info',
    },
    onLine: (line) => log.write(`${line}\n`),
  });
  if (server.child.pid === undefined) throw new Error('the server has no pid');
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_SERVER_PID = String(server.child.pid);
  process.env.E2E_RUN_DIR = runDir;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `[e2e] server ${server.url} (pid ${server.child.pid}, up in ${seconds} s, log ${relative(ROOT, logFile)})`,
  );
}

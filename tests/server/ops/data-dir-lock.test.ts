/**
 * One owner of a data directory: a second server (or `npm run seed`) on a directory in use refuses naming the
 * holder; a holder killed with SIGKILL leaves a lock the next one recognises as stale and takes over. The
 * rules for staleness are checked on hand-written lock files; PGlite's durability on a real directory as well.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DataDirInUseError,
  LOCK_FILE,
  lockDataDir,
  processStart,
  type LockHolder,
} from '#server/db/data-dir-lock.ts';
import { openDatabase } from '#server/db/database.ts';
import { durableFsyncCount } from '#server/db/durable-nodefs.ts';
import { ROOT, startServer, type StartedServer } from '../../../scripts/lib/server-process.mjs';

const dirs: string[] = [];
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'mlm-lock-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function holder(overrides: Partial<LockHolder>): LockHolder {
  return {
    pid: process.ppid,
    host: hostname(),
    purpose: 'server',
    startedAt: new Date().toISOString(),
    bootId: null,
    processStart: processStart(process.ppid),
    token: 'someone-else',
    ...overrides,
  };
}

const writeLock = (dir: string, value: LockHolder): void =>
  writeFileSync(join(dir, LOCK_FILE), JSON.stringify(value));

describe('the data directory lock', () => {
  it('refuses while a live process holds it, on this host or another', async () => {
    const dir = tempDir();
    writeLock(dir, holder({}));
    await expect(lockDataDir(dir, 'test')).rejects.toThrow(
      new RegExp(`in use by process ${process.ppid} \\(server`),
    );
    writeLock(dir, holder({ host: 'another-host', pid: 1 }));
    const error = await lockDataDir(dir, 'test').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataDirInUseError);
    expect((error as Error).message).toContain('on another-host');
    expect((error as Error).message).toContain(`delete ${join(dir, LOCK_FILE)}`);
  });

  it('takes over the lock of a process that is gone, or whose pid now belongs to another process', async () => {
    const dir = tempDir();
    // A pid that is not running: spawn a process and wait for it to end.
    const dead = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, ['-e', '0']);
      child.on('exit', () => resolve(child.pid ?? 0));
    });
    writeLock(dir, holder({ pid: dead, processStart: null }));
    const first = await lockDataDir(dir, 'test');
    expect(first.tookOverFrom?.pid).toBe(dead);
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
    // Held by this process: a second open here is refused too.
    await expect(lockDataDir(dir, 'again')).rejects.toBeInstanceOf(DataDirInUseError);
    first.release();

    // The parent process is alive, but it started at another time than the lock says: a reused pid.
    writeLock(dir, holder({ processStart: '1' }));
    const second = await lockDataDir(dir, 'test');
    expect(second.tookOverFrom?.pid).toBe(process.ppid);
    second.release();
    expect(() => readFileSync(join(dir, LOCK_FILE))).toThrow();
  });

  it('lets only one of several processes that start at once on a stale lock have it', async () => {
    const dir = tempDir();
    writeLock(dir, holder({ pid: 2 ** 22 + 17, processStart: null }));
    const script = `(async () => {
      const { lockDataDir } = await import(${JSON.stringify(join(ROOT, 'server/db/data-dir-lock.ts'))});
      try { await lockDataDir(${JSON.stringify(dir)}, 'race'); console.log('GOT'); await new Promise((r) => setTimeout(r, 3000)); }
      catch (error) { console.log(error.name); }
    })();`;
    const outputs = await Promise.all(
      Array.from(
        { length: 4 },
        () =>
          new Promise<string>((resolve) => {
            const child = spawn(join(ROOT, 'node_modules', '.bin', 'tsx'), ['--eval', script], { cwd: ROOT });
            let out = '';
            child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
            child.on('exit', () => resolve(out.trim()));
          }),
      ),
    );
    expect(outputs.filter((out) => out === 'GOT')).toHaveLength(1);
    expect(outputs.filter((out) => out === 'DataDirInUseError')).toHaveLength(3);
  }, 120_000);
});

/** One real data directory for the rest of the file (a new one costs an initdb: seconds, a minute when busy). */
let sharedDataDir = '';

describe('PGlite on a real directory', () => {
  it('flushes each commit to disk: fsync on, wal_sync_method fsync, fsync(2) called', async () => {
    sharedDataDir = join(tempDir(), 'data');
    const database = await openDatabase({ dataDir: sharedDataDir, purpose: 'test' });
    try {
      const { rows } = await sql<{ fsync: string; method: string }>`
        select current_setting('fsync') as fsync, current_setting('wal_sync_method') as method`.execute(
        database.db,
      );
      expect(rows[0]).toEqual({ fsync: 'on', method: 'fsync' });
      await sql`create table t (x int)`.execute(database.db);
      const before = durableFsyncCount();
      for (let i = 0; i < 5; i += 1) await sql`insert into t values (${i})`.execute(database.db);
      expect(durableFsyncCount() - before).toBeGreaterThanOrEqual(5);
      await sql`drop table t`.execute(database.db);
    } finally {
      await database.close();
    }
  }, 300_000);
});

describe('a second process on one DATA_DIR', () => {
  let first: StartedServer | undefined;
  afterAll(async () => {
    await first?.stop();
  });

  const run = (
    args: string[],
    env: Record<string, string>,
  ): Promise<{ code: number | null; output: string }> =>
    new Promise((resolve) => {
      const child = spawn(join(ROOT, 'node_modules', '.bin', 'tsx'), args, {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: '', ...env },
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('exit', (code) => resolve({ code, output }));
    });

  it('is refused (server and seed alike) while the first runs, and takes over after a SIGKILL', async () => {
    const dataDir = sharedDataDir || join(tempDir(), 'data');
    mkdirSync(dataDir, { recursive: true });
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: '0',
      SEED: 'none',
      APP_DIST: '',
      LOG_LEVEL: 'warn',
    };
    first = await startServer({ env, onLine: () => {}, timeoutMs: 300_000 });
    const pid = first.child.pid ?? 0;
    const holderPid = (JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8')) as LockHolder).pid;

    const second = await run(['server/main.ts'], env);
    expect(second.code).toBe(2);
    expect(second.output).toContain(
      `The data directory ${dataDir} is in use by process ${holderPid} (server`,
    );
    expect(second.output).not.toContain('LISTENING');
    const seed = await run(['server/seed/cli.ts'], env);
    expect(seed.code).toBe(1);
    expect(seed.output).toContain(`is in use by process ${holderPid}`);

    // tsx runs the server in a child process: kill that one (the lock's holder) without a chance to clean up.
    process.kill(holderPid, 'SIGKILL');
    await first.stop();
    first = undefined;
    expect(pid).toBeGreaterThan(0);
    const lines: string[] = [];
    first = await startServer({ env, onLine: (line) => lines.push(line), timeoutMs: 300_000 });
    expect(lines.join('\n')).toContain(`lock of process ${holderPid} (server`);
    expect(lines.join('\n')).toContain('taken over');
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
  }, 900_000);
});

/**
 * One owner of a PGlite data directory (docs/adr/0131-one-owner-of-the-data-directory.md). PGlite takes no lock:
 * two processes on one directory both start and overwrite each other's data. Every process that opens one (the
 * server, `npm run seed`, `backup`, `restore`, `users`) first creates `portal.lock` in it, exclusively, holding
 * who it is; a second one finds the file and refuses, naming the holder.
 *
 * A holder killed with SIGKILL (or a power cut) leaves its file behind. The file is stale, and taken over, when
 * its process is gone: same host, and no process with its pid, or one that started at another time (the pid was
 * reused) or in another boot. A holder on another host (a shared disk) cannot be checked and is never taken over.
 */
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  linkSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

export const LOCK_FILE = 'portal.lock';

/** What the lock file says about its holder. */
export interface LockHolder {
  pid: number;
  host: string;
  /** What holds it: `server`, `seed`, `backup`, `restore`, `users`. */
  purpose: string;
  startedAt: string;
  /** Linux: the boot (`/proc/sys/kernel/random/boot_id`) and the process's start time in clock ticks. */
  bootId: string | null;
  processStart: string | null;
  /** Random: tells this holder's file from a later one of the same pid. */
  token: string;
}

export interface DataDirLock {
  file: string;
  holder: LockHolder;
  /** The stale holder this lock replaced, if any (a killed process). */
  tookOverFrom: LockHolder | null;
  /** Writes the lock file again (after a restore unpacked a backup's copy over it). */
  reassert(): void;
  /** Removes the lock file if it is still ours. Idempotent. */
  release(): void;
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    const where =
      holder.host === hostname() ? `process ${holder.pid}` : `process ${holder.pid} on ${holder.host}`;
    super(
      `The data directory ${dataDir} is in use by ${where} (${holder.purpose}, since ${holder.startedAt}). ` +
        'Only one process may open an embedded database: stop that one first' +
        (holder.host === hostname() ? '.' : `; if it is certainly gone, delete ${join(dataDir, LOCK_FILE)}.`),
    );
    this.name = 'DataDirInUseError';
  }
}

/** Locks held by this process, by directory: a second open in one process is refused as well. */
const held = new Map<string, DataDirLock>();

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return null;
  }
}

function bootId(): string | null {
  return readText('/proc/sys/kernel/random/boot_id');
}

/** Field 22 of /proc/<pid>/stat: when the process started, in clock ticks after boot (Linux only). */
export function processStart(pid: number): string | null {
  const stat = readText(`/proc/${pid}/stat`);
  if (stat === null) return null;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null;
}

function parseHolder(text: string | null): LockHolder | null {
  if (text === null || text === '') return null;
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    if (typeof value.pid !== 'number' || typeof value.host !== 'string' || typeof value.token !== 'string')
      return null;
    return {
      pid: value.pid,
      host: value.host,
      purpose: typeof value.purpose === 'string' ? value.purpose : 'unknown',
      startedAt: typeof value.startedAt === 'string' ? value.startedAt : 'unknown',
      bootId: typeof value.bootId === 'string' ? value.bootId : null,
      processStart: typeof value.processStart === 'string' ? value.processStart : null,
      token: value.token,
    };
  } catch {
    return null;
  }
}

/** Whether the holder's process may still be running (true whenever that cannot be ruled out). */
export function holderAlive(holder: LockHolder): boolean {
  if (holder.host !== hostname()) return true;
  const currentBoot = bootId();
  if (holder.bootId !== null && currentBoot !== null && holder.bootId !== currentBoot) return false;
  // Our own pid with another token: a previous incarnation (a restarted container reuses low pids).
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  const started = processStart(holder.pid);
  return holder.processStart === null || started === null || started === holder.processStart;
}

function writeExclusive(file: string, holder: LockHolder): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, `${JSON.stringify(holder, null, 2)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return true;
}

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** A lock file without a readable holder (a writer died mid-write) is stale once it is this old. */
const UNREADABLE_GRACE_MS = 2000;

/**
 * Locks `dataDir` (which must exist) for this process, taking over a stale lock. Throws DataDirInUseError when a
 * live process holds it.
 */
export async function lockDataDir(dataDir: string, purpose: string): Promise<DataDirLock> {
  const dir = resolve(dataDir);
  const file = join(dir, LOCK_FILE);
  const mine = held.get(dir);
  if (mine !== undefined) throw new DataDirInUseError(dataDir, mine.holder);
  const holder: LockHolder = {
    pid: process.pid,
    host: hostname(),
    purpose,
    startedAt: new Date().toISOString(),
    bootId: bootId(),
    processStart: processStart(process.pid),
    token: randomBytes(12).toString('hex'),
  };
  let tookOverFrom: LockHolder | null = null;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    if (writeExclusive(file, holder)) {
      const lock = makeLock(dir, file, holder, tookOverFrom);
      held.set(dir, lock);
      return lock;
    }
    const text = readText(file);
    const current = parseHolder(text);
    if (current === null) {
      let age = Infinity;
      try {
        age = Date.now() - statSync(file).mtimeMs;
      } catch {
        continue; // gone meanwhile: try again
      }
      if (age < UNREADABLE_GRACE_MS) {
        await sleep(100); // being written right now
        continue;
      }
    } else if (holderAlive(current)) {
      throw new DataDirInUseError(dataDir, current);
    }
    // Stale: move it aside (atomic: of two takers, one moves it) and check that what moved is what we judged.
    const aside = `${file}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
    try {
      renameSync(file, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    const moved = readText(aside);
    if (moved !== text) {
      // Another taker's fresh lock, written between our read and the move: put it back unless a third exists.
      try {
        linkSync(aside, file);
      } catch {
        // A lock is in place again; ours will be judged against it.
      }
      unlinkSync(aside);
      continue;
    }
    unlinkSync(aside);
    tookOverFrom = current;
  }
  throw new Error(`could not lock ${dataDir}: ${file} keeps changing`);
}

function makeLock(
  dir: string,
  file: string,
  holder: LockHolder,
  tookOverFrom: LockHolder | null,
): DataDirLock {
  let released = false;
  const lock: DataDirLock = {
    file,
    holder,
    tookOverFrom,
    reassert() {
      const temporary = `${file}.${holder.token}`;
      const fd = openSync(temporary, 'w', 0o644);
      try {
        writeSync(fd, `${JSON.stringify(holder, null, 2)}\n`);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(temporary, file);
    },
    release() {
      if (released) return;
      released = true;
      held.delete(dir);
      if (parseHolder(readText(file))?.token !== holder.token) return;
      try {
        unlinkSync(file);
      } catch {
        // Already gone.
      }
    },
  };
  return lock;
}

// A process that ends without closing its database (process.exit after an error) still frees its directories;
// only a kill leaves a stale file, which the next owner takes over.
process.once('exit', () => {
  for (const lock of [...held.values()]) lock.release();
});

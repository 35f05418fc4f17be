/**
 * Backups of the embedded database (docs/adr/0133-backup-and-restore.md). PGlite's own `dumpDataDir()` writes
 * the whole data directory as a gzipped tarball, and `loadDataDir` starts a new directory from one; PostgreSQL
 * deployments use `pg_dump` / `pg_restore` instead (docs/scaling.md).
 *
 * A backup is written next to its name and renamed into place once complete and flushed, so a file with the
 * final name is always whole; a manifest beside it (`<file>.json`) records its SHA-256, the schema's migrations
 * and how many accounts and orders it holds. A restore checks the checksum before unpacking, refuses to write
 * into a directory that holds anything, and compares the counts after.
 */
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { openDatabase } from '../db/database.ts';
import type { DB } from '../db/schema.ts';

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export interface Manifest {
  format: 'pglite-datadir-tgz';
  createdAt: string;
  dataDir: string;
  bytes: number;
  sha256: string;
  postgres: string;
  migrations: string[];
  counts: { users: number; orders: number };
}

export const manifestPath = (file: string): string => `${file}.json`;

async function describe(db: Kysely<DB>): Promise<Pick<Manifest, 'postgres' | 'migrations' | 'counts'>> {
  const version = await sql<{ v: string }>`select current_setting('server_version') as v`.execute(db);
  const migrations = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  const users = await sql<{ n: number }>`select count(*)::int as n from users`.execute(db);
  const orders = await sql<{ n: number }>`select count(*)::int as n from orders`.execute(db);
  return {
    postgres: version.rows[0]?.v ?? 'unknown',
    migrations: migrations.rows.map((row) => row.name),
    counts: { users: users.rows[0]?.n ?? 0, orders: orders.rows[0]?.n ?? 0 },
  };
}

/** Writes `bytes` to `file` through a temporary name, flushed, then renamed: never a half-written `file`. */
function writeWhole(file: string, bytes: Uint8Array | string): void {
  mkdirSync(dirname(resolve(file)), { recursive: true });
  const partial = `${file}.partial-${process.pid}`;
  const fd = openSync(partial, 'w', 0o600);
  try {
    writeFileSync(fd, bytes);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(partial, file);
  fsyncPath(dirname(resolve(file)));
}

function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Flushes every file and folder under `dir` (what PGlite unpacked it wrote without fsync). */
function fsyncTree(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) fsyncTree(path);
    else if (entry.isFile()) fsyncPath(path);
  }
  fsyncPath(dir);
}

/** Backs up the PGlite data directory `dataDir` (no other process may have it open) to `file`. */
export async function backupDataDir(dataDir: string, file: string): Promise<Manifest> {
  if (dataDir.startsWith('memory://'))
    throw new BackupError('--data-dir: an in-memory database has no files');
  if (!existsSync(join(dataDir, 'PG_VERSION')))
    throw new BackupError(`${dataDir} is not a database directory (no PG_VERSION in it)`);
  if (existsSync(file)) throw new BackupError(`${file} exists already: choose another --out`);
  const database = await openDatabase({ dataDir, purpose: 'backup' });
  try {
    const facts = await describe(database.db);
    const dump = await database.pglite?.dumpDataDir('gzip');
    if (dump === undefined) throw new BackupError('PGlite gave no dump');
    const bytes = new Uint8Array(await dump.arrayBuffer());
    const manifest: Manifest = {
      format: 'pglite-datadir-tgz',
      createdAt: new Date().toISOString(),
      dataDir: resolve(dataDir),
      bytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      ...facts,
    };
    writeWhole(file, bytes);
    writeWhole(manifestPath(file), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } finally {
    await database.close();
  }
}

function isEmptyDir(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/**
 * Restores `file` into `dataDir`, which must be missing or empty. Checks the manifest's checksum first when
 * there is one (`requireManifest` makes its absence an error) and the counts after.
 */
export async function restoreDataDir(
  file: string,
  dataDir: string,
  options: { requireManifest?: boolean } = {},
): Promise<{ manifest: Manifest | null; counts: Manifest['counts']; migrations: string[] }> {
  if (!existsSync(file)) throw new BackupError(`${file}: no such file`);
  if (!isEmptyDir(dataDir))
    throw new BackupError(
      `${dataDir} is not empty: restore into a new folder, then point DATA_DIR at it (nothing is overwritten)`,
    );
  const bytes = readFileSync(file);
  let manifest: Manifest | null = null;
  if (existsSync(manifestPath(file))) {
    manifest = JSON.parse(readFileSync(manifestPath(file), 'utf8')) as Manifest;
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    if (sha256 !== manifest.sha256)
      throw new BackupError(
        `${file} is damaged: its SHA-256 is ${sha256}, the manifest says ${manifest.sha256}`,
      );
  } else if (options.requireManifest === true) {
    throw new BackupError(`${manifestPath(file)}: no manifest beside the backup`);
  }
  const database = await openDatabase({
    dataDir,
    purpose: 'restore',
    loadDataDir: new Blob([new Uint8Array(bytes)]),
  });
  let facts;
  try {
    facts = await describe(database.db);
  } finally {
    await database.close();
  }
  fsyncTree(dataDir);
  if (
    manifest !== null &&
    (facts.counts.users !== manifest.counts.users || facts.counts.orders !== manifest.counts.orders)
  )
    throw new BackupError(
      `the restored database holds ${facts.counts.users} accounts and ${facts.counts.orders} orders; ` +
        `the backup had ${manifest.counts.users} and ${manifest.counts.orders}`,
    );
  return { manifest, counts: facts.counts, migrations: facts.migrations };
}

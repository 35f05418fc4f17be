/**
 * Seeded databases for server tests, fast.
 *
 * - PGlite (default): a template data directory is built once (migrations + demo seed, then `VACUUM (FREEZE,
 *   ANALYZE)` so every copy has the planner's statistics and no hint bits left to write) under
 *   `.tmp/test-db/pglite-<key>/`; every `freshDatabase()` copies that directory and opens PGlite on the copy, which
 *   reads only the pages it needs (a second or two; loading the demo's 270 MB dump into memory took 10 s and more),
 *   and `close()` removes the copy. Copies of a killed process are removed by the next `freshDatabase()`.
 * - PostgreSQL (`DATABASE_URL` set): a template database `mlm_tpl_<key>` is built once; every `freshDatabase()` is
 *   `CREATE DATABASE mlm_test_<random> TEMPLATE mlm_tpl_<key>`, dropped again by `close()`.
 *
 * The template's key hashes the sources of `server/db` and `server/seed` and the day, so a changed schema or seed,
 * or a new day (the demo data is dated relative to today), builds a new one; an unchanged one is reused across runs.
 * `tests/support/server/global-setup.ts` builds it before the workers start; `freshDatabase()` builds it itself when run
 * without that setup.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type Database } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { seedDemo } from '#server/seed/demo.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TEMPLATE_DIR = join(ROOT, '.tmp', 'test-db');
/** Cheap hashes for the seeded accounts: tests log in often. */
const TEST_HASH = { memoryKiB: 1024, iterations: 1, parallelism: 1 } as const;

function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(path));
    // Sources, and the demo's CommerceML package (server/seed/commerceml/) the seed imports.
    else if (entry.isFile() && /\.(ts|xml|png)$/.test(entry.name)) out.push(path);
  }
  return out.sort();
}

/** Identifies the template: the sources that shape the data, this file, and the day. */
export function templateKey(): string {
  const hash = createHash('sha256');
  const sources = [
    ...listFiles(join(ROOT, 'server', 'db')),
    ...listFiles(join(ROOT, 'server', 'seed')),
    fileURLToPath(import.meta.url),
  ];
  for (const file of sources) {
    hash.update(relative(ROOT, file));
    hash.update(readFileSync(file));
  }
  hash.update(new Date().toISOString().slice(0, 10));
  return hash.digest('hex').slice(0, 16);
}

async function buildSeeded(database: Database): Promise<void> {
  await migrateToLatest(database.db);
  await seedDemo(database.db, { passwordHash: TEST_HASH });
}

/* ------------------------------------------------------------------ PGlite */

const pgliteTemplatePath = (key: string): string => join(TEMPLATE_DIR, `pglite-${key}`);
const COPIES_DIR = join(TEMPLATE_DIR, 'copies');

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Removes the templates of another key (and half-built ones whose process is gone). */
function pruneTemplateDir(keep: string): void {
  for (const name of readdirSync(TEMPLATE_DIR)) {
    const file = join(TEMPLATE_DIR, name);
    const building = /\.(\d+)\.[0-9a-f]+$/.exec(name);
    const stale =
      name.startsWith('pglite-') &&
      file !== keep &&
      (building?.[1] === undefined
        ? Date.now() - statSync(file).mtimeMs > 60_000
        : !pidAlive(Number(building[1])));
    if (stale) rmSync(file, { recursive: true, force: true });
  }
}

/** Removes the copies of test processes that are gone (killed, or ended without closing their database). */
function pruneCopies(): void {
  if (!existsSync(COPIES_DIR)) return;
  for (const name of readdirSync(COPIES_DIR)) {
    const pid = Number(name.split('-')[0]);
    if (!pidAlive(pid)) rmSync(join(COPIES_DIR, name), { recursive: true, force: true });
  }
}

async function ensurePGliteTemplate(key: string): Promise<string> {
  const path = pgliteTemplatePath(key);
  if (existsSync(path)) return path;
  mkdirSync(TEMPLATE_DIR, { recursive: true });
  const building = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  const database = await openDatabase({ dataDir: building, durable: false, purpose: 'test template' });
  try {
    await buildSeeded(database);
    await sql`vacuum (freeze, analyze)`.execute(database.db);
    await sql`checkpoint`.execute(database.db);
  } finally {
    await database.close();
  }
  try {
    renameSync(building, path);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(path)) throw error; // else another process made it first
  }
  pruneTemplateDir(path);
  return path;
}

async function freshPGlite(): Promise<Database> {
  const template = await ensurePGliteTemplate(templateKey());
  pruneCopies();
  const dataDir = join(COPIES_DIR, `${process.pid}-${randomBytes(6).toString('hex')}`);
  mkdirSync(COPIES_DIR, { recursive: true });
  cpSync(template, dataDir, { recursive: true });
  let database: Database;
  try {
    database = await openDatabase({ dataDir, durable: false, purpose: 'test' });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    ...database,
    async close() {
      try {
        await database.close();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/* -------------------------------------------------------------- PostgreSQL */

const templateDbName = (key: string): string => `mlm_tpl_${key}`;
const quote = (name: string): string => `"${name.replaceAll('"', '""')}"`;

function urlFor(databaseUrl: string, database: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdmin<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function databaseExists(client: pg.Client, name: string): Promise<boolean> {
  const result = await client.query('select 1 from pg_database where datname = $1', [name]);
  return (result.rowCount ?? 0) > 0;
}

async function ensurePostgresTemplate(databaseUrl: string, key: string): Promise<string> {
  const name = templateDbName(key);
  const exists = await withAdmin(databaseUrl, (client) => databaseExists(client, name));
  if (exists) return name;
  const building = `${name}_b${randomBytes(3).toString('hex')}`;
  await withAdmin(databaseUrl, (client) => client.query(`create database ${quote(building)}`));
  const database = await openDatabase({ databaseUrl: urlFor(databaseUrl, building) });
  try {
    await buildSeeded(database);
  } finally {
    await database.close();
  }
  await withAdmin(databaseUrl, async (client) => {
    if (await databaseExists(client, name)) {
      await client.query(`drop database ${quote(building)} with (force)`);
      return;
    }
    await client.query(`alter database ${quote(building)} rename to ${quote(name)}`);
    // Templates of earlier keys are stale now.
    const stale = await client.query<{ datname: string }>(
      "select datname from pg_database where datname like 'mlm\\_tpl\\_%' and datname <> $1",
      [name],
    );
    for (const row of stale.rows)
      await client.query(`drop database if exists ${quote(row.datname)} with (force)`);
  });
  return name;
}

async function freshPostgres(databaseUrl: string): Promise<Database> {
  const template = await ensurePostgresTemplate(databaseUrl, templateKey());
  const name = `mlm_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(databaseUrl, async (client) => {
    // Two copies of one template at the same moment can collide; PostgreSQL then asks to retry.
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`create database ${quote(name)} template ${quote(template)}`);
        return;
      } catch (error) {
        const busy = error instanceof Error && /being accessed by other users/.test(error.message);
        if (!busy || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + attempt * 50));
      }
    }
  });
  const database = await openDatabase({ databaseUrl: urlFor(databaseUrl, name) });
  return {
    ...database,
    async close() {
      await database.close();
      await withAdmin(databaseUrl, (client) =>
        client.query(`drop database if exists ${quote(name)} with (force)`),
      );
    },
  };
}

/* ------------------------------------------------------------------ public */

/** Builds the seeded template when it is missing (idempotent); returns where it is. */
export async function ensureTemplate(): Promise<{ kind: 'pglite' | 'postgres'; template: string }> {
  const databaseUrl = process.env.DATABASE_URL;
  const key = templateKey();
  if (databaseUrl) return { kind: 'postgres', template: await ensurePostgresTemplate(databaseUrl, key) };
  return { kind: 'pglite', template: await ensurePGliteTemplate(key) };
}

/** A database of its own for the caller, migrated and seeded with the demo data; `close()` disposes of it. */
export async function freshDatabase(): Promise<Database> {
  const databaseUrl = process.env.DATABASE_URL;
  return databaseUrl ? freshPostgres(databaseUrl) : freshPGlite();
}

/** An empty, unmigrated database (for migration tests); `close()` disposes of it. */
export async function emptyDatabase(): Promise<Database> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) return openDatabase({ dataDir: 'memory://' });
  const name = `mlm_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(databaseUrl, (client) => client.query(`create database ${quote(name)}`));
  const database = await openDatabase({ databaseUrl: urlFor(databaseUrl, name) });
  return {
    ...database,
    async close() {
      await database.close();
      await withAdmin(databaseUrl, (client) =>
        client.query(`drop database if exists ${quote(name)} with (force)`),
      );
    },
  };
}

/** Drops test databases a crashed run left behind (PostgreSQL; PGlite copies are pruned by the template check). */
export async function dropLeftoverTestDatabases(): Promise<number> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) return 0;
  return withAdmin(databaseUrl, async (client) => {
    const rows = await client.query<{ datname: string }>(
      "select datname from pg_database where datname like 'mlm\\_test\\_%' and not exists (select 1 from pg_stat_activity a where a.datname = pg_database.datname)",
    );
    for (const row of rows.rows)
      await client.query(`drop database if exists ${quote(row.datname)} with (force)`);
    return rows.rows.length;
  });
}

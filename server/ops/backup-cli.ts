/**
 * `npm run backup -- [--data-dir DIR] [--out FILE]` and `npm run restore -- --from FILE [--data-dir DIR]`:
 * the embedded database's backups (server/ops/backup.ts). The server must be stopped (one process owns a data
 * directory). With DATABASE_URL these print PostgreSQL's own commands instead (docs/scaling.md).
 * Exit codes: 0 done, 2 refused, 1 anything else.
 */
import { parseArgs } from 'node:util';
import { DataDirInUseError } from '../db/data-dir-lock.ts';
import { backupDataDir, BackupError, manifestPath, restoreDataDir } from './backup.ts';

const USAGE = `usage: npm run backup -- [--data-dir DIR] [--out FILE]
       npm run restore -- --from FILE [--data-dir DIR]
DIR defaults to DATA_DIR, else .data; FILE defaults to backups/portal-<UTC time>.tgz (a manifest FILE.json beside it).
The server must be stopped. A restore writes into a missing or empty folder only.`;

const POSTGRES = `DATABASE_URL is set: back PostgreSQL up with its own tools (docs/scaling.md), e.g.
  pg_dump --format=custom --file=portal.dump "$DATABASE_URL"
  createdb portal_restored && pg_restore --no-owner --dbname=postgres://…/portal_restored portal.dump`;

const stamp = (): string =>
  new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  if (command !== 'backup' && command !== 'restore') {
    console.error(USAGE);
    return 2;
  }
  let values;
  try {
    ({ values } = parseArgs({
      args: rest,
      strict: true,
      options: {
        'data-dir': { type: 'string' },
        out: { type: 'string' },
        from: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  if (values.help === true) {
    console.log(USAGE);
    return 0;
  }
  if (process.env.DATABASE_URL && values['data-dir'] === undefined) {
    console.error(POSTGRES);
    return 2;
  }
  const dataDir = values['data-dir'] ?? process.env.DATA_DIR ?? '.data';
  const started = performance.now();
  const took = (): string => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  if (command === 'backup') {
    if (values.from !== undefined) {
      console.error(`--from is for restore\n${USAGE}`);
      return 2;
    }
    const out = values.out ?? `backups/portal-${stamp()}.tgz`;
    const manifest = await backupDataDir(dataDir, out);
    console.log(
      `backed up ${dataDir} to ${out} (${(manifest.bytes / 1e6).toFixed(1)} MB, sha256 ${manifest.sha256}) in ${took()}`,
    );
    console.log(
      `  ${manifest.counts.users} accounts, ${manifest.counts.orders} orders, ${manifest.migrations.length} migrations; manifest ${manifestPath(out)}`,
    );
    return 0;
  }
  if (values.from === undefined || values.out !== undefined) {
    console.error(`restore needs --from FILE (and no --out)\n${USAGE}`);
    return 2;
  }
  const restored = await restoreDataDir(values.from, dataDir);
  console.log(`restored ${values.from} into ${dataDir} in ${took()}`);
  console.log(
    `  ${restored.counts.users} accounts, ${restored.counts.orders} orders${restored.manifest === null ? ' (no manifest: counts not compared)' : ', as the manifest says'}`,
  );
  console.log(`  start the server with DATA_DIR=${dataDir}`);
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof BackupError || error instanceof DataDirInUseError) {
      console.error(`refused: ${error.message}`);
      process.exitCode = 2;
      return;
    }
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exitCode = 1;
  },
);

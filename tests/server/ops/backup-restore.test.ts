/**
 * `npm run backup && npm run restore` as an operator runs them: the commands themselves, on a real data directory
 * seeded like the demo; the restored folder holds the same orders, line for line. `npm test` runs this (CI too).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/database.ts';
import { ROOT } from '../../../scripts/lib/server-process.mjs';
import { freshDatabase } from '#tests/support/server/db.ts';

const dir = mkdtempSync(join(tmpdir(), 'mlm-backup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function npm(script: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', script, '--', ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: '' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

async function orders(dataDir: string): Promise<unknown[]> {
  const database = await openDatabase({ dataDir, purpose: 'test' });
  try {
    const { rows } = await sql`
      select o.id, o.user_id, o.status, o.version, o.amount,
        (select json_agg(json_build_array(l.product_id, l.requested_quantity, l.confirmed_quantity, l.price) order by l.id) from order_lines l where l.order_id = o.id) as lines
      from orders o order by o.id`.execute(database.db);
    return rows;
  } finally {
    await database.close();
  }
}

// The commands back up the embedded database; `npm run test:server:pg` (DATABASE_URL set) has no seeded PGlite to
// start from, and PostgreSQL's backups are its own pg_dump / pg_restore (docs/scaling.md). test:server runs this.
const onPostgres = Boolean(process.env.DATABASE_URL);
if (onPostgres)
  console.log('[backup-restore] SKIPPED on PostgreSQL: it tests the embedded database (test:server runs it)');

describe.skipIf(onPostgres)('npm run backup && npm run restore', () => {
  it('round-trips the embedded database into a new folder with the same orders', async () => {
    // A real data directory with the demo data: the seeded template, unpacked onto disk.
    const template = await freshDatabase();
    const dump = await template.pglite?.dumpDataDir('gzip');
    await template.close();
    const source = join(dir, 'source');
    const seeded = await openDatabase({ dataDir: source, purpose: 'test', loadDataDir: dump });
    await seeded.close();
    const before = await orders(source);
    expect(before.length).toBeGreaterThan(50);

    const file = join(dir, 'backups', 'portal.tgz');
    const backup = await npm('backup', ['--data-dir', source, '--out', file]);
    expect(backup.output).toMatch(/backed up .* \(\d+\.\d MB, sha256 [0-9a-f]{64}\)/);
    expect(backup.code).toBe(0);
    const manifest = JSON.parse(readFileSync(`${file}.json`, 'utf8')) as { counts: { orders: number } };
    expect(manifest.counts.orders).toBe(before.length);

    const target = join(dir, 'restored');
    const restore = await npm('restore', ['--from', file, '--data-dir', target]);
    expect(restore.output).toContain(`${before.length} orders, as the manifest says`);
    expect(restore.code).toBe(0);
    expect(existsSync(join(target, 'portal.lock'))).toBe(false);
    expect(await orders(target)).toEqual(before);

    // Refusals: a folder that holds anything, a damaged file, a directory in use.
    const again = await npm('restore', ['--from', file, '--data-dir', target]);
    expect(again.code).toBe(2);
    expect(again.output).toContain('is not empty');
    const damaged = join(dir, 'damaged.tgz');
    const bytes = readFileSync(file);
    bytes[bytes.length >> 1] = (bytes[bytes.length >> 1] ?? 0) ^ 0xff;
    writeFileSync(damaged, bytes);
    writeFileSync(`${damaged}.json`, readFileSync(`${file}.json`));
    const bad = await npm('restore', ['--from', damaged, '--data-dir', join(dir, 'never')]);
    expect(bad.code).toBe(2);
    expect(bad.output).toContain('is damaged');
    const open = await openDatabase({ dataDir: source, purpose: 'server' });
    try {
      const busy = await npm('backup', ['--data-dir', source, '--out', join(dir, 'busy.tgz')]);
      expect(busy.code).toBe(2);
      expect(busy.output).toContain(`is in use by process ${process.pid} (server`);
    } finally {
      await open.close();
    }
  }, 900_000);
});

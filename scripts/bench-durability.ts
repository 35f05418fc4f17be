/**
 * `npm run bench:durability [-- --commits N]`: what flushing each commit costs the embedded database
 * (server/db/durable-nodefs.ts, docs/adr/0131-one-owner-of-the-data-directory.md). Opens a PGlite data directory
 * on disk with and without durability, makes N one-row commits and one transaction of N rows in each, and prints
 * the best figures of alternating rounds and their ratios. Not in CI: figures depend on the disk.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { openDatabase } from '../server/db/database.ts';
import { durableFsyncCount } from '../server/db/durable-nodefs.ts';

const { values } = parseArgs({ options: { commits: { type: 'string', default: '300' } } });
const commits = Number(values.commits);

interface Figures {
  perCommitMs: number;
  batchMs: number;
  fsyncs: number;
}

async function measure(durable: boolean): Promise<Figures> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-durability-'));
  try {
    const database = await openDatabase({ dataDir: join(dir, 'data'), durable, purpose: 'bench' });
    try {
      await sql`create table t (id serial primary key, v text)`.execute(database.db);
      const fsyncsBefore = durableFsyncCount();
      const started = performance.now();
      for (let i = 0; i < commits; i += 1)
        await sql`insert into t (v) values (${'x'.repeat(200)})`.execute(database.db);
      const perCommitMs = (performance.now() - started) / commits;
      const fsyncs = durableFsyncCount() - fsyncsBefore;
      const batchStarted = performance.now();
      await database.db.transaction().execute(async (trx) => {
        for (let i = 0; i < commits; i += 1)
          await sql`insert into t (v) values (${'y'.repeat(200)})`.execute(trx);
      });
      return { perCommitMs, batchMs: performance.now() - batchStarted, fsyncs };
    } finally {
      await database.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Alternating rounds, the best of each: the first round also warms PGlite's WebAssembly up, and a shared machine's
// noise only ever adds time.
const ROUNDS = 3;
const best = (all: Figures[]): Figures => ({
  perCommitMs: Math.min(...all.map((f) => f.perCommitMs)),
  batchMs: Math.min(...all.map((f) => f.batchMs)),
  fsyncs: Math.max(...all.map((f) => f.fsyncs)),
});
const offRounds: Figures[] = [];
const onRounds: Figures[] = [];
for (let round = 0; round < ROUNDS; round += 1) {
  offRounds.push(await measure(false));
  onRounds.push(await measure(true));
}
const off = best(offRounds);
const on = best(onRounds);
const row = (name: string, f: Figures): string =>
  `${name.padEnd(10)} ${f.perCommitMs.toFixed(2).padStart(8)} ms/commit  ${f.batchMs.toFixed(0).padStart(6)} ms for one transaction of ${commits}  fsync(2) calls: ${f.fsyncs}`;
console.log(
  `PGlite on disk, ${commits} one-row commits, then one transaction of ${commits} rows (best of ${ROUNDS} rounds)`,
);
console.log(row('fsync off', off));
console.log(row('fsync on', on));
console.log(
  `ratio: ${(on.perCommitMs / off.perCommitMs).toFixed(1)}× per commit, ${(on.batchMs / off.batchMs).toFixed(1)}× for the transaction; ` +
    `cost of durability ≈ ${(on.perCommitMs - off.perCommitMs).toFixed(2)} ms per commit`,
);

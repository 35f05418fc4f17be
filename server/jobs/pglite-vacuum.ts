/**
 * PGlite's autovacuum (docs/adr/0150-requests-before-background-work.md). PostgreSQL vacuums and analyses tables on
 * its own; PGlite has no autovacuum worker, so a table updated all day (a message and its deliveries are written
 * two or three times each, orders change status, stock is held and released) keeps every dead row version, its
 * indexes grow, and its statistics stay those of the day it was created. This job does that work once an hour, a
 * table at a time, with people's requests first between two tables: a lazy `VACUUM` skips the pages the visibility
 * map says are clean, so a table little changed since costs little.
 */
import { sql } from 'kysely';
import { requestsFirst } from '../ops/requests-first.ts';
import type { JobDefinition } from './scheduler.ts';

export const PGLITE_VACUUM_JOB = 'pglite-vacuum';

export function pgliteVacuumJob(): JobDefinition {
  return {
    name: PGLITE_VACUUM_JOB,
    everyMs: 60 * 60_000,
    retryMs: 5 * 60_000,
    leaseMs: 10 * 60_000,
    async run({ db, signal }) {
      const { rows } = await sql<{ name: string }>`
        select tablename as name from pg_tables where schemaname = 'public' order by tablename`.execute(db);
      for (const { name } of rows) {
        if (signal.aborted) return;
        await requestsFirst();
        await sql`vacuum (analyze) ${sql.table(name)}`.execute(db);
      }
    },
  };
}

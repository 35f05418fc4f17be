// PGlite's autovacuum, a job of ours (server/jobs/pglite-vacuum.ts): every table vacuumed and analysed, the dead row
// versions of a busy table gone; PostgreSQL, which vacuums on its own, does not get the job.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { serverJobs } from '#server/jobs/index.ts';
import { PGLITE_VACUUM_JOB } from '#server/jobs/pglite-vacuum.ts';
import { JobScheduler } from '#server/jobs/scheduler.ts';
import { loadConfig } from '#server/config.ts';

describe('the PGlite vacuum job', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await migrateToLatest(database.db);
  });
  afterAll(async () => {
    await database.close();
  });

  it('vacuums and analyses every table, and only PGlite has it', async () => {
    const config = loadConfig({ NODE_ENV: 'test', SEED: 'none', DATABASE_URL: '' });
    expect(serverJobs(config, 'pglite').map((job) => job.name)).toContain(PGLITE_VACUUM_JOB);
    expect(serverJobs(config, 'postgres').map((job) => job.name)).not.toContain(PGLITE_VACUUM_JOB);

    const { db } = database;
    // A busy table: rows written, then each updated again and again (as deliveries are).
    await sql`insert into rate_limits (key, window_start, hits)
      select 'k' || g, now(), 0 from generate_series(1, 2000) g`.execute(db);
    for (let i = 0; i < 5; i++) await sql`update rate_limits set hits = hits + 1`.execute(db);
    const notVacuumed = async () =>
      Number(
        (
          await sql<{
            n: number;
          }>`select count(*)::int as n from pg_stat_user_tables where last_vacuum is null`.execute(db)
        ).rows[0]?.n,
      );
    expect(await notVacuumed()).toBeGreaterThan(0);
    const scheduler = new JobScheduler(db, serverJobs(config, 'pglite'), { onError: () => undefined });
    try {
      expect(await scheduler.runNow(PGLITE_VACUUM_JOB)).toBe(true);
    } finally {
      await scheduler.stop();
    }
    // Every table of the schema has been vacuumed, and its statistics are fresh.
    expect(await notVacuumed()).toBe(0);
    const stats = await sql<{ live: number; analysed: Date | null }>`
      select n_live_tup::int as live, last_analyze as analysed from pg_stat_user_tables
      where relname = 'rate_limits'`.execute(db);
    expect(stats.rows[0]?.live).toBe(2000);
    expect(stats.rows[0]?.analysed).toBeInstanceOf(Date);
  });
});

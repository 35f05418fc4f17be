/**
 * The volume engine's figures for operators (server/ops/metrics.ts): read from the database at scrape time, so
 * every process reports the same. A month still open long after its grace days means the close is failing.
 */
import { sql, type Kysely } from 'kysely';
import { Gauge, type Registry } from 'prom-client';
import type { DB } from '../../db/schema.ts';

export function registerVolumeMetrics(registry: Registry, db: Kysely<DB>): void {
  let reading: Promise<{ open: number; oldest: number; closed: number }> | undefined;
  const read = () => {
    reading ??= sql<{ open: number; oldest: Date | null; closed: Date | null }>`
      select (select count(distinct month)::int from monthly_volumes where not closed) as open,
        (select min(month)::timestamptz from monthly_volumes where not closed) as oldest,
        (select max(closed_at) from period_closes) as closed`
      .execute(db)
      .then(({ rows }) => ({
        open: rows[0]?.open ?? 0,
        oldest:
          rows[0]?.oldest === null || rows[0]?.oldest === undefined ? 0 : rows[0].oldest.getTime() / 1000,
        closed:
          rows[0]?.closed === null || rows[0]?.closed === undefined ? 0 : rows[0].closed.getTime() / 1000,
      }))
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };
  new Gauge({
    name: 'mlm_period_open_months',
    help: 'Months with figures not closed yet (1 normally: the current one; 2 during the grace days)',
    registers: [registry],
    async collect() {
      this.set((await read()).open);
    },
  });
  new Gauge({
    name: 'mlm_period_oldest_open_month_timestamp_seconds',
    help: 'The first day of the oldest month not closed yet (0: none)',
    registers: [registry],
    async collect() {
      this.set((await read()).oldest);
    },
  });
  new Gauge({
    name: 'mlm_period_last_close_timestamp_seconds',
    help: 'When the last period close committed (0: never)',
    registers: [registry],
    async collect() {
      this.set((await read()).closed);
    },
  });
}

/**
 * The volume engine's figures for operators (server/ops/metrics.ts): read from the database at scrape time, so
 * every process reports the same. A month still open long after its grace days means the close is failing.
 */
import { sql, type Kysely } from 'kysely';
import { Gauge, type Registry } from 'prom-client';
import type { DB } from '../../db/schema.ts';
import { FIRST_OPEN_MONTH } from './store.ts';

export function registerVolumeMetrics(registry: Registry, db: Kysely<DB>): void {
  let reading: Promise<{ open: number; oldest: number; closed: number }> | undefined;
  const read = () => {
    // The open months one index probe each (a loose scan of the month index from the first open month, ADR 0139).
    reading ??= sql<{ open: number; oldest: Date | null; closed: Date | null }>`
      with recursive open_months as (
        select min(month) as month from monthly_volumes where month >= ${FIRST_OPEN_MONTH}
        union all
        select (select min(m.month) from monthly_volumes m where m.month > o.month)
        from open_months o where o.month is not null
      )
      select (select count(month)::int from open_months) as open,
        (select min(month)::timestamptz from open_months) as oldest,
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

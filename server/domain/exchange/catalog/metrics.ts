/**
 * The 1C exchange's figures for Prometheus (`app.metrics`), read from the database at scrape time so every process
 * reports the same: orders waiting for 1C by exchange state, and whether the catalogue still arrives — when the last
 * import succeeded, and whether the latest one failed (an alert on "1C stopped sending stock" needs both).
 */
import { sql, type Kysely } from 'kysely';
import { Gauge, type Registry } from 'prom-client';
import type { DB } from '#server/db/schema.ts';

export function registerExchangeMetrics(registry: Registry, db: Kysely<DB>): void {
  new Gauge({
    name: 'mlm_exchange_orders',
    help: 'Orders in the 1C exchange by state (queued: waiting for 1C; sent: fetched, not confirmed; error)',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const row = await db
        .selectFrom('orders')
        .select([
          sql<number>`count(*) filter (where exchange_state = 'queued' or (status = 'sent_to_1c' and exchange_state is null))`.as(
            'queued',
          ),
          sql<number>`count(*) filter (where exchange_state = 'sent')`.as('sent'),
          sql<number>`count(*) filter (where exchange_state = 'error')`.as('error'),
        ])
        .where((eb) => eb.or([eb('exchange_state', 'is not', null), eb('status', '=', 'sent_to_1c')]))
        .executeTakeFirst();
      for (const state of ['queued', 'sent', 'error'] as const)
        this.set({ state }, Number(row?.[state] ?? 0));
    },
  });
  new Gauge({
    name: 'mlm_catalogue_import_last_success_timestamp_seconds',
    help: 'When a catalogue import from 1C last succeeded (0: never)',
    registers: [registry],
    async collect() {
      const row = await db
        .selectFrom('exchange_import_runs')
        .select((eb) => eb.fn.max('finished_at').as('at'))
        .where('status', '=', 'success')
        .where('source', '=', 'exchange')
        .executeTakeFirst();
      this.set(row?.at == null ? 0 : new Date(row.at).getTime() / 1000);
    },
  });
  new Gauge({
    name: 'mlm_catalogue_import_latest_failed',
    help: 'Whether the latest catalogue import from 1C failed (1) or not (0)',
    registers: [registry],
    async collect() {
      const row = await db
        .selectFrom('exchange_import_runs')
        .select('status')
        .where('source', '=', 'exchange')
        .orderBy('started_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      this.set(row?.status === 'failure' ? 1 : 0);
    },
  });
}

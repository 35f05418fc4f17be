/**
 * The app's Prometheus metrics (prom-client): one registry per app, `app.metrics`. A feature registers its own
 * figures where it is wired up, preferably as gauges whose `collect` reads the database at scrape time (queue
 * lengths, runs), so every process reports the same truth and nothing is counted twice. The scrape endpoint and
 * the request metrics are the operator's toolkit's (see docs/scaling.md).
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { Gauge, Registry } from 'prom-client';
import type { DB } from '../db/schema.ts';
import { waitingOrders } from '../domain/exchange/queue.ts';
import type { JobScheduler, JobStatus } from '../jobs/scheduler.ts';

/** Decorates `app.metrics` with a fresh registry. */
export function registerMetrics(app: FastifyInstance): Registry {
  const registry = new Registry();
  app.decorate('metrics', registry);
  return registry;
}

/** Each periodic job's state, read from `jobs` (the same answer from every process). */
export function registerJobMetrics(registry: Registry, scheduler: JobScheduler): void {
  // A scrape asks every gauge at once: they share one read of the table.
  let reading: Promise<JobStatus[]> | undefined;
  const read = (): Promise<JobStatus[]> => {
    reading ??= scheduler.status().finally(() => {
      reading = undefined;
    });
    return reading;
  };
  new Gauge({
    name: 'mlm_job_failing',
    help: 'Whether the last run of each periodic job failed (1) or not (0)',
    labelNames: ['job'],
    registers: [registry],
    async collect() {
      for (const status of await read()) this.set({ job: status.name }, status.lastError === null ? 0 : 1);
    },
  });
  new Gauge({
    name: 'mlm_job_last_success_timestamp_seconds',
    help: 'When each periodic job last finished without an error (0: never)',
    labelNames: ['job'],
    registers: [registry],
    async collect() {
      for (const status of await read()) {
        if (status.lastError === null && status.lastFinishedAt !== null)
          this.set({ job: status.name }, status.lastFinishedAt.getTime() / 1000);
        else if (status.runs === 0) this.set({ job: status.name }, 0);
      }
    },
  });
}

/**
 * The 1C exchange's queue, read at scrape time: orders waiting for 1C (never queried yet, or queried and not yet
 * confirmed), how old the oldest one is, and orders whose exchange failed and wait for the warehouse's re-queue.
 */
export function registerExchangeMetrics(registry: Registry, db: Kysely<DB>): void {
  let reading: Promise<{ waiting: number; oldest: Date | null; failed: number }> | undefined;
  const read = () => {
    reading ??= (async () => {
      const waiting = await waitingOrders(db)
        .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.min('updated_at').as('oldest')])
        .executeTakeFirstOrThrow();
      const failed = await db
        .selectFrom('orders')
        .select(sql<string>`count(*)`.as('count'))
        .where('exchange_state', '=', 'error')
        .executeTakeFirstOrThrow();
      return {
        waiting: Number(waiting.count),
        oldest: waiting.oldest === null ? null : new Date(waiting.oldest),
        failed: Number(failed.count),
      };
    })().finally(() => {
      reading = undefined;
    });
    return reading;
  };
  new Gauge({
    name: 'mlm_exchange_orders_waiting',
    help: 'Orders waiting for 1C to take them (queued, or sent and not yet confirmed)',
    registers: [registry],
    async collect() {
      this.set((await read()).waiting);
    },
  });
  new Gauge({
    name: 'mlm_exchange_oldest_waiting_seconds',
    help: 'Age of the least recently changed order waiting for 1C (0: none waits)',
    registers: [registry],
    async collect() {
      const { oldest } = await read();
      this.set(oldest === null ? 0 : Math.max(0, (Date.now() - oldest.getTime()) / 1000));
    },
  });
  new Gauge({
    name: 'mlm_exchange_orders_failed',
    help: 'Orders whose exchange with 1C failed, waiting for the warehouse to queue them again',
    registers: [registry],
    async collect() {
      this.set((await read()).failed);
    },
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus registry (server/ops/metrics.ts). */
    metrics: Registry;
  }
}

/**
 * The app's Prometheus metrics (prom-client): one registry per app, `app.metrics`. A feature registers its own
 * figures where it is wired up, preferably as gauges whose `collect` reads the database at scrape time (queue
 * lengths, runs), so every process reports the same truth and nothing is counted twice. The scrape endpoint and
 * the request metrics are the operator's toolkit's (see docs/scaling.md).
 */
import type { FastifyInstance } from 'fastify';
import { Gauge, Registry } from 'prom-client';
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

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus registry (server/ops/metrics.ts). */
    metrics: Registry;
  }
}

/**
 * The server's periodic jobs (server/jobs/scheduler.ts runs each once across processes). A feature adds its job
 * to `serverJobs`; `app.jobs` runs them in every process unless BACKGROUND_JOBS=off, and `app.jobs.runNow(name)`
 * runs one on demand (tests, operators' commands) either way.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { paymentJobs } from '../payments/index.ts';
import { messageJobs } from './message-jobs.ts';
import { pgliteVacuumJob } from './pglite-vacuum.ts';
import type { JobDefinition, JobScheduler } from './scheduler.ts';
import { periodCloseJob } from '../domain/volumes/close-job.ts';

/** Every periodic job of the server, for this configuration and database (PGlite vacuums by a job of ours). */
export function serverJobs(config: Config, database: 'pglite' | 'postgres'): JobDefinition[] {
  return [
    ...paymentJobs(config),
    periodCloseJob({ zone: config.periodTimeZone, graceDays: config.periodCloseGraceDays }),
    ...messageJobs(config),
    ...(database === 'pglite' ? [pgliteVacuumJob()] : []),
  ];
}

/** Decorates `app.jobs`; starts it when the app is ready (unless `config.backgroundJobs` is off), stops it on close. */
export function registerJobs(app: FastifyInstance, scheduler: JobScheduler, start: boolean): void {
  app.decorate('jobs', scheduler);
  if (start) app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', async () => scheduler.stop());
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's scheduler of periodic jobs (server/jobs/scheduler.ts). */
    jobs: JobScheduler;
  }
}

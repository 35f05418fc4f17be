/**
 * Liveness and readiness for a balancer or an orchestrator (docs/adr/0132-health-metrics-request-ids.md):
 *
 * - `GET /healthz`: the process answers (200). Nothing else is asked: a database outage must not make an
 *   orchestrator restart every process at once.
 * - `GET /readyz`: 200 when this process can serve: the database answers, every migration this code knows is
 *   applied, the periodic jobs' scheduler runs (unless BACKGROUND_JOBS=off), and the live-event hub reads the log.
 *   Otherwise 503 naming what is wrong, so the balancer sends traffic elsewhere. Each check is bounded in time.
 *
 * Both sit outside `/api/v3` (they are not part of the product's contract) and answer JSON with `no-store`.
 */
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { MIGRATIONS } from '../db/migrate.ts';

export interface Check {
  ok: boolean;
  [detail: string]: unknown;
}

/** How long one readiness check may take before it counts as failed. */
const CHECK_TIMEOUT_MS = 2000;

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));

async function databaseCheck(app: FastifyInstance): Promise<{ database: Check; migrations: Check }> {
  const started = performance.now();
  try {
    const { rows } = await withTimeout(
      sql<{ name: string }>`select name from kysely_migration order by name`.execute(app.db),
      CHECK_TIMEOUT_MS,
      'database',
    );
    const database: Check = { ok: true, ms: Math.round(performance.now() - started) };
    const applied = new Set(rows.map((row) => row.name));
    const pending = Object.keys(MIGRATIONS).filter((name) => !applied.has(name));
    // A database ahead of this code (a newer process migrated it during a rolling deploy) still serves this one.
    const unknown = rows.map((row) => row.name).filter((name) => !(name in MIGRATIONS));
    return {
      database,
      migrations: { ok: pending.length === 0, pending, ...(unknown.length > 0 ? { newer: unknown } : {}) },
    };
  } catch (error) {
    return {
      database: { ok: false, error: reason(error) },
      migrations: { ok: false, error: 'unknown: the database did not answer' },
    };
  }
}

/** The readiness answer: every check, and whether all passed. */
export async function readiness(
  app: FastifyInstance,
): Promise<{ ready: boolean; checks: Record<string, Check> }> {
  const { database, migrations } = await databaseCheck(app);
  const jobs: Check = app.config.backgroundJobs
    ? { ok: app.jobs.active, ...(app.jobs.active ? {} : { error: 'the scheduler is not running' }) }
    : { ok: true, off: 'BACKGROUND_JOBS=false: this process runs no periodic jobs' };
  const hub = app.events.health();
  const events: Check = {
    ok: hub.ok,
    lastReadAgoMs: hub.lastReadAgoMs,
    ...(hub.ok ? {} : { error: 'the live-event hub is not reading the log' }),
  };
  const checks = { database, migrations, jobs, events };
  return { ready: Object.values(checks).every((check) => check.ok), checks };
}

export function registerHealthRoutes(app: FastifyInstance): void {
  app.get('/healthz', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'alive' }),
  );
  app.get('/readyz', async (_request, reply) => {
    const { ready, checks } = await readiness(app);
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ready ? 'ready' : 'not ready', checks });
  });
}

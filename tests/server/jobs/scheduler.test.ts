// Periodic jobs run once across processes: two schedulers on one database stand for two server processes.
import { sql } from 'kysely';
import { Registry } from 'prom-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/database.ts';
import { JobScheduler, type JobDefinition } from '#server/jobs/scheduler.ts';
import { registerJobMetrics } from '#server/ops/metrics.ts';
import { freshDatabase } from '../../support/server/db.ts';

let database: Database;
const schedulers: JobScheduler[] = [];

beforeAll(async () => {
  database = await freshDatabase();
});
afterEach(async () => {
  await Promise.all(schedulers.splice(0).map((scheduler) => scheduler.stop()));
  await database.db.deleteFrom('jobs').execute();
});
afterAll(async () => {
  await database.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function scheduler(jobs: JobDefinition[], owner: string): JobScheduler {
  const made = new JobScheduler(database.db, jobs, { tickMs: 20, owner, onError: () => undefined });
  schedulers.push(made);
  return made;
}

async function until(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(10);
  }
}

const row = (name: string) =>
  database.db.selectFrom('jobs').selectAll().where('name', '=', name).executeTakeFirstOrThrow();

describe('JobScheduler', () => {
  it('runs a due job once although two processes look for it at the same moment', async () => {
    const ran: string[] = [];
    const job = (owner: string): JobDefinition => ({
      name: 'close',
      everyMs: 3_600_000,
      run: async () => {
        ran.push(owner);
        await sleep(150);
      },
    });
    const a = scheduler([job('a')], 'a');
    const b = scheduler([job('b')], 'b');
    await Promise.all([a.start(), b.start()]);
    await until(async () => (await row('close')).last_finished_at !== null);
    await sleep(200);
    expect(ran).toHaveLength(1);
    const after = await row('close');
    expect(after.runs).toBe(1);
    expect(after.locked_by).toBeNull();
    expect(after.due_at.getTime()).toBeGreaterThan(Date.now() + 3_500_000);
  });

  it('records a failure and tries again after retryMs; a success clears it', async () => {
    let calls = 0;
    const a = scheduler(
      [
        {
          name: 'flaky',
          everyMs: 3_600_000,
          retryMs: 100,
          run: async () => {
            calls += 1;
            if (calls === 1) throw new Error('the first try fails');
          },
        },
      ],
      'a',
    );
    await a.start();
    await until(async () => (await row('flaky')).last_error === 'the first try fails');
    await until(async () => calls === 2 && (await row('flaky')).last_error === null);
    expect((await row('flaky')).runs).toBe(2);
  });

  it('takes over a job whose holder died, only once its lease has run out', async () => {
    await database.db
      .insertInto('jobs')
      .values({
        name: 'sweep',
        locked_by: 'dead-process',
        locked_until: sql<Date>`now() + interval '300 milliseconds'`,
      })
      .execute();
    const started: number[] = [];
    const from = Date.now();
    const b = scheduler(
      [
        {
          name: 'sweep',
          everyMs: 3_600_000,
          run: async () => {
            started.push(Date.now() - from);
          },
        },
      ],
      'b',
    );
    await b.start();
    await until(() => started.length === 1);
    expect(started[0]).toBeGreaterThanOrEqual(250);
    // The run has started; its release is written after it returns.
    await until(async () => (await row('sweep')).last_finished_at !== null);
    const after = await row('sweep');
    expect(after.locked_by).toBeNull();
    expect(after.runs).toBe(1);
  });

  it('tells a run that lost its lease to stop, and keeps the new holder', async () => {
    let aborted = false;
    const a = scheduler(
      [
        {
          name: 'long',
          everyMs: 3_600_000,
          leaseMs: 300,
          run: async ({ signal }) => {
            await until(() => signal.aborted, 3000).catch(() => undefined);
            aborted = signal.aborted;
          },
        },
      ],
      'a',
    );
    await a.start();
    await until(async () => (await row('long')).locked_by === 'a');
    await database.db
      .updateTable('jobs')
      .set({ locked_by: 'b', locked_until: sql<Date>`now() + interval '1 minute'` })
      .where('name', '=', 'long')
      .execute();
    await until(() => aborted);
    await sleep(50);
    expect((await row('long')).locked_by).toBe('b');
  });

  it('runNow runs a job that is not due, and answers false while another process holds it', async () => {
    let calls = 0;
    const job: JobDefinition = {
      name: 'manual',
      everyMs: 3_600_000,
      run: async () => {
        calls += 1;
      },
    };
    const a = scheduler([job], 'a');
    await database.db
      .insertInto('jobs')
      .values({ name: 'manual', due_at: sql<Date>`now() + interval '1 day'` })
      .execute();
    expect(await a.runNow('manual')).toBe(true);
    expect(calls).toBe(1);
    await database.db
      .updateTable('jobs')
      .set({ locked_by: 'b', locked_until: sql<Date>`now() + interval '1 minute'` })
      .where('name', '=', 'manual')
      .execute();
    expect(await a.runNow('manual')).toBe(false);
    expect(calls).toBe(1);
    await expect(a.runNow('nothing')).rejects.toThrow(/no job named nothing/);
  });

  it('trigger makes a job due now for whichever process looks next', async () => {
    let calls = 0;
    const a = scheduler(
      [
        {
          name: 'digest',
          everyMs: 3_600_000,
          run: async () => {
            calls += 1;
          },
        },
      ],
      'a',
    );
    await a.start();
    await until(() => calls === 1);
    await sleep(100);
    expect(calls).toBe(1);
    await a.trigger('digest');
    await until(() => calls === 2);
    const [status] = await a.status();
    expect(status).toMatchObject({ name: 'digest', runs: 2, lastError: null });
  });

  it('stop() aborts what runs and waits for it', async () => {
    let sawAbort = false;
    const a = scheduler(
      [
        {
          name: 'slow',
          everyMs: 3_600_000,
          run: async ({ signal }) => {
            await until(() => signal.aborted, 3000).catch(() => undefined);
            sawAbort = signal.aborted;
          },
        },
      ],
      'a',
    );
    await a.start();
    await until(async () => (await row('slow')).locked_by === 'a');
    await a.stop();
    expect(sawAbort).toBe(true);
    expect(a.active).toBe(false);
  });

  it('reports each job to Prometheus from the jobs table: failing or not, and its last success', async () => {
    let fail = true;
    const a = scheduler(
      [
        {
          name: 'reported',
          everyMs: 3_600_000,
          run: async () => {
            if (fail) throw new Error('down');
          },
        },
      ],
      'a',
    );
    const registry = new Registry();
    registerJobMetrics(registry, a);
    await expect(a.runNow('reported')).rejects.toThrow('down');
    expect(await registry.metrics()).toContain('mlm_job_failing{job="reported"} 1');
    fail = false;
    expect(await a.runNow('reported')).toBe(true);
    const text = await registry.metrics();
    expect(text).toContain('mlm_job_failing{job="reported"} 0');
    const success = /mlm_job_last_success_timestamp_seconds\{job="reported"\} ([\d.]+)/.exec(text)?.[1];
    expect(Math.abs(Number(success) * 1000 - Date.now())).toBeLessThan(10_000);
  });
});

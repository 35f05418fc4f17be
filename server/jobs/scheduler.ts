/**
 * Periodic jobs that run **once across every server process** on one database: a period close, a reconciliation
 * sweep, a digest. Every process runs a scheduler with the same jobs; the `jobs` table (migration 0009) decides who
 * runs one:
 *
 * - A job is due when `due_at` has passed. A process takes it with one conditional update (`locked_until` empty or
 *   past), so of two processes asking at once exactly one gets it.
 * - While it runs, the holder renews its lease every third of `leaseMs`. A holder that cannot renew (its lease was
 *   taken over after a stall) is told through the run's `signal` and must stop.
 * - A finished run moves `due_at` on by `everyMs` and frees the job; a failed one records `last_error` and is due
 *   again after `retryMs`. A process killed mid-run leaves a lease that runs out: another process reruns the job.
 *   **Jobs are written to be rerun**: each is idempotent or resumes from what it committed.
 * - `trigger(name)` makes a job due now (an operator's command, a test, or a change that wants it sooner).
 *
 * Work that many processes may share row by row (the messages worker) does not need this: it claims rows itself
 * (`FOR UPDATE SKIP LOCKED`). This is for work that must not run twice at the same time.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { inBackground } from '../ops/requests-first.ts';

export interface JobContext {
  db: Kysely<DB>;
  /** Aborted when the process stops or the lease was lost: stop at the next safe point. */
  signal: AbortSignal;
  /** When this run started (the job's notion of "now", e.g. which month is due for closing). */
  now: Date;
}

export interface JobDefinition {
  /** Unique, stable: the row in `jobs`. */
  name: string;
  /** How long after a successful run the job is due again (ms). */
  everyMs: number;
  /** How long after a failed run the job is due again (ms; default a tenth of `everyMs`, at least 1 s). */
  retryMs?: number;
  /** How long a holder may go without renewing before another process may take the job (ms; default 60 s). */
  leaseMs?: number;
  run(context: JobContext): Promise<void>;
}

export interface JobStatus {
  name: string;
  /** Whether this process is running it now. */
  running: boolean;
  runs: number;
  dueAt: Date | null;
  lastFinishedAt: Date | null;
  lastError: string | null;
}

export interface SchedulerOptions {
  /** How often the scheduler looks for due jobs (ms; default 1 s). */
  tickMs?: number;
  /** Names this process in `locked_by` (default host, pid and a random part). */
  owner?: string;
  /** Where failures are reported (default `process.emitWarning`). */
  onError?: (job: string, error: unknown) => void;
}

const DEFAULT_LEASE_MS = 60_000;

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export class JobScheduler {
  readonly owner: string;
  private readonly jobs = new Map<string, JobDefinition>();
  private readonly running = new Map<string, Promise<boolean>>();
  private readonly stopping = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private started: Promise<void> | null = null;
  private readonly tickMs: number;
  private readonly onError: (job: string, error: unknown) => void;

  constructor(
    private readonly db: Kysely<DB>,
    jobs: readonly JobDefinition[],
    options: SchedulerOptions = {},
  ) {
    for (const job of jobs) {
      if (this.jobs.has(job.name)) throw new Error(`job ${job.name} is defined twice`);
      if (!(job.everyMs > 0)) throw new Error(`job ${job.name}: everyMs must be positive`);
      this.jobs.set(job.name, job);
    }
    this.owner = options.owner ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.tickMs = options.tickMs ?? 1000;
    this.onError =
      options.onError ??
      ((job, error) => {
        process.emitWarning(`job ${job}: ${message(error)}`);
      });
  }

  get names(): string[] {
    return [...this.jobs.keys()];
  }

  /** Whether the scheduler is looking for due jobs (readiness checks ask this). */
  get active(): boolean {
    return this.timer !== undefined && !this.stopping.signal.aborted;
  }

  /** Makes sure every job has its row, then looks for due jobs every `tickMs` (idempotent). */
  start(): Promise<void> {
    this.started ??= (async () => {
      await this.ensureRows();
      if (this.stopping.signal.aborted) return;
      this.timer = setInterval(() => this.tick(), this.tickMs);
      this.timer.unref();
      this.tick();
    })();
    return this.started;
  }

  /** Stops looking, tells running jobs to stop, and waits for them. */
  async stop(): Promise<void> {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    this.stopping.abort();
    await Promise.allSettled(this.running.values());
  }

  /** Makes `name` due now; any process's scheduler runs it at its next look. */
  async trigger(name: string): Promise<void> {
    this.definition(name);
    await this.ensureRows();
    await this.db
      .updateTable('jobs')
      .set({ due_at: sql`now()` })
      .where('name', '=', name)
      .execute();
  }

  /**
   * Runs `name` now in this process if nobody holds it (whether due or not). Answers true when it ran and
   * succeeded, false when another holder had it; throws the job's error when it failed.
   */
  async runNow(name: string): Promise<boolean> {
    const job = this.definition(name);
    await this.ensureRows();
    const pending = this.running.get(name);
    if (pending !== undefined) {
      await pending;
      return false;
    }
    return this.attempt(job, { ignoreDue: true, rethrow: true });
  }

  async status(): Promise<JobStatus[]> {
    if (this.jobs.size === 0) return []; // `in ()` is not SQL
    const rows = await this.db.selectFrom('jobs').selectAll().where('name', 'in', this.names).execute();
    const byName = new Map(rows.map((row) => [row.name, row]));
    return this.names.map((name) => {
      const row = byName.get(name);
      return {
        name,
        running: this.running.has(name),
        runs: row?.runs ?? 0,
        dueAt: row?.due_at ?? null,
        lastFinishedAt: row?.last_finished_at ?? null,
        lastError: row?.last_error ?? null,
      };
    });
  }

  private definition(name: string): JobDefinition {
    const job = this.jobs.get(name);
    if (job === undefined) throw new Error(`no job named ${name}`);
    return job;
  }

  private async ensureRows(): Promise<void> {
    if (this.jobs.size === 0) return;
    await this.db
      .insertInto('jobs')
      .values(this.names.map((name) => ({ name })))
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  }

  private tick(): void {
    for (const job of this.jobs.values()) {
      if (this.running.has(job.name) || this.stopping.signal.aborted) continue;
      void this.attempt(job, { ignoreDue: false, rethrow: false });
    }
  }

  /** Takes the job if free (and due, unless `ignoreDue`), runs it, and frees it. */
  private attempt(job: JobDefinition, how: { ignoreDue: boolean; rethrow: boolean }): Promise<boolean> {
    // Background work: requests go first (docs/adr/0150-requests-before-background-work.md).
    const run = inBackground(() => this.claimAndRun(job, how)).finally(() => this.running.delete(job.name));
    this.running.set(job.name, run);
    return run;
  }

  private async claimAndRun(
    job: JobDefinition,
    how: { ignoreDue: boolean; rethrow: boolean },
  ): Promise<boolean> {
    const leaseMs = job.leaseMs ?? DEFAULT_LEASE_MS;
    let claimed;
    try {
      claimed = await this.db
        .updateTable('jobs')
        .set((eb) => ({
          locked_by: this.owner,
          locked_until: sql<Date>`now() + ${sql.lit(`${leaseMs} milliseconds`)}::interval`,
          last_started_at: sql<Date>`now()`,
          runs: eb('runs', '+', 1),
        }))
        .where('name', '=', job.name)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', sql<Date>`now()`)]))
        .$if(!how.ignoreDue, (qb) => qb.where('due_at', '<=', sql<Date>`now()`))
        .returning(sql<Date>`now()`.as('now'))
        .executeTakeFirst();
    } catch (error) {
      if (how.rethrow) throw error;
      this.onError(job.name, error);
      return false;
    }
    if (claimed === undefined) return false;

    const lease = new AbortController();
    const stop = (): void => lease.abort(this.stopping.signal.reason);
    this.stopping.signal.addEventListener('abort', stop, { once: true });
    const renewal = setInterval(
      () => {
        void this.renew(job.name, leaseMs).then(
          (held) => {
            if (!held) lease.abort(new Error(`job ${job.name}: the lease was taken over`));
          },
          (error: unknown) => this.onError(job.name, error),
        );
      },
      Math.max(250, Math.floor(leaseMs / 3)),
    );
    renewal.unref();

    let failure: unknown;
    try {
      await job.run({ db: this.db, signal: lease.signal, now: new Date(claimed.now) });
    } catch (error) {
      failure = error;
    } finally {
      clearInterval(renewal);
      this.stopping.signal.removeEventListener('abort', stop);
    }

    const nextMs = failure === undefined ? job.everyMs : (job.retryMs ?? Math.max(1000, job.everyMs / 10));
    try {
      await this.db
        .updateTable('jobs')
        .set({
          locked_by: null,
          locked_until: null,
          due_at: sql<Date>`now() + ${sql.lit(`${Math.round(nextMs)} milliseconds`)}::interval`,
          last_finished_at: sql<Date>`now()`,
          last_error: failure === undefined ? null : message(failure).slice(0, 2000),
        })
        .where('name', '=', job.name)
        .where('locked_by', '=', this.owner)
        .execute();
    } catch (error) {
      this.onError(job.name, error);
    }
    if (failure !== undefined) {
      if (how.rethrow) throw failure instanceof Error ? failure : new Error(message(failure));
      this.onError(job.name, failure);
      return false;
    }
    return true;
  }

  private async renew(name: string, leaseMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set({ locked_until: sql<Date>`now() + ${sql.lit(`${leaseMs} milliseconds`)}::interval` })
      .where('name', '=', name)
      .where('locked_by', '=', this.owner)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}

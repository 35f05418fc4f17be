/**
 * What the "1C exchange" screen shows warehouse staff (`ExchangeOverview`, `ImportIssuePage` in the contract): the
 * warehouse's orders toward 1C by exchange state, and the latest catalogue imports with their files, counts and
 * issues.
 */
import { sql, type Kysely } from 'kysely';
import type { components } from '#openapi/schema.d.ts';
import type { DB } from '#server/db/schema.ts';
import { SKIPPING_CODES } from './issues.ts';

export type ExchangeOverview = components['schemas']['ExchangeOverview'];
export type ImportRun = components['schemas']['ImportRun'];
export type ImportIssuePage = components['schemas']['ImportIssuePage'];
type IssueCode = components['schemas']['ImportIssue']['code'];

/** Runs shown at once. */
export const OVERVIEW_RUNS = 20;

const iso = (at: Date | null): string | null => (at === null ? null : at.toISOString());

export async function exchangeOverview(
  db: Kysely<DB>,
  warehouseId: number | null,
): Promise<ExchangeOverview> {
  const counts =
    warehouseId === null
      ? undefined
      : await db
          .selectFrom('orders')
          .select([
            sql<number>`count(*) filter (where exchange_state = 'queued' or (status = 'sent_to_1c' and exchange_state is null))`.as(
              'queued',
            ),
            sql<number>`count(*) filter (where exchange_state = 'sent')`.as('sent'),
            sql<number>`count(*) filter (where exchange_state = 'error')`.as('errors'),
            sql<Date | null>`max(exchanged_at)`.as('last'),
          ])
          .where('warehouse_id', '=', warehouseId)
          .where((eb) => eb.or([eb('exchange_state', 'is not', null), eb('status', '=', 'sent_to_1c')]))
          .executeTakeFirst();
  const runs = await db
    .selectFrom('exchange_import_runs as r')
    .select([
      'r.id',
      'r.source',
      'r.status',
      'r.started_at',
      'r.finished_at',
      'r.failure',
      'r.created',
      'r.updated',
      'r.deactivated',
      'r.skipped',
      (eb) =>
        eb
          .selectFrom('exchange_import_issues as i')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('i.run_id', '=', 'r.id')
          .as('issues'),
    ])
    .orderBy('r.started_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(OVERVIEW_RUNS)
    .execute();
  const files =
    runs.length === 0
      ? []
      : await db
          .selectFrom('exchange_import_files')
          .select(['run_id', 'name', 'kind', 'stage', 'full_upload', 'failure'])
          .where(
            'run_id',
            'in',
            runs.map((run) => run.id),
          )
          .orderBy('id')
          .execute();
  return {
    orders: {
      queued: Number(counts?.queued ?? 0),
      sent: Number(counts?.sent ?? 0),
      errors: Number(counts?.errors ?? 0),
      lastExchangeAt: iso(counts?.last === undefined || counts.last === null ? null : new Date(counts.last)),
    },
    runs: runs.map((run) => ({
      id: run.id,
      source: run.source,
      status: run.status,
      startedAt: run.started_at.toISOString(),
      finishedAt: iso(run.finished_at),
      failure: run.failure,
      created: run.created,
      updated: run.updated,
      deactivated: run.deactivated,
      skipped: run.skipped,
      issues: Number(run.issues ?? 0),
      files: files
        .filter((file) => file.run_id === run.id)
        .map((file) => ({
          name: file.name,
          kind: file.kind,
          stage: file.stage,
          fullUpload: file.full_upload,
          failure: file.failure,
        })),
    })),
  };
}

const SKIPPING: ReadonlySet<string> = new Set(SKIPPING_CODES);

/** A page of a run's issues, or null for an unknown run. */
export async function importIssues(
  db: Kysely<DB>,
  runId: number,
  page: number,
  pageSize: number,
): Promise<ImportIssuePage | null> {
  const run = await db
    .selectFrom('exchange_import_runs')
    .select('id')
    .where('id', '=', runId)
    .executeTakeFirst();
  if (run === undefined) return null;
  const [total, rows] = await Promise.all([
    db
      .selectFrom('exchange_import_issues')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('run_id', '=', runId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('exchange_import_issues')
      .select(['id', 'file', 'code', 'onec_id', 'sku', 'name', 'detail'])
      .where('run_id', '=', runId)
      .orderBy('id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
  ]);
  return {
    page,
    pageSize,
    total: Number(total.n),
    items: rows.map((row) => ({
      id: row.id,
      file: row.file,
      code: row.code as IssueCode,
      skipped: SKIPPING.has(row.code),
      onecId: row.onec_id,
      sku: row.sku,
      name: row.name,
      detail: row.detail,
    })),
  };
}

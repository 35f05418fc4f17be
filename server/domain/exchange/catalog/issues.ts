/**
 * What an import run could not do, item by item, with the reason's code (the "1C exchange" screen says each in the
 * reader's language; `detail` carries what 1C wrote). An item *skipped* is left out entirely; the other codes mark
 * a part of an item left out (one price, one warehouse's figure, a picture) while the rest was applied.
 */
import type { Transaction } from 'kysely';
import type { DB } from '#server/db/schema.ts';

export const SKIPPING_CODES = [
  'MISSING_ID',
  'VARIANT',
  'SERVICE',
  'UNKNOWN_GROUP',
  'MISSING_SKU',
  'MISSING_NAME',
  'DUPLICATE_SKU',
  'DUPLICATE_IN_FILE',
  'DELETED_UNKNOWN',
  'UNKNOWN_PRODUCT',
] as const;

export const PARTIAL_CODES = [
  'OTHER_CURRENCY',
  'BAD_NUMBER',
  'NEGATIVE_QUANTITY',
  'UNIT_RATIO',
  'UNKNOWN_WAREHOUSE',
  'STOCK_WITHOUT_WAREHOUSE',
  'IMAGE_MISSING',
  'IMAGE_UNSUPPORTED',
  'NO_PRICE_TYPE',
] as const;

export type IssueCode = (typeof SKIPPING_CODES)[number] | (typeof PARTIAL_CODES)[number];
export const ISSUE_CODES: readonly IssueCode[] = [...SKIPPING_CODES, ...PARTIAL_CODES];

export interface Issue {
  code: IssueCode;
  onecId?: string | null;
  sku?: string | null;
  name?: string | null;
  detail?: string | null;
}

/** At most this many issues are kept per run (every skipped item is counted all the same). */
export const MAX_ISSUES_PER_RUN = 1000;

/** What applying one chunk of records did. */
export interface ChunkOutcome {
  created: number;
  updated: number;
  deactivated: number;
  skipped: number;
  issues: Issue[];
}

export const emptyOutcome = (): ChunkOutcome => ({
  created: 0,
  updated: 0,
  deactivated: 0,
  skipped: 0,
  issues: [],
});

const clip = (value: string | null | undefined, length: number): string | null =>
  value === null || value === undefined ? null : value.slice(0, length);

/** Adds a chunk's counts to its run and keeps its issues (up to `MAX_ISSUES_PER_RUN` a run). */
export async function recordOutcome(
  trx: Transaction<DB>,
  runId: number,
  file: string,
  outcome: ChunkOutcome,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('exchange_import_runs')
    .set((eb) => ({
      created: eb('created', '+', outcome.created),
      updated: eb('updated', '+', outcome.updated),
      deactivated: eb('deactivated', '+', outcome.deactivated),
      skipped: eb('skipped', '+', outcome.skipped),
      updated_at: now,
    }))
    .where('id', '=', runId)
    .execute();
  if (outcome.issues.length === 0) return;
  const kept = await trx
    .selectFrom('exchange_import_issues')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('run_id', '=', runId)
    .executeTakeFirstOrThrow();
  const room = MAX_ISSUES_PER_RUN - Number(kept.n);
  if (room <= 0) return;
  await trx
    .insertInto('exchange_import_issues')
    .values(
      outcome.issues.slice(0, room).map((issue) => ({
        run_id: runId,
        file: file.slice(0, 300),
        code: issue.code,
        onec_id: clip(issue.onecId, 200),
        sku: clip(issue.sku, 100),
        name: clip(issue.name, 300),
        detail: clip(issue.detail, 500),
        at: now,
      })),
    )
    .execute();
}

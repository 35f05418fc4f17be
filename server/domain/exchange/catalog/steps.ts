/**
 * The catalogue import as a step machine whose state lives in the database (docs/adr/0092-import-step-machine.md):
 * 1C calls `import&filename=…` again and again while the portal answers `progress`, and any server process may
 * serve any call, because everything between calls is in tables — the run, each file's stage and cursor, the
 * records read and waiting, the counts and issues.
 *
 * A file goes `reading` → `applying` → (`deactivating`) → `done`, or `failed`:
 *
 * - **reading** (`reading.ts`): the file is decoded and parsed as a stream, its records kept in chunks of
 *   `CHUNK_RECORDS` (`exchange_import_chunks`). A read outlives the call whose budget ran out (it goes on in this
 *   process under the file's lease; the next call waits for it), so nothing is parsed twice; one a dying process
 *   left short resumes after the records already kept. A file that cannot be read fails here, before anything of
 *   it is applied.
 * - **applying**: one chunk per transaction, in order, with the run's counts, issues and dictionary; the file's
 *   cursor moves in the same transaction, so a process dying mid-chunk leaves the chunk to be done again, whole.
 *   Between chunks people's requests go first (docs/adr/0150-requests-before-background-work.md).
 * - **deactivating**: the end of a full upload (`deactivate.ts`, `zeroUnnamedStock`).
 *
 * One call works until its budget (`EXCHANGE_IMPORT_STEP_MS`) is spent, then answers; a call holds the file with a
 * lease, so a call repeated while another still works (1C timing out and retrying) answers `progress` at once.
 */
import type { Kysely, Transaction } from 'kysely';
import type { CatalogueExchangeConfig } from '#server/config.ts';
import type { DB } from '#server/db/schema.ts';
import { requestsFirst } from '#server/ops/requests-first.ts';
import {
  applyGroups,
  applyPriceTypes,
  applyProperties,
  applyWarehouses,
  type ApplyContext,
} from './apply-classifier.ts';
import { applyOffers, zeroUnnamedStock } from './apply-offers.ts';
import { applyProducts } from './apply-products.ts';
import { catalogueScope, deactivateUnnamed, type DeactivationScope } from './deactivate.ts';
import { dictionaryOf, priceRoleOf, type Dictionary } from './dictionary.ts';
import type { FileSource } from './files.ts';
import { emptyOutcome, recordOutcome, type ChunkOutcome } from './issues.ts';
import { analyzeWithin, vacuumAfter } from './maintenance.ts';
import { failFile, fileRow, inTransaction, leaseUntil, readToEnd, type FileRow } from './reading.ts';
import type {
  CatalogueRecord,
  GroupRecord,
  OfferRecord,
  PriceTypeRecord,
  ProductRecord,
  PropertyRecord,
  WarehouseRecord,
} from './records.ts';

type Db = Kysely<DB> | Transaction<DB>;

export { CHUNK_RECORDS } from './reading.ts';

export type StepAnswer =
  | { kind: 'progress'; message: string }
  | { kind: 'success'; message: string }
  | { kind: 'failure'; reason: string };

export interface ImportDriver {
  db: Db;
  config: CatalogueExchangeConfig;
  currency: string;
  files: FileSource;
  runId: number;
  /** the work one call may do; Infinity for the demo seed */
  budgetMs: number;
  /** requests first between chunks (off for the seed, which has the database to itself) */
  rest: boolean;
}

/** The run of an exchange session (made by its first `import`), or a new run of the seed. */
export async function openRun(db: Db, sessionId: string | null, now: Date = new Date()): Promise<number> {
  if (sessionId === null) {
    const row = await db
      .insertInto('exchange_import_runs')
      .values({ session_id: null, source: 'seed', started_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const row = await db
    .insertInto('exchange_import_runs')
    .values({ session_id: sessionId, started_at: now, updated_at: now })
    .onConflict((oc) => oc.column('session_id').doUpdateSet({ updated_at: now }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The run of an exchange session, if it has one. */
export async function runOfSession(db: Db, sessionId: string): Promise<number | null> {
  const row = await db
    .selectFrom('exchange_import_runs')
    .select('id')
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Records that a file of the run failed (a file row made if needed), and the run with it. */
export async function recordFailure(
  db: Db,
  runId: number,
  name: string,
  reason: string,
): Promise<StepAnswer> {
  const file = await fileRow(db, runId, name);
  return failFile(db, runId, file.id, name, reason);
}

const isThreeX = (version: string | null): boolean => version !== null && /^3(\.|$)/.test(version.trim());

/** Groups consecutive records of one type, so each type is applied set-wise in document order. */
function runsOf(records: readonly CatalogueRecord[]): CatalogueRecord[][] {
  const out: CatalogueRecord[][] = [];
  for (const record of records) {
    const last = out[out.length - 1];
    if (last !== undefined && last[0]?.t === record.t) last.push(record);
    else out.push([record]);
  }
  return out;
}

async function applyRecords(ctx: ApplyContext, records: readonly CatalogueRecord[], outcome: ChunkOutcome) {
  for (const run of runsOf(records)) {
    switch (run[0]?.t) {
      case 'group':
        await applyGroups(ctx, run as GroupRecord[]);
        break;
      case 'property':
        applyProperties(ctx, run as PropertyRecord[]);
        break;
      case 'priceType':
        applyPriceTypes(ctx, run as PriceTypeRecord[]);
        break;
      case 'warehouse':
        await applyWarehouses(ctx, run as WarehouseRecord[], outcome);
        break;
      case 'product':
        await applyProducts(ctx, run as ProductRecord[], outcome);
        break;
      case 'offer':
        await applyOffers(ctx, run as OfferRecord[], outcome);
        break;
      default:
        break;
    }
  }
}

async function loadDictionary(db: Db, runId: number): Promise<Dictionary> {
  const row = await db
    .selectFrom('exchange_import_runs')
    .select('dictionary')
    .where('id', '=', runId)
    .executeTakeFirstOrThrow();
  return dictionaryOf(row.dictionary);
}

/** Applies the next chunk of a file (one transaction); answers whether chunks remain. */
async function applyNextChunk(driver: ImportDriver, file: FileRow, dictionary: Dictionary): Promise<boolean> {
  const now = new Date();
  await inTransaction(driver.db, async (trx) => {
    const chunk = await trx
      .selectFrom('exchange_import_chunks')
      .select('records')
      .where('file_id', '=', file.id)
      .where('seq', '=', file.chunks_applied)
      .executeTakeFirstOrThrow();
    const outcome = emptyOutcome();
    const known = JSON.stringify(dictionary);
    const ctx: ApplyContext = {
      trx,
      runId: driver.runId,
      file: file.name,
      config: driver.config,
      currency: driver.currency,
      dictionary,
      files: driver.files,
      fullUpload: file.full_upload === true,
      now,
    };
    await applyRecords(ctx, chunk.records as CatalogueRecord[], outcome);
    await recordOutcome(trx, driver.runId, file.name, outcome, now);
    // Products and offers rarely add to the dictionary: a chunk writes it only when it did.
    const learned = JSON.stringify(dictionary);
    if (learned !== known)
      await trx
        .updateTable('exchange_import_runs')
        .set({ dictionary: learned })
        .where('id', '=', driver.runId)
        .execute();
    await trx
      .updateTable('exchange_import_files')
      .set({ chunks_applied: file.chunks_applied + 1 })
      .where('id', '=', file.id)
      .execute();
  });
  file.chunks_applied += 1;
  return file.chunks_applied < file.chunks;
}

/** The end of a file: a full upload's deactivation (now, or at the end of a 3.x run), and the file is done. */
async function finishFile(driver: ImportDriver, file: FileRow, dictionary: Dictionary): Promise<void> {
  const now = new Date();
  await inTransaction(driver.db, async (trx) => {
    const outcome = emptyOutcome();
    const full = file.full_upload === true;
    if (file.kind === 'catalogue' && full) {
      const scope = catalogueScope(dictionary);
      if (isThreeX(file.schema_version)) {
        await trx
          .updateTable('exchange_import_runs')
          .set({ deferred_scope: JSON.stringify(scope) })
          .where('id', '=', driver.runId)
          .execute();
      } else {
        outcome.deactivated += await deactivateUnnamed(trx, driver.runId, scope, now);
      }
    }
    if (file.kind === 'offers') {
      const types = Object.keys(dictionary.priceTypes);
      if (types.length > 0 && !types.some((id) => priceRoleOf(id, dictionary, driver.config) === 'price')) {
        outcome.issues.push({
          code: 'NO_PRICE_TYPE',
          detail: types.map((id) => dictionary.priceTypes[id]?.name ?? id).join(', '),
        });
      }
      if (full) {
        outcome.updated += await zeroUnnamedStock({
          trx,
          runId: driver.runId,
          file: file.name,
          config: driver.config,
          currency: driver.currency,
          dictionary,
          fullUpload: true,
          now,
        });
      }
    }
    await recordOutcome(trx, driver.runId, file.name, outcome, now);
    await analyzeWithin(trx, driver.db, file.kind);
    await trx.deleteFrom('exchange_import_chunks').where('file_id', '=', file.id).execute();
    await trx
      .updateTable('exchange_import_files')
      .set({ stage: 'done', finished_at: now, locked_until: null })
      .where('id', '=', file.id)
      .execute();
    const failed = await trx
      .selectFrom('exchange_import_files')
      .select('id')
      .where('run_id', '=', driver.runId)
      .where('stage', '=', 'failed')
      .executeTakeFirst();
    await trx
      .updateTable('exchange_import_runs')
      .set({ status: failed === undefined ? 'success' : 'failure', finished_at: now, updated_at: now })
      .where('id', '=', driver.runId)
      .execute();
  });
  file.stage = 'done';
  await vacuumAfter(driver.db, file.kind);
}

async function summary(db: Db, runId: number): Promise<string> {
  const run = await db
    .selectFrom('exchange_import_runs')
    .select(['created', 'updated', 'deactivated', 'skipped'])
    .where('id', '=', runId)
    .executeTakeFirstOrThrow();
  return `created ${run.created}, updated ${run.updated}, deactivated ${run.deactivated}, skipped ${run.skipped}`;
}

/** Takes the file for this call, unless another call holds it; the lease outlives the call's budget. */
async function takeLease(db: Db, fileId: number, budgetMs: number): Promise<boolean> {
  if (db.isTransaction) return true;
  const now = new Date();
  const until = leaseUntil(budgetMs, now);
  const taken = await db
    .updateTable('exchange_import_files')
    .set({ locked_until: until })
    .where('id', '=', fileId)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .returning('id')
    .executeTakeFirst();
  return taken !== undefined;
}

async function releaseLease(db: Db, fileId: number): Promise<void> {
  if (db.isTransaction) return;
  await db
    .updateTable('exchange_import_files')
    .set({ locked_until: null })
    .where('id', '=', fileId)
    .execute();
}

const PAST_DEADLINE = Symbol('past the deadline');

/** Reads this process goes on with past the call that started them, by file id (`importStep`). */
const backgroundReads = new Map<number, Promise<void>>();

/** What `work` answers, or `PAST_DEADLINE` if the deadline (a `performance.now()` time) comes first. */
async function untilDeadline<T>(work: Promise<T>, deadline: number): Promise<T | typeof PAST_DEADLINE> {
  if (!Number.isFinite(deadline)) return work;
  let timer: NodeJS.Timeout | undefined;
  const past = new Promise<typeof PAST_DEADLINE>((resolve) => {
    timer = setTimeout(() => resolve(PAST_DEADLINE), Math.max(0, deadline - performance.now()));
  });
  try {
    return await Promise.race([work, past]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One `import&filename=` call: works on the file until it is done or the budget is spent. `name` is the file as the
 * source holds it (`resolveName`).
 */
export async function importStep(driver: ImportDriver, name: string): Promise<StepAnswer> {
  const started = performance.now();
  const deadline = started + driver.budgetMs;
  const file = await fileRow(driver.db, driver.runId, name);
  if (file.stage === 'done')
    return { kind: 'success', message: `${name}: ${await summary(driver.db, driver.runId)}` };
  if (file.stage === 'failed')
    return { kind: 'failure', reason: file.failure ?? 'the file could not be imported' };
  const background = backgroundReads.get(file.id);
  if (background !== undefined) {
    // This process still reads the file for an earlier call: wait for it within this call's budget, then go on.
    if ((await untilDeadline(background, deadline)) === PAST_DEADLINE) {
      return { kind: 'progress', message: `reading ${name}: ${file.records_read} records so far` };
    }
    return importStep({ ...driver, budgetMs: Math.max(0, deadline - performance.now()) }, name);
  }
  if (!(await takeLease(driver.db, file.id, driver.budgetMs))) {
    return { kind: 'progress', message: `${name} is being imported` };
  }
  await driver.db
    .updateTable('exchange_import_runs')
    .set({ status: 'running', finished_at: null, updated_at: new Date() })
    .where('id', '=', driver.runId)
    .where('status', '<>', 'failure')
    .execute();
  let reading: Promise<StepAnswer | null> | null = null;
  try {
    let dictionary: Dictionary | null = null;
    while (performance.now() <= deadline || file.stage === 'reading') {
      if (file.stage === 'reading') {
        reading = readToEnd(driver, file);
        const read = await untilDeadline(reading, deadline);
        if (read === PAST_DEADLINE) break;
        reading = null;
        if (read !== null) return read;
        if (performance.now() > deadline) break;
      }
      if (file.stage === 'applying') {
        dictionary ??= await loadDictionary(driver.db, driver.runId);
        if (file.chunks_applied < file.chunks) {
          await applyNextChunk(driver, file, dictionary);
          if (driver.rest) await requestsFirst();
          continue;
        }
        await finishFile(driver, file, dictionary);
      }
      // finishFile moved the file on.
      if ((file.stage as FileRow['stage']) === 'done') {
        return { kind: 'success', message: `${name}: ${await summary(driver.db, driver.runId)}` };
      }
    }
    const message =
      file.stage === 'reading'
        ? `reading ${name}: ${file.records_read} records so far`
        : `importing ${name}: ${file.chunks_applied} of ${file.chunks} parts`;
    return { kind: 'progress', message };
  } finally {
    if (reading === null) await releaseLease(driver.db, file.id);
    // The read goes on past this call (`readToEnd`): the lease is let go when it ends, however it ends.
    else {
      const ended = reading
        .catch(() => null)
        .then(() => releaseLease(driver.db, file.id))
        .catch(() => undefined)
        .finally(() => backgroundReads.delete(file.id));
      backgroundReads.set(file.id, ended);
    }
  }
}

/**
 * The end of a run (`mode=deactivate` / `mode=complete` of the 3.x protocol): a full catalogue upload deactivates
 * what it did not name now that all its packages are in. Answers how many products went.
 */
export async function finishDeferred(db: Db, runId: number): Promise<number> {
  return inTransaction(db, async (trx) => {
    const run = await trx
      .selectFrom('exchange_import_runs')
      .select('deferred_scope')
      .where('id', '=', runId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (run.deferred_scope === null) return 0;
    const now = new Date();
    const scope: DeactivationScope = run.deferred_scope;
    const gone = await deactivateUnnamed(trx, runId, scope, now);
    await trx
      .updateTable('exchange_import_runs')
      .set((eb) => ({ deferred_scope: null, deactivated: eb('deactivated', '+', gone), updated_at: now }))
      .where('id', '=', runId)
      .execute();
    return gone;
  });
}

/** Imports whole files in one go (the demo seed: its own transaction, no budget, no rests). */
export async function importAll(driver: ImportDriver, names: readonly string[]): Promise<StepAnswer[]> {
  const answers: StepAnswer[] = [];
  for (const name of names) {
    let answer: StepAnswer;
    do answer = await importStep(driver, name);
    while (answer.kind === 'progress');
    answers.push(answer);
  }
  await finishDeferred(driver.db, driver.runId);
  return answers;
}

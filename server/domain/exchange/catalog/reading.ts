/**
 * The import's files and their reading stage (docs/adr/0092-import-step-machine.md): a file row per file of a run,
 * its failure, and the stage that reads a file's XML into chunks of records kept in the database.
 */
import { AsyncResource } from 'node:async_hooks';
import { Worker } from 'node:worker_threads';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { requestsFirst } from '#server/ops/requests-first.ts';
import { XmlReadError } from '../xml-stream.ts';
import type { CatalogueRecord, FileHeader } from './records.ts';
import type { ThreadMessage } from './reading-thread.ts';
import type { ImportDriver, StepAnswer } from './steps.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** Records kept (and applied) together. */
export const CHUNK_RECORDS = 20;

/** How long a call's hold on a file lasts: past the call's budget, so a call never loses the file it works on. */
export const leaseUntil = (budgetMs: number, now: Date = new Date()): Date =>
  new Date(now.getTime() + Math.min(budgetMs, 60_000) + 30_000);

/** Runs `work` in a transaction of its own, or in the caller's when `db` already is one (the seed). */
export function inTransaction<T>(db: Db, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<DB>) : db.transaction().execute(work);
}

export async function failFile(
  db: Db,
  runId: number,
  fileId: number,
  name: string,
  reason: string,
): Promise<StepAnswer> {
  const now = new Date();
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable('exchange_import_files')
      .set({ stage: 'failed', failure: reason, finished_at: now, locked_until: null })
      .where('id', '=', fileId)
      .execute();
    await trx.deleteFrom('exchange_import_chunks').where('file_id', '=', fileId).execute();
    await trx
      .updateTable('exchange_import_runs')
      .set({
        status: 'failure',
        failure: `${name}: ${reason}`.slice(0, 1000),
        finished_at: now,
        updated_at: now,
      })
      .where('id', '=', runId)
      .execute();
  });
  return { kind: 'failure', reason };
}

export type FileRow = {
  id: number;
  name: string;
  kind: 'catalogue' | 'offers' | 'classifier' | null;
  stage: 'reading' | 'applying' | 'deactivating' | 'done' | 'failed';
  full_upload: boolean | null;
  schema_version: string | null;
  records_read: number;
  chunks: number;
  chunks_applied: number;
  failure: string | null;
};

export const FILE_COLUMNS = [
  'id',
  'name',
  'kind',
  'stage',
  'full_upload',
  'schema_version',
  'records_read',
  'chunks',
  'chunks_applied',
  'failure',
] as const;

/** The file row of `name` in the run, made on first sight (stage `reading`). */
export async function fileRow(db: Db, runId: number, name: string): Promise<FileRow> {
  await db
    .insertInto('exchange_import_files')
    .values({ run_id: runId, name })
    .onConflict((oc) => oc.columns(['run_id', 'name']).doNothing())
    .execute();
  return db
    .selectFrom('exchange_import_files')
    .select(FILE_COLUMNS)
    .where('run_id', '=', runId)
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
}

/** What a file is, from its header; a reason when it is nothing the catalogue import reads. */
function kindOf(header: FileHeader): { kind: 'catalogue' | 'offers' | 'classifier' } | { reason: string } {
  if (header.hasCatalogue) return { kind: 'catalogue' };
  if (header.hasOffers) return { kind: 'offers' };
  if (header.hasClassifier) return { kind: 'classifier' };
  if (header.hasDocuments) {
    return { reason: 'the file holds documents (orders), not a catalogue: 1C sends those with type=sale' };
  }
  return { reason: 'the file holds no catalogue (Каталог), offers (ПакетПредложений) or classifier' };
}

/**
 * Reads a file to its end into chunks and moves it to `applying`; answers the failure when the file cannot be read
 * (then it is `failed`, before anything of it was applied). A read that a dying process left short resumes after
 * the records already kept (`records_read`), parsing the file again up to there.
 *
 * The caller may stop waiting for it when its call's budget is spent (`importStep`): the read goes on in this
 * process, holding the file's lease and stretching it at every chunk, so the next calls answer `progress` at once
 * and nothing is parsed twice. The XML is parsed in a thread of its own (`reading-thread.ts`), and the chunks are
 * kept with people's requests first between two (ADR 0150), so a file of any length shares the process.
 */
export async function readToEnd(driver: ImportDriver, file: FileRow): Promise<StepAnswer | null> {
  const bytes = await driver.files.read(file.name);
  if (bytes === null) {
    return failFile(
      driver.db,
      driver.runId,
      file.id,
      file.name,
      `no file ${file.name} is held any more; 1C sends the files again`,
    );
  }
  let buffer: CatalogueRecord[] = [];
  let read = file.records_read;
  let chunks = file.chunks;
  const flush = async (records: CatalogueRecord[]): Promise<void> => {
    if (records.length === 0) return;
    // Background work: requests go first between two chunks (ADR 0150).
    if (!driver.db.isTransaction) await requestsFirst();
    await inTransaction(driver.db, async (trx) => {
      await trx
        .insertInto('exchange_import_chunks')
        .values({ file_id: file.id, seq: chunks, records: JSON.stringify(records) })
        .execute();
      await trx
        .updateTable('exchange_import_files')
        .set({
          records_read: read + records.length,
          chunks: chunks + 1,
          ...(driver.db.isTransaction ? {} : { locked_until: leaseUntil(driver.budgetMs) }),
        })
        .where('id', '=', file.id)
        .execute();
    });
    read += records.length;
    chunks += 1;
    file.records_read = read;
    file.chunks = chunks;
  };
  let header: FileHeader;
  try {
    const outcome = await readCatalogueFileInThread(bytes, {
      skip: file.records_read,
      onRecords: async (records) => {
        buffer.push(...records);
        while (buffer.length >= CHUNK_RECORDS) {
          await flush(buffer.slice(0, CHUNK_RECORDS));
          buffer = buffer.slice(CHUNK_RECORDS);
        }
        return undefined;
      },
    });
    await flush(buffer);
    header = outcome.header;
  } catch (error) {
    if (error instanceof XmlReadError) {
      return failFile(driver.db, driver.runId, file.id, file.name, error.message);
    }
    throw error;
  }
  const kind = kindOf(header);
  if ('reason' in kind) return failFile(driver.db, driver.runId, file.id, file.name, kind.reason);
  const refreshed = await driver.db
    .updateTable('exchange_import_files')
    .set({
      stage: 'applying',
      kind: kind.kind,
      full_upload: header.changesOnly === false,
      schema_version: header.schemaVersion?.slice(0, 20) ?? null,
    })
    .where('id', '=', file.id)
    .returning(FILE_COLUMNS)
    .executeTakeFirstOrThrow();
  Object.assign(file, refreshed);
  // The XML is read: its chunks hold everything, and the bytes are not needed any more.
  await driver.files.drop(file.name);
  return null;
}

/**
 * `readCatalogueFile` (records.ts) in a thread of its own (reading-thread.ts): the same records, batch by batch, to
 * `onRecords`; the parse waits while a batch is kept. The thread's failure to read the XML is an `XmlReadError`.
 */
function readCatalogueFileInThread(
  bytes: Uint8Array,
  options: { skip: number; onRecords: (records: CatalogueRecord[]) => Promise<void> },
): Promise<{ header: FileHeader }> {
  return new Promise((resolve, reject) => {
    const thread = new Worker(new URL('./reading-thread.ts', import.meta.url), {
      workerData: { bytes, skip: options.skip },
    });
    let settled = false;
    const settle = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      void thread.terminate();
      outcome();
    };
    // Bound: the batches are kept as background work, as the read that started the thread (ADR 0150).
    const onMessage = AsyncResource.bind((message: ThreadMessage) => {
      if (message.kind === 'records') {
        options.onRecords(message.records).then(
          () => thread.postMessage('more'),
          (error: unknown) => settle(() => reject(error instanceof Error ? error : new Error(String(error)))),
        );
      } else if (message.kind === 'done') settle(() => resolve({ header: message.header }));
      else settle(() => reject(message.xml ? new XmlReadError(message.message) : new Error(message.message)));
    });
    thread.on('message', onMessage);
    thread.on('error', (error: Error) => settle(() => reject(error)));
    thread.on('exit', (code) =>
      settle(() => reject(new Error(`the catalogue reading thread stopped (${code})`))),
    );
  });
}

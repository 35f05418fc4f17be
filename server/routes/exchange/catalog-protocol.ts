/**
 * `type=catalog`: the catalogue, prices and stock per warehouse, as 1C:Enterprise sends them (docs/1c-exchange.md,
 * docs/adr/0090-catalogue-from-1c.md). The same endpoint, Basic sign-in and database-kept sessions as `type=sale`:
 *
 * - `checkauth` → `success`, the cookie, and the `sessid=` / `timestamp=` lines newer 1C modules read;
 * - `init` → `zip=yes`, `file_limit=` (the part size);
 * - `file&filename=` → the bytes, whatever their Content-Type; parts of one name are appended (an XML file, an
 *   archive, a picture under `import_files/`); a name that climbs out (`..`) or a session over its upload cap is a
 *   `failure`;
 * - `import&filename=` → one step of the import (`server/domain/exchange/catalog/steps.ts`): `progress` and a line
 *   saying where it is (1C calls again), `success` with the counts, or `failure` and the reason; the first call of a
 *   session with an archive unpacks it;
 * - `deactivate` / `complete` (3.x protocol) → the end of a full upload, then `success`.
 */
import { badRequest } from '../../http/errors.ts';
import type { ContractResult } from '../../contract/types.ts';
import { ArchiveError, unpackArchive } from '../../domain/exchange/catalog/archive.ts';
import { resolveName, safeFileName, sessionSource } from '../../domain/exchange/catalog/files.ts';
import {
  finishDeferred,
  importStep,
  openRun,
  recordFailure,
  runOfSession,
  type StepAnswer,
} from '../../domain/exchange/catalog/steps.ts';
import {
  dropFile,
  sessionFiles,
  storeFilePart,
  storeWholeFile,
  type ExchangeSession,
} from '../../domain/exchange/sessions.ts';
import { EXCHANGE_FILE_LIMIT } from './content-types.ts';
import { bodyBytes, checkauth, failure, lines, sessionOf, type ExchangeCall } from './call.ts';

const answer = (step: StepAnswer): ContractResult =>
  step.kind === 'failure'
    ? lines('failure', step.reason.replace(/[\r\n]+/g, ' '))
    : lines(step.kind, step.message.replace(/[\r\n]+/g, ' '));

function fileName(call: ExchangeCall): string | null {
  const raw = call.query.filename;
  if (raw === undefined) {
    throw badRequest([
      {
        location: 'query',
        path: 'filename',
        message: `mode=${call.query.mode} needs the file's name (filename=)`,
      },
    ]);
  }
  return safeFileName(raw);
}

const climbsOut = (call: ExchangeCall): ContractResult =>
  failure(
    call,
    call.query.filename ?? '',
    `the file name ${JSON.stringify(call.query.filename ?? '').slice(0, 200)} is not a relative path inside the exchange (no "..", no root)`,
  );

async function receive(call: ExchangeCall, session: ExchangeSession): Promise<ContractResult> {
  const part = call.request.method === 'POST' ? bodyBytes(call.body) : null;
  if (part === null || part.length === 0) {
    throw badRequest([
      {
        location: 'body',
        path: '',
        message: 'mode=file needs a POST whose body is the file (or a part of it)',
      },
    ]);
  }
  const name = fileName(call);
  if (name === null) return climbsOut(call);
  const limit = call.config.catalogueExchange.uploadLimitBytes;
  const stored = await storeFilePart(call.db, session, name, part, limit);
  if (stored.kind === 'over-limit') {
    return failure(call, name, `the files of this session grew past ${limit} bytes; ${name} was dropped`);
  }
  return lines('success');
}

/** Unpacks the session's archives (the first `import` of a `zip=yes` run); null when there were none. */
async function unpackArchives(
  call: ExchangeCall,
  session: ExchangeSession,
  runId: number,
): Promise<StepAnswer | null> {
  const archives = (await sessionFiles(call.db, session)).filter((file) => /\.zip$/i.test(file.name));
  if (archives.length === 0) return null;
  let count = 0;
  for (const archive of archives) {
    const bytes = await sessionSource(call.db, session).read(archive.name);
    await dropFile(call.db, session, archive.name);
    if (bytes === null) continue;
    let files;
    try {
      files = await unpackArchive(bytes);
    } catch (error) {
      if (!(error instanceof ArchiveError)) throw error;
      return recordFailure(call.db, runId, archive.name, error.message);
    }
    for (const [name, content] of files) {
      await storeWholeFile(call.db, session, name, content);
      count += 1;
    }
  }
  return { kind: 'progress', message: `archive unpacked: ${count} files` };
}

async function importCall(call: ExchangeCall, session: ExchangeSession): Promise<ContractResult> {
  const name = fileName(call);
  if (name === null) return climbsOut(call);
  const runId = await openRun(call.db, session.id);
  try {
    const unpacked = await unpackArchives(call, session, runId);
    if (unpacked !== null) return answer(unpacked);
    const source = sessionSource(call.db, session);
    const resolved = await resolveName(source, name);
    if (resolved === null) {
      const known = await call.db
        .selectFrom('exchange_import_files')
        .select('name')
        .where('run_id', '=', runId)
        .where((eb) =>
          eb.or([eb('name', '=', name), eb('name', 'like', `%/${name.replace(/[\\%_]/g, '\\$&')}`)]),
        )
        .executeTakeFirst();
      // A file already read is no longer held: its import goes on from the database.
      if (known === undefined) {
        return answer(
          await recordFailure(call.db, runId, name, `no file named ${name} was received in this session`),
        );
      }
      return answer(await step(call, session, runId, known.name));
    }
    return answer(await step(call, session, runId, resolved));
  } catch (error) {
    call.log.error({ err: error, filename: name }, '1C exchange: a catalogue import step failed');
    return failure(call, name, 'the portal could not import the file now; send it again');
  }
}

function step(
  call: ExchangeCall,
  session: ExchangeSession,
  runId: number,
  name: string,
): Promise<StepAnswer> {
  return importStep(
    {
      db: call.db,
      config: call.config.catalogueExchange,
      currency: call.config.currency,
      files: sessionSource(call.db, session),
      runId,
      budgetMs: call.config.catalogueExchange.importStepMs,
      rest: true,
    },
    name,
  );
}

async function finish(
  call: ExchangeCall,
  session: ExchangeSession,
  complete: boolean,
): Promise<ContractResult> {
  const runId = await runOfSession(call.db, session.id);
  const gone = runId === null ? 0 : await finishDeferred(call.db, runId);
  if (complete) {
    for (const file of await sessionFiles(call.db, session)) await dropFile(call.db, session, file.name);
  }
  call.log.info(
    { runId, deactivated: gone },
    `1C exchange: catalogue ${complete ? 'complete' : 'deactivate'}`,
  );
  return lines('success', complete ? 'the exchange is complete' : `${gone} products deactivated`);
}

/** One `type=catalog` call. */
export async function runCatalogExchange(call: ExchangeCall): Promise<ContractResult> {
  const mode = call.query.mode;
  if (mode === 'checkauth') {
    return checkauth(call, (token) => [`sessid=${token}`, `timestamp=${Math.floor(Date.now() / 1000)}`]);
  }
  if (mode === 'query' || mode === 'success') {
    throw badRequest([
      {
        location: 'query',
        path: 'mode',
        message: `mode=${mode} is a step of type=sale; type=catalog has checkauth, init, file, import, deactivate and complete`,
      },
    ]);
  }
  const session = await sessionOf(call);
  switch (mode) {
    case 'init':
      return lines('zip=yes', `file_limit=${EXCHANGE_FILE_LIMIT}`);
    case 'file':
      return receive(call, session);
    case 'import':
      return importCall(call, session);
    case 'deactivate':
      return finish(call, session, false);
    case 'complete':
      return finish(call, session, true);
  }
}

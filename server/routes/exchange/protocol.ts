/**
 * `GET|POST /exchange/1c?type=sale|catalog&mode=…`: the CommerceML 2 exchange as 1C:Enterprise drives it (see the
 * operation's description in openapi/api-v3.yaml and docs/1c-exchange.md). Protocol answers are text lines; the
 * `query` answer is the XML document; refusals are the usual Error JSON. `type=catalog` is `catalog-protocol.ts`.
 */
import { respond, type ContractResult } from '../../contract/types.ts';
import { applyIncomingDocuments } from '../../domain/exchange/apply-changes.ts';
import { CommerceMlError, readCommerceMl } from '../../domain/exchange/commerceml-reader.ts';
import { endsWithRoot, looksLikeXmlStart } from '../../domain/exchange/decode.ts';
import { ordersDocument } from '../../domain/exchange/commerceml-writer.ts';
import { confirmSent, takeForQuery } from '../../domain/exchange/queue.ts';
import { returnDocument } from '../../domain/exchange/commerceml-returns.ts';
import { confirmReturnsSent, takeReturnsForQuery } from '../../domain/returns/exchange.ts';
import {
  SESSION_PART_BYTES,
  dropFile,
  heldFile,
  rememberQuery,
  storeFilePart,
  takeQuery,
  type ExchangeSession,
} from '../../domain/exchange/sessions.ts';
import { safeFileName } from '../../domain/exchange/catalog/files.ts';
import { badRequest } from '../../http/errors.ts';
import { bodyBytes, checkauth, failure, lines, sessionOf, type ExchangeCall } from './call.ts';
import { runCatalogExchange } from './catalog-protocol.ts';
import { EXCHANGE_FILE_LIMIT } from './content-types.ts';

export type { ExchangeCall, ExchangeMode } from './call.ts';

async function query(call: ExchangeCall, session: ExchangeSession): Promise<ContractResult> {
  const now = new Date();
  const orders = await takeForQuery(call.db, now);
  const returns = await takeReturnsForQuery(call.db, session.id, now);
  await rememberQuery(
    call.db,
    session,
    orders.map((order) => order.id),
  );
  call.log.info({ orders: orders.length, returns: returns.length }, '1C exchange: query');
  return respond(200, ordersDocument(orders, now, returns.map(returnDocument)), {
    'content-type': 'application/xml; charset=utf-8',
  });
}

async function success(call: ExchangeCall, session: ExchangeSession): Promise<ContractResult> {
  const ids = await takeQuery(call.db, session);
  const confirmed = await confirmSent(call.db, ids);
  const returns = await confirmReturnsSent(call.db, session.id);
  call.log.info(
    { queried: ids.length, confirmed: confirmed.length, returns: returns.length },
    '1C exchange: success',
  );
  return lines('success');
}

/** A part that opens a file: a byte-order mark or an XML declaration (a later part of a file never does). */
const opensFile = (part: Buffer): boolean =>
  looksLikeXmlStart(part) && (part[0] !== 0x3c || part.subarray(0, 5).toString('latin1') === '<?xml');

/** Reads and applies a whole file; anything that keeps its changes from being applied is a `failure`. */
async function applyFile(call: ExchangeCall, filename: string, bytes: Buffer): Promise<ContractResult> {
  let documents;
  try {
    documents = await readCommerceMl(bytes);
  } catch (error) {
    if (!(error instanceof CommerceMlError)) throw error;
    return failure(call, filename, error.message);
  }
  let outcome;
  try {
    outcome = await applyIncomingDocuments(call.db, documents);
  } catch (error) {
    // Applying is idempotent per document (each in its own transaction), so 1C sending the file again is safe.
    call.log.error({ err: error, filename }, '1C exchange: applying a file failed');
    return failure(call, filename, 'the portal could not apply the file now; send it again');
  }
  call.log.info(
    {
      filename,
      documents: documents.length,
      applied: outcome.applied,
      errors: outcome.errors,
      ignored: outcome.ignored,
    },
    '1C exchange: file',
  );
  return lines('success');
}

/**
 * `mode=file`: a file, or one part of it. Parts of one `filename` (each exactly `file_limit` bytes but the last) are
 * kept in the database until the root's closing tag arrives; a part that opens a new file under that name starts over (what was held is dropped), so a broken
 * upload never poisons the next. A first part that is not XML, a file that cannot be decoded or read, or parts over
 * the session's cap are a `failure` with the reason.
 */
async function receiveFile(call: ExchangeCall, session: ExchangeSession): Promise<ContractResult> {
  const part = call.request.method === 'POST' ? bodyBytes(call.body) : null;
  if (part === null || part.length === 0) {
    throw badRequest([
      {
        location: 'body',
        path: '',
        message: 'mode=file needs a POST whose body is the XML file (application/xml)',
      },
    ]);
  }
  const filename = safeFileName(call.query.filename ?? 'orders.xml');
  if (filename === null) {
    return failure(
      call,
      call.query.filename ?? '',
      'the file name is not a relative path inside the exchange (no "..", no root)',
    );
  }
  let held = await heldFile(call.db, session, filename);
  if (held.length > 0 && opensFile(part)) {
    call.log.warn({ filename, dropped: held.length }, '1C exchange: a new file replaces unfinished parts');
    await dropFile(call.db, session, filename);
    held = Buffer.alloc(0);
  }
  if (held.length === 0 && !looksLikeXmlStart(part)) {
    return failure(call, filename, 'the file does not start as XML');
  }
  // The closing tag may itself be cut between two parts: look at the end of what is held too.
  const ending =
    held.length > 0 ? Buffer.concat([held.subarray(Math.max(0, held.length - 256)), part]) : part;
  if (!endsWithRoot(ending)) {
    if (part.length < EXCHANGE_FILE_LIMIT) {
      // 1C cuts a file into parts of exactly `file_limit` bytes: a shorter part is the last one, and this file
      // ended before its root closed (truncated, or in an encoding whose end cannot be seen).
      if (held.length > 0) await dropFile(call.db, session, filename);
      return failure(call, filename, 'the file ends before its root element closes');
    }
    const stored = await storeFilePart(call.db, session, filename, part);
    if (stored.kind === 'over-limit') {
      return failure(
        call,
        filename,
        `the unfinished files of this session grew past ${SESSION_PART_BYTES} bytes; the file was dropped`,
      );
    }
    return lines('success');
  }
  if (held.length > 0) await dropFile(call.db, session, filename);
  return applyFile(call, filename, held.length > 0 ? Buffer.concat([held, part]) : part);
}

/** One exchange call. */
export async function runExchange(call: ExchangeCall): Promise<ContractResult> {
  if (call.query.type === 'catalog') return runCatalogExchange(call);
  if (call.query.mode === 'checkauth') return checkauth(call);
  const session = await sessionOf(call);
  switch (call.query.mode) {
    case 'init':
      return lines('zip=no', `file_limit=${EXCHANGE_FILE_LIMIT}`);
    case 'query':
      return query(call, session);
    case 'success':
      return success(call, session);
    case 'file':
      return receiveFile(call, session);
    case 'import':
    case 'deactivate':
    case 'complete':
      throw badRequest([
        {
          location: 'query',
          path: 'mode',
          message: `mode=${call.query.mode} is a step of type=catalog; type=sale has checkauth, init, query, success and file`,
        },
      ]);
  }
}

/**
 * `GET|POST /exchange/1c?type=sale&mode=…`: the CommerceML 2 exchange as 1C:Enterprise drives it (see the
 * operation's description in openapi/api-v3.yaml and docs/1c-exchange.md). Protocol answers are text lines; the
 * `query` answer is the XML document; refusals are the usual Error JSON.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { respond, type ContractResult } from '../../contract/types.ts';
import type { DB } from '../../db/schema.ts';
import { applyIncomingDocuments } from '../../domain/exchange/apply-changes.ts';
import { CommerceMlError, readCommerceMl } from '../../domain/exchange/commerceml-reader.ts';
import { decodeXmlFile, endsWithRoot, looksLikeXmlStart } from '../../domain/exchange/decode.ts';
import { ordersDocument } from '../../domain/exchange/commerceml-writer.ts';
import { confirmSent, takeForQuery } from '../../domain/exchange/queue.ts';
import {
  SESSION_COOKIE,
  SESSION_PART_BYTES,
  cookieValue,
  dropFile,
  findSession,
  heldFile,
  openSession,
  readBasicCredentials,
  rememberQuery,
  sameSecret,
  storeFilePart,
  takeQuery,
  type ExchangeSession,
} from '../../domain/exchange/sessions.ts';
import {
  MAX_BLOCK_MS,
  accountKey,
  addressKey,
  clearRateLimit,
  hitRateLimits,
  type RateLimitRule,
} from '../../auth/rate-limit.ts';
import { HttpError, badRequest, tooManyRequests } from '../../http/errors.ts';
import { EXCHANGE_FILE_LIMIT } from './content-types.ts';

export type ExchangeMode = 'checkauth' | 'init' | 'query' | 'success' | 'file';

/** What the exchange needs of a handler's context (the GET and POST operations share it). */
export interface ExchangeCall {
  query: { type: 'sale'; mode: ExchangeMode; filename?: string };
  body: unknown;
  db: Kysely<DB>;
  config: Config;
  log: FastifyBaseLogger;
  request: FastifyRequest;
}

const TEXT = { 'content-type': 'text/plain; charset=utf-8' };
const CHALLENGE = { 'www-authenticate': 'Basic realm="1C exchange", charset="UTF-8"' };

const lines = (...values: Array<string | number>): ContractResult => respond(200, values.join('\n'), TEXT);

function refuse(code: 'UNAUTHORIZED' | 'INVALID_CREDENTIALS', logMessage: string): HttpError {
  return new HttpError(401, code, { headers: CHALLENGE, logMessage });
}

/**
 * `checkauth` is limited like a sign-in (docs/adr/0121-limits-that-hold.md): per exchange login whatever the
 * address and per address, with backoff; counted before the password is checked, so a blocked guesser tests nothing.
 * The real 1C checks in once per exchange run, far below the limit, and a success ends the login's run of failures.
 */
function checkauthRules(call: ExchangeCall, user: string): RateLimitRule[] {
  const { max, windowMs } = call.config.loginRateLimit;
  const backoff = { maxBlockMs: MAX_BLOCK_MS };
  return [
    ...(user === '' ? [] : [{ key: accountKey('exchange1c', user), max, windowMs, backoff }]),
    { key: `exchange1c|address|${addressKey(call.request.ip)}`, max, windowMs, backoff },
  ];
}

async function checkauth(call: ExchangeCall): Promise<ContractResult> {
  const credentials = readBasicCredentials(call.request.headers.authorization);
  // Percent-encoded: a login is whatever bytes 1C (or anyone) sent, NUL included, and the key must be storable.
  const user = encodeURIComponent(credentials?.user.trim().toLowerCase().slice(0, 200) ?? '');
  const wait = await hitRateLimits(call.db, checkauthRules(call, user));
  if (wait > 0) throw tooManyRequests(wait);
  if (credentials === null)
    throw refuse('UNAUTHORIZED', '1C exchange: checkauth without HTTP Basic credentials');
  const userOk = sameSecret(credentials.user, call.config.exchangeUser);
  const passwordOk = sameSecret(credentials.password, call.config.exchangePassword);
  if (!userOk || !passwordOk) throw refuse('INVALID_CREDENTIALS', '1C exchange: wrong credentials');
  await clearRateLimit(call.db, accountKey('exchange1c', user));
  const { token } = await openSession(call.db);
  const secure = call.config.publicUrl.startsWith('https:') ? '; Secure' : '';
  const answer = lines('success', SESSION_COOKIE, token);
  answer.headers['set-cookie'] =
    `${SESSION_COOKIE}=${token}; Path=/api/v3/exchange; HttpOnly; SameSite=Strict${secure}`;
  return answer;
}

async function sessionOf(call: ExchangeCall): Promise<ExchangeSession> {
  const token = cookieValue(call.request.headers.cookie, SESSION_COOKIE);
  const session = await findSession(call.db, token);
  if (session === null) {
    throw refuse('UNAUTHORIZED', `1C exchange: mode=${call.query.mode} without a valid session cookie`);
  }
  return session;
}

async function query(call: ExchangeCall, session: ExchangeSession): Promise<ContractResult> {
  const now = new Date();
  const orders = await takeForQuery(call.db, now);
  await rememberQuery(
    call.db,
    session,
    orders.map((order) => order.id),
  );
  call.log.info({ orders: orders.length }, '1C exchange: query');
  return respond(200, ordersDocument(orders, now), { 'content-type': 'application/xml; charset=utf-8' });
}

async function success(call: ExchangeCall, session: ExchangeSession): Promise<ContractResult> {
  const ids = await takeQuery(call.db, session);
  const confirmed = await confirmSent(call.db, ids);
  call.log.info({ queried: ids.length, confirmed: confirmed.length }, '1C exchange: success');
  return lines('success');
}

/** The body's bytes: a Buffer for XML/binary types, a string for text/plain; anything else is no file. */
function bodyBytes(body: unknown): Buffer | null {
  if (Buffer.isBuffer(body)) return body;
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  return null;
}

/**
 * `failure` and the reason on the next line: what 1C reads as "not delivered" (it keeps the file and sends it again
 * on the next run), as the Bitrix and WooCommerce exchange modules answer. HTTP 200, as the protocol's answers are.
 */
function failure(call: ExchangeCall, filename: string, reason: string): ContractResult {
  call.log.warn({ filename, reason }, '1C exchange: file refused');
  return lines('failure', reason.replace(/[\r\n]+/g, ' '));
}

/** A part that opens a file: a byte-order mark or an XML declaration (a later part of a file never does). */
const opensFile = (part: Buffer): boolean =>
  looksLikeXmlStart(part) && (part[0] !== 0x3c || part.subarray(0, 5).toString('latin1') === '<?xml');

/** Reads and applies a whole file; anything that keeps its changes from being applied is a `failure`. */
async function applyFile(call: ExchangeCall, filename: string, bytes: Buffer): Promise<ContractResult> {
  const decoded = decodeXmlFile(bytes);
  if (!decoded.ok) return failure(call, filename, decoded.reason);
  let documents;
  try {
    documents = readCommerceMl(decoded.text);
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
      encoding: decoded.encoding,
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
  const filename = call.query.filename ?? 'orders.xml';
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
  }
}

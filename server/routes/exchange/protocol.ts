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
import { CommerceMlError, looksComplete, readCommerceMl } from '../../domain/exchange/commerceml-reader.ts';
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
import { HttpError, badRequest, unprocessable } from '../../http/errors.ts';
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

async function checkauth(call: ExchangeCall): Promise<ContractResult> {
  const credentials = readBasicCredentials(call.request.headers.authorization);
  if (credentials === null)
    throw refuse('UNAUTHORIZED', '1C exchange: checkauth without HTTP Basic credentials');
  const userOk = sameSecret(credentials.user, call.config.exchangeUser);
  const passwordOk = sameSecret(credentials.password, call.config.exchangePassword);
  if (!userOk || !passwordOk) throw refuse('INVALID_CREDENTIALS', '1C exchange: wrong credentials');
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
  const bytes = Buffer.concat([await heldFile(call.db, session, filename), part]);
  const text = bytes.toString('utf8');
  if (!looksComplete(text)) {
    const stored = await storeFilePart(call.db, session, filename, part);
    if (stored.kind === 'over-limit') {
      throw unprocessable('VALIDATION_FAILED', [
        {
          location: 'body',
          path: '',
          message: `the session's unfinished files grew past ${SESSION_PART_BYTES} bytes`,
        },
      ]);
    }
    return lines('success');
  }
  await dropFile(call.db, session, filename);
  let documents;
  try {
    documents = readCommerceMl(text);
  } catch (error) {
    if (!(error instanceof CommerceMlError)) throw error;
    throw unprocessable('VALIDATION_FAILED', [{ location: 'body', path: '', message: error.message }]);
  }
  const outcome = await applyIncomingDocuments(call.db, documents);
  call.log.info(
    { filename, applied: outcome.applied, errors: outcome.errors, ignored: outcome.ignored },
    '1C exchange: file',
  );
  return lines('success');
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

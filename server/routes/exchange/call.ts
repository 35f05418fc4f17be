/**
 * What every call of the 1C exchange shares (`type=sale` in `protocol.ts`, `type=catalog` in `catalog-protocol.ts`):
 * the call's context, text answers, the Basic sign-in and the session cookie, the body's bytes, `failure` answers.
 */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import { respond, type ContractResult } from '../../contract/types.ts';
import type { DB } from '../../db/schema.ts';
import {
  SESSION_COOKIE,
  cookieValue,
  findSession,
  openSession,
  readBasicCredentials,
  sameSecret,
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
import { HttpError, tooManyRequests } from '../../http/errors.ts';

export type ExchangeMode =
  'checkauth' | 'init' | 'query' | 'success' | 'file' | 'import' | 'deactivate' | 'complete';

/** What the exchange needs of a handler's context (the GET and POST operations share it). */
export interface ExchangeCall {
  query: {
    type: 'sale' | 'catalog';
    mode: ExchangeMode;
    filename?: string | undefined;
    timestamp?: string | undefined;
    sessid?: string | undefined;
  };
  body: unknown;
  db: Kysely<DB>;
  config: Config;
  log: FastifyBaseLogger;
  request: FastifyRequest;
}

const TEXT = { 'content-type': 'text/plain; charset=utf-8' };
const CHALLENGE = { 'www-authenticate': 'Basic realm="1C exchange", charset="UTF-8"' };

/** A protocol answer: text lines. */
export const lines = (...values: Array<string | number>): ContractResult =>
  respond(200, values.join('\n'), TEXT);

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

/** `mode=checkauth`: HTTP Basic → a session and its cookie (`extra` lines follow the three the protocol fixes). */
export async function checkauth(
  call: ExchangeCall,
  extra: (token: string) => string[] = () => [],
): Promise<ContractResult> {
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
  const answer = lines('success', SESSION_COOKIE, token, ...extra(token));
  answer.headers['set-cookie'] =
    `${SESSION_COOKIE}=${token}; Path=/api/v3/exchange; HttpOnly; SameSite=Strict${secure}`;
  return answer;
}

export async function sessionOf(call: ExchangeCall): Promise<ExchangeSession> {
  const token = cookieValue(call.request.headers.cookie, SESSION_COOKIE);
  const session = await findSession(call.db, token);
  if (session === null) {
    throw refuse('UNAUTHORIZED', `1C exchange: mode=${call.query.mode} without a valid session cookie`);
  }
  return session;
}

/** The body's bytes (the exchange reads every body as bytes, whatever its Content-Type); null for none. */
export function bodyBytes(body: unknown): Buffer | null {
  if (Buffer.isBuffer(body)) return body;
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  return null;
}

/**
 * `failure` and the reason on the next line: what 1C reads as "not delivered" (it keeps the file and sends it again
 * on the next run), as the Bitrix and WooCommerce exchange modules answer. HTTP 200, as the protocol's answers are.
 */
export function failure(call: ExchangeCall, filename: string, reason: string): ContractResult {
  call.log.warn({ filename, reason }, '1C exchange: file refused');
  return lines('failure', reason.replace(/[\r\n]+/g, ' '));
}

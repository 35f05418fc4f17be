/**
 * Exchange sessions: `mode=checkauth` opens one and answers its cookie; every later mode names it. A session keeps
 * the ids of its last `mode=query` (what `mode=success` confirms) and the parts of files 1C sends in pieces.
 *
 * Sessions live in the database (`exchange_sessions`, `exchange_file_parts`, migration 0003), so any server process
 * serves any step of a run. The row is keyed by the SHA-256 of the cookie value: the value, a bearer secret, is never
 * stored. An idle session expires, the number of sessions is capped (the least recently used goes first), and the
 * parts a session holds are capped in total bytes.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

export const SESSION_COOKIE = 'mlm_1c_exchange';
/** A session unused for this long is forgotten (1C starts every run with checkauth). */
export const SESSION_IDLE_MS = 60 * 60 * 1000;
/** At most this many sessions at once (the least recently used goes first). */
export const MAX_SESSIONS = 64;
/** The parts of files one session holds (all its unfinished files together) may reach this many bytes. */
export const SESSION_PART_BYTES = 16 * 1024 * 1024;

/** A live session: `id` is its row key (the hash of the cookie value). */
export interface ExchangeSession {
  readonly id: string;
}

const sessionKey = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');
const idleSince = (now: Date): Date => new Date(now.getTime() - SESSION_IDLE_MS);

/** Opens a session and answers the cookie value 1C must send back. Expired sessions and those over the cap go. */
export async function openSession(
  db: Kysely<DB>,
  now: Date = new Date(),
): Promise<{ token: string; session: ExchangeSession }> {
  const token = randomBytes(32).toString('base64url');
  const id = sessionKey(token);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('exchange_sessions').where('last_seen', '<', idleSince(now)).execute();
    await trx
      .deleteFrom('exchange_sessions')
      .where(
        'id',
        'in',
        trx
          .selectFrom('exchange_sessions')
          .select('id')
          .orderBy('last_seen', 'desc')
          .orderBy('id')
          .offset(MAX_SESSIONS - 1),
      )
      .execute();
    await trx.insertInto('exchange_sessions').values({ id, last_seen: now }).execute();
  });
  return { token, session: { id } };
}

/** The live session of this cookie value (its idle clock restarts), or null. */
export async function findSession(
  db: Kysely<DB>,
  token: string | null,
  now: Date = new Date(),
): Promise<ExchangeSession | null> {
  if (token === null || token.length > 128) return null;
  const row = await db
    .updateTable('exchange_sessions')
    .set({ last_seen: now })
    .where('id', '=', sessionKey(token))
    .where('last_seen', '>=', idleSince(now))
    .returning('id')
    .executeTakeFirst();
  return row === undefined ? null : { id: row.id };
}

/** Remembers the order ids of this session's `mode=query` (replacing an unconfirmed earlier one). */
export async function rememberQuery(
  db: Kysely<DB>,
  session: ExchangeSession,
  orderIds: readonly number[],
): Promise<void> {
  await db
    .updateTable('exchange_sessions')
    .set({ last_query: JSON.stringify(orderIds) })
    .where('id', '=', session.id)
    .execute();
}

/** The order ids of this session's last `mode=query`, forgotten as they are read (empty when none is pending). */
export async function takeQuery(db: Kysely<DB>, session: ExchangeSession): Promise<number[]> {
  const { rows } = await sql<{ last_query: unknown }>`
    with previous as (
      select id, last_query from exchange_sessions where id = ${session.id} for update
    )
    update exchange_sessions s set last_query = null
    from previous where s.id = previous.id
    returning previous.last_query`.execute(db);
  const ids = rows[0]?.last_query;
  return Array.isArray(ids) ? ids.filter((id): id is number => Number.isSafeInteger(id)) : [];
}

export type PartOutcome =
  { kind: 'stored'; sessionBytes: number } | { kind: 'over-limit'; sessionBytes: number };

/**
 * The rows a part is kept in. PGlite runs one statement at a time, on the event loop: one 1 MB part written by one
 * statement held every other request for 50–250 ms (the hex parameter parsed, the value compressed), so a part is
 * written a piece at a time and reads of the API take turns between the pieces.
 */
export const PIECE_BYTES = 64 * 1024;

/**
 * Where a part's pieces wait until the part is whole: a name no file can have (`safeFileName` refuses control
 * characters), so nothing reads a part half-written; `sessionFiles` leaves these out.
 */
const STAGING = '\u0001';
const stagingName = (filename: string): string =>
  `${STAGING}${randomBytes(9).toString('base64url')}/${filename}`;

async function sessionBytes(
  db: Kysely<DB> | Transaction<DB>,
  session: ExchangeSession,
  without?: string,
): Promise<number> {
  let query = db
    .selectFrom('exchange_file_parts')
    .select(sql<number>`coalesce(sum(octet_length(bytes)), 0)::int8`.as('n'))
    .where('session_id', '=', session.id);
  if (without !== undefined) query = query.where('filename', '<>', without);
  const held = await query.executeTakeFirst();
  return Number(held?.n ?? 0);
}

async function dropOverLimit(
  db: Kysely<DB> | Transaction<DB>,
  session: ExchangeSession,
  filename: string,
): Promise<void> {
  await db
    .deleteFrom('exchange_file_parts')
    .where('session_id', '=', session.id)
    .where('filename', '=', filename)
    .execute();
}

/**
 * Keeps one more part of `filename`, unless the session's parts would pass `SESSION_PART_BYTES` together: then
 * nothing is stored and that file's earlier parts are dropped too (1C sends the whole file again).
 *
 * The part is written in pieces of `PIECE_BYTES`, each by a statement of its own under a staging name, with a turn
 * for other requests between them; one short transaction then checks the cap again and gives the pieces the file's
 * name, so the part joins the file whole or not at all. Pieces a dying process leaves under a staging name are
 * never read, and go with their session.
 */
export async function storeFilePart(
  db: Kysely<DB>,
  session: ExchangeSession,
  filename: string,
  part: Uint8Array,
  limit: number = SESSION_PART_BYTES,
): Promise<PartOutcome> {
  const before = (await sessionBytes(db, session)) + part.byteLength;
  if (before > limit) {
    await dropOverLimit(db, session, filename);
    return { kind: 'over-limit', sessionBytes: before };
  }
  const staging = stagingName(filename);
  try {
    for (let start = 0; start < part.byteLength; start += PIECE_BYTES) {
      if (start > 0) await setImmediate();
      await db
        .insertInto('exchange_file_parts')
        .values({
          session_id: session.id,
          filename: staging,
          bytes: part.subarray(start, start + PIECE_BYTES),
        })
        .execute();
    }
    return await db.transaction().execute(async (trx): Promise<PartOutcome> => {
      await trx
        .selectFrom('exchange_sessions')
        .select('id')
        .where('id', '=', session.id)
        .forUpdate()
        .execute();
      const total = (await sessionBytes(trx, session, staging)) + part.byteLength;
      if (total > limit) {
        await dropOverLimit(trx, session, filename);
        await dropOverLimit(trx, session, staging);
        return { kind: 'over-limit', sessionBytes: total };
      }
      // Renaming keeps the bytes where they are (an unchanged TOASTed value is not copied).
      await trx
        .updateTable('exchange_file_parts')
        .set({ filename })
        .where('session_id', '=', session.id)
        .where('filename', '=', staging)
        .execute();
      return { kind: 'stored', sessionBytes: total };
    });
  } catch (error) {
    await dropOverLimit(db, session, staging).catch(() => undefined);
    throw error;
  }
}

/** The parts of `filename` this session holds, joined in arrival order (empty when none). */
export async function heldFile(
  db: Kysely<DB> | Transaction<DB>,
  session: ExchangeSession,
  filename: string,
): Promise<Buffer> {
  // Part by part, resting between parts outside a transaction: on PGlite a query blocks the event loop while it
  // runs, and a catalogue of 14 MB read in one query held every other request for 150–470 ms.
  for (let attempt = 0; ; attempt++) {
    const ids = await db
      .selectFrom('exchange_file_parts')
      .select('id')
      .where('session_id', '=', session.id)
      .where('filename', '=', filename)
      .orderBy('id')
      .execute();
    const parts: Uint8Array[] = [];
    for (const { id } of ids) {
      const row = await db
        .selectFrom('exchange_file_parts')
        .select('bytes')
        .where('id', '=', id)
        .executeTakeFirst();
      // A part gone meanwhile: 1C replaced or the session dropped the file; read what is there now.
      if (row === undefined) break;
      parts.push(row.bytes);
      if (!db.isTransaction && ids.length > 1) await setImmediate();
    }
    if (parts.length === ids.length || attempt >= 2) return Buffer.concat(parts);
  }
}

/** Forgets the parts of `filename` this session holds. */
export async function dropFile(db: Kysely<DB>, session: ExchangeSession, filename: string): Promise<void> {
  await db
    .deleteFrom('exchange_file_parts')
    .where('session_id', '=', session.id)
    .where('filename', '=', filename)
    .execute();
}

/** The value of one cookie in a `Cookie` header, or null. */
export function cookieValue(header: string | undefined, name: string): string | null {
  if (header === undefined) return null;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() !== name) continue;
    const value = part
      .slice(index + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    return value === '' ? null : value;
  }
  return null;
}

export type BasicCredentials = { user: string; password: string };

/** `Authorization: Basic <base64(user:password)>`, or null when absent or not Basic. */
export function readBasicCredentials(header: string | undefined): BasicCredentials | null {
  const match = header === undefined ? null : /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
  const encoded = match?.[1];
  if (encoded === undefined) return null;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

/** Compares without leaking where the strings differ (both sides hashed to one length first). */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/** The files this session holds (every part of a name counted), by name. */
export async function sessionFiles(
  db: Kysely<DB>,
  session: ExchangeSession,
): Promise<Array<{ name: string; bytes: number }>> {
  const rows = await db
    .selectFrom('exchange_file_parts')
    .select(['filename', sql<number>`sum(octet_length(bytes))::int8`.as('bytes')])
    .where('session_id', '=', session.id)
    .where(sql<boolean>`left(filename, 1) <> ${STAGING}`)
    .groupBy('filename')
    .orderBy('filename')
    .execute();
  return rows.map((row) => ({ name: row.filename, bytes: Number(row.bytes) }));
}

/**
 * Keeps a whole file (an archive's entry) in parts of at most `partBytes` (`PIECE_BYTES`, each written by its own
 * statement, for the reason `storeFilePart` gives), replacing one of the same name.
 */
export async function storeWholeFile(
  db: Kysely<DB>,
  session: ExchangeSession,
  name: string,
  bytes: Uint8Array,
  partBytes = PIECE_BYTES,
): Promise<void> {
  await dropFile(db, session, name);
  for (let start = 0; start < bytes.length || start === 0; start += partBytes) {
    if (start > 0) await setImmediate();
    await db
      .insertInto('exchange_file_parts')
      .values({ session_id: session.id, filename: name, bytes: bytes.subarray(start, start + partBytes) })
      .execute();
    if (bytes.length === 0) break;
  }
}

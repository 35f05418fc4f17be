/**
 * Exchange sessions live in the database: a run whose steps land on different server processes (two apps over one
 * database here) works, an idle session expires, the number of sessions is capped, and the parts a session holds
 * are capped in total bytes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerExchangeContentTypes } from '#server/routes/exchange/index.ts';
import {
  MAX_SESSIONS,
  PIECE_BYTES,
  SESSION_IDLE_MS,
  SESSION_PART_BYTES,
  findSession,
  heldFile,
  openSession,
  sessionFiles,
  storeFilePart,
  storeWholeFile,
} from '#server/domain/exchange/sessions.ts';
import type { Database } from '#server/db/database.ts';
import { startTestApp, type TestApp } from '#tests/support/server/app.ts';
import { freshDatabase } from '#tests/support/server/db.ts';
import {
  EXCHANGE_PASSWORD,
  EXCHANGE_USER,
  OneC,
  WAREHOUSE,
  documentIds,
  oneCFile,
  orderInStatus,
  paddedFile,
  partsOf,
  orderRow,
  sendToOneC,
} from './support.ts';

let database: Database;
let first: TestApp;
let second: TestApp;

const startOn = (db: Database) =>
  startTestApp({
    database: db,
    config: { exchangeUser: EXCHANGE_USER, exchangePassword: EXCHANGE_PASSWORD },
    extend: (app) => registerExchangeContentTypes(app),
  });

beforeAll(async () => {
  database = await freshDatabase();
  first = await startOn(database);
  second = await startOn(database);
});

afterAll(async () => {
  await first.close();
  await second.close();
  await database.close();
});

describe('exchange sessions in the database', () => {
  it('serve checkauth on one process and query, success and file on another', async () => {
    const token = await first.login(WAREHOUSE);
    const id = await orderInStatus(first, 'completed');
    await sendToOneC(first, token, id);

    const onFirst = new OneC(first);
    expect((await onFirst.checkauth()).status).toBe(200);
    const onSecond = new OneC(second);
    onSecond.cookie = onFirst.cookie;

    expect((await onSecond.init()).status).toBe(200);
    const query = await onSecond.query();
    expect(query.status).toBe(200);
    expect(documentIds(query.raw)).toContain(id);
    expect((await onFirst.success()).text).toBe('success');
    expect((await orderRow(second, id)).exchange_state).toBe('confirmed');

    const [head, tail] = partsOf(
      paddedFile(oneCFile([{ id, requisites: { 'Номер по 1С': 'РН-TWO-PROC' } }])),
    );
    expect((await onFirst.file(head ?? '', 'two.xml')).text).toBe('success');
    expect((await onSecond.file(tail ?? '', 'two.xml')).text).toBe('success');
    expect((await orderRow(first, id)).onec_document_number).toBe('РН-TWO-PROC');
  });

  it('never stores the cookie value, only its hash', async () => {
    const { token, session } = await openSession(database.db);
    expect(session.id).not.toContain(token);
    const rows = await database.db.selectFrom('exchange_sessions').select('id').execute();
    expect(rows.some((row) => row.id === token)).toBe(false);
    expect(await findSession(database.db, token)).toEqual(session);
    expect(await findSession(database.db, session.id)).toBeNull();
  });

  it('forgets a session idle for longer than the expiry', async () => {
    const start = new Date('2030-01-01T00:00:00Z');
    const { token } = await openSession(database.db, start);
    const almost = new Date(start.getTime() + SESSION_IDLE_MS - 1000);
    expect(await findSession(database.db, token, almost)).not.toBeNull();
    // Its clock restarted at `almost`.
    const later = new Date(almost.getTime() + SESSION_IDLE_MS + 1000);
    expect(await findSession(database.db, token, later)).toBeNull();
  });

  it(`keeps at most ${MAX_SESSIONS} sessions, dropping the least recently used`, async () => {
    const base = Date.now();
    const opened: string[] = [];
    for (let i = 0; i < MAX_SESSIONS + 3; i++) {
      opened.push((await openSession(database.db, new Date(base + i * 10))).token);
    }
    const count = await database.db
      .selectFrom('exchange_sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(MAX_SESSIONS);
    const now = new Date(base + MAX_SESSIONS * 20);
    expect(await findSession(database.db, opened[0] ?? '', now)).toBeNull();
    expect(await findSession(database.db, opened.at(-1) ?? '', now)).not.toBeNull();
  });

  it('caps the bytes of unfinished files a session holds, dropping that file', async () => {
    const { session } = await openSession(database.db);
    // The default cap (SESSION_PART_BYTES, 16 MiB) is 16 parts of file_limit; a smaller cap keeps the test fast.
    expect(SESSION_PART_BYTES).toBe(16 * 1024 * 1024);
    const limit = 64 * 1024;
    const part = new Uint8Array(limit / 4).fill(0x41);
    for (let i = 0; i < 4; i++) {
      expect((await storeFilePart(database.db, session, 'big.xml', part, limit)).kind).toBe('stored');
    }
    const over = await storeFilePart(database.db, session, 'big.xml', new Uint8Array(1), limit);
    expect(over).toEqual({ kind: 'over-limit', sessionBytes: limit + 1 });
    const held = await database.db
      .selectFrom('exchange_file_parts')
      .select('id')
      .where('session_id', '=', session.id)
      .execute();
    expect(held).toEqual([]);
  });

  it('keeps a 1 MB part in pieces of its own statements, whole under the file name, nothing left staged', async () => {
    const { session } = await openSession(database.db);
    const part = (seed: number) =>
      Uint8Array.from({ length: 1024 * 1024 + 17 }, (_, i) => (i * 31 + seed) % 251);
    const parts = [part(1), part(2)];
    for (const bytes of parts) {
      expect((await storeFilePart(database.db, session, 'import.xml', bytes)).kind).toBe('stored');
    }
    const rows = await database.db
      .selectFrom('exchange_file_parts')
      .select(['filename', (eb) => eb.fn<number>('octet_length', ['bytes']).as('size')])
      .where('session_id', '=', session.id)
      .orderBy('id')
      .execute();
    // No row over a piece, every row under the file's name (no staging name left behind).
    expect(rows.length).toBe(2 * Math.ceil((1024 * 1024 + 17) / PIECE_BYTES));
    expect(rows.every((row) => row.filename === 'import.xml' && row.size <= PIECE_BYTES)).toBe(true);
    expect(Buffer.compare(await heldFile(database.db, session, 'import.xml'), Buffer.concat(parts))).toBe(0);
    expect(await sessionFiles(database.db, session)).toEqual([
      { name: 'import.xml', bytes: 2 * (1024 * 1024 + 17) },
    ]);
  });

  it('never shows a part still being written: its pieces wait under a name no file can have', async () => {
    const { session } = await openSession(database.db);
    await storeWholeFile(database.db, session, 'offers.xml', new Uint8Array(3 * PIECE_BYTES).fill(0x42));
    // A process that died while writing a part leaves its pieces staged: no file lists or reads them.
    await database.db
      .insertInto('exchange_file_parts')
      .values({ session_id: session.id, filename: '\u0001dead/offers.xml', bytes: new Uint8Array(10) })
      .execute();
    expect(await sessionFiles(database.db, session)).toEqual([
      { name: 'offers.xml', bytes: 3 * PIECE_BYTES },
    ]);
    expect((await heldFile(database.db, session, 'offers.xml')).length).toBe(3 * PIECE_BYTES);
  });
});

/**
 * Does a large 1C import stall other users? `npx tsx scripts/bench/import-stall.ts [--documents N] [--samples N]`
 * (alone, on a fresh in-memory demo database), or `measureImportStall()` from `scripts/bench-api.ts` (on its data).
 *
 * Over real HTTP against a listening app: `GET /users/me` as a distributor, sequentially, first idle (`--samples`
 * times), then while 1C uploads one file of `--documents` (default 5,000) `Документ` in parts of `file_limit` and the
 * last part is applied; the calls go on until the import's answer arrives. Goal (docs/adr/0037-1c-import.md):
 * p95 during the import ≤ 3 × idle p95. The import must answer `success`.
 *
 * Also (`measureDocumentCost`): the time per document of a file of 5,000 documents of orders the portal does not
 * know, and of one of 5,000 of its orders (docs/adr/0094-1c-documents-in-batches.md; goal ≤ 0.2 ms for unknown ones).
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../../server/db/schema.ts';
import { EXCHANGE_FILE_LIMIT } from '../../server/routes/exchange/content-types.ts';
import { DEMO_PASSWORD } from '../../server/seed/accounts.ts';
import { p95, request, type Answer } from '../lib/bench-http.ts';
import { startDemoApp } from '../lib/demo-app.ts';

export const STALL_GOAL_RATIO = 3;

export interface ImportStallResult {
  documents: number;
  fileBytes: number;
  importMs: number;
  idleP95: number;
  duringP95: number;
  duringMax: number;
  duringSamples: number;
  ratio: number;
  met: boolean;
  /** the load average (1 min) before and after the run */
  load: [number, number];
}

/** A CommerceML file of `count` documents over the given orders (cycled), each setting a new 1C number. */
export function importFile(orders: ReadonlyArray<{ id: number; number: string }>, count: number): Buffer {
  const run = Date.now().toString(36);
  const documents = Array.from({ length: count }, (_, i) => {
    const order = orders[i % orders.length] ?? { id: 0, number: '' };
    return `<Документ><Ид>${order.id}</Ид><Номер>${order.number}</Номер><ХозОперация>Заказ товара</ХозОперация><ЗначенияРеквизитов><ЗначениеРеквизита><Наименование>Номер по 1С</Наименование><Значение>РН-${run}-${i}</Значение></ЗначениеРеквизита></ЗначенияРеквизитов></Документ>`;
  });
  return Buffer.from(
    `\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация ВерсияСхемы="2.10">\n${documents.join('\n')}\n</КоммерческаяИнформация>\n`,
    'utf8',
  );
}

/** Measures `GET /users/me` idle and during one large import (see the file's comment). */
export async function measureImportStall(options: {
  origin: string;
  db: Kysely<DB>;
  exchangeUser: string;
  exchangePassword: string;
  documents?: number;
  samples?: number;
}): Promise<ImportStallResult> {
  const { origin } = options;
  const documents = options.documents ?? 5000;
  const samples = options.samples ?? 200;
  const login = await request(
    origin,
    'POST',
    '/users/login',
    { 'content-type': 'application/x-www-form-urlencoded' },
    new URLSearchParams({ email: 'partner@demo.test', password: DEMO_PASSWORD }).toString(),
  );
  const token = (JSON.parse(login.text) as { access_token?: string }).access_token;
  if (login.status !== 200 || token === undefined) throw new Error(`login: ${login.status} ${login.text}`);
  const me = async (): Promise<number> => {
    const started = performance.now();
    const answer = await request(origin, 'GET', '/users/me', { authorization: `Bearer ${token}` });
    if (answer.status !== 200) throw new Error(`/users/me: ${answer.status}`);
    return performance.now() - started;
  };

  const orders = await options.db
    .selectFrom('orders')
    .select(['id', 'number'])
    .orderBy(sql`hashint4(id)`)
    .limit(documents)
    .execute();
  if (orders.length === 0) throw new Error('the data set has no orders');
  const file = importFile(orders, documents);

  const basic = Buffer.from(`${options.exchangeUser}:${options.exchangePassword}`).toString('base64');
  const auth = await request(origin, 'GET', '/exchange/1c?type=sale&mode=checkauth', {
    authorization: `Basic ${basic}`,
  });
  if (auth.status !== 200 || auth.cookie === undefined)
    throw new Error(`checkauth: ${auth.status} ${auth.text}`);
  const cookie = auth.cookie;

  const loadBefore = loadavg()[0] ?? 0;
  for (let i = 0; i < 20; i++) await me();
  const idle: number[] = [];
  for (let i = 0; i < samples; i++) idle.push(await me());

  const parts: Buffer[] = [];
  for (let start = 0; start < file.length; start += EXCHANGE_FILE_LIMIT)
    parts.push(file.subarray(start, start + EXCHANGE_FILE_LIMIT));
  let done = false;
  const started = performance.now();
  const upload = (async () => {
    let answer: Answer | undefined;
    for (const part of parts) {
      answer = await request(
        origin,
        'POST',
        '/exchange/1c?type=sale&mode=file&filename=stall.xml',
        { cookie, 'content-type': 'application/xml' },
        part,
      );
      if (answer.text !== 'success') break;
    }
    done = true;
    return { answer, ms: performance.now() - started };
  })();
  const during: number[] = [];
  while (!done) during.push(await me());
  const { answer, ms } = await upload;
  if (answer?.text !== 'success') throw new Error(`import: ${answer?.status} ${answer?.text}`);

  const idleP95 = p95(idle);
  const duringP95 = p95(during);
  const ratio = duringP95 / idleP95;
  return {
    documents,
    fileBytes: file.length,
    importMs: ms,
    idleP95,
    duringP95,
    duringMax: Math.max(...during),
    duringSamples: during.length,
    ratio,
    met: ratio <= STALL_GOAL_RATIO,
    load: [loadBefore, loadavg()[0] ?? 0],
  };
}

/** What one document of a `mode=file` upload costs (matching it to an order, applying it if it is one). */
export interface DocumentCostResult {
  documents: number;
  known: boolean;
  fileBytes: number;
  millis: number;
  perDocumentMs: number;
  /** the load average (1 min) when the upload ended */
  load: number;
}

/** The goal for documents of orders the portal does not know (docs/adr/0094-1c-documents-in-batches.md). */
export const UNKNOWN_DOCUMENT_GOAL_MS = 0.2;

/**
 * Uploads one file of `documents` documents, of orders the portal does not know (`known: false`: ids and numbers
 * past the last order) or of its orders, and times it from the first part to the answer.
 */
export async function measureDocumentCost(options: {
  origin: string;
  db: Kysely<DB>;
  exchangeUser: string;
  exchangePassword: string;
  documents?: number;
  known: boolean;
}): Promise<DocumentCostResult> {
  const documents = options.documents ?? 5000;
  const last = await options.db
    .selectFrom('orders')
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirstOrThrow();
  const unknown = Array.from({ length: documents }, (_, i) => ({
    id: Number(last.max ?? 0) + 1000 + i,
    number: `1C-${String(i).padStart(6, '0')}`,
  }));
  const orders = options.known
    ? await options.db
        .selectFrom('orders')
        .select(['id', 'number'])
        .orderBy(sql`hashint4(id)`)
        .limit(documents)
        .execute()
    : unknown;
  const file = importFile(orders, documents);
  const basic = Buffer.from(`${options.exchangeUser}:${options.exchangePassword}`).toString('base64');
  const auth = await request(options.origin, 'GET', '/exchange/1c?type=sale&mode=checkauth', {
    authorization: `Basic ${basic}`,
  });
  if (auth.cookie === undefined) throw new Error(`checkauth: ${auth.status} ${auth.text}`);
  const started = performance.now();
  let answer: Answer | undefined;
  for (let start = 0; start < file.length; start += EXCHANGE_FILE_LIMIT) {
    answer = await request(
      options.origin,
      'POST',
      `/exchange/1c?type=sale&mode=file&filename=cost-${options.known ? 'known' : 'unknown'}.xml`,
      { cookie: auth.cookie, 'content-type': 'application/xml' },
      file.subarray(start, start + EXCHANGE_FILE_LIMIT),
    );
    if (answer.text !== 'success') break;
  }
  const millis = performance.now() - started;
  if (answer?.text !== 'success') throw new Error(`file: ${answer?.status} ${answer?.text}`);
  return {
    documents,
    known: options.known,
    fileBytes: file.length,
    millis,
    perDocumentMs: millis / documents,
    load: loadavg()[0] ?? 0,
  };
}

export function formatDocumentCost(unknown: DocumentCostResult, known: DocumentCostResult): string {
  return [
    `1C order file, time per document (matched 500 at a time); load ${unknown.load.toFixed(1)} and ${known.load.toFixed(1)} on ${cpus().length} CPUs:`,
    `  ${unknown.documents} of orders the portal does not know (${(unknown.fileBytes / 1024).toFixed(0)} KB): ${(unknown.millis / 1000).toFixed(2)} s, ${unknown.perDocumentMs.toFixed(3)} ms each: ${unknown.perDocumentMs <= UNKNOWN_DOCUMENT_GOAL_MS ? 'GOAL MET' : 'GOAL NOT MET'} (<= ${UNKNOWN_DOCUMENT_GOAL_MS} ms)`,
    `  ${known.documents} of its orders (${(known.fileBytes / 1024).toFixed(0)} KB), each applied in its own transaction: ${(known.millis / 1000).toFixed(2)} s, ${known.perDocumentMs.toFixed(3)} ms each`,
  ].join('\n');
}

export function formatImportStall(result: ImportStallResult): string {
  return [
    `1C import stall: ${result.documents} Документ (${(result.fileBytes / 1024).toFixed(0)} KB) applied in ${(result.importMs / 1000).toFixed(2)} s; load ${result.load[0].toFixed(1)} → ${result.load[1].toFixed(1)} on ${cpus().length} CPUs`,
    `  GET /users/me p95 idle ${result.idleP95.toFixed(1)} ms, during the import ${result.duringP95.toFixed(1)} ms (max ${result.duringMax.toFixed(1)} ms, ${result.duringSamples} calls): ${result.ratio.toFixed(2)}×`,
    result.met
      ? `  GOAL MET: p95 during the import <= ${STALL_GOAL_RATIO}× idle p95`
      : `  GOAL NOT MET: p95 during the import > ${STALL_GOAL_RATIO}× idle p95`,
  ].join('\n');
}

async function standalone(): Promise<void> {
  const { values } = parseArgs({
    options: { documents: { type: 'string', default: '5000' }, samples: { type: 'string', default: '200' } },
  });
  const { origin, config, database, close } = await startDemoApp();
  try {
    const result = await measureImportStall({
      origin,
      db: database.db,
      exchangeUser: config.exchangeUser,
      exchangePassword: config.exchangePassword,
      documents: Number(values.documents),
      samples: Number(values.samples),
    });
    console.log(`demo data set (in memory, PGlite)\n${formatImportStall(result)}`);
    const exchange = {
      origin,
      db: database.db,
      exchangeUser: config.exchangeUser,
      exchangePassword: config.exchangePassword,
    };
    const unknown = await measureDocumentCost({
      ...exchange,
      documents: Number(values.documents),
      known: false,
    });
    const known = await measureDocumentCost({
      ...exchange,
      documents: Number(values.documents),
      known: true,
    });
    console.log(formatDocumentCost(unknown, known));
  } finally {
    await close();
  }
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  standalone().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  });
}

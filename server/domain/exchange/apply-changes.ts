/**
 * `mode=file`: applies what 1C reports per document, each order in its own transaction.
 *
 * - The order is found by `Ид` (our id) or `Номер` (our number), for a batch of documents with one query;
 *   documents of orders the portal does not know (1C's own orders) are ignored.
 * - `Номер по 1С` becomes `onec_document_number` (an `EXCHANGE_DOCUMENT` history entry). An order outside the
 *   exchange that 1C numbers is in 1C now: its state becomes `confirmed`.
 * - A status (`Статус заказа`, or `Отменен` = true meaning the warehouse's decline) is applied through the order
 *   lifecycle acting as the warehouse (1C keeps the warehouse's books), only where the machine allows it; the
 *   history entry is the machine's event with the actor `exchange`. Anything refused, or a status value we do not
 *   know, sets the exchange state `error` with the reason (`EXCHANGE_ERROR` history entry); the warehouse sees it
 *   and may queue the order again.
 */
import { setImmediate, setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely, type Transaction } from 'kysely';
import { applyEvent, eventForTargetStatus } from '#machines/order-lifecycle/order-lifecycle.transitions.ts';
import type { OrderLifecycleEvent, OrderStatus } from '#machines/order-lifecycle/order-lifecycle.types.ts';
import type { DB, OrdersTable } from '../../db/schema.ts';
import type { Selectable } from 'kysely';
import { HISTORY_EVENT } from '../orders/history-events.ts';
import { factsOf, linesWithStock, persistOutcome } from '../orders/persist.ts';
import type { IncomingDocument } from './commerceml-reader.ts';
import { releaseHoldsOf } from '../stock/warehouse-stock.ts';
import { recordHistory } from '../orders/history.ts';
import { EXCHANGE_EVENTS, recordExchangeEvents } from './queue.ts';
import { parseStatusValue } from './statuses.ts';

type OrderRow = Selectable<OrdersTable>;

/** The longest rest between two documents of an import (see `applyIncomingDocuments`). */
export const IMPORT_REST_MS = 20;

/** The comment of a decline 1C asked for (`Отменен` = true): shown to the distributor as the reason. */
export const CANCELLED_IN_1C_COMMENT = 'Отменён в 1С';

export type DocumentOutcome =
  | { kind: 'ignored'; reason: string }
  | { kind: 'applied'; orderId: number; documentNumber: string | null; status: OrderStatus | null }
  | { kind: 'error'; orderId: number; reason: string };

export interface FileOutcome {
  documents: DocumentOutcome[];
  applied: number;
  errors: number;
  ignored: number;
}

/** Most documents matched to orders by one query. */
export const MATCH_BATCH = 500;

const MAX_ORDER_ID = 2_147_483_647;

/** The order id 1C's `Ид` names, if it is one (a positive whole number in the id column's range). */
function orderIdOf(doc: IncomingDocument): number | null {
  if (doc.id === null || !/^[1-9][0-9]{0,9}$/.test(doc.id)) return null;
  const id = Number(doc.id);
  return id <= MAX_ORDER_ID ? id : null;
}

const numberOf = (doc: IncomingDocument): string | null =>
  doc.number !== null && doc.number.length <= 32 ? doc.number : null;

/**
 * The order of each document of a batch (by `Ид`, else by `Номер`), found with one query for the whole batch:
 * most documents of a large file are 1C's own and match nothing, and those cost no more than their share of it.
 */
async function matchOrders(
  db: Kysely<DB>,
  documents: readonly IncomingDocument[],
): Promise<Array<number | null>> {
  const ids = [...new Set(documents.map(orderIdOf).filter((id): id is number => id !== null))];
  const numbers = [...new Set(documents.map(numberOf).filter((n): n is string => n !== null))];
  if (ids.length === 0 && numbers.length === 0) return documents.map(() => null);
  // Two array parameters, not one parameter per value: a statement of 1,000 parameters cost more to bind and plan
  // than to run.
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'number'])
    .where((eb) =>
      eb.or([
        ...(ids.length > 0 ? [eb('id', '=', sql<number>`any(${ids}::int4[])`)] : []),
        ...(numbers.length > 0 ? [eb('number', '=', sql<string>`any(${numbers}::text[])`)] : []),
      ]),
    )
    .execute();
  const byId = new Set(rows.map((row) => row.id));
  const byNumber = new Map(rows.map((row) => [row.number, row.id]));
  return documents.map((doc) => {
    const id = orderIdOf(doc);
    if (id !== null && byId.has(id)) return id;
    const number = numberOf(doc);
    return number === null ? null : (byNumber.get(number) ?? null);
  });
}

async function lockOrderRow(trx: Transaction<DB>, id: number): Promise<OrderRow | undefined> {
  return trx.selectFrom('orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** The status 1C asks for, null when it asks for none, or the reason it cannot be read. */
function targetOf(doc: IncomingDocument): { target: OrderStatus | null } | { problem: string } {
  if (doc.cancelled === true || doc.deletionMark === true) return { target: 'cancelled_by_warehouse' };
  if (doc.status === null) return { target: null };
  const target = parseStatusValue(doc.status);
  return target === null ? { problem: `1C sent an unknown order status "${doc.status}"` } : { target };
}

function eventFor(type: OrderLifecycleEvent['type']): OrderLifecycleEvent | null {
  switch (type) {
    case 'order.decline':
      return { type, role: 'warehouse', comment: CANCELLED_IN_1C_COMMENT };
    case 'order.confirmPartial':
      // A partial confirmation needs new quantities per line, which a status alone does not carry.
      return null;
    default:
      return { type, role: 'warehouse' };
  }
}

async function recordError(
  trx: Transaction<DB>,
  row: OrderRow,
  reason: string,
  now: Date,
): Promise<DocumentOutcome> {
  await trx
    .updateTable('orders')
    .set({ exchange_state: 'error', exchange_error: reason, exchanged_at: now })
    .where('id', '=', row.id)
    .execute();
  const current = await trx
    .selectFrom('orders')
    .select('status')
    .where('id', '=', row.id)
    .executeTakeFirstOrThrow();
  await recordExchangeEvents(
    trx,
    [{ orderId: row.id, status: current.status, event: EXCHANGE_EVENTS.error, comment: reason }],
    now,
  );
  return { kind: 'error', orderId: row.id, reason };
}

const unknownOrder = (doc: IncomingDocument): DocumentOutcome => ({
  kind: 'ignored',
  reason: `no order with Ид ${doc.id ?? '-'} / Номер ${doc.number ?? '-'}`,
});

async function applyDocument(
  trx: Transaction<DB>,
  doc: IncomingDocument,
  orderId: number,
  now: Date,
): Promise<DocumentOutcome> {
  const row = await lockOrderRow(trx, orderId);
  if (row === undefined) return unknownOrder(doc);

  let documentNumber: string | null = null;
  if (doc.onecNumber !== null && doc.onecNumber !== row.onec_document_number) {
    documentNumber = doc.onecNumber.slice(0, 100);
    // One write of the order's row for the number, the version (as `recordExchangeEvents` bumps it) and `in_1c_at`
    // (as `releaseToOneC` sets it), not three: each update of `orders` writes its indexes again, and this
    // transaction is what other requests wait for on PGlite (docs/adr/0094-1c-documents-in-batches.md).
    const number = documentNumber;
    await trx
      .updateTable('orders')
      .set((eb) => ({
        onec_document_number: number,
        exchanged_at: now,
        ...(row.exchange_state === null ? { exchange_state: 'confirmed' as const } : {}),
        version: eb('version', '+', 1),
        updated_at: now,
        in_1c_at: row.in_1c_at ?? now,
      }))
      .where('id', '=', row.id)
      .execute();
    await recordHistory(trx, [
      {
        order_id: row.id,
        at: now,
        actor_id: null,
        actor_role: 'exchange',
        from_status: row.status,
        to_status: row.status,
        event: EXCHANGE_EVENTS.document,
        comment: documentNumber,
      },
    ]);
    // 1C numbered the order: it is in 1C's books, and its quantities count it (the row is locked: `in_1c_at` read
    // above is the one this statement replaced).
    if (row.in_1c_at === null) await releaseHoldsOf(trx, [row], now);
  }

  const wanted = targetOf(doc);
  if ('problem' in wanted) return recordError(trx, row, wanted.problem, now);
  const target = wanted.target;
  if (target === null || target === row.status) {
    return { kind: 'applied', orderId: row.id, documentNumber, status: null };
  }

  const locked = await trx
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', row.id)
    .executeTakeFirstOrThrow();
  const lines = await linesWithStock(trx, row.id);
  const facts = factsOf(locked, lines);
  const type = eventForTargetStatus(facts, 'warehouse', target);
  const event = type === null ? null : eventFor(type);
  if (event === null) {
    return recordError(
      trx,
      locked,
      `1C asked for status ${target}; the order lifecycle does not allow it from ${locked.status}`,
      now,
    );
  }
  const result = applyEvent(facts, event);
  if (result.error !== undefined) {
    return recordError(trx, locked, `1C asked for status ${target}; refused: ${result.reason}`, now);
  }
  await persistOutcome(trx, {
    row: locked,
    lines,
    outcome: result,
    event,
    historyEvent: HISTORY_EVENT[event.type],
    comment: event.type === 'order.decline' ? event.comment : null,
    actorId: null,
    actorRole: 'exchange',
    now,
  });
  return { kind: 'applied', orderId: row.id, documentNumber, status: result.status };
}

/**
 * Applies every document of a file and says what happened to each. Documents are matched to orders a batch at a
 * time (`MATCH_BATCH`, one query); a document of an order the portal does not know is ignored at once, and each
 * document of a known order is applied in its own transaction.
 *
 * After each applied document the import rests on a timer as long as the document took (at most `IMPORT_REST_MS`):
 * on PGlite every query completes synchronously in WASM and its promise settles as a microtask, so a loop of 5,000
 * documents would never let the server read another request until the whole file was done (an import of 2 MB once
 * stalled the API for 35 s); a timer returns to the event loop, and resting as long as the work leaves the database
 * free half the time, so a request waits behind at most one document (docs/adr/0037-1c-import.md;
 * `scripts/bench/import-stall.ts`).
 */
export async function applyIncomingDocuments(
  db: Kysely<DB>,
  documents: readonly IncomingDocument[],
  now: Date = new Date(),
): Promise<FileOutcome> {
  const outcomes: DocumentOutcome[] = [];
  for (let start = 0; start < documents.length; start += MATCH_BATCH) {
    const batch = documents.slice(start, start + MATCH_BATCH);
    const matched = await matchOrders(db, batch);
    for (const [index, doc] of batch.entries()) {
      const orderId = matched[index] ?? null;
      if (orderId === null) {
        outcomes.push(unknownOrder(doc));
        continue;
      }
      const started = performance.now();
      outcomes.push(await db.transaction().execute((trx) => applyDocument(trx, doc, orderId, now)));
      // Rest as long as the document took (at most IMPORT_REST_MS): the import uses at most half of the database.
      await sleep(Math.min(IMPORT_REST_MS, performance.now() - started));
    }
    await setImmediate();
  }
  return {
    documents: outcomes,
    applied: outcomes.filter((o) => o.kind === 'applied').length,
    errors: outcomes.filter((o) => o.kind === 'error').length,
    ignored: outcomes.filter((o) => o.kind === 'ignored').length,
  };
}

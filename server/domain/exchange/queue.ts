/**
 * The exchange queue in the database (`orders.exchange_state`, `exchange_error`, `onec_document_number`,
 * `exchanged_at`, and `EXCHANGE_*` history entries):
 *
 * - waiting for 1C: `exchange_state` `queued` or `sent` (queried, never confirmed), or an order in `sent_to_1c`
 *   whose state was never set (the lifecycle step itself queues it);
 * - `takeForQuery` reads them, marks them `sent` and answers the documents;
 * - `confirmSent` marks the ids of a session's last query `confirmed` (only those still `sent`); 1C has them now,
 *   so what they held at their warehouse is given back (docs/adr/0091-stock-per-warehouse.md).
 *
 * Every step writes one history entry and bumps the order's version, like every other change of an order.
 */
import type { Kysely, Transaction } from 'kysely';
import type { OrderStatus } from '#machines/order-lifecycle/order-lifecycle.types.ts';
import type { ActorRole } from '../../db/reference.ts';
import type { AddressSnapshot, DB } from '../../db/schema.ts';
import type { ExchangeAddress, ExchangeOrder } from './commerceml-writer.ts';
import { recordHistory } from '../orders/history.ts';
import { releaseToOneC } from '../stock/warehouse-stock.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** History events of the exchange (`order_history.event`). */
export const EXCHANGE_EVENTS = {
  sent: 'EXCHANGE_SENT',
  confirmed: 'EXCHANGE_CONFIRMED',
  document: 'EXCHANGE_DOCUMENT',
  error: 'EXCHANGE_ERROR',
  requeue: 'EXCHANGE_REQUEUE',
} as const;
/** The lifecycle's history event that queues an order (SEND_TO_1C). */
export const SEND_TO_1C_EVENT = 'SEND_TO_1C';

/** Most documents in one `mode=query` answer; the rest come with the next exchange run. */
export const QUERY_BATCH = 500;

/** Orders waiting for 1C, oldest first. */
export function waitingOrders(db: Db) {
  return db
    .selectFrom('orders')
    .where((eb) =>
      eb.or([
        eb('exchange_state', 'in', ['queued', 'sent']),
        eb.and([eb('status', '=', 'sent_to_1c'), eb('exchange_state', 'is', null)]),
      ]),
    );
}

interface HistoryRow {
  orderId: number;
  status: OrderStatus;
  event: string;
  comment: string | null;
  actorId?: number | null;
  actorRole?: ActorRole;
}

/** One history entry per order (from = to = its status) and version + 1, in the caller's transaction. */
export async function recordExchangeEvents(
  trx: Transaction<DB>,
  rows: readonly HistoryRow[],
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .updateTable('orders')
    .set((eb) => ({ version: eb('version', '+', 1), updated_at: now }))
    .where(
      'id',
      'in',
      rows.map((row) => row.orderId),
    )
    .execute();
  await recordHistory(
    trx,
    rows.map((row) => ({
      order_id: row.orderId,
      at: now,
      actor_id: row.actorId ?? null,
      actor_role: row.actorRole ?? 'exchange',
      from_status: row.status,
      to_status: row.status,
      event: row.event,
      comment: row.comment,
    })),
  );
}

function addressText(parts: ReadonlyArray<string | null | undefined>): string {
  return parts.filter((part): part is string => typeof part === 'string' && part.trim() !== '').join(', ');
}

function snapshotAddress(address: AddressSnapshot): ExchangeAddress {
  const apartment = address.apartment === null || address.apartment === '' ? null : address.apartment;
  return {
    text: addressText([
      address.postIndex,
      address.city,
      `${address.street} ${address.house}`.trim(),
      apartment === null ? null : `кв. ${apartment}`,
    ]),
    postIndex: address.postIndex,
    city: address.city,
    street: address.street,
    house: address.house,
    apartment,
  };
}

/** The orders of these ids as exchange documents need them (lines in Russian, the customer's address). */
export async function loadExchangeOrders(db: Db, ids: readonly number[]): Promise<ExchangeOrder[]> {
  if (ids.length === 0) return [];
  const [rows, lines] = await Promise.all([
    db
      .selectFrom('orders as o')
      .innerJoin('users as u', 'u.id', 'o.user_id')
      .innerJoin('warehouses as w', 'w.id', 'o.warehouse_id')
      .leftJoin('pickup_points as p', 'p.id', 'o.pickup_point_id')
      .select([
        'o.id',
        'o.number',
        'o.created_at',
        'o.updated_at',
        'o.currency',
        'o.amount',
        'o.discount',
        'o.final_cost',
        'o.comment',
        'o.status',
        'o.payment_method',
        'o.payment_state',
        'o.delivery_type',
        'o.delivery_address',
        'o.warehouse_number',
        'u.id as customer_id',
        'u.prn',
        'u.full_name',
        'u.email',
        'u.phone',
        'u.city as customer_city',
        'w.code as warehouse_code',
        'w.name as warehouse_name',
        'w.city as warehouse_city',
        'p.address as pickup_address',
      ])
      .where('o.id', 'in', ids)
      .orderBy('o.id')
      .execute(),
    db
      .selectFrom('order_lines')
      .select(['order_id', 'product_id', 'sku', 'name', 'price', 'requested_quantity', 'confirmed_quantity'])
      .where('order_id', 'in', ids)
      .orderBy('order_id')
      .orderBy('id')
      .execute(),
  ]);
  return rows.map((row) => {
    let address: ExchangeAddress | null = null;
    if (row.delivery_address !== null) address = snapshotAddress(row.delivery_address);
    else if (row.pickup_address !== null) {
      address = {
        text: addressText([row.warehouse_city, row.pickup_address]),
        postIndex: null,
        city: row.warehouse_city,
        street: row.pickup_address,
        house: null,
        apartment: null,
      };
    } else if (row.customer_city !== null) {
      address = {
        text: row.customer_city,
        postIndex: null,
        city: row.customer_city,
        street: null,
        house: null,
        apartment: null,
      };
    }
    return {
      id: row.id,
      number: row.number,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      currency: row.currency,
      finalCost: row.final_cost,
      deliveryPrice: Math.max(0, row.final_cost - (row.amount - row.discount)),
      comment: row.comment,
      status: row.status,
      paymentMethod: row.payment_method,
      paymentState: row.payment_state,
      deliveryType: row.delivery_type,
      warehouse: { code: row.warehouse_code, name: row.warehouse_name.ru },
      warehouseNumber: row.warehouse_number,
      customer: {
        id: row.customer_id,
        prn: row.prn,
        fullName: row.full_name,
        email: row.email,
        phone: row.phone,
        address,
      },
      lines: lines
        .filter((line) => line.order_id === row.id)
        .map((line) => ({
          productId: line.product_id,
          sku: line.sku,
          name: line.name.ru,
          price: line.price,
          quantity: line.confirmed_quantity ?? line.requested_quantity,
        })),
    };
  });
}

/**
 * `mode=query`: the orders waiting for 1C (at most `QUERY_BATCH`), now marked `sent` with an `EXCHANGE_SENT`
 * history entry each. Answers them as they are after the change.
 */
export async function takeForQuery(db: Kysely<DB>, now: Date = new Date()): Promise<ExchangeOrder[]> {
  return db.transaction().execute(async (trx) => {
    const picked = await waitingOrders(trx)
      .select(['id', 'status'])
      .orderBy('id')
      .limit(QUERY_BATCH)
      .forUpdate()
      .execute();
    if (picked.length === 0) return [];
    const ids = picked.map((row) => row.id);
    await trx
      .updateTable('orders')
      .set({ exchange_state: 'sent', exchanged_at: now })
      .where('id', 'in', ids)
      .execute();
    await recordExchangeEvents(
      trx,
      picked.map((row) => ({
        orderId: row.id,
        status: row.status,
        event: EXCHANGE_EVENTS.sent,
        comment: null,
      })),
      now,
    );
    return loadExchangeOrders(trx, ids);
  });
}

/**
 * `mode=success`: these orders (a session's last query) become `confirmed`, those still `sent` only (an order
 * queued again or failed in the meantime keeps its state). Answers the ids confirmed.
 */
export async function confirmSent(
  db: Kysely<DB>,
  ids: readonly number[],
  now: Date = new Date(),
): Promise<number[]> {
  if (ids.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const confirmed = await trx
      .updateTable('orders')
      .set({ exchange_state: 'confirmed', exchange_error: null, exchanged_at: now })
      .where('id', 'in', ids)
      .where('exchange_state', '=', 'sent')
      .returning(['id', 'status', 'onec_document_number'])
      .execute();
    await recordExchangeEvents(
      trx,
      confirmed.map((row) => ({
        orderId: row.id,
        status: row.status,
        event: EXCHANGE_EVENTS.confirmed,
        comment: row.onec_document_number,
      })),
      now,
    );
    // 1C has the orders now: its quantities count them, so they hold no stock any more.
    await releaseToOneC(
      trx,
      confirmed.map((row) => row.id),
      now,
    );
    return confirmed.map((row) => row.id).sort((a, b) => a - b);
  });
}

/** Ids of the orders waiting for 1C now (tests and diagnostics). */
export async function waitingOrderIds(db: Db): Promise<number[]> {
  const rows = await waitingOrders(db).select('id').orderBy('id').execute();
  return rows.map((row) => row.id);
}

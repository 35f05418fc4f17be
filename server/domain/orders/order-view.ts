/**
 * Orders as the contract shows them (`Order`, `OrderSummary`), read from `orders`, `order_lines`, `order_history`
 * and their neighbours. Money in minor units; `deliveryPrice` is what `final_cost` holds beyond the goods
 * (`final_cost − (amount − discount)`), so the stored row stays the single truth of what is paid.
 */
import { openingHoursOf } from '../account/opening-hours.ts';
import { sql, type Kysely, type Transaction } from 'kysely';
import { displayStatus } from '#machines/order-lifecycle/order-lifecycle.status.rules.ts';
import type { components } from '#openapi/schema.d.ts';
import type { AuthContext } from '../../auth/authenticate.ts';
import type { OrderStatus } from '#machines/order-lifecycle/order-lifecycle.types.ts';
import type { Lang } from '../../db/reference.ts';
import type { AddressSnapshot, DB } from '../../db/schema.ts';
import { imageUrlOf, roundPoints } from '../catalogue/product.ts';
import { buyerPricing } from '../catalogue/retail.ts';
import { loadOrderExchanges } from '../exchange/view.ts';
import { awaitsPickup, handoverCode } from './handover-code.ts';
import { HISTORY_ACTOR_ROLES, type HistoryActorRole } from './history-events.ts';
import { deliveryPriceOf } from './money.ts';
import { onHandOf, shortfallOf, substitutesFor, type Substitute } from './stock.ts';

export type Order = components['schemas']['Order'];
export type OrderSummary = components['schemas']['OrderSummary'];
export type OrderLineView = components['schemas']['OrderLine'];
export type OrderHistoryEntry = components['schemas']['OrderHistoryEntry'];

export type Db = Kysely<DB> | Transaction<DB>;

/** What a view of an order needs besides the database: links are absolute, the warehouse name is localised. */
export interface OrderViewOptions {
  publicUrl: string;
  lang: Lang;
  /**
   * Who reads the order. Staff of the order's warehouse (and the server itself, `undefined`) see the warehouse's
   * internals: stock on hand per line, the warehouse number and total, the 1C exchange. The customer (or a public
   * caller, `null`) gets those as null / absent.
   */
  viewer?: AuthContext | null;
  /** The server secret the pickup handover code is derived from; without it no code is shown. */
  handoverSecret?: string;
}

/** The customer's handover code while the order waits at the pickup point; null for anyone else (staff too). */
function handoverCodeFor(
  view: OrderViewOptions,
  row: { id: number; user_id: number; status: OrderStatus; delivery_type: 'pickup' | 'delivery' },
  internals: boolean,
  history: readonly { at: Date; to_status: OrderStatus | null }[],
): string | null {
  const owner = view.viewer !== undefined && view.viewer !== null && view.viewer.userId === row.user_id;
  if (!owner || internals || view.handoverSecret === undefined) return null;
  if (!awaitsPickup(row.status, row.delivery_type)) return null;
  const readyTimes = history
    .filter((entry) => entry.to_status === 'ready')
    .map((entry) => entry.at.getTime());
  return readyTimes.length === 0
    ? null
    : handoverCode(view.handoverSecret, row.id, new Date(Math.max(...readyTimes)));
}

/** The reader sees the warehouse's internals of an order of `warehouseId`. */
export function seesInternals(viewer: AuthContext | null | undefined, warehouseId: number): boolean {
  if (viewer === undefined) return true;
  return viewer !== null && viewer.wh && viewer.warehouseId === warehouseId;
}

/** A delivery address snapshot; orders placed through the API also keep the id of the address it was copied from. */
export type StoredAddress = AddressSnapshot & { addressId?: number };

/** Columns of an order row with its customer and warehouse, as summaries need them. */
export function summaryColumns(db: Db) {
  return db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .innerJoin('warehouses as w', 'w.id', 'o.warehouse_id')
    .select([
      'o.id',
      'o.number',
      'o.created_at',
      'o.updated_at',
      'o.amount',
      'o.discount',
      'o.final_cost',
      'o.currency',
      'o.points',
      'o.status',
      'o.payment_method',
      'o.payment_state',
      'o.delivery_type',
      'o.version',
      'o.warehouse_id',
      'u.id as customer_id',
      'u.full_name as customer_name',
      'u.email as customer_email',
      'u.phone as customer_phone',
      'u.prn as customer_prn',
      'w.code as warehouse_code',
      'w.name as warehouse_name',
    ]);
}

/** Units per order (confirmed quantities once confirmed), for summaries: one grouped query for a page. */
export async function itemCounts(db: Db, orderIds: readonly number[]): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('order_lines')
    .select((eb) => [
      'order_id',
      eb.fn.sum<number>(eb.fn.coalesce('confirmed_quantity', 'requested_quantity')).as('n'),
    ])
    .where('order_id', 'in', orderIds)
    .groupBy('order_id')
    .execute();
  return new Map(rows.map((row) => [row.order_id, Number(row.n)]));
}

/** Summaries of rows from `summaryColumns`, in their order. */
export async function summarise(db: Db, rows: readonly SummaryRow[], lang: Lang): Promise<OrderSummary[]> {
  const counts = await itemCounts(
    db,
    rows.map((row) => row.id),
  );
  const exchanges = await loadOrderExchanges(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    ...toOrderSummary(row, lang, counts.get(row.id) ?? 0),
    exchange: exchanges.get(row.id) ?? null,
  }));
}

export type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryColumns>['executeTakeFirstOrThrow']>>;

export function toOrderSummary(row: SummaryRow, lang: Lang, itemCount: number): OrderSummary {
  return {
    id: row.id,
    number: row.number,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    itemCount,
    amount: row.amount,
    discount: row.discount,
    deliveryPrice: deliveryPriceOf(row),
    finalCost: row.final_cost,
    currency: row.currency,
    points: roundPoints(Number(row.points)),
    status: row.status,
    displayStatus: displayStatus(row.status, row.payment_method, row.payment_state),
    customer: {
      id: row.customer_id,
      fullName: row.customer_name,
      email: row.customer_email,
      phone: row.customer_phone,
      prn: row.customer_prn,
    },
    deliveryType: row.delivery_type,
    paymentMethod: row.payment_method,
    paymentState: row.payment_state,
    warehouse: {
      id: row.warehouse_id,
      number: row.warehouse_code,
      name: row.warehouse_name[lang],
      names: row.warehouse_name,
    },
    version: row.version,
  };
}

function isActorRole(value: string): value is HistoryActorRole {
  return (HISTORY_ACTOR_ROLES as readonly string[]).includes(value);
}

async function deliveryAddressOf(
  db: Db,
  userId: number,
  stored: StoredAddress | null,
): Promise<Order['deliveryAddress']> {
  if (stored === null) return null;
  let id = stored.addressId;
  if (id === undefined) {
    // Orders from before address ids were kept: the user's address with the same fields, if it still exists.
    const match = await db
      .selectFrom('addresses')
      .select('id')
      .where('user_id', '=', userId)
      .where('post_index', '=', stored.postIndex)
      .where('city', '=', stored.city)
      .where('street', '=', stored.street)
      .where('house', '=', stored.house)
      .orderBy('id')
      .executeTakeFirst();
    id = match?.id;
  }
  return {
    id: id ?? 1,
    postIndex: stored.postIndex,
    city: stored.city,
    street: stored.street,
    house: stored.house,
    apartment: stored.apartment,
    isDefault: false,
  };
}

function substituteOf(found: Substitute | undefined): {
  substitute?: components['schemas']['OrderLineSubstitute'];
} {
  return found === undefined ? {} : { substitute: found };
}

/** The whole order (lines, history with actor names, address snapshot, pickup point, payment link, refunds), or null. */
export async function loadOrder(db: Db, id: number, view: OrderViewOptions): Promise<Order | null> {
  const summaryRow = await summaryColumns(db).where('o.id', '=', id).executeTakeFirst();
  if (summaryRow === undefined) return null;
  const row = await db
    .selectFrom('orders')
    .select([
      'user_id',
      'delivery_address',
      'pickup_point_id',
      'courier_comment',
      'comment',
      'cancel_reason',
      'partial_note',
      'warehouse_number',
      'warehouse_total',
      'in_1c_at',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const inOneC = row.in_1c_at !== null;

  const [lines, history, pickupPoint, payment] = await Promise.all([
    db
      .selectFrom('order_lines as l')
      .innerJoin('products as p', 'p.id', 'l.product_id')
      .leftJoin('warehouse_stock as ws', (join) =>
        join.onRef('ws.product_id', '=', 'l.product_id').on('ws.warehouse_id', '=', summaryRow.warehouse_id),
      )
      .select([
        'l.id',
        'l.product_id',
        'l.name',
        'l.list_price',
        'l.price',
        'l.points',
        'l.requested_quantity',
        'l.confirmed_quantity',
        'p.sku',
        'p.image_url',
        sql<number>`coalesce(ws.quantity, 0) - coalesce(ws.held, 0)`.as('stock'),
        'p.category',
      ])
      .where('l.order_id', '=', id)
      .orderBy('l.id')
      .execute(),
    db
      .selectFrom('order_history as h')
      .leftJoin('users as a', 'a.id', 'h.actor_id')
      .select([
        'h.id',
        'h.at',
        'h.actor_id',
        'h.actor_role',
        'a.full_name as actor_name',
        'h.from_status',
        'h.to_status',
        'h.event',
        'h.comment',
        'h.changed_lines',
      ])
      .where('h.order_id', '=', id)
      .orderBy('h.at')
      .orderBy('h.id')
      .execute(),
    row.pickup_point_id === null
      ? Promise.resolve(undefined)
      : db
          .selectFrom('pickup_points as p')
          .innerJoin('warehouses as w', 'w.id', 'p.warehouse_id')
          .select(['p.id', 'p.name', 'p.address', 'p.working_hours', 'p.warehouse_id', 'w.city'])
          .where('p.id', '=', row.pickup_point_id)
          .executeTakeFirst(),
    // The open attempt's checkout page: the newest attempt, while it is open at the acquirer.
    summaryRow.payment_state === 'need_pay'
      ? db
          .selectFrom('payments')
          .select(['state', 'pay_url'])
          .where('order_id', '=', id)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .executeTakeFirst()
      : Promise.resolve(undefined),
  ]);
  const refunds = await db
    .selectFrom('payment_refunds')
    .selectAll()
    .where('order_id', '=', id)
    .orderBy('requested_at')
    .orderBy('id')
    .execute();

  const itemCount = lines.reduce(
    (sum, line) => sum + (line.confirmed_quantity ?? line.requested_quantity),
    0,
  );
  const summary = toOrderSummary(summaryRow, view.lang, itemCount);
  const internals = seesInternals(view.viewer, summaryRow.warehouse_id);
  const needing = lines.map((line) => ({
    line,
    // Staff: what the warehouse cannot give now; the customer: what a partial confirmation took away.
    missing: internals
      ? shortfallOf(summary.status, line, inOneC)
      : line.requested_quantity - (line.confirmed_quantity ?? line.requested_quantity),
  }));
  const substitutes = await substitutesFor(
    db,
    summaryRow.warehouse_id,
    lines.map((line) => line.product_id),
    needing,
    await buyerPricing(db, row.user_id),
  );
  return {
    ...summary,
    exchange: internals ? ((await loadOrderExchanges(db, [id])).get(id) ?? null) : null,
    deliveryAddress: await deliveryAddressOf(db, row.user_id, row.delivery_address),
    pickupPoint:
      pickupPoint === undefined
        ? null
        : {
            id: pickupPoint.id,
            name: pickupPoint.name,
            city: pickupPoint.city,
            address: pickupPoint.address,
            workingHours: pickupPoint.working_hours,
            openingHours: openingHoursOf(pickupPoint.working_hours),
            warehouseId: pickupPoint.warehouse_id,
          },
    courierComment: row.courier_comment,
    comment: row.comment,
    cancelReason: row.cancel_reason,
    paymentLink: payment?.state === 'pending' ? payment.pay_url : null,
    refunds: refunds.map((refund) => ({
      id: refund.id,
      amount: refund.amount,
      currency: refund.currency,
      reason: refund.reason,
      state: refund.state,
      requestedAt: refund.requested_at.toISOString(),
      refundedAt: refund.refunded_at?.toISOString() ?? null,
      // Staff see why a refund is late (ADR 0024: the warehouse's internals).
      attempts: internals ? refund.attempts : null,
      lastError: internals ? refund.last_error : null,
      nextAttemptAt: internals && refund.state === 'pending' ? refund.next_attempt_at.toISOString() : null,
    })),
    warehouseNumber: internals ? row.warehouse_number : null,
    warehouseTotal: internals ? row.warehouse_total : null,
    partialNote: row.partial_note,
    lines: lines.map((line) => ({
      id: line.id,
      productId: line.product_id,
      name: line.name,
      imageUrl: imageUrlOf(line, view.publicUrl),
      price: line.list_price,
      promoPrice: line.price < line.list_price ? line.price : null,
      points: roundPoints(Number(line.points)),
      requestedQuantity: line.requested_quantity,
      confirmedQuantity: line.confirmed_quantity,
      ...(internals ? { stockOnHand: onHandOf(summary.status, line, inOneC) } : {}),
      ...substituteOf(substitutes.get(line.id)),
      amount: (line.confirmed_quantity ?? line.requested_quantity) * line.price,
    })),
    handoverCode: handoverCodeFor(
      view,
      { id, user_id: row.user_id, status: summaryRow.status, delivery_type: summaryRow.delivery_type },
      internals,
      history,
    ),
    history: history.map((entry) => ({
      id: entry.id,
      at: entry.at.toISOString(),
      actor:
        entry.actor_id !== null && entry.actor_name !== null && isActorRole(entry.actor_role)
          ? { id: entry.actor_id, fullName: entry.actor_name, role: entry.actor_role }
          : null,
      from: entry.from_status,
      to: entry.to_status ?? entry.from_status ?? summary.status,
      event: entry.event,
      comment: entry.comment,
      changedLines: (entry.changed_lines ?? []).map((line) => ({
        lineId: line.lineId,
        from: line.from,
        to: line.to,
      })),
    })),
  };
}

/** Same as `loadOrder` for an order known to exist (inside the transaction that changed it). */
export async function loadExistingOrder(db: Db, id: number, view: OrderViewOptions): Promise<Order> {
  const order = await loadOrder(db, id, view);
  if (order === null) throw new Error(`order ${id} vanished`);
  return order;
}

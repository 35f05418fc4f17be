/**
 * The order as the return policy sees it: its status, when the customer received it, the units of each line they
 * received, and what the order's other returns hold. The receipt is the first history entry that brought the order
 * to `received` (a handover, or the customer's confirmation of a delivery); an order completed without passing
 * through `received` (older data) counts from its completion (docs/adr/0138-returns.md).
 */
import type { Transaction } from 'kysely';
import {
  heldUnits,
  returnWindows,
  returnableLines,
  type ReturnableOrder,
} from '#machines/returns/returns.policy.rules.ts';
import type { ReturnList } from '#machines/returns/returns.types.ts';
import type { DB } from '../../db/schema.ts';
import type { Db } from '../orders/order-view.ts';
import { loadReturns, returnLines } from './view.ts';

export interface ReturnOrderLine {
  lineId: number;
  productId: number;
  /** the unit price paid (promotion price if any) */
  price: number;
  points: number;
  received: number;
}

export interface ReturnOrder extends ReturnableOrder {
  id: number;
  userId: number;
  warehouseId: number;
  paymentMethod: 'cash' | 'card';
  currency: string;
  lines: ReturnOrderLine[];
}

export async function receiptTime(db: Db, orderId: number): Promise<Date | null> {
  const rows = await db
    .selectFrom('order_history')
    .select(['to_status', 'at'])
    .where('order_id', '=', orderId)
    .where('to_status', 'in', ['received', 'completed'])
    .where((eb) => eb('from_status', 'is', null).or('from_status', '!=', eb.ref('to_status')))
    .orderBy('at')
    .orderBy('id')
    .execute();
  return (rows.find((row) => row.to_status === 'received') ?? rows[0])?.at ?? null;
}

/** The order (locked for the transaction when `trx` is given a lock), or undefined. */
export async function loadReturnOrder(
  db: Db,
  orderId: number,
  lock: boolean,
): Promise<ReturnOrder | undefined> {
  let query = db
    .selectFrom('orders')
    .select(['id', 'user_id', 'warehouse_id', 'status', 'payment_method', 'currency'])
    .where('id', '=', orderId);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (row === undefined) return undefined;
  const [lines, receivedAt] = await Promise.all([
    db
      .selectFrom('order_lines')
      .select(['id', 'product_id', 'price', 'points', 'requested_quantity', 'confirmed_quantity'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute(),
    receiptTime(db, orderId),
  ]);
  return {
    id: row.id,
    userId: row.user_id,
    warehouseId: row.warehouse_id,
    status: row.status,
    paymentMethod: row.payment_method,
    currency: row.currency,
    receivedAt,
    lines: lines.map((line) => ({
      lineId: line.id,
      productId: line.product_id,
      price: line.price,
      points: Number(line.points),
      received: line.confirmed_quantity ?? line.requested_quantity,
    })),
  };
}

/** Units of each product the order's returns in play hold. */
export async function heldByReturns(db: Db | Transaction<DB>, orderId: number): Promise<Map<number, number>> {
  const returns = await db
    .selectFrom('order_returns')
    .select(['id', 'status'])
    .where('order_id', '=', orderId)
    .execute();
  const lines = await returnLines(
    db,
    returns.map((row) => row.id),
  );
  return heldUnits(
    returns.map((row) => ({
      status: row.status,
      lines: lines
        .filter((line) => line.return_id === row.id)
        .map((line) => ({ productId: line.product_id, requested: line.requested, received: line.received })),
    })),
  );
}

/** `GET /orders/{orderId}/returns`: the order's returns and the policy applied to it now. */
export async function orderReturnList(
  db: Db,
  order: ReturnOrder,
  publicUrl: string,
  now: Date,
): Promise<ReturnList> {
  const ids = await db
    .selectFrom('order_returns')
    .select('id')
    .where('order_id', '=', order.id)
    .orderBy('seq')
    .execute();
  const [items, held] = await Promise.all([
    loadReturns(
      db,
      ids.map((row) => row.id),
      publicUrl,
    ),
    heldByReturns(db, order.id),
  ]);
  const windows = returnWindows(order.status, order.receivedAt, now);
  const lines = returnableLines(order.lines, held);
  return {
    orderId: order.id,
    returnable: windows.some((window) => window.open) && lines.some((line) => line.returnable > 0),
    receivedAt: order.receivedAt?.toISOString() ?? null,
    windows: windows.map((window) => ({
      reason: window.reason,
      until: window.until?.toISOString() ?? null,
      ratePercent: window.ratePercent,
      open: window.open,
    })),
    lines,
    items,
  };
}

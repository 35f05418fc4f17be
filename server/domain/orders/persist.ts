/**
 * Between stored rows and the lifecycle machine: `factsOf` builds `OrderFacts` from an order row and its lines,
 * `persistOutcome` writes what the machine answered (status, payment state, confirmed quantities, totals, stock,
 * one history entry, version + 1, and the refund a paid order's cancellation owes).
 *
 * Stock (docs/adr/0091-stock-per-warehouse.md): an order holds its effective quantities at its warehouse from
 * creation until it ends in `rejected` or `cancelled_by_*` or 1C takes it; a partial confirmation gives back what
 * it removed, a cancellation gives back the rest.
 */
import { sql, type Selectable, type Transaction } from 'kysely';
import { startOrder, type LifecycleOutcome } from '#machines/order-lifecycle/order-lifecycle.transitions.ts';
import type {
  OrderFacts,
  OrderLifecycleEvent,
  OrderLine,
  OrderStatus,
} from '#machines/order-lifecycle/order-lifecycle.types.ts';
import type { ActorRole } from '../../db/reference.ts';
import type { ChangedLine, DB, OrderLinesTable, OrdersTable } from '../../db/schema.ts';
import { conflict, unprocessable } from '../../http/errors.ts';
import { changeHolds, effectiveUnits, heldQuantity, onHandFor } from '../stock/warehouse-stock.ts';
import { recordHistory } from './history.ts';
import { requestOrderRefund } from '../../payments/refund-request.ts';
import { deliveryPriceOf, orderMoney } from './money.ts';
import { followOrderStatus } from '../volumes/ledger.ts';

export type LineRow = Pick<
  Selectable<OrderLinesTable>,
  'id' | 'product_id' | 'list_price' | 'price' | 'points' | 'requested_quantity' | 'confirmed_quantity'
> & {
  /** 1C's quantity at the order's warehouse minus every hold there (this order's too); may be below zero */
  stock: number;
};

type OrderRow = Selectable<OrdersTable>;

/** The machine's id of an order line (`order_lines.id` as a string; the API's `lineId` is the number). */
export const machineLineId = (id: number): string => String(id);

/** An order's lines with the free stock at its warehouse: what `factsOf` needs (inside the order's transaction). */
export async function linesWithStock(trx: Transaction<DB>, orderId: number): Promise<LineRow[]> {
  return trx
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .leftJoin('warehouse_stock as ws', (join) =>
      join.onRef('ws.product_id', '=', 'l.product_id').onRef('ws.warehouse_id', '=', 'o.warehouse_id'),
    )
    .select([
      'l.id',
      'l.product_id',
      'l.list_price',
      'l.price',
      'l.points',
      'l.requested_quantity',
      'l.confirmed_quantity',
      sql<number>`coalesce(ws.quantity, 0) - coalesce(ws.held, 0)`.as('stock'),
    ])
    .where('l.order_id', '=', orderId)
    .orderBy('l.id')
    .execute();
}

/** A line as the machine sees it: the paid unit price (promo or list), and the stock the order may draw on. */
export function machineLine(status: OrderStatus, line: LineRow, inOneC = false): OrderLine {
  const requested = line.requested_quantity;
  const confirmed = line.confirmed_quantity;
  const own = heldQuantity(status, { requested, confirmed }, inOneC);
  return {
    lineId: machineLineId(line.id),
    requested,
    confirmed,
    price: line.price,
    points: Number(line.points),
    // 1C's quantity − (every hold − this order's own): `stock` is already 1C's quantity − every hold.
    available: onHandFor(Number(line.stock), 0, own),
  };
}

/**
 * The order's facts for the machine. `placed` is transient in the machine (it moves on by itself), so a row still
 * stored as `placed` (older data) is read as the state the machine settles in (`startOrder`).
 */
export function factsOf(row: OrderRow, lines: readonly LineRow[]): OrderFacts {
  const input = {
    paymentMethod: row.payment_method,
    deliveryType: row.delivery_type,
    hasDeliveryAddress: row.delivery_address !== null,
    lines: lines.map((line) => machineLine(row.status, line, row.in_1c_at !== null)),
  };
  const settled = row.status === 'placed' ? startOrder(input) : null;
  return {
    ...input,
    status: settled?.status ?? row.status,
    paymentState: settled?.paymentState ?? row.payment_state,
    cancelReason: row.cancel_reason,
  };
}

export interface PersistInput {
  row: OrderRow;
  lines: readonly LineRow[];
  outcome: LifecycleOutcome;
  event: OrderLifecycleEvent;
  historyEvent: string;
  comment: string | null;
  actorId: number | null;
  actorRole: ActorRole;
  now: Date;
  /** The pickup point the distributor chose when a delivery order turns into a pickup one (else the first). */
  pickupPointId?: number | undefined;
}

/** Writes an accepted lifecycle step. The row must be locked by `trx`. */
export async function persistOutcome(trx: Transaction<DB>, input: PersistInput): Promise<void> {
  const { row, lines, outcome, event, now } = input;
  const byId = new Map(outcome.context.lines.map((line) => [line.lineId, line]));
  const changed: ChangedLine[] = [];
  const holdDelta = new Map<number, number>();
  const next = lines.map((line) => {
    const machineAfter = byId.get(machineLineId(line.id));
    const confirmed = machineAfter === undefined ? line.confirmed_quantity : machineAfter.confirmed;
    const before = { requested: line.requested_quantity, confirmed: line.confirmed_quantity };
    const updated = { requested: line.requested_quantity, confirmed };
    if (effectiveUnits(before) !== effectiveUnits(updated)) {
      changed.push({
        lineId: line.id,
        productId: line.product_id,
        from: effectiveUnits(before),
        to: effectiveUnits(updated),
      });
    }
    const inOneC = row.in_1c_at !== null;
    const delta = heldQuantity(outcome.status, updated, inOneC) - heldQuantity(row.status, before, inOneC);
    if (delta !== 0) holdDelta.set(line.product_id, (holdDelta.get(line.product_id) ?? 0) + delta);
    return { line, confirmed };
  });

  for (const { line, confirmed } of next) {
    if (confirmed !== line.confirmed_quantity) {
      await trx
        .updateTable('order_lines')
        .set({ confirmed_quantity: confirmed })
        .where('id', '=', line.id)
        .execute();
    }
  }
  await changeHolds(trx, row.warehouse_id, holdDelta, now);

  const money = orderMoney(
    next.map(({ line, confirmed }) => ({
      requested: line.requested_quantity,
      confirmed,
      price: line.price,
      listPrice: line.list_price,
      points: Number(line.points),
    })),
    deliveryPriceOf(row),
  );
  const statusChanged = outcome.status !== row.status;
  const warehouseConfirms =
    statusChanged && (outcome.status === 'confirmed' || outcome.status === 'awaiting_distributor');

  let pickupPointId = row.pickup_point_id;
  if (outcome.context.deliveryType === 'pickup' && pickupPointId === null) {
    // A delivery order whose distributor chose to pick it up: the point they chose, an active one of the order's
    // warehouse (else 422), or without a choice the warehouse's first active pickup point.
    const chosen = input.pickupPointId;
    let points = trx
      .selectFrom('pickup_points')
      .select('id')
      .where('warehouse_id', '=', row.warehouse_id)
      .where('is_active', '=', true);
    if (chosen !== undefined) points = points.where('id', '=', chosen);
    const point = await points.orderBy('id').executeTakeFirst();
    if (point === undefined && chosen !== undefined) {
      throw unprocessable('VALIDATION_FAILED', [
        {
          location: 'query',
          path: 'pickupPointId',
          message: 'not an active pickup point of the order’s warehouse',
        },
      ]);
    }
    if (point === undefined) throw conflict('TRANSITION_NOT_ALLOWED');
    pickupPointId = point.id;
  }
  const warehouseCode =
    warehouseConfirms && row.warehouse_number === null
      ? (
          await trx
            .selectFrom('warehouses')
            .select('code')
            .where('id', '=', row.warehouse_id)
            .executeTakeFirstOrThrow()
        ).code
      : null;

  await trx
    .updateTable('orders')
    .set({
      status: outcome.status,
      payment_state: outcome.paymentState,
      delivery_type: outcome.context.deliveryType,
      pickup_point_id: pickupPointId,
      cancel_reason: outcome.context.cancelReason,
      ...(event.type === 'order.confirmPartial' ? { partial_note: input.comment } : {}),
      // Sending to 1C queues the order for the exchange (server/domain/exchange).
      ...(statusChanged && outcome.status === 'sent_to_1c'
        ? { exchange_state: 'queued' as const, exchange_error: null }
        : {}),
      amount: money.amount,
      discount: money.discount,
      final_cost: money.finalCost,
      points: money.points,
      ...(warehouseConfirms
        ? {
            warehouse_number: row.warehouse_number ?? `${warehouseCode ?? ''}-${row.number}`,
            warehouse_total: money.finalCost,
          }
        : {}),
      version: row.version + 1,
      updated_at: now,
    })
    .where('id', '=', row.id)
    .execute();
  // Volumes follow orders: reaching a credited state credits the order's points, leaving one takes them back.
  if (statusChanged)
    await followOrderStatus(trx, { orderId: row.id, from: row.status, to: outcome.status, at: now });

  await recordHistory(trx, {
    order_id: row.id,
    at: now,
    actor_id: input.actorId,
    actor_role: input.actorRole,
    from_status: row.status,
    to_status: outcome.status,
    event: input.historyEvent,
    comment: input.comment,
    changed_lines: changed.length > 0 ? JSON.stringify(changed) : null,
  });

  // A paid order that will not be delivered owes its money back: requested with the change (ADR 0112).
  if (outcome.paymentState === 'refund_pending' && row.payment_state !== 'refund_pending') {
    await requestOrderRefund(trx, row.id, now);
  }
}

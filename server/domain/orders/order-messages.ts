/**
 * Which change of an order writes which message to its distributor (docs/adr/0105-which-messages.md). Every change
 * writes history (server/domain/orders/history.ts), so the messages are derived from the entries there, in the
 * same transaction: whoever changes an order (the distributor, the warehouse, the 1C exchange), its messages are
 * written with the change or not at all. The key names the order and the step, so a step writes one message.
 *
 * Payments' own messages (paid, failed, refunded) are written where the payment changes, not here.
 */
import type { Insertable, Transaction } from 'kysely';
import type { DB, OrderHistoryTable } from '../../db/schema.ts';
import { enqueueMessage, type MessageEvent } from '../../messages/outbox.ts';
import { CREATE_EVENT } from './history-events.ts';

type HistoryEntry = Insertable<OrderHistoryTable>;

interface OrderNow {
  id: number;
  user_id: number;
  payment_method: string;
  payment_state: string;
  delivery_type: string;
}

interface Planned {
  event: MessageEvent;
  key: string;
  data: Record<string, unknown>;
}

/** The message an entry asks for, given the order as the same transaction left it; null for none. */
export function messageForEntry(entry: HistoryEntry, order: OrderNow): Planned | null {
  const id = order.id;
  const data = { orderId: id };
  const to = entry.to_status ?? null;
  if (entry.event === CREATE_EVENT) return { event: 'order.placed', key: `order.placed:${id}`, data };
  if (to === null || to === entry.from_status) return null;
  switch (to) {
    case 'awaiting_distributor':
      return { event: 'order.awaiting_answer', key: `order.awaiting_answer:${id}`, data };
    case 'confirmed':
      // A card order's amount is final now: it waits for the payment.
      return order.payment_method === 'card' && order.payment_state === 'need_pay'
        ? { event: 'order.pay_now', key: `order.pay_now:${id}`, data }
        : null;
    case 'ready':
      // A pickup order waits at the pickup point with its code; a delivery order waits for "deliver" or "pick up".
      return order.delivery_type === 'pickup'
        ? { event: 'order.ready_for_pickup', key: `order.ready_for_pickup:${id}`, data }
        : { event: 'order.ready_for_pickup', key: `order.ready_for_pickup:${id}:choose`, data };
    case 'pickup_requested':
      // The code, unless the order was a pickup order already (then it came when the order became ready).
      return { event: 'order.ready_for_pickup', key: `order.ready_for_pickup:${id}`, data };
    case 'in_delivery':
      return { event: 'order.out_for_delivery', key: `order.out_for_delivery:${id}`, data };
    case 'received':
      return { event: 'order.received', key: `order.received:${id}`, data };
    case 'rejected':
    case 'cancelled_by_warehouse':
      return {
        event: 'order.cancelled',
        key: `order.cancelled:${id}`,
        data: { orderId: id, reason: entry.comment ?? null },
      };
    default:
      return null;
  }
}

/** Writes the messages the entries ask for (in the caller's transaction). */
export async function enqueueOrderMessages(
  trx: Transaction<DB>,
  entries: readonly HistoryEntry[],
): Promise<void> {
  const wanted = entries.filter(
    (entry) =>
      entry.event === CREATE_EVENT || (entry.to_status != null && entry.to_status !== entry.from_status),
  );
  if (wanted.length === 0) return;
  const orders = await trx
    .selectFrom('orders')
    .select(['id', 'user_id', 'payment_method', 'payment_state', 'delivery_type'])
    .where('id', 'in', [...new Set(wanted.map((entry) => entry.order_id))])
    .execute();
  const byId = new Map(orders.map((order) => [order.id, order]));
  for (const entry of wanted) {
    const order = byId.get(entry.order_id);
    const planned = order === undefined ? null : messageForEntry(entry, order);
    if (order === undefined || planned === null) continue;
    await enqueueMessage(trx, { ...planned, userId: order.user_id });
  }
}

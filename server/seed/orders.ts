/**
 * Demo orders: each is walked from creation to its target status along the order lifecycle
 * (`docs/order-lifecycle.md`), writing a history entry per step, so status, history, lines, quantities,
 * totals, payment state and version always agree (version = number of history entries).
 */
import { createHash } from 'node:crypto';
import type { OrderStatus } from '../db/reference.ts';
import type { ChangedLine } from '../db/schema.ts';
import { actorOf, stepsTo } from './orders-steps.ts';
import { CUSTOMER_TEXT, WAREHOUSE_NOTES } from './orders-texts.ts';
import type {
  OrderPlan,
  SeedHistory,
  SeedLine,
  SeedOrder,
  SeedPayment,
  SeedProduct,
} from './orders-types.ts';
import type { Prng } from './prng.ts';

export { stepsTo } from './orders-steps.ts';
export type * from './orders-types.ts';

const MINUTE = 60_000;

export type BuiltOrders = {
  orders: SeedOrder[];
  lines: SeedLine[];
  history: SeedHistory[];
  payments: SeedPayment[];
  /** Paid orders cancelled afterwards got their money back, as the lifecycle's payment region says. */
  refunds: SeedRefund[];
};

/** The refund of a seeded paid order that was cancelled afterwards (`payment_refunds`). */
export type SeedRefund = {
  payment_id: string;
  order_id: number;
  amount: number;
  currency: string;
  reason: 'order_cancelled';
  state: 'refunded';
  attempts: number;
  provider_status: 'OK';
  requested_at: Date;
  next_attempt_at: Date;
  refunded_at: Date;
};

/** The acquirer's `payId` of a seeded attempt: a UUID derived from its id (no draw from the demo's generator). */
function demoPayId(paymentId: string): string {
  const hex = createHash('sha256').update(`demo-pay:${paymentId}`).digest('hex').slice(0, 32);
  return hex.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
}

/**
 * Builds orders for the plans (sorted by creation time so numbers grow with time), with ids from `firstIds` on.
 * `now` bounds every timestamp: in-progress orders end shortly before it.
 */
export function buildOrders(
  prng: Prng,
  plans: readonly OrderPlan[],
  products: readonly SeedProduct[],
  now: Date,
  firstIds: { order: number; line: number; history: number } = { order: 1, line: 1, history: 1 },
): BuiltOrders {
  const out: BuiltOrders = { orders: [], lines: [], history: [], payments: [], refunds: [] };
  const sorted = [...plans].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  let orderId = firstIds.order;
  let lineId = firstIds.line;
  let historyId = firstIds.history;
  const buyable = products.filter((product) => product.stock > 0);

  for (const plan of sorted) {
    const id = orderId++;
    const number = String(id).padStart(6, '0');
    const steps = stepsTo(plan);
    const needsPartial = steps.some((step) => step.event === 'CONFIRM_PARTIAL');
    const chosen = prng.sample(buyable, prng.int(needsPartial ? 2 : 1, 5));
    const lines: SeedLine[] = chosen.map((product) => ({
      id: lineId++,
      order_id: id,
      product_id: product.id,
      sku: product.sku,
      name: JSON.stringify(product.name),
      list_price: product.price,
      price: product.promoPrice ?? product.price,
      points: product.points,
      requested_quantity: prng.weighted([
        [1, 6],
        [2, 3],
        [3, 1],
        [4, 1],
      ] as const),
      confirmed_quantity: null,
    }));

    const comment = prng.chance(0.25) ? prng.pick(CUSTOMER_TEXT.comment[plan.lang]) : null;
    const order: SeedOrder = {
      id,
      number,
      user_id: plan.userId,
      client_id: plan.clientId,
      warehouse_id: plan.warehouse.id,
      status: 'placed',
      payment_method: plan.paymentMethod,
      payment_state: 'not_required',
      delivery_type: plan.deliveryType,
      delivery_address: plan.deliveryType === 'delivery' ? JSON.stringify(plan.address) : null,
      pickup_point_id: plan.deliveryType === 'pickup' ? prng.pick(plan.warehouse.pickupPointIds) : null,
      courier_comment:
        plan.deliveryType === 'delivery' && prng.chance(0.5)
          ? prng.pick(CUSTOMER_TEXT.courier[plan.lang])
          : null,
      comment,
      cancel_reason: null,
      partial_note: null,
      amount: 0,
      discount: 0,
      final_cost: 0,
      points: 0,
      currency: 'MDL',
      warehouse_number: null,
      warehouse_total: null,
      version: 0,
      exchange_state: null,
      exchange_error: null,
      onec_document_number: null,
      exchanged_at: null,
      created_at: plan.createdAt,
      updated_at: plan.createdAt,
    };
    const totals = () => {
      let amount = 0;
      let finalCost = 0;
      let points = 0;
      for (const line of lines) {
        const quantity = line.confirmed_quantity ?? line.requested_quantity;
        amount += line.list_price * quantity;
        finalCost += line.price * quantity;
        points += line.points * quantity;
      }
      order.amount = amount;
      order.final_cost = finalCost;
      order.discount = amount - finalCost;
      order.points = Math.round(points * 100) / 100;
    };
    totals();

    // Timestamps: gaps of minutes to a day; squeezed so an order never ends in the future.
    const gaps = steps.map((_, index) => (index === 0 ? 0 : prng.int(5, 26 * 60) * MINUTE));
    const span = gaps.reduce((sum, gap) => sum + gap, 0);
    const room = now.getTime() - 2 * MINUTE - plan.createdAt.getTime();
    const scale = span > room && span > 0 ? Math.max(room, 0) / span : 1;
    let at = plan.createdAt.getTime();
    const staff = prng.pick(plan.warehouse.staff);

    for (const [index, step] of steps.entries()) {
      at += Math.floor((gaps[index] ?? 0) * scale);
      const when = new Date(at);
      const from: OrderStatus | null = step.event === 'CREATE' ? null : order.status;
      let note: string | null = null;
      let changed: ChangedLine[] | null = null;
      switch (step.event) {
        case 'CREATE':
          note = comment;
          break;
        case 'CONFIRM':
          for (const line of lines) line.confirmed_quantity = line.requested_quantity;
          break;
        case 'CONFIRM_PARTIAL': {
          for (const line of lines) line.confirmed_quantity = line.requested_quantity;
          const reducible = lines.filter((line) => line.requested_quantity > 1);
          const target =
            reducible.length > 0 && prng.chance(0.6) ? prng.pick(reducible) : prng.pick(lines.slice(1));
          const to =
            target.requested_quantity > 1 && prng.chance(0.7)
              ? prng.int(1, target.requested_quantity - 1)
              : 0;
          target.confirmed_quantity = to;
          changed = [
            { lineId: target.id, productId: target.product_id, from: target.requested_quantity, to },
          ];
          note = prng.pick(WAREHOUSE_NOTES.partial);
          order.partial_note = note;
          break;
        }
        case 'REJECT':
          for (const line of lines) line.confirmed_quantity = 0;
          changed = lines.map((line) => ({
            lineId: line.id,
            productId: line.product_id,
            from: line.requested_quantity,
            to: 0,
          }));
          note = prng.pick(WAREHOUSE_NOTES.reject);
          order.cancel_reason = note;
          break;
        case 'DECLINE':
          note = prng.pick(WAREHOUSE_NOTES.decline);
          order.cancel_reason = note;
          break;
        case 'CANCEL':
        case 'REJECT_PARTIAL':
          note = prng.pick(CUSTOMER_TEXT.cancel[plan.lang]);
          order.cancel_reason = note;
          break;
        case 'PAYMENT_PAID':
        case 'PAYMENT_FAILED': {
          const paid = step.outcome === 'paid';
          order.payment_state = paid ? 'paid' : 'pay_failed';
          const paymentId = `pay_${prng.hex(12)}`;
          out.payments.push({
            id: paymentId,
            order_id: id,
            state: paid ? 'paid' : 'failed',
            amount: order.final_cost,
            currency: 'MDL',
            created_at: new Date(at - prng.int(1, 4) * MINUTE),
            completed_at: when,
            // The acquirer's transaction (the sandbox keeps its side: server/seed/sandbox-payments.ts).
            provider_pay_id: demoPayId(paymentId),
            status: paid ? 'OK' : 'FAILED',
            status_message: paid ? 'Approved' : 'Insufficient funds',
            card_number: '510218******1124',
            settled_by: 'callback',
          });
          // The event says what happened (the SPA labels it in every language): no English note.
          note = null;
          break;
        }
        case 'SEND_TO_1C': {
          const age = now.getTime() - at;
          order.exchange_state =
            age > 2 * 86_400_000
              ? prng.chance(0.05)
                ? 'error'
                : 'confirmed'
              : prng.pick(['queued', 'sent'] as const);
          if (order.exchange_state === 'confirmed') {
            order.onec_document_number = `РН-${String(id).padStart(8, '0')}`;
            order.exchanged_at = new Date(at + prng.int(2, 90) * MINUTE);
          }
          if (order.exchange_state === 'error') {
            order.exchange_error = 'Контрагент не найден в справочнике 1С';
          }
          break;
        }
        default:
          break;
      }
      if (
        step.event === 'CONFIRM' ||
        step.event === 'ACCEPT' ||
        (step.event === 'CONFIRM_PARTIAL' && step.to)
      ) {
        totals();
        order.warehouse_number = `${plan.warehouse.code}-${number}`;
        order.warehouse_total = order.final_cost;
      }
      if ((step.event === 'CONFIRM' || step.event === 'ACCEPT') && plan.paymentMethod === 'card') {
        order.payment_state = 'need_pay';
      }
      if (step.event === 'REJECT') totals();
      if (step.to) order.status = step.to;
      const actor = actorOf(step.actor, plan, staff);
      out.history.push({
        id: historyId++,
        order_id: id,
        at: when,
        actor_id: actor.id,
        actor_role: actor.role,
        from_status: step.to ? from : order.status,
        to_status: step.to ?? order.status,
        event: step.event,
        comment: note,
        changed_lines: changed ? JSON.stringify(changed) : null,
      });
      order.version += 1;
      order.updated_at = when;
    }
    if (refundIfCancelledAfterPayment(out, order, new Date(at), now, historyId)) historyId += 1;
    out.orders.push(order);
    out.lines.push(...lines);
  }
  return out;
}

/**
 * A paid order that ends cancelled owes its money back (the lifecycle's payment region: paid → refund_pending →
 * refunded): the seed writes the refund as the refunds job would, two minutes after the cancellation (no draw from
 * the generator, so the rest of the demo data stays as it was). Answers whether it used `historyId`.
 */
function refundIfCancelledAfterPayment(
  out: BuiltOrders,
  order: SeedOrder,
  cancelledAt: Date,
  now: Date,
  historyId: number,
): boolean {
  const cancelled = order.status === 'cancelled_by_warehouse' || order.status === 'cancelled_by_distributor';
  if (!cancelled || order.payment_state !== 'paid') return false;
  const payment = out.payments.find(
    (candidate) => candidate.order_id === order.id && candidate.state === 'paid',
  );
  if (payment === undefined) return false;
  const when = new Date(Math.min(cancelledAt.getTime() + 2 * MINUTE, now.getTime() - MINUTE));
  order.payment_state = 'refunded';
  out.refunds.push({
    payment_id: payment.id,
    order_id: order.id,
    amount: payment.amount,
    currency: payment.currency,
    reason: 'order_cancelled',
    state: 'refunded',
    attempts: 1,
    provider_status: 'OK',
    requested_at: cancelledAt,
    next_attempt_at: cancelledAt,
    refunded_at: when,
  });
  out.history.push({
    id: historyId,
    order_id: order.id,
    at: when,
    actor_id: null,
    actor_role: 'payment',
    from_status: order.status,
    to_status: order.status,
    event: 'PAYMENT_REFUNDED',
    comment: null,
    changed_lines: null,
  });
  order.version += 1;
  order.updated_at = when;
  return true;
}

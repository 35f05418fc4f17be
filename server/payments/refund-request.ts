/**
 * Requesting a refund: a row of `payment_refunds`, written in the transaction of the change that owes it (an order
 * cancelled after it was paid, or a second payment of one order). `payment_id` is unique, so however often the
 * change is replayed the refund is requested once; the refunds job (server/payments/refunds.ts) asks the acquirer.
 */
import type { Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

/** Requests the refund of the order's paid attempt that has none yet; answers whether one was written. */
export async function requestOrderRefund(trx: Transaction<DB>, orderId: number, now: Date): Promise<boolean> {
  const payment = await trx
    .selectFrom('payments as p')
    .select(['p.id', 'p.amount', 'p.currency'])
    .where('p.order_id', '=', orderId)
    .where('p.state', '=', 'paid')
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('payment_refunds as r').select('r.id').whereRef('r.payment_id', '=', 'p.id')),
      ),
    )
    .orderBy('p.completed_at', 'desc')
    .orderBy('p.id')
    .executeTakeFirst();
  if (payment === undefined) return false;
  return writeRefund(
    trx,
    { paymentId: payment.id, orderId, amount: payment.amount, currency: payment.currency },
    'order_cancelled',
    now,
  );
}

/** Requests the refund of a payment the order did not need (it was already paid, or refunded). */
export async function requestExtraRefund(
  trx: Transaction<DB>,
  payment: { id: string; order_id: number; amount: number; currency: string },
  now: Date,
): Promise<boolean> {
  return writeRefund(
    trx,
    { paymentId: payment.id, orderId: payment.order_id, amount: payment.amount, currency: payment.currency },
    'extra_payment',
    now,
  );
}

async function writeRefund(
  trx: Transaction<DB>,
  refund: { paymentId: string; orderId: number; amount: number; currency: string },
  reason: 'order_cancelled' | 'extra_payment',
  now: Date,
): Promise<boolean> {
  const written = await trx
    .insertInto('payment_refunds')
    .values({
      payment_id: refund.paymentId,
      order_id: refund.orderId,
      amount: refund.amount,
      currency: refund.currency,
      reason,
      requested_at: now,
      next_attempt_at: now,
    })
    .onConflict((oc) => oc.column('payment_id').where('return_id', 'is', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  return written !== undefined;
}

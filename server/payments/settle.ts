/**
 * Applying the acquirer's word on one payment attempt: a verified callback and reconciliation's `pay-info` answer
 * go through here alike (docs/adr/0111-verified-callbacks.md). The caller holds the attempt's row locked in its
 * transaction, so two copies of one callback, or a callback and a reconciliation at once, apply it once: the second
 * finds the attempt settled and answers `duplicate`.
 *
 * maib's status → what it means here: `OK` paid, `FAILED` / `DECLINED` failed, `TIMEOUT` expired (the customer
 * never paid within maib's ten minutes), `CREATED` / `PENDING` still open. Money taken is always recorded: a success
 * pays an order that waits for it; on an order cancelled meanwhile it is recorded and refunded; on an order already
 * paid by another attempt it is an extra payment, refunded too. A success replayed after its refund is `stale`.
 */
import type { Selectable, Transaction } from 'kysely';
import { applyEvent } from '#machines/order-lifecycle/order-lifecycle.transitions.ts';
import type { DB, PaymentsTable } from '../db/schema.ts';
import { applyChangeLocked, lockOrder, type LockedOrder } from '../domain/orders/apply.ts';
import { recordHistory } from '../domain/orders/history.ts';
import {
  EXTRA_PAYMENT_EVENT,
  EXTRA_PAYMENT_REFUNDED_EVENT,
  PAYMENT_CANCELLED_EVENT,
} from '../domain/orders/history-events.ts';
import type { OrderViewOptions } from '../domain/orders/order-view.ts';
import { factsOf, linesWithStock } from '../domain/orders/persist.ts';
import { recordReturnRefunded } from '../domain/returns/refunded.ts';
import { enqueueMessage } from '../messages/outbox.ts';
import type { MaibTransaction } from './maib/client.ts';
import { requestExtraRefund } from './refund-request.ts';

export type Attempt = Selectable<PaymentsTable>;

/** History entries of the payment besides the lifecycle's own (`PAYMENT_PAID`, `PAYMENT_FAILED`, …). */
const PAYMENT_HISTORY = {
  cancelled: PAYMENT_CANCELLED_EVENT,
  extra: EXTRA_PAYMENT_EVENT,
  extraRefunded: EXTRA_PAYMENT_REFUNDED_EVENT,
} as const;

export type Verdict = 'paid' | 'failed' | 'expired' | 'open' | 'unknown';

/** What maib's transaction status means for the attempt. */
export function verdictOf(status: string): Verdict {
  switch (status) {
    case 'OK':
      return 'paid';
    case 'FAILED':
    case 'DECLINED':
      return 'failed';
    case 'TIMEOUT':
      return 'expired';
    case 'CREATED':
    case 'PENDING':
      return 'open';
    default:
      return 'unknown';
  }
}

export type SettleOutcome =
  /** The attempt (and the order, when it was waiting) changed. */
  | 'applied'
  /** The same word was already applied: nothing changes. */
  | 'duplicate'
  /** Not final yet (`CREATED`, `PENDING`) or a status this code does not know: nothing changes. */
  | 'open'
  /** A success replayed after the money went back: refused, nothing changes. */
  | 'stale'
  /** The acquirer contradicts what it said before (a failure after a success): refused, nothing changes. */
  | 'contradiction';

/** The acquirer's fields kept on the attempt. */
function acquirerFields(transaction: MaibTransaction) {
  return {
    status: transaction.status,
    status_code: transaction.statusCode,
    status_message: transaction.statusMessage,
    three_ds: transaction.threeDs,
    card_number: transaction.cardNumber,
    rrn: transaction.rrn,
    approval: transaction.approval,
  };
}

/** Why a payment failed, in the acquirer's words (the customer and staff read it; the messages carry it). */
export function failureReason(
  transaction: Pick<MaibTransaction, 'statusMessage' | 'status' | 'threeDs'>,
): string {
  const message = transaction.statusMessage?.trim();
  if (message !== undefined && message !== '') return message.slice(0, 500);
  return transaction.threeDs !== null && transaction.threeDs !== 'AUTHENTICATED'
    ? `3-D Secure: ${transaction.threeDs}`
    : transaction.status;
}

/** A history entry of the payment that is not a lifecycle transition (the version moves on, as for any entry). */
export async function recordPaymentNote(
  trx: Transaction<DB>,
  order: LockedOrder,
  event: string,
  comment: string | null,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ version: order.version + 1, updated_at: now })
    .where('id', '=', order.id)
    .execute();
  await recordHistory(trx, {
    order_id: order.id,
    at: now,
    actor_id: null,
    actor_role: 'payment',
    from_status: order.status,
    to_status: order.status,
    event,
    comment,
  });
}

async function lockedOrder(trx: Transaction<DB>, id: number): Promise<LockedOrder> {
  const order = await lockOrder(trx, id);
  if (order === undefined) throw new Error(`order ${id} of a payment vanished`);
  return order;
}

/** Sends a provider event to the order if the lifecycle takes it now; answers whether it did. */
async function providerEvent(
  trx: Transaction<DB>,
  view: OrderViewOptions,
  order: LockedOrder,
  type: 'payment.succeeded' | 'payment.failed' | 'refund.succeeded',
  historyComment: string | null = null,
): Promise<boolean> {
  const facts = factsOf(order, await linesWithStock(trx, order.id));
  if (applyEvent(facts, { type, role: 'payment_provider' }).error !== undefined) return false;
  await applyChangeLocked(trx, view, order, { kind: 'payment_provider' }, ['payment_provider'], {
    kind: 'event',
    event: { type },
    roles: ['payment_provider'],
    where: 'body',
    historyComment,
  });
  return true;
}

/** Money arrived for this attempt: the order takes it, or it goes back. */
async function recordSuccess(
  trx: Transaction<DB>,
  view: OrderViewOptions,
  attempt: Attempt,
  now: Date,
): Promise<void> {
  const order = await lockedOrder(trx, attempt.order_id);
  if (await providerEvent(trx, view, order, 'payment.succeeded')) {
    // Paid, or (on an order cancelled meanwhile) paid and its refund requested by the same change.
    await enqueueMessage(trx, {
      event: 'order.payment_received',
      userId: order.user_id,
      key: `order.payment_received:${attempt.id}`,
      data: { orderId: order.id },
    });
    return;
  }
  // The order was paid already (another attempt, or it was refunded): this money goes back.
  await requestExtraRefund(trx, attempt, now);
  await recordPaymentNote(trx, order, PAYMENT_HISTORY.extra, null, now);
}

/**
 * Applies the acquirer's `transaction` to `attempt` (locked by the caller's transaction). `by` says who brought the
 * word; `attempt` must be the transaction's (same `payId`; the caller checked order, amount and currency).
 */
export async function settleAttempt(
  trx: Transaction<DB>,
  view: OrderViewOptions,
  attempt: Attempt,
  transaction: MaibTransaction,
  by: 'callback' | 'reconciliation',
  now: Date,
): Promise<SettleOutcome> {
  const verdict = verdictOf(transaction.status);
  if (verdict === 'open' || verdict === 'unknown') return 'open';

  if (attempt.state === 'paid') {
    if (verdict !== 'paid') return 'contradiction';
    const refund = await trx
      .selectFrom('payment_refunds')
      .select('id')
      .where('payment_id', '=', attempt.id)
      .executeTakeFirst();
    return refund === undefined ? 'duplicate' : 'stale';
  }
  if (attempt.state === 'failed' && verdict !== 'paid') return 'duplicate';
  if (attempt.state === 'cancelled' && attempt.status !== null && verdict !== 'paid') return 'duplicate';

  const wasOpen = attempt.state === 'pending';
  const state = verdict === 'paid' ? 'paid' : verdict === 'failed' ? 'failed' : 'cancelled';
  await trx
    .updateTable('payments')
    .set({
      state,
      completed_at: now,
      settled_by: by,
      next_check_at: null,
      ...acquirerFields(transaction),
    })
    .where('id', '=', attempt.id)
    .execute();

  if (verdict === 'paid') {
    await recordSuccess(trx, view, { ...attempt, state: 'paid' }, now);
    return 'applied';
  }
  // A failure or an expiry counts only for the order's open attempt (an older one was closed when it was replaced).
  if (!wasOpen) return 'applied';
  const order = await lockedOrder(trx, attempt.order_id);
  if (verdict === 'failed') {
    const reason = failureReason(transaction);
    if (await providerEvent(trx, view, order, 'payment.failed', reason)) {
      await enqueueMessage(trx, {
        event: 'order.payment_failed',
        userId: order.user_id,
        key: `order.payment_failed:${attempt.id}`,
        data: { orderId: order.id, reason },
      });
    }
  } else if (order.payment_state === 'need_pay') {
    await recordPaymentNote(trx, order, PAYMENT_HISTORY.cancelled, null, now);
  }
  return 'applied';
}

/** The refund of `refundId` was confirmed by the acquirer: the order (or its extra payment) is refunded. */
export async function recordRefunded(
  trx: Transaction<DB>,
  view: OrderViewOptions,
  refund: {
    id: number;
    order_id: number;
    return_id: number | null;
    reason: 'order_cancelled' | 'extra_payment' | 'return';
    amount: number;
    currency: string;
  },
  now: Date,
): Promise<void> {
  if (refund.return_id !== null) {
    await recordReturnRefunded(trx, { ...refund, return_id: refund.return_id }, now);
    return;
  }
  const order = await lockedOrder(trx, refund.order_id);
  if (refund.reason === 'order_cancelled') {
    if (!(await providerEvent(trx, view, order, 'refund.succeeded'))) {
      // The order is not waiting for this refund (stored facts disagree): the money went back all the same.
      await recordPaymentNote(trx, order, PAYMENT_HISTORY.extraRefunded, null, now);
    }
  } else {
    await recordPaymentNote(trx, order, PAYMENT_HISTORY.extraRefunded, null, now);
  }
  await enqueueMessage(trx, {
    event: 'order.refunded',
    userId: order.user_id,
    key: `order.refunded:${refund.id}`,
    data: { orderId: order.id, amount: refund.amount, currency: refund.currency },
  });
}

/**
 * The acquirer confirmed a return's refund (the refunds job, server/payments/refunds.ts): the return's refund region
 * moves `pending` → `refunded`, with a history entry and the customer's message, in the job's transaction.
 */
import type { Transaction } from 'kysely';
import { applyReturnEvent } from '#machines/returns/returns.transitions.ts';
import type { DB } from '../../db/schema.ts';
import { enqueueMessage } from '../../messages/outbox.ts';
import { lockReturn, persistReturnOutcome } from './change.ts';
import { returnFactsOf, returnLines } from './view.ts';

export async function recordReturnRefunded(
  trx: Transaction<DB>,
  refund: { id: number; return_id: number; order_id: number; amount: number; currency: string },
  now: Date,
): Promise<void> {
  const row = await lockReturn(trx, refund.return_id);
  if (row === undefined) return;
  const event = { type: 'refund.succeeded', role: 'payment_provider' } as const;
  const result = applyReturnEvent(returnFactsOf(row, await returnLines(trx, [row.id])), event);
  // A return not waiting for this refund (stored facts disagree) keeps its state: the money went back all the same.
  if (result.error === undefined) {
    await persistReturnOutcome(trx, {
      row,
      outcome: result,
      event,
      actorId: null,
      actorRole: 'payment',
      now,
    });
  }
  await enqueueMessage(trx, {
    event: 'order.refunded',
    userId: row.user_id,
    key: `order.refunded:${refund.id}`,
    data: { orderId: refund.order_id, amount: refund.amount, currency: refund.currency },
  });
}

/**
 * maib's notification on the Callback URL (`POST /api/v3/payment/callback`; docs/adr/0111-verified-callbacks.md).
 * Only a callback whose signature verifies with the project's Signature Key, whose `payId` names an attempt the
 * portal started, and whose `orderId`, `amount` and `currency` are that attempt's, changes anything; the attempt's
 * row is locked while it is applied, so ten copies, or two at once, apply it once. Every refusal is an HttpError in
 * the contract's shape (never 200, so a genuine notification that failed is sent again by maib) and an alert.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { HttpError, type ErrorDetail } from '../http/errors.ts';
import type { OrderViewOptions } from '../domain/orders/order-view.ts';
import { readTransaction, type MaibTransaction } from './maib/client.ts';
import { verifyMaibSignature } from './maib/signature.ts';
import { settleAttempt, type Attempt, type SettleOutcome } from './settle.ts';

/** What became of a callback: the label of `mlm_payment_callbacks_total` and of the log line. */
export type CallbackOutcome = SettleOutcome | 'invalid' | 'signature' | 'unknown_payment' | 'mismatch';

export class CallbackRefused extends HttpError {
  constructor(
    readonly outcome: CallbackOutcome,
    status: number,
    code: 'VALIDATION_FAILED' | 'SIGNATURE_INVALID' | 'NOT_FOUND' | 'PAYMENT_MISMATCH' | 'CALLBACK_STALE',
    reason: string,
    details?: ErrorDetail[],
  ) {
    super(status, code, {
      logMessage: `payment callback refused: ${reason}`,
      ...(details ? { details } : {}),
    });
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The fields of the callback that do not match the attempt (empty when it is the attempt's). */
export function mismatches(attempt: Attempt, transaction: MaibTransaction): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  if (transaction.orderId !== String(attempt.order_id))
    details.push({ location: 'body', path: '/result/orderId', message: 'is not the order of this payment' });
  if (transaction.amount !== attempt.amount)
    details.push({ location: 'body', path: '/result/amount', message: 'is not the amount of this payment' });
  if (transaction.currency !== attempt.currency)
    details.push({
      location: 'body',
      path: '/result/currency',
      message: 'is not the currency of this payment',
    });
  return details;
}

export interface CallbackReceipt {
  outcome: SettleOutcome;
  payId: string;
  orderId: number;
}

/** Verifies and applies one callback; throws `CallbackRefused` for anything it must not apply. */
export async function receiveCallback(
  db: Kysely<DB>,
  view: OrderViewOptions,
  signatureKey: string,
  body: unknown,
  now: Date = new Date(),
): Promise<CallbackReceipt> {
  if (!isRecord(body) || !isRecord(body.result) || typeof body.signature !== 'string') {
    throw new CallbackRefused('invalid', 400, 'VALIDATION_FAILED', 'not a maib notification', [
      { location: 'body', path: '', message: 'must be {"result": {...}, "signature": "..."}' },
    ]);
  }
  if (!verifyMaibSignature(body.result, body.signature, signatureKey)) {
    throw new CallbackRefused('signature', 401, 'SIGNATURE_INVALID', 'the signature does not verify');
  }
  const transaction = readTransaction(body.result);
  if (transaction === null || transaction.amount === null || transaction.currency === null) {
    throw new CallbackRefused('invalid', 422, 'VALIDATION_FAILED', 'a signed result without its fields', [
      { location: 'body', path: '/result', message: 'needs payId, orderId, status, amount and currency' },
    ]);
  }
  return db.transaction().execute(async (trx) => {
    const attempt = await trx
      .selectFrom('payments')
      .selectAll()
      .where('provider_pay_id', '=', transaction.payId)
      .forUpdate()
      .executeTakeFirst();
    if (attempt === undefined) {
      throw new CallbackRefused('unknown_payment', 404, 'NOT_FOUND', `no payment ${transaction.payId}`);
    }
    const wrong = mismatches(attempt, transaction);
    if (wrong.length > 0) {
      throw new CallbackRefused(
        'mismatch',
        422,
        'PAYMENT_MISMATCH',
        `${transaction.payId}: ${wrong.map((d) => d.path).join(', ')}`,
        wrong,
      );
    }
    const outcome = await settleAttempt(trx, view, attempt, transaction, 'callback', now);
    if (outcome === 'stale' || outcome === 'contradiction') {
      throw new CallbackRefused(
        outcome,
        409,
        'CALLBACK_STALE',
        `${transaction.payId}: ${transaction.status} after the payment was ${outcome === 'stale' ? 'refunded' : 'settled otherwise'}`,
      );
    }
    return { outcome, payId: transaction.payId, orderId: attempt.order_id };
  });
}

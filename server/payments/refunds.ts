/**
 * Refunds (docs/adr/0112-refunds.md): every `payment_refunds` row still pending is asked of the acquirer
 * (`POST /v1/refund` with the row's `refundAmount`: the payment's whole amount, or a return's part of it) by the
 * `payments.refunds` job, once across processes. maib refunds a payment once and answers a repeated request with
 * `REVERSED`, so a request whose answer was lost (the process died before it recorded it) is safe to send again:
 * `OK` and `REVERSED` both settle the row, in one transaction with the order's (or the return's) `refund.succeeded`,
 * its history entry and the customer's message. For the same reason a return's refund of a payment some other
 * refund was already sent for is never sent: it waits for staff (docs/adr/0138-returns.md). A failed request keeps
 * the row pending with its reason for staff and is retried after 30 s, 1, 2, 4 … 60 minutes.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { OrderViewOptions } from '../domain/orders/order-view.ts';
import { MaibError } from './maib/client.ts';
import type { PaymentProvider } from './provider.ts';
import { recordRefunded } from './settle.ts';

export const REFUNDS_JOB = 'payments.refunds';

const BATCH = 20;

/** When a refund is asked again after `attempts` failed requests. */
export const refundRetryDelayMs = (attempts: number): number =>
  attempts <= 1 ? 30_000 : Math.min(60 * 60_000, 60_000 * 2 ** Math.min(attempts - 2, 6));

/** Why a second refund of one card payment waits for staff (maib's `POST /v1/refund` refunds a payment once). */
export const ONE_REFUND_PER_PAYMENT =
  'maib refunds a card payment once and this payment was refunded before: ask maib ecomm support to refund the rest';

/** Another refund of this payment was sent to the acquirer already (answered or not). */
async function paymentRefundedBefore(db: Kysely<DB>, paymentId: string, refundId: number): Promise<boolean> {
  const other = await db
    .selectFrom('payment_refunds')
    .select('id')
    .where('payment_id', '=', paymentId)
    .where('id', '!=', refundId)
    .where((eb) => eb.or([eb('state', '=', 'refunded'), eb('attempts', '>', 0)]))
    .executeTakeFirst();
  return other !== undefined;
}

export interface RefundsReport {
  refunded: number;
  failed: number;
}

export async function processRefunds(
  db: Kysely<DB>,
  provider: PaymentProvider,
  view: OrderViewOptions,
  signal: AbortSignal,
  log?: { warn(object: object, message: string): void },
): Promise<RefundsReport> {
  const report: RefundsReport = { refunded: 0, failed: 0 };
  const due = await db
    .selectFrom('payment_refunds as r')
    .innerJoin('payments as p', 'p.id', 'r.payment_id')
    .select(['r.id', 'r.attempts', 'r.amount', 'r.return_id', 'r.payment_id', 'p.provider_pay_id'])
    .where('r.state', '=', 'pending')
    .where('r.next_attempt_at', '<=', sql<Date>`now()`)
    .orderBy('r.next_attempt_at')
    .orderBy('r.id')
    .limit(BATCH)
    .execute();

  for (const refund of due) {
    if (signal.aborted) break;
    const attempts = refund.attempts + 1;
    const fail = async (reason: string) => {
      report.failed += 1;
      log?.warn({ refundId: refund.id, attempts, reason }, 'refund failed; it will be asked again');
      await db
        .updateTable('payment_refunds')
        .set({
          attempts,
          last_error: reason.slice(0, 500),
          next_attempt_at: sql<Date>`now() + ${sql.lit(`${refundRetryDelayMs(attempts)} milliseconds`)}::interval`,
        })
        .where('id', '=', refund.id)
        .where('state', '=', 'pending')
        .execute();
    };
    if (refund.provider_pay_id === null) {
      await fail('the payment has no transaction at the acquirer: refund it in maibmerchants by hand');
      continue;
    }
    if (refund.return_id !== null && (await paymentRefundedBefore(db, refund.payment_id, refund.id))) {
      // maib refunds a payment once (partially or in full): a second refund of it is maib support's to make.
      await fail(ONE_REFUND_PER_PAYMENT);
      continue;
    }
    let answer;
    try {
      answer = await provider.refund(refund.provider_pay_id, refund.amount);
    } catch (error) {
      await fail(error instanceof MaibError ? error.message : String(error));
      continue;
    }
    if (answer.status !== 'OK' && answer.status !== 'REVERSED') {
      await fail(`${answer.status}${answer.statusMessage === null ? '' : `: ${answer.statusMessage}`}`);
      continue;
    }
    await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('payment_refunds')
        .select(['id', 'order_id', 'return_id', 'reason', 'amount', 'currency', 'state'])
        .where('id', '=', refund.id)
        .forUpdate()
        .executeTakeFirst();
      if (row === undefined || row.state !== 'pending') return;
      const now = new Date();
      await trx
        .updateTable('payment_refunds')
        .set({
          state: 'refunded',
          attempts,
          refunded_at: now,
          provider_status: answer.status,
          last_error: null,
        })
        .where('id', '=', row.id)
        .execute();
      await recordRefunded(trx, view, row, now);
    });
    report.refunded += 1;
  }
  return report;
}

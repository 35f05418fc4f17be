/**
 * The local maib sandbox's side of the demo's card payments: each seeded attempt has a transaction there (paid or
 * declined), so that a paid demo order the warehouse declines is refunded through the sandbox like any other.
 */
import type { Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { SeedRefund } from './orders.ts';
import type { SeedPayment } from './orders-types.ts';

export async function seedSandboxPayments(
  trx: Transaction<DB>,
  payments: readonly SeedPayment[],
  refunds: readonly SeedRefund[],
): Promise<void> {
  if (payments.length === 0) return;
  const refunded = new Map(refunds.map((refund) => [refund.payment_id, refund.amount]));
  await trx
    .insertInto('maib_sandbox_payments')
    .values(
      payments.map((payment) => ({
        pay_id: payment.provider_pay_id,
        order_id: String(payment.order_id),
        amount: payment.amount,
        currency: payment.currency,
        client_ip: '127.0.0.1',
        language: 'ru',
        // Seeded before any URL of the running server is known: nothing is owed to them (no callbacks).
        callback_url: 'http://127.0.0.1/api/v3/payment/callback',
        ok_url: 'http://127.0.0.1/payment/success',
        fail_url: 'http://127.0.0.1/payment/cancel',
        status: payment.status,
        status_code: payment.status === 'OK' ? '000' : '116',
        status_message: payment.status_message,
        three_ds: 'AUTHENTICATED',
        card_number: payment.card_number,
        refund_amount: refunded.get(payment.id) ?? null,
        created_at: payment.created_at,
        finished_at: payment.completed_at,
      })),
    )
    .execute();
}

/**
 * What accepting a return does besides its own record, all in the transaction of the acceptance
 * (docs/adr/0138-returns.md):
 *
 * - the undamaged received units go back into the stock of the order's warehouse (`warehouse_stock.quantity`, as
 *   goods on the shelf; 1C learns of them with the return document of the exchange);
 * - the points of the received units are taken back through the volume engine, once (`return:<id>`): in the
 *   credit's period while it is open, else as a clawback in the current one;
 * - the refund: a card order's is a `payment_refunds` row (unique per return) that the refunds job asks the acquirer
 *   for; a cash order's is the credit noted on the order by the caller (`credited`);
 * - the return waits for 1C (`exchange_state = 'queued'`).
 */
import { sql, type Transaction } from 'kysely';
import { restockUnits, returnPointsHundredths } from '#machines/returns/returns.policy.rules.ts';
import type { ReturnMachineLine } from '#machines/returns/returns.types.ts';
import type { DB } from '../../db/schema.ts';
import { conflict } from '../../http/errors.ts';
import { creditKey, reverseOrderCredit } from '../volumes/ledger.ts';
import { parseHundredths } from '../volumes/points.ts';

export const returnLedgerKey = (returnId: number): string => `return:${returnId}`;

export async function restock(
  trx: Transaction<DB>,
  warehouseId: number,
  lines: readonly ReturnMachineLine[],
  now: Date,
): Promise<void> {
  for (const line of lines) {
    const units = restockUnits(line);
    if (units === 0) continue;
    await trx
      .insertInto('warehouse_stock')
      .values({ warehouse_id: warehouseId, product_id: line.productId, quantity: units, updated_at: now })
      .onConflict((oc) =>
        oc.columns(['warehouse_id', 'product_id']).doUpdateSet((eb) => ({
          quantity: eb('warehouse_stock.quantity', '+', units),
          updated_at: now,
        })),
      )
      .execute();
  }
}

/** Takes back the points of the returned units (at most what is left of the order's credit). */
export async function reversePoints(
  trx: Transaction<DB>,
  orderId: number,
  returnId: number,
  lines: readonly ReturnMachineLine[],
  now: Date,
): Promise<void> {
  const wanted = returnPointsHundredths(lines);
  if (wanted === 0) return;
  const credit = await trx
    .selectFrom('volume_credits as c')
    .select([
      sql<string>`c.points::text`.as('points'),
      sql<string>`coalesce((select sum(r.points) from volume_credits r where r.reverses = c.id), 0)::text`.as(
        'reversed',
      ),
    ])
    .where('c.key', '=', creditKey(orderId))
    .executeTakeFirst();
  // An order that was never credited (not a partner's, no points) has nothing to take back.
  if (credit === undefined) return;
  const left = parseHundredths(credit.points) + parseHundredths(credit.reversed);
  const points = Math.min(wanted, left);
  if (points <= 0) return;
  await reverseOrderCredit(trx, { orderId, at: now, key: returnLedgerKey(returnId), points });
}

/** A card return's refund: asked of the acquirer against the order's paid attempt, once per return. */
export async function requestReturnRefund(
  trx: Transaction<DB>,
  input: { orderId: number; returnId: number; amount: number; currency: string },
  now: Date,
): Promise<void> {
  const payment = await trx
    .selectFrom('payments')
    .select(['id'])
    .where('order_id', '=', input.orderId)
    .where('state', '=', 'paid')
    .orderBy('completed_at', 'desc')
    .orderBy('id')
    .executeTakeFirst();
  if (payment === undefined) {
    throw conflict('TRANSITION_NOT_ALLOWED', undefined, [
      {
        location: 'body',
        path: '',
        message: 'the card payment of this order is not known: refund it by hand',
      },
    ]);
  }
  await trx
    .insertInto('payment_refunds')
    .values({
      payment_id: payment.id,
      order_id: input.orderId,
      return_id: input.returnId,
      amount: input.amount,
      currency: input.currency,
      reason: 'return',
      requested_at: now,
      next_attempt_at: now,
    })
    .onConflict((oc) => oc.column('return_id').doNothing())
    .execute();
}

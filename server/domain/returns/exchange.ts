/**
 * Accepted returns in the 1C exchange (`order_returns.exchange_state`): `queued` at acceptance; a `mode=query` takes
 * the queued ones and those sent but never confirmed, marks them `sent` by this session and answers their
 * documents; that session's `mode=success` marks them `confirmed`, so each goes to 1C until 1C has it, and never
 * after.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { ExchangeReturn } from '../exchange/commerceml-returns.ts';
import { loadExchangeOrders, QUERY_BATCH } from '../exchange/queue.ts';
import { returnNumber } from './view.ts';

export async function takeReturnsForQuery(
  db: Kysely<DB>,
  sessionId: string,
  now: Date = new Date(),
): Promise<ExchangeReturn[]> {
  return db.transaction().execute(async (trx) => {
    const picked = await trx
      .selectFrom('order_returns')
      .selectAll()
      .where('exchange_state', 'in', ['queued', 'sent'])
      .orderBy('id')
      .limit(QUERY_BATCH)
      .forUpdate()
      .execute();
    if (picked.length === 0) return [];
    const ids = picked.map((row) => row.id);
    await trx
      .updateTable('order_returns')
      .set({ exchange_state: 'sent', exchange_session_id: sessionId, exchanged_at: now })
      .where('id', 'in', ids)
      .execute();
    const [orders, lines, accepted] = await Promise.all([
      loadExchangeOrders(trx, [...new Set(picked.map((row) => row.order_id))]),
      trx
        .selectFrom('order_return_lines as l')
        .innerJoin('order_lines as ol', 'ol.id', 'l.order_line_id')
        .select([
          'l.return_id',
          'l.product_id',
          'ol.sku',
          'ol.name',
          'l.unit_price',
          'l.received',
          'l.damaged',
        ])
        .where('l.return_id', 'in', ids)
        .orderBy('l.return_id')
        .orderBy('l.order_line_id')
        .execute(),
      trx
        .selectFrom('order_return_history')
        .select(['return_id', 'at'])
        .where('return_id', 'in', ids)
        .where('event', '=', 'ACCEPT')
        .execute(),
    ]);
    const orderOf = new Map(orders.map((order) => [order.id, order]));
    const acceptedAt = new Map(accepted.map((row) => [row.return_id, row.at]));
    return picked.flatMap((row): ExchangeReturn[] => {
      const order = orderOf.get(row.order_id);
      if (order === undefined) return [];
      return [
        {
          id: row.id,
          number: returnNumber(order.number, row.seq),
          acceptedAt: acceptedAt.get(row.id) ?? row.updated_at,
          currency: row.currency,
          amount: row.amount,
          ratePercent: row.rate_percent,
          reason: row.reason,
          paymentMethod: row.payment_method,
          order: { id: order.id, number: order.number },
          warehouse: order.warehouse,
          customer: order.customer,
          lines: lines
            .filter((line) => line.return_id === row.id)
            .map((line) => ({
              productId: line.product_id,
              sku: line.sku,
              name: line.name.ru,
              price: line.unit_price,
              received: line.received ?? 0,
              damaged: line.damaged ?? 0,
            })),
        },
      ];
    });
  });
}

/** `mode=success`: the returns this session's query sent are 1C's now. Answers their ids. */
export async function confirmReturnsSent(
  db: Kysely<DB>,
  sessionId: string,
  now: Date = new Date(),
): Promise<number[]> {
  const rows = await db
    .updateTable('order_returns')
    .set({ exchange_state: 'confirmed', exchanged_at: now })
    .where('exchange_state', '=', 'sent')
    .where('exchange_session_id', '=', sessionId)
    .returning('id')
    .execute();
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

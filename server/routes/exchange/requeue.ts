/**
 * `POST /orders/set/{id}/exchange-requeue?version=`: the warehouse queues an order whose 1C exchange failed
 * again. Staff of the order's warehouse only (404 otherwise); a stale version is 409 VERSION_CONFLICT; an exchange
 * that did not fail is 409 TRANSITION_NOT_ALLOWED; both carry the current order.
 */
import type { Transaction } from 'kysely';
import type { Handler } from '../../contract/types.ts';
import type { DB } from '../../db/schema.ts';
import { EXCHANGE_EVENTS, recordExchangeEvents } from '../../domain/exchange/queue.ts';
import { withExchange } from '../../domain/exchange/view.ts';
import { lockOrder } from '../../domain/orders/apply.ts';
import { loadExistingOrder, type Order, type OrderViewOptions } from '../../domain/orders/order-view.ts';
import { conflict, notFound } from '../../http/errors.ts';

async function currentOrder(trx: Transaction<DB>, id: number, view: OrderViewOptions): Promise<Order> {
  return withExchange(trx, await loadExistingOrder(trx, id, view));
}

export const requeueOrderExchange: Handler<'requeueOrderExchange'> = async (ctx) => {
  const auth = ctx.user;
  const view: OrderViewOptions = { publicUrl: ctx.config.publicUrl, lang: ctx.lang };
  return ctx.db.transaction().execute(async (trx) => {
    const row = await lockOrder(trx, ctx.params.id);
    if (row === undefined || !auth.wh || auth.warehouseId !== row.warehouse_id) throw notFound();
    if (row.version !== ctx.query.version) {
      throw conflict('VERSION_CONFLICT', { order: await currentOrder(trx, row.id, view) }, [
        { location: 'query', path: 'version', message: `the order is at version ${row.version}` },
      ]);
    }
    if (row.exchange_state !== 'error') {
      throw conflict('TRANSITION_NOT_ALLOWED', { order: await currentOrder(trx, row.id, view) }, [
        {
          location: 'path',
          path: 'id',
          message: `the order's 1C exchange is ${row.exchange_state ?? 'not started'}; only a failed one can be queued again`,
        },
      ]);
    }
    const now = new Date();
    await trx
      .updateTable('orders')
      .set({ exchange_state: 'queued', exchange_error: null })
      .where('id', '=', row.id)
      .execute();
    await recordExchangeEvents(
      trx,
      [
        {
          orderId: row.id,
          status: row.status,
          event: EXCHANGE_EVENTS.requeue,
          comment: row.exchange_error,
          actorId: auth.userId,
          actorRole: auth.role,
        },
      ],
      now,
    );
    return currentOrder(trx, row.id, view);
  });
};

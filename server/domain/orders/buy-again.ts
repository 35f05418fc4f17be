/**
 * "Buy again": the customer's order lines go back into their bag, each as far as the stock at their warehouse and the
 * bag's line limit allow, in one transaction. The answer says per line what was asked and what was added (0 when the product is no
 * longer available), with the bag as it is now.
 */
import type { components } from '#openapi/schema.d.ts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { loadCart } from '../catalogue/cart.ts';
import type { Pricing } from '../catalogue/retail.ts';
import { availableSql, stockWarehouseOf } from '../stock/warehouse-stock.ts';

export type BuyAgainResult = components['schemas']['BuyAgainResult'];

/** Most units of one product a bag line may hold (the contract's `Quantity` maximum, as `addToCart`). */
const MAX_LINE_QUANTITY = 999;

export async function buyAgain(
  db: Kysely<DB>,
  input: { orderId: number; userId: number; currency: string; publicUrl: string; pricing: Pricing },
): Promise<BuyAgainResult> {
  return db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('orders')
      .select(['id', 'user_id'])
      .where('id', '=', input.orderId)
      .executeTakeFirst();
    // Only the customer buys their order again; another's order is not theirs to see.
    if (order === undefined || order.user_id !== input.userId) throw notFound();
    const user = await trx
      .selectFrom('users')
      .select('warehouse_id')
      .where('id', '=', input.userId)
      .executeTakeFirstOrThrow();
    const warehouseId = await stockWarehouseOf(trx, user.warehouse_id);
    const lines = await trx
      .selectFrom('order_lines as l')
      .innerJoin('products', 'products.id', 'l.product_id')
      .leftJoin('warehouse_stock as ws', (join) =>
        join.onRef('ws.product_id', '=', 'l.product_id').on('ws.warehouse_id', '=', warehouseId),
      )
      .leftJoin('carts as c', (join) =>
        join.onRef('c.product_id', '=', 'l.product_id').on('c.user_id', '=', input.userId),
      )
      .select([
        'l.product_id',
        'l.name',
        'l.requested_quantity',
        availableSql().as('stock'),
        'c.quantity as in_bag',
      ])
      .where('l.order_id', '=', order.id)
      .orderBy('l.id')
      .execute();
    const answer: BuyAgainResult['lines'] = [];
    for (const line of lines) {
      const inBag = line.in_bag ?? 0;
      const room = Math.max(0, Math.min(Number(line.stock), MAX_LINE_QUANTITY) - inBag);
      const added = Math.min(line.requested_quantity, room);
      if (added > 0) {
        await trx
          .insertInto('carts')
          .values({ user_id: input.userId, product_id: line.product_id, quantity: added })
          .onConflict((oc) =>
            oc
              .columns(['user_id', 'product_id'])
              .doUpdateSet((eb) => ({ quantity: eb('carts.quantity', '+', eb.ref('excluded.quantity')) })),
          )
          .execute();
      }
      answer.push({ productId: line.product_id, name: line.name, requested: line.requested_quantity, added });
    }
    return {
      lines: answer,
      cart: await loadCart(trx, input.userId, input.currency, input.publicUrl, warehouseId, input.pricing),
    };
  });
}

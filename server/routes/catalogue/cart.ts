/**
 * The shopping bag: `getCart`, `addToCart`, `removeFromCart`. Each change is one transaction whose write is an
 * atomic upsert/update on the (user, product) row, so concurrent changes from two tabs add up instead of losing one;
 * a result that breaks a rule (above 999 units, above the stock) is refused with 422 and rolled back.
 *
 * Stock rule: the bag never holds more units of a product than the caller's warehouse has available
 * (docs/adr/0091-stock-per-warehouse.md). A product with none, or no longer sold, cannot be added (422
 * `OUT_OF_STOCK`); an `add` or `set` whose resulting quantity would exceed the stock is refused as a whole
 * (422 `OUT_OF_STOCK`, `details[0]` names the quantity asked and the stock) and the line keeps its quantity — the
 * server never silently caps. Lowering a line (`set` or `removeFromCart`) is always allowed.
 */
import type { Handler } from '../../contract/types.ts';
import { loadCart } from '../../domain/catalogue/cart.ts';
import { selectProducts } from '../../domain/catalogue/product.ts';
import { pricingOf } from '../../domain/catalogue/retail.ts';
import { stockWarehouseOf } from '../../domain/stock/warehouse-stock.ts';
import { notFound, unprocessable } from '../../http/errors.ts';

/** Most units of one product a bag line may hold (the contract's `Quantity` maximum). */
export const MAX_LINE_QUANTITY = 999;

export const getCart: Handler<'getCart'> = async (ctx) =>
  loadCart(
    ctx.db,
    ctx.user.userId,
    ctx.config.currency,
    ctx.config.publicUrl,
    await stockWarehouseOf(ctx.db, ctx.user.warehouseId),
    pricingOf(ctx.user),
  );

export const addToCart: Handler<'addToCart'> = async (ctx) => {
  const { productId, quantity } = ctx.body;
  const mode = ctx.body.mode ?? 'add';
  const userId = ctx.user.userId;

  return ctx.db.transaction().execute(async (trx) => {
    const warehouseId = await stockWarehouseOf(trx, ctx.user.warehouseId);
    const product = await selectProducts(trx, warehouseId)
      .where('products.id', '=', productId)
      .executeTakeFirst();
    if (product === undefined) throw notFound();
    if (!product.is_active || product.stock <= 0) {
      const why = product.is_active ? 'is out of stock' : 'is no longer sold';
      throw unprocessable('OUT_OF_STOCK', [
        { location: 'body', path: '/productId', message: `product ${product.sku} ${why}` },
      ]);
    }

    const line = await trx
      .insertInto('carts')
      .values({ user_id: userId, product_id: productId, quantity })
      .onConflict((oc) =>
        oc.columns(['user_id', 'product_id']).doUpdateSet((eb) => ({
          quantity:
            mode === 'set'
              ? eb.ref('excluded.quantity')
              : eb('carts.quantity', '+', eb.ref('excluded.quantity')),
        })),
      )
      .returning('quantity')
      .executeTakeFirstOrThrow();

    if (line.quantity > MAX_LINE_QUANTITY) {
      throw unprocessable('VALIDATION_FAILED', [
        {
          location: 'body',
          path: '/quantity',
          message: `the line would hold ${line.quantity} units; at most ${MAX_LINE_QUANTITY} are allowed`,
        },
      ]);
    }
    if (line.quantity > product.stock) {
      throw unprocessable('OUT_OF_STOCK', [
        {
          location: 'body',
          path: '/quantity',
          message: `the line would hold ${line.quantity} units of ${product.sku}; ${product.stock} in stock`,
        },
      ]);
    }
    return loadCart(trx, userId, ctx.config.currency, ctx.config.publicUrl, warehouseId, pricingOf(ctx.user));
  });
};

export const removeFromCart: Handler<'removeFromCart'> = async (ctx) => {
  const { productId, quantity } = ctx.body;
  const userId = ctx.user.userId;

  return ctx.db.transaction().execute(async (trx) => {
    let decremented = false;
    if (quantity !== undefined) {
      const updated = await trx
        .updateTable('carts')
        .set((eb) => ({ quantity: eb('quantity', '-', quantity) }))
        .where('user_id', '=', userId)
        .where('product_id', '=', productId)
        .where('quantity', '>', quantity)
        .executeTakeFirst();
      decremented = Number(updated.numUpdatedRows) > 0;
    }
    if (!decremented) {
      let remove = trx.deleteFrom('carts').where('user_id', '=', userId).where('product_id', '=', productId);
      if (quantity !== undefined) remove = remove.where('quantity', '<=', quantity);
      await remove.execute();
    }
    return loadCart(
      trx,
      userId,
      ctx.config.currency,
      ctx.config.publicUrl,
      await stockWarehouseOf(trx, ctx.user.warehouseId),
      pricingOf(ctx.user),
    );
  });
};

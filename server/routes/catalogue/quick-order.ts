/**
 * Order by code: `resolveProductCodes` reads a paper order's codes and answers every entry; `addToCartByCodes` puts
 * them into the bag once per `Idempotency-Key` (`server/domain/catalogue/quick-order.ts`, docs/adr/0136-order-by-code.md).
 */
import { respond, type Handler } from '../../contract/types.ts';
import { addQuickOrderToCart, resolveQuickOrder } from '../../domain/catalogue/quick-order.ts';
import { pricingOf } from '../../domain/catalogue/retail.ts';
import { stockWarehouseOf } from '../../domain/stock/warehouse-stock.ts';

export const resolveProductCodes: Handler<'resolveProductCodes'> = async (ctx) =>
  resolveQuickOrder(ctx.db, ctx.body.text, {
    userId: ctx.user.userId,
    warehouseId: await stockWarehouseOf(ctx.db, ctx.user.warehouseId),
    currency: ctx.config.currency,
    publicUrl: ctx.config.publicUrl,
    pricing: pricingOf(ctx.user),
  });

export const addToCartByCodes: Handler<'addToCartByCodes'> = async (ctx) => {
  const { answer, replayed } = await addQuickOrderToCart(ctx.db, {
    userId: ctx.user.userId,
    key: ctx.headers['Idempotency-Key'],
    text: ctx.body.text,
    currency: ctx.config.currency,
    publicUrl: ctx.config.publicUrl,
    pricing: pricingOf(ctx.user),
  });
  return respond(200, answer, replayed ? { 'Idempotent-Replayed': 'true' } : {});
};

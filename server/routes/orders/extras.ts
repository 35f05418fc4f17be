/** The order page's extras: "Buy again" and the receipt PDF. */
import { file, type Handler } from '../../contract/types.ts';
import type { Lang } from '../../db/reference.ts';
import { renderReceipt } from '../../documents/receipt/receipt.ts';
import { rolesOnOrder } from '../../domain/orders/apply.ts';
import { pricingOf } from '../../domain/catalogue/retail.ts';
import { buyAgain } from '../../domain/orders/buy-again.ts';
import { loadOrder } from '../../domain/orders/order-view.ts';
import { notFound } from '../../http/errors.ts';
import { userActor, viewOf } from './view.ts';

export const buyOrderAgain: Handler<'buyOrderAgain'> = async (ctx) =>
  buyAgain(ctx.db, {
    orderId: ctx.params.id,
    userId: ctx.user.userId,
    currency: ctx.config.currency,
    publicUrl: ctx.config.publicUrl,
    pricing: pricingOf(ctx.user),
  });

/** The receipt in `lang`, else in the customer's stored language; as the caller may see the order. */
export const getOrderReceipt: Handler<'getOrderReceipt'> = async (ctx) => {
  const owner = await ctx.db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(['o.user_id', 'o.warehouse_id', 'u.lang'])
    .where('o.id', '=', ctx.params.id)
    .executeTakeFirst();
  if (owner === undefined || rolesOnOrder(userActor(ctx), owner).length === 0) throw notFound();
  const lang: Lang = ctx.query.lang ?? owner.lang;
  const order = await loadOrder(ctx.db, ctx.params.id, { ...viewOf(ctx), lang });
  if (order === null) throw notFound();
  const pdf = await renderReceipt(order, lang);
  return file(pdf, 'application/pdf', `receipt-${order.number}-${lang}.pdf`, 'attachment');
};

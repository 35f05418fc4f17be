/** Order lists and one order. Another account's order, or another warehouse's, is 404. */
import type { Handler } from '../../contract/types.ts';
import { notFound } from '../../http/errors.ts';
import { rolesOnOrder } from '../../domain/orders/apply.ts';
import { listUserOrders, listWarehouseOrders as listForWarehouse } from '../../domain/orders/lists.ts';
import { loadOrder } from '../../domain/orders/order-view.ts';
import { isShopOwnerOf } from '../../domain/shop/client-orders.ts';
import { userActor, viewOf } from './view.ts';

export const listMyOrders: Handler<'listMyOrders'> = async (ctx) =>
  listUserOrders(
    ctx.db,
    ctx.user.userId,
    ctx.query.tab,
    { page: ctx.query.page ?? 1, pageSize: ctx.query.pageSize ?? 20 },
    ctx.lang,
  );

export const listWarehouseOrders: Handler<'listWarehouseOrders'> = async (ctx) => {
  const { query } = ctx;
  return listForWarehouse(
    ctx.db,
    ctx.user.warehouseId,
    {
      tab: query.tab,
      q: query.q,
      delivery: query.delivery,
      payment: query.payment,
      paymentState: query.paymentState,
      from: query.from,
      to: query.to,
      changedSince: query.changedSince,
    },
    { sort: query.sort, dir: query.dir },
    { page: query.page ?? 1, pageSize: query.pageSize ?? 20, after: query.after },
    ctx.lang,
    { ageLimitHours: ctx.config.queueAgeLimitHours },
  );
};

export const getOrder: Handler<'getOrder'> = async (ctx) => {
  const order = await loadOrder(ctx.db, ctx.params.id, viewOf(ctx));
  if (order === null) throw notFound();
  const owner = { user_id: order.customer.id, warehouse_id: order.warehouse.id };
  if (rolesOnOrder(userActor(ctx), owner).length > 0) return order;
  // The distributor whose client placed it in their shop reads it too, and only reads (docs/adr/0146-the-shop-link.md).
  if (await isShopOwnerOf(ctx.db, ctx.user.userId, ctx.params.id)) return order;
  throw notFound();
};

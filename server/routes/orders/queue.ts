/**
 * The warehouse queue's routes besides the list: the home's queues, bulk actions, and the pick list and
 * packing slips. Staff only (the contract's `x-roles`), their own warehouse only: another warehouse's orders are
 * `not_found` in a bulk answer and 404 in a print.
 */
import type { Handler } from '../../contract/types.ts';
import { file } from '../../contract/types.ts';
import { renderPackingSlips, renderPickList } from '../../documents/orders/order-documents.ts';
import { loadPrintOrders, type PrintOrder } from '../../documents/orders/print-data.ts';
import { bulkOrderAction as bulkAction } from '../../domain/orders/bulk.ts';
import { utcMidnight, warehouseQueues } from '../../domain/orders/queues.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { userActor, viewOf } from './view.ts';

export const getWarehouseQueues: Handler<'getWarehouseQueues'> = async (ctx) =>
  warehouseQueues(
    ctx.db,
    ctx.user.warehouseId,
    ctx.query.since === undefined ? utcMidnight(new Date()) : new Date(ctx.query.since),
    ctx.config.queueAgeLimitHours,
  );

export const bulkOrderAction: Handler<'bulkOrderAction'> = async (ctx) =>
  bulkAction(ctx.db, viewOf(ctx), userActor(ctx), ctx.body);

/** The largest order id (the contract's `Id`, an int32 like the serial columns). */
const MAX_ID = 2_147_483_647;

/** The orders of `ids` (comma separated), every one of the caller's warehouse, or 404. */
async function printOrders(
  ctx: Parameters<Handler<'getPickList'>>[0] | Parameters<Handler<'getPackingSlips'>>[0],
): Promise<PrintOrder[]> {
  const ids = [...new Set(ctx.query.ids.split(',').map(Number))];
  if (ids.some((id) => id > MAX_ID)) {
    throw badRequest([{ location: 'query', path: '/ids', message: `ids are order ids (at most ${MAX_ID})` }]);
  }
  const warehouseId = ctx.user.warehouseId;
  if (warehouseId === null) throw notFound();
  const orders = await loadPrintOrders(ctx.db, warehouseId, ids, ctx.lang);
  if (orders.length !== ids.length) throw notFound();
  return orders;
}

const fileName = (kind: string, orders: readonly PrintOrder[]): string =>
  `${kind}-${orders[0]?.number ?? 'orders'}${orders.length > 1 ? `-${orders.length}` : ''}.pdf`;

export const getPickList: Handler<'getPickList'> = async (ctx) => {
  const orders = await printOrders(ctx);
  return file(
    await renderPickList(orders, ctx.lang),
    'application/pdf',
    fileName('pick-list', orders),
    'attachment',
  );
};

export const getPackingSlips: Handler<'getPackingSlips'> = async (ctx) => {
  const orders = await printOrders(ctx);
  return file(
    await renderPackingSlips(orders, ctx.lang),
    'application/pdf',
    fileName('packing-slips', orders),
    'attachment',
  );
};

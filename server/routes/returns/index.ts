/** The return routes (docs/adr/0138-returns.md): reads, the request, and the machine's events. */
import { respond, type Handler, type HandlerContext, type Handlers } from '../../contract/types.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { rolesOnReturn } from '../../domain/returns/access.ts';
import { changeReturn, type ChangeReturnInput } from '../../domain/returns/change.ts';
import { loadReturnOrder, orderReturnList } from '../../domain/returns/order.ts';
import { returnQueue } from '../../domain/returns/queue.ts';
import { requestReturn as request } from '../../domain/returns/request.ts';
import { loadReturns } from '../../domain/returns/view.ts';

const listOrderReturns: Handler<'listOrderReturns'> = async (ctx) => {
  const order = await loadReturnOrder(ctx.db, ctx.params.orderId, false);
  if (order === undefined || rolesOnReturn(ctx.user, order).length === 0) throw notFound();
  return orderReturnList(ctx.db, order, ctx.config.publicUrl, new Date());
};

const requestReturn: Handler<'requestReturn'> = async (ctx) => {
  const { value, replayed } = await request(ctx.db, {
    caller: ctx.user,
    orderId: ctx.params.orderId,
    key: ctx.headers['Idempotency-Key'],
    body: ctx.body,
    publicUrl: ctx.config.publicUrl,
  });
  return respond(201, value, replayed ? { 'Idempotent-Replayed': 'true' } : {});
};

const listReturns: Handler<'listReturns'> = async (ctx) => {
  // Staff without a warehouse have no queue.
  if (ctx.user.warehouseId === null) throw forbidden();
  return returnQueue(ctx.db, {
    warehouseId: ctx.user.warehouseId,
    status: ctx.query.status,
    page: ctx.query.page ?? 1,
    pageSize: ctx.query.pageSize ?? 20,
  });
};

const getReturn: Handler<'getReturn'> = async (ctx) => {
  const row = await ctx.db
    .selectFrom('order_returns')
    .select(['id', 'user_id', 'warehouse_id'])
    .where('id', '=', ctx.params.returnId)
    .executeTakeFirst();
  if (row === undefined || rolesOnReturn(ctx.user, row).length === 0) throw notFound();
  const [found] = await loadReturns(ctx.db, [row.id], ctx.config.publicUrl);
  if (found === undefined) throw notFound();
  return found;
};

/** One of the machine's events on the return of the address, at the version the caller saw. */
type StepContext = Pick<HandlerContext<'acceptReturn'>, 'db' | 'user' | 'config' | 'params'> & {
  body: { version: number };
};
const step = (ctx: StepContext, event: ChangeReturnInput['event']) =>
  changeReturn(ctx.db, {
    returnId: ctx.params.returnId,
    caller: ctx.user,
    version: ctx.body.version,
    event,
    publicUrl: ctx.config.publicUrl,
  });

const receiveReturn: Handler<'receiveReturn'> = async (ctx) =>
  step(ctx, { type: 'return.receive', lines: ctx.body.lines });
const acceptReturn: Handler<'acceptReturn'> = async (ctx) => step(ctx, { type: 'return.accept' });
const refuseReturn: Handler<'refuseReturn'> = async (ctx) =>
  step(ctx, { type: 'return.refuse', comment: ctx.body.comment });
const cancelReturn: Handler<'cancelReturn'> = async (ctx) => step(ctx, { type: 'return.cancel' });

export const returnHandlers = {
  listOrderReturns,
  requestReturn,
  listReturns,
  getReturn,
  receiveReturn,
  acceptReturn,
  refuseReturn,
  cancelReturn,
} satisfies Pick<
  Handlers,
  | 'listOrderReturns'
  | 'requestReturn'
  | 'listReturns'
  | 'getReturn'
  | 'receiveReturn'
  | 'acceptReturn'
  | 'refuseReturn'
  | 'cancelReturn'
>;

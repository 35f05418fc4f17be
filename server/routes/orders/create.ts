/** `POST /orders/create`: the whole cart becomes an order, idempotent per `Idempotency-Key`. */
import { respond, type Handler } from '../../contract/types.ts';
import { createOrderFromCart } from '../../domain/orders/create.ts';
import { viewOf } from './view.ts';

export const createOrder: Handler<'createOrder'> = async (ctx) => {
  const { order, replayed } = await createOrderFromCart(ctx.db, {
    auth: ctx.user,
    key: ctx.headers['Idempotency-Key'],
    body: ctx.body,
    currency: ctx.config.currency,
    view: viewOf(ctx),
  });
  return respond(201, order, replayed ? { 'Idempotent-Replayed': 'true' } : {});
};

/** Shared bits of the order routes. */
import type { HandlerContext, OperationId } from '../../contract/types.ts';
import type { OrderActor } from '../../domain/orders/apply.ts';
import type { OrderViewOptions } from '../../domain/orders/order-view.ts';

/** How an order is shown to the caller (the customer never sees the warehouse's internals). */
export function viewOf<K extends OperationId>(
  ctx: Pick<HandlerContext<K>, 'config' | 'lang' | 'auth'>,
): OrderViewOptions {
  return {
    publicUrl: ctx.config.publicUrl,
    lang: ctx.lang,
    viewer: ctx.auth,
    handoverSecret: ctx.config.jwtSecret,
  };
}

export function userActor<K extends OperationId>(ctx: Pick<HandlerContext<K>, 'user'>): OrderActor {
  return { kind: 'user', auth: ctx.user };
}

/** Shared bits of the order routes. */
import type { HandlerContext, OperationId } from '../../contract/types.ts';
import type { OrderActor } from '../../domain/orders/apply.ts';
import type { OrderViewOptions } from '../../domain/orders/order-view.ts';

export function viewOf<K extends OperationId>(
  ctx: Pick<HandlerContext<K>, 'config' | 'lang'>,
): OrderViewOptions {
  return { publicUrl: ctx.config.publicUrl, lang: ctx.lang };
}

export function userActor<K extends OperationId>(ctx: Pick<HandlerContext<K>, 'user'>): OrderActor {
  return { kind: 'user', auth: ctx.user };
}

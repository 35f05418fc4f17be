/**
 * Order actions: each carries the order's `version` and goes through `changeOrder` (lock, access, version, the
 * lifecycle machine, history). Which side the caller acts on is decided per order (see `rolesOnOrder`).
 */
import type { Handler } from '../../contract/types.ts';
import { changeOrder } from '../../domain/orders/apply.ts';
import { handOverOrder as handOver } from '../../domain/orders/handover.ts';
import { machineLineId } from '../../domain/orders/persist.ts';
import { userActor, viewOf } from './view.ts';

export const setOrderComment: Handler<'setOrderComment'> = async (ctx) =>
  changeOrder(ctx.db, viewOf(ctx), {
    orderId: ctx.params.id,
    actor: userActor(ctx),
    version: ctx.query.version,
    change: { kind: 'comment', comment: ctx.query.comment },
  });

export const setOrderStatus: Handler<'setOrderStatus'> = async (ctx) =>
  changeOrder(ctx.db, viewOf(ctx), {
    orderId: ctx.params.id,
    actor: userActor(ctx),
    version: ctx.query.version,
    change: {
      kind: 'target',
      status: ctx.query.status,
      comment: ctx.query.comment,
      pickupPointId: ctx.query.pickupPointId,
    },
  });

export const declineOrder: Handler<'declineOrder'> = async (ctx) =>
  changeOrder(ctx.db, viewOf(ctx), {
    orderId: ctx.params.id,
    actor: userActor(ctx),
    version: ctx.query.version,
    change: {
      kind: 'event',
      event: { type: 'order.decline', comment: ctx.query.comment },
      roles: ['warehouse'],
      where: 'query',
    },
  });

export const confirmOrderPartially: Handler<'confirmOrderPartially'> = async (ctx) =>
  changeOrder(ctx.db, viewOf(ctx), {
    orderId: ctx.params.id,
    actor: userActor(ctx),
    version: ctx.body.version,
    change: {
      kind: 'event',
      event: {
        type: 'order.confirmPartial',
        comment: ctx.body.note,
        lines: ctx.body.lines.map((line) => ({
          lineId: machineLineId(line.lineId),
          quantity: line.quantity,
        })),
      },
      roles: ['warehouse'],
      where: 'body',
    },
  });

export const handOverOrder: Handler<'handOverOrder'> = async (ctx) =>
  handOver(ctx.db, viewOf(ctx), {
    orderId: ctx.params.id,
    actor: userActor(ctx),
    version: ctx.body.version,
    code: ctx.body.code,
    secret: ctx.config.jwtSecret,
  });

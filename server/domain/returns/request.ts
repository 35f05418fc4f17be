/**
 * `POST /orders/{orderId}/returns`: the customer asks to return units of a received order. One transaction: claim
 * the idempotency key, lock the order (two requests for one order are checked one after the other, so together they
 * never ask for more than was received), check the policy, write the return, its lines and history.
 */
import { checkReturnRequest, refundAmount } from '#machines/returns/returns.policy.rules.ts';
import { startReturn } from '#machines/returns/returns.transitions.ts';
import type { Return, ReturnRequest } from '#machines/returns/returns.types.ts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { notFound, unprocessable } from '../../http/errors.ts';
import { claimKey, requestHash, storeAnswer } from '../orders/idempotency.ts';
import type { ReturnCaller } from './access.ts';
import { heldByReturns, loadReturnOrder } from './order.ts';
import { recordReturnStep } from './record.ts';
import { loadExistingReturn, returnNumber } from './view.ts';

/** Idempotency keys of return requests live apart from the order's (`/` is outside the contract's key pattern). */
export const RETURN_KEY_NAMESPACE = 'returns/';

const isReturn = (value: unknown): value is Return =>
  typeof value === 'object' && value !== null && 'id' in value && 'lines' in value && 'refund' in value;

export interface RequestReturnInput {
  caller: ReturnCaller;
  orderId: number;
  key: string;
  body: ReturnRequest;
  publicUrl: string;
  now?: Date;
}

export async function requestReturn(
  db: Kysely<DB>,
  input: RequestReturnInput,
): Promise<{ value: Return; replayed: boolean }> {
  const now = input.now ?? new Date();
  return db.transaction().execute(async (trx) => {
    const claim = await claimKey(trx, {
      userId: input.caller.userId,
      key: `${RETURN_KEY_NAMESPACE}${input.key}`,
      hash: requestHash({ orderId: input.orderId, body: input.body }),
      isAnswer: isReturn,
    });
    if (!claim.claimed) return { value: claim.replay, replayed: true };

    const order = await loadReturnOrder(trx, input.orderId, true);
    // Only the customer asks for a return; anyone else does not see the order here.
    if (order === undefined || order.userId !== input.caller.userId) throw notFound();
    const held = await heldByReturns(trx, order.id);
    const verdict = checkReturnRequest(order, held, input.body, now);
    if (!verdict.ok) {
      throw unprocessable(
        'VALIDATION_FAILED',
        verdict.problems.map((problem) => ({
          location: 'body',
          path: problem.path,
          message: problem.message,
          reason: problem.reason,
        })),
      );
    }

    const byProduct = new Map(order.lines.map((line) => [line.productId, line]));
    const lines = input.body.lines.map((line) => {
      const orderLine = byProduct.get(line.productId);
      if (orderLine === undefined) throw new Error('a checked request names only lines of its order');
      return { orderLine, requested: line.quantity };
    });
    const started = startReturn({
      paymentMethod: order.paymentMethod,
      ratePercent: verdict.ratePercent,
      lines: lines.map(({ orderLine, requested }) => ({
        productId: orderLine.productId,
        requested,
        received: null,
        damaged: null,
        unitPrice: orderLine.price,
        points: orderLine.points,
      })),
    });
    const seqRow = await trx
      .selectFrom('order_returns')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .where('order_id', '=', order.id)
      .executeTakeFirst();
    const seq = Number(seqRow?.seq ?? 0) + 1;
    const comment = input.body.comment?.trim() || null;
    const created = await trx
      .insertInto('order_returns')
      .values({
        order_id: order.id,
        seq,
        user_id: order.userId,
        warehouse_id: order.warehouseId,
        status: started.status,
        refund_state: started.refundState,
        reason: input.body.reason,
        rate_percent: verdict.ratePercent,
        payment_method: order.paymentMethod,
        comment,
        amount: refundAmount(started.context.lines, verdict.ratePercent),
        currency: order.currency,
        requested_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('order_return_lines')
      .values(
        lines.map(({ orderLine, requested }) => ({
          return_id: created.id,
          product_id: orderLine.productId,
          order_line_id: orderLine.lineId,
          requested,
          unit_price: orderLine.price,
          points: orderLine.points,
        })),
      )
      .execute();
    const number = await trx
      .selectFrom('orders')
      .select('number')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    await recordReturnStep(trx, {
      returnId: created.id,
      orderId: order.id,
      number: returnNumber(number.number, seq),
      status: started.status,
      event: 'REQUEST',
      actorId: input.caller.userId,
      actorRole: input.caller.role,
      comment,
      now,
    });
    const value = await loadExistingReturn(trx, created.id, input.publicUrl);
    await storeAnswer(trx, claim.claimId, { status: 201, body: value, orderId: order.id });
    return { value, replayed: false };
  });
}

/**
 * One step of a return in the record: its own history entry, and an entry in its order's history (from = to = the
 * order's status, the return's number in the comment) with the order's version bumped, as every change an order's
 * page shows does.
 */
import type { Transaction } from 'kysely';
import type { ReturnStatus } from '#machines/returns/returns.types.ts';
import type { ActorRole } from '../../db/reference.ts';
import type { DB } from '../../db/schema.ts';
import { recordHistory } from '../orders/history.ts';

/** Return history events (`ReturnHistoryEntry.event`) and the order history event each writes. */
export const RETURN_EVENTS = {
  REQUEST: 'RETURN_REQUESTED',
  RECEIVE: 'RETURN_RECEIVED',
  ACCEPT: 'RETURN_ACCEPTED',
  REFUSE: 'RETURN_REFUSED',
  CANCEL: 'RETURN_CANCELLED',
  REFUNDED: 'RETURN_REFUNDED',
} as const;
export type ReturnHistoryEvent = keyof typeof RETURN_EVENTS;

/** A cash return's refund, noted on the order (history only: the money is handed over at the warehouse). */
export const RETURN_CREDITED_EVENT = 'RETURN_CREDITED';

export interface ReturnStep {
  returnId: number;
  orderId: number;
  /** `<order number>-R<seq>` */
  number: string;
  status: ReturnStatus;
  event: ReturnHistoryEvent;
  actorId: number | null;
  actorRole: ActorRole;
  comment: string | null;
  now: Date;
  /** Extra order history entries of this step (the cash credit), after the step's own. */
  orderNotes?: ReadonlyArray<{ event: string; comment: string }>;
}

export async function recordReturnStep(trx: Transaction<DB>, step: ReturnStep): Promise<void> {
  await trx
    .insertInto('order_return_history')
    .values({
      return_id: step.returnId,
      at: step.now,
      actor_id: step.actorId,
      actor_role: step.actorRole,
      status: step.status,
      event: step.event,
      comment: step.comment,
    })
    .execute();
  const order = await trx
    .updateTable('orders')
    .set((eb) => ({ version: eb('version', '+', 1), updated_at: step.now }))
    .where('id', '=', step.orderId)
    .returning('status')
    .executeTakeFirstOrThrow();
  const base = {
    order_id: step.orderId,
    at: step.now,
    actor_id: step.actorId,
    actor_role: step.actorRole,
    from_status: order.status,
    to_status: order.status,
  };
  const comment = step.comment === null ? step.number : `${step.number}: ${step.comment}`;
  await recordHistory(trx, [
    { ...base, event: RETURN_EVENTS[step.event], comment },
    ...(step.orderNotes ?? []).map((note) => ({
      ...base,
      event: note.event,
      comment: `${step.number}: ${note.comment}`,
    })),
  ]);
}

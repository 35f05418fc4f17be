/**
 * The one way an existing return changes: lock its row, check who may touch it and the caller's `version`, ask the
 * return machine (`machines/returns`) and, when it agrees, write status, refund state, lines and the history, with
 * what acceptance does (`accept.ts`) and the distributor's message, all in one transaction. Nothing here decides a
 * transition: `applyReturnEvent` does.
 */
import type { Kysely, Transaction } from 'kysely';
import { receiptProblems } from '#machines/returns/returns.guards.rules.ts';
import { refundAmount } from '#machines/returns/returns.policy.rules.ts';
import { applyReturnEvent, type ReturnOutcome } from '#machines/returns/returns.transitions.ts';
import type { Return, ReturnEvent, ReturnRole } from '#machines/returns/returns.types.ts';
import type { DB } from '../../db/schema.ts';
import { conflict, notFound, unprocessable, type ErrorDetail } from '../../http/errors.ts';
import { enqueueMessage } from '../../messages/outbox.ts';
import { rolesOnReturn, type ReturnCaller } from './access.ts';
import { requestReturnRefund, restock, reversePoints } from './accept.ts';
import { RETURN_CREDITED_EVENT, recordReturnStep, type ReturnHistoryEvent } from './record.ts';
import { loadExistingReturn, returnFactsOf, returnLines, returnNumber, type ReturnRow } from './view.ts';

type WithoutRole<E> = E extends unknown ? Omit<E, 'role'> : never;
export type ReturnEventInput = WithoutRole<ReturnEvent>;

const STEP_EVENT: Record<ReturnEvent['type'], ReturnHistoryEvent> = {
  'return.receive': 'RECEIVE',
  'return.accept': 'ACCEPT',
  'return.refuse': 'REFUSE',
  'return.cancel': 'CANCEL',
  'refund.succeeded': 'REFUNDED',
};

/** Who sends each event through the API (the acquirer's confirmation comes through the refunds job only). */
const ROLE_OF: Record<ReturnEvent['type'], ReturnRole> = {
  'return.receive': 'warehouse',
  'return.accept': 'warehouse',
  'return.refuse': 'warehouse',
  'return.cancel': 'distributor',
  'refund.succeeded': 'payment_provider',
};

export interface ChangeReturnInput {
  returnId: number;
  caller: ReturnCaller;
  version: number;
  event: ReturnEventInput;
  publicUrl: string;
  now?: Date;
}

export async function lockReturn(trx: Transaction<DB>, id: number): Promise<ReturnRow | undefined> {
  return trx.selectFrom('order_returns').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

async function numberOf(trx: Transaction<DB>, row: ReturnRow): Promise<string> {
  const order = await trx
    .selectFrom('orders')
    .select('number')
    .where('id', '=', row.order_id)
    .executeTakeFirstOrThrow();
  return returnNumber(order.number, row.seq);
}

/**
 * Writes an outcome the machine agreed to: the row, the lines of a receipt, the history, acceptance's effects and
 * the message. Used by the API's changes and by the refunds job (`refund.succeeded`).
 */
export async function persistReturnOutcome(
  trx: Transaction<DB>,
  input: {
    row: ReturnRow;
    outcome: ReturnOutcome;
    event: ReturnEvent;
    actorId: number | null;
    actorRole: ReturnCaller['role'] | 'payment';
    now: Date;
  },
): Promise<void> {
  const { row, outcome, event, now } = input;
  const { context } = outcome;
  const amount = refundAmount(context.lines, context.ratePercent);
  const accepted = row.status !== 'accepted' && outcome.status === 'accepted';
  await trx
    .updateTable('order_returns')
    .set({
      status: outcome.status,
      refund_state: outcome.refundState,
      refuse_comment: context.refuseComment,
      amount,
      version: row.version + 1,
      updated_at: now,
      ...(accepted ? { exchange_state: 'queued' as const } : {}),
    })
    .where('id', '=', row.id)
    .execute();
  if (event.type === 'return.receive') {
    for (const line of context.lines) {
      await trx
        .updateTable('order_return_lines')
        .set({ received: line.received, damaged: line.damaged })
        .where('return_id', '=', row.id)
        .where('product_id', '=', line.productId)
        .execute();
    }
  }
  const order = await trx
    .selectFrom('orders')
    .select(['warehouse_id', 'currency'])
    .where('id', '=', row.order_id)
    .executeTakeFirstOrThrow();
  const number = await numberOf(trx, row);
  const orderNotes: Array<{ event: string; comment: string }> = [];
  if (accepted) {
    await restock(trx, order.warehouse_id, context.lines, now);
    await reversePoints(trx, row.order_id, row.id, context.lines, now);
    if (outcome.refundState === 'pending') {
      await requestReturnRefund(
        trx,
        { orderId: row.order_id, returnId: row.id, amount, currency: row.currency },
        now,
      );
    } else if (outcome.refundState === 'credited') {
      orderNotes.push({
        event: RETURN_CREDITED_EVENT,
        comment: `${(amount / 100).toFixed(2)} ${row.currency}`,
      });
    }
  }
  const comment =
    event.type === 'return.refuse'
      ? context.refuseComment
      : event.type === 'refund.succeeded'
        ? `${(amount / 100).toFixed(2)} ${row.currency}`
        : null;
  await recordReturnStep(trx, {
    returnId: row.id,
    orderId: row.order_id,
    number,
    status: outcome.status,
    event: STEP_EVENT[event.type],
    actorId: input.actorId,
    actorRole: input.actorRole,
    comment,
    now,
    orderNotes,
  });
  const data = { orderId: row.order_id, returnId: row.id, number, amount, currency: row.currency };
  if (event.type === 'return.receive') {
    await enqueueMessage(trx, {
      event: 'order.return_received',
      userId: row.user_id,
      key: `order.return_received:${row.id}`,
      data: {
        ...data,
        received: context.lines.reduce((sum, line) => sum + (line.received ?? 0), 0),
        damaged: context.lines.reduce((sum, line) => sum + (line.damaged ?? 0), 0),
      },
    });
  } else if (accepted) {
    await enqueueMessage(trx, {
      event: 'order.return_accepted',
      userId: row.user_id,
      key: `order.return_accepted:${row.id}`,
      data: { ...data, method: row.payment_method },
    });
  } else if (event.type === 'return.refuse') {
    await enqueueMessage(trx, {
      event: 'order.return_refused',
      userId: row.user_id,
      key: `order.return_refused:${row.id}`,
      data: { ...data, comment: context.refuseComment ?? '' },
    });
  }
}

function refusal(guards: readonly string[], reason: string, current: Return, details: ErrorDetail[]): never {
  if (guards.includes('receiptIsValid') || guards.includes('hasComment')) {
    throw unprocessable('VALIDATION_FAILED', details, { return: current });
  }
  throw conflict('TRANSITION_NOT_ALLOWED', { return: current }, [
    { location: 'body', path: '', message: reason },
  ]);
}

/** Locks, checks access (404) and version (409), applies the event and answers the return as it is now. */
export async function changeReturn(db: Kysely<DB>, input: ChangeReturnInput): Promise<Return> {
  const now = input.now ?? new Date();
  return db.transaction().execute(async (trx) => {
    const row = await lockReturn(trx, input.returnId);
    if (row === undefined) throw notFound();
    const roles = rolesOnReturn(input.caller, row);
    // Whoever does not hold the event's role on this return does not see it here (another's, another warehouse).
    if (roles.length === 0) throw notFound();
    const role = ROLE_OF[input.event.type];
    if (!roles.includes(role)) {
      throw conflict(
        'TRANSITION_NOT_ALLOWED',
        { return: await loadExistingReturn(trx, row.id, input.publicUrl) },
        [{ location: 'body', path: '', message: `${input.event.type} is not for this caller` }],
      );
    }
    if (row.version !== input.version) {
      throw conflict('VERSION_CONFLICT', { return: await loadExistingReturn(trx, row.id, input.publicUrl) }, [
        { location: 'body', path: '/version', message: `the return is at version ${row.version}` },
      ]);
    }
    const lines = await returnLines(trx, [row.id]);
    const facts = returnFactsOf(row, lines);
    const event = { ...input.event, role };
    const result = applyReturnEvent(facts, event);
    if (result.error !== undefined) {
      const current = await loadExistingReturn(trx, row.id, input.publicUrl);
      const details: ErrorDetail[] =
        event.type === 'return.receive' && (result.guards as readonly string[]).includes('receiptIsValid')
          ? receiptProblems(facts.lines, event.lines).map((problem) => ({
              location: 'body',
              path: problem.path,
              message: problem.message,
              reason: problem.reason,
            }))
          : (result.guards as readonly string[]).includes('hasComment')
            ? [{ location: 'body', path: '/comment', message: 'must not be blank' }]
            : [];
      refusal(result.guards, result.reason, current, details);
    }
    await persistReturnOutcome(trx, {
      row,
      outcome: result,
      event,
      actorId: input.caller.userId,
      actorRole: input.caller.role,
      now,
    });
    return loadExistingReturn(trx, row.id, input.publicUrl);
  });
}

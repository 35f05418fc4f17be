/**
 * The one way an existing order changes: lock its row, check who may touch it and the caller's `version`, ask the
 * lifecycle machine (`machines/order-lifecycle`) and, when it agrees, write status, payment state, lines, totals,
 * stock and one history entry, all in one transaction. Nothing here decides a transition: `applyEvent` and
 * `eventForTargetStatus` do.
 */
import type { Selectable, Transaction } from 'kysely';
import { commentOf } from '#machines/order-lifecycle/order-lifecycle.guards.rules.ts';
import { validatePartial } from '#machines/order-lifecycle/order-lifecycle.lines.rules.ts';
import { applyEvent, eventForTargetStatus } from '#machines/order-lifecycle/order-lifecycle.transitions.ts';
import type {
  LifecycleEventType,
  LifecycleRole,
  OrderFacts,
  OrderLifecycleEvent,
  OrderStatus,
} from '#machines/order-lifecycle/order-lifecycle.types.ts';
import type { AuthContext } from '../../auth/authenticate.ts';
import type { DB, OrdersTable } from '../../db/schema.ts';
import { conflict, notFound, unprocessable, type ErrorDetail, type HttpError } from '../../http/errors.ts';
import { COMMENT_EVENT, HISTORY_EVENT } from './history-events.ts';
import { factsOf, linesWithStock, persistOutcome } from './persist.ts';
import { loadExistingOrder, type Db, type Order, type OrderViewOptions } from './order-view.ts';
import { recordHistory } from './history.ts';

export type LockedOrder = Selectable<OrdersTable>;

/** Who acts: a signed-in user (their lifecycle role per order is derived below) or the payment provider stand-in. */
export type OrderActor =
  | { kind: 'user'; auth: Pick<AuthContext, 'userId' | 'role' | 'wh' | 'warehouseId'> }
  | { kind: 'payment_provider' };

type WithoutRole<E> = E extends unknown ? Omit<E, 'role'> : never;
/** A lifecycle event before the server adds the role it acts in. */
export type EventInput = WithoutRole<OrderLifecycleEvent>;

export type OrderChange =
  /** `POST /orders/set/{id}/status?status=X`: the allowed event whose target is X. */
  | {
      kind: 'target';
      status: OrderStatus;
      comment?: string | undefined;
      /** With `pickup_requested` on a delivery order: the pickup point the distributor chose. */
      pickupPointId?: number | undefined;
    }
  /** A named event, sent in the first of `roles` the caller holds on the order that the machine accepts. */
  | {
      kind: 'event';
      event: EventInput;
      roles: readonly LifecycleRole[];
      where: 'query' | 'body';
      /** Set only by `handOverOrder` once the handover code matched: HAND_OVER is refused without it. */
      handoverCodeChecked?: true;
    }
  /** A comment by either side: no status change, a `COMMENT` history entry. */
  | { kind: 'comment'; comment: string };

/**
 * Lifecycle roles the actor holds on this order: `distributor` on their own orders, `warehouse` on orders of the
 * warehouse they work at (a partner_warehouse may hold both). None means the order is not theirs to see.
 */
export function rolesOnOrder(
  actor: OrderActor,
  row: Pick<LockedOrder, 'user_id' | 'warehouse_id'>,
): LifecycleRole[] {
  if (actor.kind === 'payment_provider') return ['payment_provider'];
  const roles: LifecycleRole[] = [];
  if (actor.auth.wh && actor.auth.warehouseId === row.warehouse_id) roles.push('warehouse');
  if (row.user_id === actor.auth.userId) roles.push('distributor');
  return roles;
}

/** The order row, locked for the rest of the transaction (`select … for update`). */
export async function lockOrder(trx: Transaction<DB>, id: number): Promise<LockedOrder | undefined> {
  return trx.selectFrom('orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Builds the event of this type for `setOrderStatus` (payload from the query), or null when it needs a body. */
function eventOfType(
  type: LifecycleEventType,
  role: LifecycleRole,
  comment: string | undefined,
): OrderLifecycleEvent | null {
  switch (type) {
    case 'order.confirmPartial':
      return null;
    case 'order.decline':
      return { type, role, comment: comment ?? '' };
    case 'order.reject':
    case 'partial.reject':
    case 'order.cancel':
      return comment === undefined ? { type, role } : { type, role, comment };
    default:
      return { type, role };
  }
}

type Refusal = { status: 409 | 422; reason: string; guards: string[] };

function refusalError(refusal: Refusal, order: Order, where: 'query' | 'body', field: string): HttpError {
  const details: ErrorDetail[] = [{ location: where, path: field, message: refusal.reason }];
  return refusal.status === 422
    ? unprocessable('VALIDATION_FAILED', details, { order })
    : conflict('TRANSITION_NOT_ALLOWED', { order }, details);
}

/** Field blamed for a refused body/query (the comment, or the partial lines). */
function blamedField(change: OrderChange, guards: string[]): string {
  if (guards.includes('partialIsValid')) return '/lines';
  if (change.kind === 'event' && change.where === 'body') return guards.includes('hasComment') ? '/note' : '';
  return guards.includes('hasComment') ? 'comment' : 'status';
}

function partialDetail(facts: OrderFacts, event: OrderLifecycleEvent): string | null {
  if (event.type !== 'order.confirmPartial') return null;
  const result = validatePartial(facts.lines, event.lines);
  return result.ok
    ? null
    : `${result.problem}${result.lineId === undefined ? '' : ` (line ${result.lineId})`}`;
}

/**
 * Applies a change to an order locked by this transaction, after the caller's access and version were checked.
 * Throws 409/422 (with the current order) when the machine refuses; returns nothing (reload the order to answer).
 */
export async function applyChangeLocked(
  trx: Transaction<DB>,
  view: OrderViewOptions,
  row: LockedOrder,
  actor: OrderActor,
  roles: readonly LifecycleRole[],
  change: OrderChange,
): Promise<void> {
  const actorId = actor.kind === 'user' ? actor.auth.userId : null;
  const actorRole = actor.kind === 'user' ? actor.auth.role : 'payment';
  const now = new Date();

  if (change.kind === 'comment') {
    const comment = change.comment.trim();
    if (comment === '') {
      throw unprocessable('VALIDATION_FAILED', [
        { location: 'query', path: 'comment', message: 'must not be blank' },
      ]);
    }
    await trx
      .updateTable('orders')
      .set({ comment, version: row.version + 1, updated_at: now })
      .where('id', '=', row.id)
      .execute();
    await recordHistory(trx, {
      order_id: row.id,
      at: now,
      actor_id: actorId,
      actor_role: actorRole,
      from_status: row.status,
      to_status: row.status,
      event: COMMENT_EVENT,
      comment,
    });
    return;
  }

  const lines = await linesWithStock(trx, row.id);
  const facts = factsOf(row, lines);
  const candidates: OrderLifecycleEvent[] = [];
  if (change.kind === 'target') {
    for (const role of roles) {
      const type = eventForTargetStatus(facts, role, change.status);
      const event = type === null ? null : eventOfType(type, role, change.comment);
      if (event !== null) candidates.push(event);
    }
  } else {
    for (const role of change.roles) {
      if (roles.includes(role)) candidates.push({ ...change.event, role });
    }
  }

  let refusal: Refusal = {
    status: 409,
    reason:
      change.kind === 'target'
        ? `no transition to ${change.status} from ${row.status}/${row.payment_state} for this caller`
        : `${change.event.type} is not possible now`,
    guards: [],
  };
  for (const event of candidates) {
    if (
      event.type === 'order.handOver' &&
      !(change.kind === 'event' && change.handoverCodeChecked === true)
    ) {
      refusal = {
        status: 409,
        reason: 'handing over needs the handover code (POST /orders/set/{id}/hand-over)',
        guards: [],
      };
      continue;
    }
    const result = applyEvent(facts, event);
    if (result.error === undefined) {
      const comment = commentOf(event) ?? (change.kind === 'target' ? change.comment?.trim() || null : null);
      await persistOutcome(trx, {
        row,
        lines,
        outcome: result,
        event,
        historyEvent: HISTORY_EVENT[event.type],
        comment,
        actorId,
        actorRole,
        now,
        pickupPointId: change.kind === 'target' ? change.pickupPointId : undefined,
      });
      return;
    }
    const guards: readonly string[] = result.guards;
    const bodyProblem = guards.includes('hasComment') || guards.includes('partialIsValid');
    const detail = partialDetail(facts, event);
    if (result.error === 'GUARD_FAILED' || refusal.guards.length === 0) {
      refusal = {
        status: bodyProblem ? 422 : 409,
        reason: detail === null ? result.reason : `${result.reason}: ${detail}`,
        guards: [...guards],
      };
    }
  }
  const order = await loadExistingOrder(trx, row.id, view);
  throw refusalError(
    refusal,
    order,
    change.kind === 'event' ? change.where : 'query',
    blamedField(change, refusal.guards),
  );
}

export interface ChangeOrderInput {
  orderId: number;
  actor: OrderActor;
  /** The version the caller saw; a different current one is 409 VERSION_CONFLICT and nothing changes. */
  version: number;
  change: OrderChange;
}

/** Locks, checks access (404) and version (409), applies the change and answers the order as it is now. */
export async function changeOrder(db: Db, view: OrderViewOptions, input: ChangeOrderInput): Promise<Order> {
  return db.transaction().execute(async (trx) => {
    const row = await lockOrder(trx, input.orderId);
    if (row === undefined) throw notFound();
    let roles = rolesOnOrder(input.actor, row);
    if (input.change.kind === 'event') {
      const wanted = input.change.roles;
      roles = roles.filter((role) => wanted.includes(role));
    }
    if (roles.length === 0) throw notFound();
    if (row.version !== input.version) {
      const inBody = input.change.kind === 'event' && input.change.where === 'body';
      throw conflict('VERSION_CONFLICT', { order: await loadExistingOrder(trx, row.id, view) }, [
        {
          location: inBody ? 'body' : 'query',
          path: inBody ? '/version' : 'version',
          message: `the order is at version ${row.version}`,
        },
      ]);
    }
    await applyChangeLocked(trx, view, row, input.actor, roles, input.change);
    return loadExistingOrder(trx, row.id, view);
  });
}

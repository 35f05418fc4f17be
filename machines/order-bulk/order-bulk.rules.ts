/**
 * Which selected orders a bulk action can move now, from the lifecycle's own rules (`allowedEvents` for the
 * warehouse). The server decides again per order (stock included), so this only says what is worth sending.
 */
import { allowedEvents } from '../order-lifecycle/order-lifecycle.transitions.ts';
import type { LifecycleEventType, OrderFacts } from '../order-lifecycle/order-lifecycle.types.ts';
import type { BulkAction, BulkCandidate } from './order-bulk.types.ts';

/** The lifecycle event each bulk action sends (the server's `BULK_EVENTS`). */
export const BULK_ACTION_EVENTS = {
  check: 'check.start',
  confirm: 'order.confirm',
  ready: 'order.markReady',
  send_to_1c: 'order.sendTo1c',
} as const satisfies Record<BulkAction, LifecycleEventType>;

/** A list row's facts: lines are not in a list, so the stock guard is left to the server. */
function factsOf(order: BulkCandidate): OrderFacts {
  return {
    status: order.status,
    paymentState: order.paymentState,
    paymentMethod: order.paymentMethod,
    deliveryType: order.deliveryType,
    hasDeliveryAddress: order.deliveryType === 'delivery',
    lines: [],
  };
}

export function canBulk(order: BulkCandidate, action: BulkAction): boolean {
  return allowedEvents(factsOf(order), 'warehouse').includes(BULK_ACTION_EVENTS[action]);
}

export function eligibleFor(selected: readonly BulkCandidate[], action: BulkAction): BulkCandidate[] {
  return selected.filter((order) => canBulk(order, action));
}

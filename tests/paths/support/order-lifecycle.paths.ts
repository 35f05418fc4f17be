import { orderLifecycleMachine } from '#machines/order-lifecycle/order-lifecycle.machine.ts';
import { sampleEvent } from '#machines/order-lifecycle/order-lifecycle.transitions.ts';
import {
  LIFECYCLE_EVENT_TYPES,
  LIFECYCLE_ROLES,
  type OrderLifecycleEvent,
  type OrderLifecycleInput,
} from '#machines/order-lifecycle/order-lifecycle.types.ts';
import { type PathSet, type Snap, generatePaths } from './model-paths';

/**
 * The order-lifecycle path sets every runner shares (machine, API, browser): the same starting orders and the same
 * candidate events, so each runner walks the same graph and can reuse `assertFullCoverage`. A runner creates a real
 * order matching `path.input` (payment method, delivery, address, lines; `lineId`s are the model's names for the
 * order's lines, in order) and maps the events' line ids onto the real ones.
 */

export type OrderLifecycleMachine = typeof orderLifecycleMachine;

/** Orders the paths start from: each opens doors the others keep shut. */
export const STARTING_ORDERS: Record<string, OrderLifecycleInput> = {
  'cash pickup, two lines': {
    paymentMethod: 'cash',
    deliveryType: 'pickup',
    hasDeliveryAddress: false,
    lines: [
      { lineId: 'l1', requested: 1, confirmed: null, price: 12_500, points: 7.5 },
      { lineId: 'l2', requested: 1, confirmed: null, price: 4_990, points: 2.25 },
    ],
  },
  'card delivery, one line of three': {
    paymentMethod: 'card',
    deliveryType: 'delivery',
    hasDeliveryAddress: true,
    lines: [{ lineId: 'l1', requested: 3, confirmed: null, price: 30_000, points: 15 }],
  },
  'card pickup without address, one unit (no partial possible)': {
    paymentMethod: 'card',
    deliveryType: 'pickup',
    hasDeliveryAddress: false,
    lines: [{ lineId: 'l1', requested: 1, confirmed: null, price: 9_900, points: 5 }],
  },
  'cash delivery, stock short (only partial or reject)': {
    paymentMethod: 'cash',
    deliveryType: 'delivery',
    hasDeliveryAddress: true,
    lines: [
      { lineId: 'l1', requested: 4, confirmed: null, price: 1_000, points: 0.5, available: 2 },
      { lineId: 'l2', requested: 1, confirmed: null, price: 2_000, points: 1, available: 1 },
    ],
  },
};

/** Every event type sent by every role (warehouse, distributor, payment provider) with a valid payload. */
export function candidateEvents(snapshot: Snap<OrderLifecycleMachine>): OrderLifecycleEvent[] {
  return LIFECYCLE_EVENT_TYPES.flatMap((type) =>
    LIFECYCLE_ROLES.map((role) => sampleEvent(type, role, snapshot.context)),
  ).filter((event) => event !== null);
}

/** One path set per starting order (shortest paths plus the edges they miss). */
export function orderLifecyclePathSets(
  events: (snapshot: Snap<OrderLifecycleMachine>) => OrderLifecycleEvent[] = candidateEvents,
): Array<PathSet<OrderLifecycleMachine>> {
  return Object.entries(STARTING_ORDERS).map(([label, input]) =>
    generatePaths(orderLifecycleMachine, { label, input, events }),
  );
}

import type { OrderFacts, OrderLine } from '#machines/order-lifecycle/order-lifecycle.types.ts';

/** Two lines (a partial confirmation is possible), 2 x 125.00 at 7.5 PV and 1 x 49.90 at 2.25 PV. */
export const TWO_LINES: readonly OrderLine[] = [
  { lineId: 'l1', requested: 2, confirmed: null, price: 12_500, points: 7.5 },
  { lineId: 'l2', requested: 1, confirmed: null, price: 4_990, points: 2.25 },
];

/** A cash pickup order with a delivery address on file, in the given status. */
export function facts(overrides: Partial<OrderFacts> = {}): OrderFacts {
  return {
    status: 'awaiting_warehouse',
    paymentState: 'not_required',
    paymentMethod: 'cash',
    deliveryType: 'pickup',
    hasDeliveryAddress: true,
    lines: TWO_LINES,
    ...overrides,
  };
}

/** A card order in `confirmed` with the given payment state. */
export function cardFacts(overrides: Partial<OrderFacts> = {}): OrderFacts {
  return facts({ paymentMethod: 'card', status: 'confirmed', paymentState: 'need_pay', ...overrides });
}

/** Who orders what in the demo data: the plan `buildOrders` turns into orders with their lines and history. */
import { ORDER_STATUSES, type OrderStatus } from '../db/reference.ts';
import type { AddressSnapshot } from '../db/schema.ts';
import { DAY } from './demo-ids.ts';
import type { Member } from './network.ts';
import type { OrderPlan, SeedWarehouse } from './orders.ts';
import { address } from './people.ts';
import type { Prng } from './prng.ts';

export type PlanInput = {
  partner: Member;
  pw: Member;
  downline: readonly Member[];
  addressesOf: ReadonlyMap<number, AddressSnapshot[]>;
  warehouseOf: (id: number) => SeedWarehouse;
  clientIds: readonly number[];
};

const TERMINAL_OR_CLOSED: ReadonlySet<OrderStatus> = new Set([
  'completed',
  'sent_to_1c',
  'received',
  'rejected',
  'cancelled_by_distributor',
  'cancelled_by_warehouse',
]);
const PICKUP_ONLY: ReadonlySet<OrderStatus> = new Set(['pickup_requested']);
const DELIVERY_ONLY: ReadonlySet<OrderStatus> = new Set([
  'delivery_requested',
  'delivery_processing',
  'sent',
  'in_delivery',
]);

/** Who orders what: partner@demo.test in every status (twice, both roads), pw@demo.test a few, the downline the rest. */
export function planOrders(prng: Prng, now: Date, input: PlanInput): OrderPlan[] {
  const plans: OrderPlan[] = [];
  const createdFor = (status: OrderStatus): Date => {
    const days = TERMINAL_OR_CLOSED.has(status)
      ? prng.int(3, 200) + prng.next()
      : 0.05 + prng.next() * (status === 'awaiting_warehouse' || status === 'placed' ? 1.5 : 7);
    return new Date(now.getTime() - days * DAY);
  };
  const plan = (
    member: Member,
    role: OrderPlan['userRole'],
    status: OrderStatus,
    variant: number,
    extra: Partial<OrderPlan> = {},
  ): OrderPlan => {
    const deliveryType = PICKUP_ONLY.has(status)
      ? 'pickup'
      : DELIVERY_ONLY.has(status)
        ? 'delivery'
        : prng.chance(0.55)
          ? 'pickup'
          : 'delivery';
    const own = input.addressesOf.get(member.id);
    const snapshot = own?.[prng.int(0, own.length - 1)] ?? address(prng, member.city);
    const paymentMethod = prng.chance(0.45) ? 'card' : 'cash';
    return {
      userId: member.id,
      userRole: role,
      lang: member.lang,
      warehouse: input.warehouseOf(member.warehouseId),
      status,
      deliveryType,
      paymentMethod,
      payment: prng.weighted([
        ['paid', 6],
        ['need_pay', 2],
        ['pay_failed', 1],
        ['failed_then_paid', 1],
      ] as const),
      variant,
      createdAt: createdFor(status),
      address: deliveryType === 'delivery' ? snapshot : null,
      clientId: null,
      ...extra,
    };
  };

  // partner@demo.test: every status twice, once cash and once card, with different roads.
  ORDER_STATUSES.forEach((status, index) => {
    plans.push(plan(input.partner, 'partner', status, index, { paymentMethod: 'cash' }));
    plans.push(plan(input.partner, 'partner', status, index + 1, { paymentMethod: 'card' }));
  });
  for (const payment of ['need_pay', 'pay_failed', 'paid'] as const) {
    plans.push(plan(input.partner, 'partner', 'confirmed', 0, { paymentMethod: 'card', payment }));
  }
  for (let i = 0; i < 10; i++)
    plans.push(plan(input.partner, 'partner', prng.pick(['completed', 'sent_to_1c'] as const), i));
  for (const clientId of prng.sample(input.clientIds, 5)) {
    plans.push(
      plan(
        input.partner,
        'partner',
        prng.pick(['completed', 'sent_to_1c', 'ready', 'checking'] as const),
        clientId,
        { clientId },
      ),
    );
  }

  // pw@demo.test at its own warehouse.
  for (const status of [
    'awaiting_warehouse',
    'confirmed',
    'ready',
    'completed',
    'sent_to_1c',
    'cancelled_by_distributor',
  ] as const) {
    plans.push(plan(input.pw, 'partner_warehouse', status, prng.int(0, 5)));
  }

  // The downline: about 150 orders, mostly at warehouse 1, in a believable mix of statuses.
  const weights: (readonly [OrderStatus, number])[] = [
    ['awaiting_warehouse', 10],
    ['checking', 5],
    ['awaiting_distributor', 4],
    ['confirmed', 6],
    ['prepared', 4],
    ['ready', 5],
    ['pickup_requested', 3],
    ['delivery_requested', 3],
    ['delivery_processing', 2],
    ['sent', 2],
    ['in_delivery', 3],
    ['received', 4],
    ['completed', 18],
    ['sent_to_1c', 22],
    ['rejected', 3],
    ['cancelled_by_distributor', 4],
    ['cancelled_by_warehouse', 4],
  ];
  for (let i = 0; i < 150; i++) {
    const member = prng.pick(input.downline);
    plans.push(plan(member, 'partner', prng.weighted(weights), prng.int(0, 11)));
  }
  return plans;
}

import { selectOrderActions } from './order-lifecycle.selectors.ts';
import {
  DELIVERY_TYPES,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATES,
  type DeliveryType,
  type OrderStatus,
  type PaymentMethod,
  type PaymentState,
} from './order-lifecycle.types.ts';

/**
 * What an order waits for from its distributor (docs/adr/0025-what-waits-for-the-distributor.md), decided by
 * the lifecycle machine's rules for the distributor role: the one next step, or `null` when the order waits
 * for nobody but the warehouse (or nobody). The my-orders list badges these rows, the server sorts them to
 * the top of Current (from `attentionCombinations`), Main shows them as a card.
 */
export type OrderAttention =
  /** A partial confirmation waits for an answer. */
  | 'answer_change'
  /** A card payment is due. */
  | 'pay'
  /** The last card payment failed; a new attempt is possible. */
  | 'retry_payment'
  /** The order is ready: ask for pickup or delivery. */
  | 'request_pickup';

/** The order's fields the rules need (a list row's summary is enough: lines do not take part). */
export interface AttentionFacts {
  status: OrderStatus;
  paymentState: PaymentState;
  paymentMethod: PaymentMethod;
  deliveryType: DeliveryType;
}

export function orderAttention(order: AttentionFacts): OrderAttention | null {
  const actions = selectOrderActions(
    {
      status: order.status,
      paymentState: order.paymentState,
      paymentMethod: order.paymentMethod,
      deliveryType: order.deliveryType,
      hasDeliveryAddress: order.deliveryType === 'delivery',
      lines: [],
    },
    'distributor',
  );
  if (actions.canAcceptPartial) return 'answer_change';
  if (actions.canRetryPayment) return 'retry_payment';
  if (actions.canPay) return 'pay';
  if (actions.canRequestPickup || actions.canRequestDelivery) return 'request_pickup';
  return null;
}

let combinations: AttentionFacts[] | null = null;

/**
 * Every combination of status, payment state, payment method and delivery type that needs the distributor: the
 * server turns it into its sort order, so the rule lives only here.
 */
export function attentionCombinations(): readonly AttentionFacts[] {
  if (combinations !== null) return combinations;
  const found: AttentionFacts[] = [];
  for (const status of ORDER_STATUSES)
    for (const paymentState of PAYMENT_STATES)
      for (const paymentMethod of PAYMENT_METHODS)
        for (const deliveryType of DELIVERY_TYPES) {
          const facts = { status, paymentState, paymentMethod, deliveryType };
          if (orderAttention(facts) !== null) found.push(facts);
        }
  combinations = found;
  return found;
}

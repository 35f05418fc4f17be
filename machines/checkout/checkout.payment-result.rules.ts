import { orderFacts } from '../order-actions/order-actions.facts.rules.ts';
import { selectOrderActions } from '../order-lifecycle/order-lifecycle.selectors.ts';
import { distributorTab } from '../order-lifecycle/order-lifecycle.status.rules.ts';
import type { OrderFacts } from '../order-lifecycle/order-lifecycle.types.ts';
import type { Order } from './checkout.types.ts';

/**
 * What the payment return pages (`/payment/success`, `/payment/cancel`) show, decided from the order the server
 * answers (never from the return URL, which anyone can type).
 */
export type PaymentResult =
  /** The card payment arrived. */
  | 'paid'
  /** A card payment is due and no outcome has arrived (cancelled on the provider page, or still on its way). */
  | 'pending'
  /** The provider reported a failure. */
  | 'failed'
  /** Nothing to pay now: a cash order, or a card order whose amount the warehouse has not confirmed yet. */
  | 'notDue'
  /** The order was cancelled, declined or rejected: nothing will be paid. */
  | 'closed';

export interface PaymentResultView {
  result: PaymentResult;
  /** A payment can be started (or started again) now. */
  canPay: boolean;
}

/** The order as the lifecycle machine's facts (for its selectors): the order pages' `orderFacts`, one rule. */
export function orderFactsOf(order: Order): OrderFacts {
  return orderFacts(order);
}

export function selectPaymentResult(order: Order): PaymentResultView {
  const actions = selectOrderActions(orderFactsOf(order), 'distributor');
  const canPay = actions.canPay || actions.canRetryPayment;
  if (order.paymentState === 'paid') return { result: 'paid', canPay: false };
  if (order.paymentMethod === 'card' && order.paymentState === 'pay_failed')
    return { result: 'failed', canPay };
  if (order.paymentMethod === 'card' && order.paymentState === 'need_pay' && canPay)
    return { result: 'pending', canPay };
  if (distributorTab(order.status) === 'cancelled') return { result: 'closed', canPay: false };
  return { result: 'notDue', canPay: false };
}

type OrderSummary = Pick<Order, 'status' | 'paymentState' | 'paymentMethod' | 'deliveryType'>;

/**
 * A list row's payment action: the order's card payment can be started (or retried) now. Lines do not take part
 * in the payment rules, so a summary without lines is enough.
 */
export function summaryCanPay(order: OrderSummary): boolean {
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
  return actions.canPay || actions.canRetryPayment;
}

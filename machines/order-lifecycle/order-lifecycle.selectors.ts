import {
  type OrderLifecycleSnapshot,
  allowedEvents,
  isLifecycleSnapshot,
  outcomeOf,
  restoreSnapshot,
} from './order-lifecycle.transitions.ts';
import type { LifecycleEventType, LifecycleRole, OrderFacts } from './order-lifecycle.types.ts';

/**
 * What an order page renders for one role: a flag per action (a button exists only when its flag is true), plus
 * the two "why not" hints the SPA shows instead of a button.
 */
export interface OrderActions {
  allowed: LifecycleEventType[];
  canStartCheck: boolean;
  canConfirm: boolean;
  canConfirmPartial: boolean;
  canReject: boolean;
  canDecline: boolean;
  canCancel: boolean;
  canAcceptPartial: boolean;
  canRejectPartial: boolean;
  canPrepare: boolean;
  /** Warehouse: the order is confirmed but the card payment has not arrived, so PREPARE waits. */
  prepareBlockedByPayment: boolean;
  canMarkReady: boolean;
  canRequestPickup: boolean;
  canRequestDelivery: boolean;
  /** Distributor: the order is ready but has no delivery address, so only pickup can be requested. */
  deliveryBlockedByAddress: boolean;
  canHandOver: boolean;
  canProcessDelivery: boolean;
  canSend: boolean;
  canMarkOutForDelivery: boolean;
  canConfirmReceipt: boolean;
  canComplete: boolean;
  canSendTo1c: boolean;
  /** Distributor: a card payment is due now (show the pay link / button). */
  canPay: boolean;
  /** Distributor: the last payment failed; a retry asks for a new link. */
  canRetryPayment: boolean;
  /** The order was paid and will not be delivered: its refund is on its way. */
  refundPending: boolean;
  /** The provider confirmed the refund. */
  refunded: boolean;
}

/** The last answers for facts (not a live snapshot), by the facts and role as JSON; a bounded memo. */
const byFacts = new Map<string, OrderActions>();
const MEMO_SIZE = 256;

/**
 * The actions of an order for `role`. For facts (a list's order) the answer is remembered: it is a pure function of
 * the facts and the role, and working it out runs the lifecycle machine's transitions once per kind of event (a
 * Main page of ten orders asked for it on each render). The answer is shared: callers read it, never change it.
 */
export function selectOrderActions(
  source: OrderLifecycleSnapshot | OrderFacts,
  role: LifecycleRole,
): OrderActions {
  if (isLifecycleSnapshot(source)) return actionsOf(source, role);
  const key = `${role}|${JSON.stringify(source)}`;
  let actions = byFacts.get(key);
  if (actions === undefined) {
    actions = actionsOf(restoreSnapshot(source), role);
    if (byFacts.size >= MEMO_SIZE) byFacts.clear();
    byFacts.set(key, actions);
  }
  return actions;
}

function actionsOf(snapshot: OrderLifecycleSnapshot, role: LifecycleRole): OrderActions {
  const allowed = allowedEvents(snapshot, role);
  const can = (type: LifecycleEventType) => allowed.includes(type);
  const { status, paymentState } = outcomeOf(snapshot);
  // Open for payment: the provider's failure could still land (a success lands even on a closed order, to be
  // refunded, so it does not say whether paying makes sense).
  const paymentOpen = snapshot.can({ type: 'payment.failed', role: 'payment_provider' });

  return {
    allowed,
    canStartCheck: can('check.start'),
    canConfirm: can('order.confirm'),
    canConfirmPartial: can('order.confirmPartial'),
    canReject: can('order.reject'),
    canDecline: can('order.decline'),
    canCancel: can('order.cancel'),
    canAcceptPartial: can('partial.accept'),
    canRejectPartial: can('partial.reject'),
    canPrepare: can('order.prepare'),
    prepareBlockedByPayment:
      role === 'warehouse' &&
      status === 'confirmed' &&
      snapshot.context.paymentMethod === 'card' &&
      paymentState !== 'paid',
    canMarkReady: can('order.markReady'),
    canRequestPickup: can('pickup.request'),
    canRequestDelivery: can('delivery.request'),
    deliveryBlockedByAddress:
      role === 'distributor' && status === 'ready' && !snapshot.context.hasDeliveryAddress,
    canHandOver: can('order.handOver'),
    canProcessDelivery: can('delivery.process'),
    canSend: can('order.send'),
    canMarkOutForDelivery: can('delivery.outForDelivery'),
    canConfirmReceipt: can('receipt.confirm'),
    canComplete: can('order.complete'),
    canSendTo1c: can('order.sendTo1c'),
    canPay: role === 'distributor' && paymentState === 'need_pay' && paymentOpen,
    canRetryPayment: can('payment.retry'),
    refundPending: paymentState === 'refund_pending',
    refunded: paymentState === 'refunded',
  };
}

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
}

export function selectOrderActions(
  source: OrderLifecycleSnapshot | OrderFacts,
  role: LifecycleRole,
): OrderActions {
  const snapshot = isLifecycleSnapshot(source) ? source : restoreSnapshot(source);
  const allowed = allowedEvents(snapshot, role);
  const can = (type: LifecycleEventType) => allowed.includes(type);
  const { status, paymentState } = outcomeOf(snapshot);
  const providerCanSettle = snapshot.can({ type: 'payment.succeeded', role: 'payment_provider' });

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
    canPay: role === 'distributor' && paymentState === 'need_pay' && providerCanSettle,
    canRetryPayment: can('payment.retry'),
  };
}

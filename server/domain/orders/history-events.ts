/**
 * Names of order history events (`order_history.event`, `OrderHistoryEntry.event`): the lifecycle machine's events
 * in SCREAMING_SNAKE (the table in docs/order-lifecycle.md), plus the server's own entries.
 */
import type { LifecycleEventType } from '#machines/order-lifecycle/order-lifecycle.types.ts';
import type { Role } from '../../auth/roles.ts';

export const HISTORY_EVENT: Record<LifecycleEventType, string> = {
  'check.start': 'START_CHECK',
  'order.confirm': 'CONFIRM',
  'order.confirmPartial': 'CONFIRM_PARTIAL',
  'order.reject': 'REJECT',
  'partial.accept': 'ACCEPT',
  'partial.reject': 'REJECT_PARTIAL',
  'order.cancel': 'CANCEL',
  'order.decline': 'DECLINE',
  'order.prepare': 'PREPARE',
  'order.markReady': 'MARK_READY',
  'pickup.request': 'REQUEST_PICKUP',
  'delivery.request': 'REQUEST_DELIVERY',
  'order.handOver': 'HAND_OVER',
  'delivery.process': 'PROCESS_DELIVERY',
  'order.send': 'SEND',
  'delivery.outForDelivery': 'OUT_FOR_DELIVERY',
  'receipt.confirm': 'CONFIRM_RECEIPT',
  'order.complete': 'COMPLETE',
  'order.sendTo1c': 'SEND_TO_1C',
  'payment.succeeded': 'PAYMENT_PAID',
  'payment.failed': 'PAYMENT_FAILED',
  'payment.retry': 'PAYMENT_RETRY',
};

/** The entry that creates an order (null → `placed`), as the demo seed writes it too. */
export const CREATE_EVENT = 'CREATE';
/** The system's automatic move `placed` → `awaiting_warehouse`. */
export const SUBMIT_EVENT = 'SUBMIT';
/** A comment added by either side (no status change). */
export const COMMENT_EVENT = 'COMMENT';
/** The customer left the provider page with "cancel": nothing changes but the attempt. */
export const PAYMENT_CANCELLED_EVENT = 'PAYMENT_CANCELLED';

/** History roles that belong to a person (shown with their name); `system`, `payment`, `exchange` are not. */
export const HISTORY_ACTOR_ROLES = [
  'partner_warehouse',
  'warehouse',
  'partner',
  'user',
] as const satisfies readonly Role[];
export type HistoryActorRole = (typeof HISTORY_ACTOR_ROLES)[number];

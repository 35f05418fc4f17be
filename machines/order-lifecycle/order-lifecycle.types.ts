/**
 * Types of the order lifecycle shared by the server (which enforces it) and the SPA (which shows only the actions
 * it allows). Status and payment values are the strings stored on the order and sent over the API.
 */

export const ORDER_STATUSES = [
  'placed',
  'awaiting_warehouse',
  'checking',
  'awaiting_distributor',
  'confirmed',
  'prepared',
  'ready',
  'pickup_requested',
  'delivery_requested',
  'delivery_processing',
  'sent',
  'in_delivery',
  'received',
  'completed',
  'sent_to_1c',
  'rejected',
  'cancelled_by_distributor',
  'cancelled_by_warehouse',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * `not_required` means "nothing to pay now": always for cash orders, and for card orders until the amount is final
 * (the lifecycle enters `confirmed`), when the payment region moves to `need_pay`. A paid order that is cancelled,
 * declined or rejected owes a refund (`refund_pending`) until the provider confirms it (`refunded`).
 */
export const PAYMENT_STATES = [
  'not_required',
  'need_pay',
  'paid',
  'pay_failed',
  'refund_pending',
  'refunded',
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const PAYMENT_METHODS = ['cash', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const DELIVERY_TYPES = ['delivery', 'pickup'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];

/**
 * Who acts. A `partner_warehouse` user acts as `warehouse` on orders of their warehouse and as `distributor` on
 * their own orders; the server picks the role per order. `payment_provider` is the card acquirer (maib, or its
 * local sandbox), heard only through a verified callback or its own answer to the server's question.
 */
export const LIFECYCLE_ROLES = ['warehouse', 'distributor', 'payment_provider'] as const;
export type LifecycleRole = (typeof LIFECYCLE_ROLES)[number];

/** The payment-order statuses of the spec, as a distributor sees them (derived from both regions). */
export const DISPLAY_STATUSES = [
  'new',
  'need_pay',
  'pay_failed',
  'paid',
  'ready',
  'delivery',
  'done',
  'close',
  'declined',
] as const;
export type DisplayStatus = (typeof DISPLAY_STATUSES)[number];

export const WAREHOUSE_TABS = [
  'new',
  'in_progress',
  'awaiting_distributor',
  'ready',
  'delivery',
  'completed',
  'sent_to_1c',
  'rejected',
] as const;
export type WarehouseTab = (typeof WAREHOUSE_TABS)[number];

export const DISTRIBUTOR_TABS = ['current', 'cancelled', 'closed'] as const;
export type DistributorTab = (typeof DISTRIBUTOR_TABS)[number];

/** One order line as the lifecycle sees it. Money in minor units, points (PV) per unit with up to two decimals. */
export interface OrderLine {
  lineId: string;
  /** Quantity the distributor ordered. */
  requested: number;
  /** Quantity the warehouse confirmed; `null` until the warehouse confirms (then the requested one counts). */
  confirmed: number | null;
  /** Unit price in minor units. */
  price: number;
  /** Unit points (PV). */
  points: number;
  /** Stock the warehouse holds for this line when the server knows it; absent means the warehouse's word counts. */
  available?: number;
}

export interface OrderTotals {
  /** Sum of effective quantities (confirmed, else requested). */
  itemCount: number;
  /** Minor units. */
  amount: number;
  /** PV, rounded to two decimals. */
  points: number;
}

/** A line change of a partial confirmation: the new confirmed quantity (0..requested) of one line. */
export interface LineQuantity {
  lineId: string;
  quantity: number;
}

/** What the machine is started with when an order is placed. */
export interface OrderLifecycleInput {
  paymentMethod: PaymentMethod;
  deliveryType: DeliveryType;
  hasDeliveryAddress: boolean;
  lines: readonly OrderLine[];
}

export interface OrderLifecycleContext {
  paymentMethod: PaymentMethod;
  deliveryType: DeliveryType;
  hasDeliveryAddress: boolean;
  lines: readonly OrderLine[];
  totals: OrderTotals;
  /** The comment of the last decline, rejection or cancellation ("reason to cancel"), else null. */
  cancelReason: string | null;
}

/** The stored facts of an order, enough to rebuild its lifecycle snapshot without running an actor. */
export interface OrderFacts extends OrderLifecycleInput {
  status: OrderStatus;
  paymentState: PaymentState;
  cancelReason?: string | null;
}

type Acting<TType extends string, TRole extends LifecycleRole = LifecycleRole> = { type: TType; role: TRole };

/**
 * Every event carries `role`; the guards refuse an event sent by the wrong role. The role is typed wide
 * (`LifecycleRole`) on purpose: the server builds events from a caller whose role it only knows at run time.
 */
export type OrderLifecycleEvent =
  | Acting<'check.start'>
  | Acting<'order.confirm'>
  | (Acting<'order.confirmPartial'> & { lines: readonly LineQuantity[]; comment: string })
  | (Acting<'order.reject'> & { comment?: string })
  | Acting<'partial.accept'>
  | (Acting<'partial.reject'> & { comment?: string })
  | (Acting<'order.cancel'> & { comment?: string })
  | (Acting<'order.decline'> & { comment: string })
  | Acting<'order.prepare'>
  | Acting<'order.markReady'>
  | Acting<'pickup.request'>
  | Acting<'delivery.request'>
  | Acting<'order.handOver'>
  | Acting<'delivery.process'>
  | Acting<'order.send'>
  | Acting<'delivery.outForDelivery'>
  | Acting<'receipt.confirm'>
  | Acting<'order.complete'>
  | Acting<'order.sendTo1c'>
  | Acting<'payment.succeeded'>
  | Acting<'payment.failed'>
  | Acting<'payment.retry'>
  | Acting<'refund.succeeded'>;

export type LifecycleEventType = OrderLifecycleEvent['type'];
export type LifecycleEventOf<TType extends LifecycleEventType> = Extract<
  OrderLifecycleEvent,
  { type: TType }
>;

/** Every event type, in the order the UI lists actions (and `eventForTargetStatus` prefers them). */
export const LIFECYCLE_EVENT_TYPES = [
  'check.start',
  'order.confirm',
  'order.confirmPartial',
  'order.reject',
  'partial.accept',
  'partial.reject',
  'order.cancel',
  'order.decline',
  'order.prepare',
  'order.markReady',
  'pickup.request',
  'delivery.request',
  'order.handOver',
  'delivery.process',
  'order.send',
  'delivery.outForDelivery',
  'receipt.confirm',
  'order.complete',
  'order.sendTo1c',
  'payment.succeeded',
  'payment.failed',
  'payment.retry',
  'refund.succeeded',
] as const satisfies readonly LifecycleEventType[];

/** Fails to compile when an event type is missing from `LIFECYCLE_EVENT_TYPES`. */
type MissingEventTypes = Exclude<LifecycleEventType, (typeof LIFECYCLE_EVENT_TYPES)[number]>;
export const EVENT_TYPES_COMPLETE: [MissingEventTypes] extends [never] ? true : MissingEventTypes = true;

import type { components } from '../../openapi/schema.d.ts';

export type Address = components['schemas']['Address'];
export type AddressInput = components['schemas']['AddressInput'];
export type PickupPoint = components['schemas']['PickupPoint'];
export type PaymentMethod = components['schemas']['PaymentMethod'];
export type DeliveryType = components['schemas']['DeliveryType'];
export type CreateOrderRequest = components['schemas']['CreateOrderRequest'];
export type Order = components['schemas']['Order'];
export type PaymentSession = components['schemas']['PaymentSession'];

/** Longest comments the contract accepts (`CreateOrderDelivery.courierComment`, `OrderComment`). */
export const COURIER_COMMENT_MAX = 500;
export const ORDER_COMMENT_MAX = 1000;

/**
 * An order request that may already have reached the server: the `Idempotency-Key` and the exact body sent with it.
 * Kept (and persisted by the app) from the moment the machine enters `submitting` until the order exists, so every
 * retry, double click or page refresh repeats the same key with the same body and the server replays one order.
 */
export interface PendingSubmission {
  key: string;
  body: CreateOrderRequest;
}

/**
 * Where a failure belongs (the view shows the spec's message for each):
 * - `create`: the server refused to create the order ('Error when creating an order');
 * - `payment`: the order exists but starting its card payment failed ('Error when placing the order');
 * - `submit`: no answer or an unknown one (network, time-out, 5xx): 'An error occurred while submitting the order'.
 */
export type CheckoutFailureKind = 'create' | 'payment' | 'submit';

export interface CheckoutFailure {
  kind: CheckoutFailureKind;
  /** The server's (or client's) error code: `OUT_OF_STOCK`, `CART_EMPTY`, `NETWORK_ERROR`, `HTTP_500`, ... */
  code: string;
}

export interface CheckoutInput {
  /** Units in the bag when the checkout starts. */
  itemCount: number;
  emailConfirmed: boolean;
  /** The address book (`GET /users/addresses`: default first). */
  addresses: readonly Address[];
  /** Pickup points of the home warehouse (`GET /users/warehouses/get-order-params`). */
  pickupPoints: readonly PickupPoint[];
  /** A submission restored from session storage after a refresh; `null` when there is none. */
  pending: PendingSubmission | null;
}

export interface CheckoutContext {
  itemCount: number;
  emailConfirmed: boolean;
  addresses: readonly Address[];
  pickupPoints: readonly PickupPoint[];
  deliveryType: DeliveryType | null;
  addressId: number | null;
  pickupPointId: number | null;
  courierComment: string;
  comment: string;
  paymentMethod: PaymentMethod | null;
  /**
   * The buyer ticked "I agree to the terms of sale and the return policy": a card order needs it before paying
   * (maib's rule for merchants; docs/adr/0114-merchant-site.md); it is sent with the order as `acceptTerms`.
   */
  termsAccepted: boolean;
  /** Set while the buyer edits one part from the review step: "next" then goes straight back to the review. */
  returnToReview: boolean;
  pending: PendingSubmission | null;
  /** The order once the server has created it. */
  order: Order | null;
  failure: CheckoutFailure | null;
  /** Why the inline address form could not be saved (an error code), else null. */
  addressError: string | null;
}

export type CheckoutEvent =
  | { type: 'bag.changed'; itemCount: number }
  | { type: 'checkout.start' }
  | { type: 'checkout.cancel' }
  | { type: 'step.next' }
  | { type: 'step.back' }
  | { type: 'delivery.select'; deliveryType: DeliveryType }
  | { type: 'address.select'; addressId: number }
  | { type: 'address.add' }
  | { type: 'address.addCancel' }
  | { type: 'address.save'; address: AddressInput }
  | { type: 'pickupPoint.select'; pickupPointId: number }
  | { type: 'comments.change'; courierComment: string; comment: string }
  | { type: 'payment.select'; paymentMethod: PaymentMethod }
  | { type: 'terms.accept'; accepted: boolean }
  | { type: 'review.editDelivery' }
  | { type: 'review.editDestination' }
  | { type: 'review.editComments' }
  | { type: 'review.editPayment' }
  | { type: 'order.submit' }
  | { type: 'order.retry' }
  | { type: 'payment.retry' }
  | { type: 'email.resend' }
  | { type: 'email.confirmed' };

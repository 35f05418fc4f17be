import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { GuidedStep } from '#machines/checkout/checkout.selectors.ts';
import type { CheckoutFailureKind, DeliveryType, PaymentMethod } from '#machines/checkout/checkout.types.ts';

/** Spec section 8's messages, each in its place. */
export const FAILURE_HEADLINES: Record<CheckoutFailureKind, MessageDescriptor> = {
  create: msg`Error when creating an order`,
  payment: msg`Error when placing the order`,
  submit: msg`An error occurred while submitting the order`,
};

/** What the buyer can do about a failure, by error code. */
export const FAILURE_DETAILS: Record<string, MessageDescriptor> = {
  OUT_OF_STOCK: msg`Some products are no longer in stock in the quantity you chose. Change the bag and try again.`,
  CART_EMPTY: msg`Your bag is empty: add products before placing an order.`,
  VALIDATION_FAILED: msg`The address or pickup point can no longer be used. Choose another one and try again.`,
  IDEMPOTENCY_KEY_REUSED: msg`This order was already sent with other details. Check your orders before trying again.`,
  PAYMENT_NOT_ALLOWED: msg`The payment cannot be started for this order now. You can pay later from your orders.`,
  EMAIL_NOT_CONFIRMED: msg`Need to confirm your email`,
  RATE_LIMITED: msg`Too many attempts. Wait a minute and try again.`,
};

export const SUBMIT_FAILURE_HINT = msg`Check your connection and try again. Trying again never places the order twice.`;

export const STEP_TITLES: Record<GuidedStep, MessageDescriptor> = {
  delivery: msg`Delivery or pickup`,
  destination: msg`Address or pickup point`,
  comments: msg`Comments`,
  payment: msg`Payment method`,
  review: msg`Review and confirm`,
};

export const DELIVERY_LABELS: Record<DeliveryType, MessageDescriptor> = {
  delivery: msg`Delivery by courier`,
  pickup: msg`Pickup at a pickup point`,
};

export const PAYMENT_LABELS: Record<PaymentMethod, MessageDescriptor> = {
  cash: msg`Cash on receipt`,
  card: msg`Card online`,
};

export const ADDRESS_ERRORS: Record<string, MessageDescriptor> = {
  VALIDATION_FAILED: msg`The address could not be saved: check the fields.`,
};

export const GENERIC_ADDRESS_ERROR = msg`The address could not be saved. Try again.`;

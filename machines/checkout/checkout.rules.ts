import {
  COURIER_COMMENT_MAX,
  ORDER_COMMENT_MAX,
  type CheckoutContext,
  type CheckoutFailure,
  type CreateOrderRequest,
  type Order,
} from './checkout.types.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The error code of a failed call: the server's `code`, else `HTTP_<status>`, else `UNKNOWN`. */
export function errorCodeOf(error: unknown): string {
  if (isRecord(error)) {
    if (typeof error.code === 'string' && error.code !== '') return error.code;
    if (typeof error.status === 'number') return `HTTP_${error.status}`;
  }
  return 'UNKNOWN';
}

function statusOf(error: unknown): number | null {
  return isRecord(error) && typeof error.status === 'number' ? error.status : null;
}

/**
 * A create-order failure the server decided (a 4xx answer): no order was made, the key was not stored. Anything
 * else (no answer, time-out, 5xx) may have made the order: the key and body must be kept for the retry.
 */
export function isDefiniteRefusal(error: unknown): boolean {
  const status = statusOf(error);
  const code = errorCodeOf(error);
  if (code === 'TIMEOUT' || code === 'NETWORK_ERROR') return false;
  return status !== null && status >= 400 && status < 500;
}

export function isEmailNotConfirmed(error: unknown): boolean {
  return errorCodeOf(error) === 'EMAIL_NOT_CONFIRMED';
}

/** Classifies a failed `POST /orders/create`. */
export function createFailure(error: unknown): CheckoutFailure {
  return { kind: isDefiniteRefusal(error) ? 'create' : 'submit', code: errorCodeOf(error) };
}

const trimmed = (text: string): string => text.trim();

export function commentsAreValid(context: Pick<CheckoutContext, 'courierComment' | 'comment'>): boolean {
  return (
    trimmed(context.courierComment).length <= COURIER_COMMENT_MAX &&
    trimmed(context.comment).length <= ORDER_COMMENT_MAX
  );
}

export function hasAddress(context: CheckoutContext): boolean {
  return context.addressId !== null && context.addresses.some((address) => address.id === context.addressId);
}

export function hasPickupPoint(context: CheckoutContext): boolean {
  return (
    context.pickupPointId !== null && context.pickupPoints.some((point) => point.id === context.pickupPointId)
  );
}

/** Spec section 5: delivery needs a delivery address, pickup needs a pickup point. */
export function destinationIsComplete(context: CheckoutContext): boolean {
  if (context.deliveryType === 'delivery') return hasAddress(context);
  if (context.deliveryType === 'pickup') return hasPickupPoint(context);
  return false;
}

/** A payment method is chosen; paying by card also needs the terms of sale accepted (maib's rule for merchants). */
export function paymentChoiceComplete(
  context: Pick<CheckoutContext, 'paymentMethod' | 'termsAccepted'>,
): boolean {
  return context.paymentMethod === 'cash' || (context.paymentMethod === 'card' && context.termsAccepted);
}

/** Everything the order needs has been chosen: the review can be shown and the order submitted. */
export function orderIsComplete(context: CheckoutContext): boolean {
  return destinationIsComplete(context) && commentsAreValid(context) && paymentChoiceComplete(context);
}

/** The address book's default address (the list is default first), else the first one, else null. */
export function defaultAddressId(addresses: CheckoutContext['addresses']): number | null {
  return (addresses.find((address) => address.isDefault) ?? addresses[0])?.id ?? null;
}

/** The `POST /orders/create` body of the choices made; null while something is missing. */
export function orderBodyOf(context: CheckoutContext): CreateOrderRequest | null {
  const paymentMethod = context.paymentMethod;
  if (paymentMethod === null || !orderIsComplete(context)) return null;
  const comment = trimmed(context.comment);
  const withComment = {
    ...(paymentMethod === 'card' ? { acceptTerms: true } : {}),
    ...(comment === '' ? {} : { comment }),
  };
  if (context.deliveryType === 'delivery' && context.addressId !== null) {
    const courierComment = trimmed(context.courierComment);
    return {
      deliveryType: 'delivery',
      addressId: context.addressId,
      paymentMethod,
      ...(courierComment === '' ? {} : { courierComment }),
      ...withComment,
    };
  }
  if (context.deliveryType === 'pickup' && context.pickupPointId !== null) {
    return { deliveryType: 'pickup', pickupPointId: context.pickupPointId, paymentMethod, ...withComment };
  }
  return null;
}

/**
 * A card payment can start right after creation only when the server says the amount is due now (`need_pay`, or
 * `pay_failed` on a replayed order). A card order whose amount the warehouse has still to confirm
 * (`not_required`) is paid later, from the order.
 */
export function paymentIsDue(order: Order): boolean {
  return (
    order.paymentMethod === 'card' &&
    (order.paymentState === 'need_pay' || order.paymentState === 'pay_failed')
  );
}

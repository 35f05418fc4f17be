/**
 * Checkout parameters (`GET /users/warehouses/get-order-params`) and the delivery prices the order total uses (the
 * rule itself is `machines/checkout/checkout.delivery-price.rules.ts`, shared with the SPA).
 * Prices are minor units of the configured currency.
 */
import type { components } from '#openapi/schema.d.ts';
import { deliveryPriceOf } from '#machines/checkout/checkout.delivery-price.rules.ts';

export type DeliveryOption = components['schemas']['DeliveryOption'];
export type DeliveryType = components['schemas']['DeliveryType'];
export type PaymentMethod = components['schemas']['PaymentMethod'];

/** Courier delivery costs 50.00; it is free from an order value (goods after discount) of 1 000.00. Pickup is free. */
export const DELIVERY_OPTIONS: readonly DeliveryOption[] = [
  { type: 'pickup', price: 0, freeFrom: 0 },
  { type: 'delivery', price: 5_000, freeFrom: 100_000 },
];

export const PAYMENT_METHODS: readonly PaymentMethod[] = ['cash', 'card'];

/** Spec section 9: pickup (ordering) threshold of PV for active and qualified distributors. */
export const PICKUP_THRESHOLD_PV = 25;

/** The delivery price of an order whose goods cost `goodsValue` (amount − discount) with the given delivery type. */
export function deliveryPriceFor(type: DeliveryType, goodsValue: number): number {
  return deliveryPriceOf(DELIVERY_OPTIONS, type, goodsValue);
}

import type { components } from '../../openapi/schema.d.ts';

export type DeliveryOption = components['schemas']['DeliveryOption'];
export type DeliveryType = components['schemas']['DeliveryType'];

/**
 * The delivery price rule, one place for the SPA (the checkout's steps and review) and the server (the order total):
 * an option's price, or nothing once the goods (amount − discount) reach its `freeFrom`. An unknown type costs
 * nothing. Prices are minor units.
 */
export function deliveryPriceOf(
  options: readonly DeliveryOption[],
  type: DeliveryType,
  goodsValue: number,
): number {
  const option = options.find((entry) => entry.type === type);
  if (option === undefined) return 0;
  return option.freeFrom !== null && goodsValue >= option.freeFrom ? 0 : option.price;
}

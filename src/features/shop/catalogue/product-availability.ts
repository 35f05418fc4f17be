import type { Product } from '#src/data/catalogue.ts';

/** The most units one bag line may hold (contract: `Quantity` ≤ 999). */
export const MAX_LINE_QUANTITY = 999;

export type UnavailableReason = 'no_longer_sold' | 'out_of_stock' | 'all_in_bag';

export interface PurchaseOptions {
  /** Units that may still be added to the bag (0 when none). */
  maxToAdd: number;
  canAdd: boolean;
  reason: UnavailableReason | null;
}

/**
 * What the bag still accepts of a product: the server refuses a product 1C no longer lists, a line above the stock
 * at the caller's warehouse (422 `OUT_OF_STOCK`) or above 999, so the view offers no more than `stock − already in
 * the bag`.
 */
export function purchaseOptions(
  product: Pick<Product, 'stock' | 'isActive'>,
  inBag: number,
): PurchaseOptions {
  if (!product.isActive) return { maxToAdd: 0, canAdd: false, reason: 'no_longer_sold' };
  if (product.stock <= 0) return { maxToAdd: 0, canAdd: false, reason: 'out_of_stock' };
  const maxToAdd = Math.max(0, Math.min(product.stock, MAX_LINE_QUANTITY) - inBag);
  return maxToAdd > 0
    ? { maxToAdd, canAdd: true, reason: null }
    : { maxToAdd: 0, canAdd: false, reason: 'all_in_bag' };
}

/** The promotion's saving in whole percent, or null without a promotion price. */
export function savingPercent(product: Pick<Product, 'price' | 'promoPrice'>): number | null {
  const { price, promoPrice } = product;
  if (promoPrice === null || price <= 0 || promoPrice >= price) return null;
  return Math.round(((price - promoPrice) / price) * 100);
}

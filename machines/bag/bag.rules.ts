import type { BagChange, BagEvent } from './bag.types.ts';

/** The API code of a failure (`OUT_OF_STOCK`, ...), or null. */
export function codeOf(error: unknown): string | null {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : null;
}

/** The bag change an event asks for (null for a wishlist event). */
export function bagChangeOf(event: BagEvent): BagChange | null {
  switch (event.type) {
    case 'bag.add':
      return { kind: 'add', productId: event.productId, quantity: event.quantity };
    case 'bag.set':
      return { kind: 'set', productId: event.productId, quantity: event.quantity };
    case 'bag.remove':
      return event.quantity === undefined
        ? { kind: 'remove', productId: event.productId }
        : { kind: 'remove', productId: event.productId, quantity: event.quantity };
    default:
      return null;
  }
}

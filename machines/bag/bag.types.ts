import type { components } from '../../openapi/schema.d.ts';

export type Cart = components['schemas']['Cart'];
export type Wishlist = components['schemas']['Wishlist'];

/** One change of the bag: add units to a line, set a line's quantity, take units (or the whole line) off. */
export type BagChange =
  | { kind: 'add'; productId: number; quantity: number }
  | { kind: 'set'; productId: number; quantity: number }
  | { kind: 'remove'; productId: number; quantity?: number };

/** One change of the wishlist (both calls are idempotent on the server). */
export type WishlistChange = { kind: 'add' | 'remove'; productId: number };

export type BagEvent =
  | { type: 'bag.add'; productId: number; quantity: number }
  | { type: 'bag.set'; productId: number; quantity: number }
  | { type: 'bag.remove'; productId: number; quantity?: number }
  | { type: 'wishlist.add'; productId: number }
  | { type: 'wishlist.remove'; productId: number }
  /** One unit into the bag, then out of the wishlist; in `halfMoved` it finishes the move without adding again. */
  | { type: 'wishlist.moveToBag'; productId: number };

/** What the machine tells its view once a change landed (the view thanks the user, resets its stepper). */
export type BagEmitted =
  { type: 'bag.changed'; change: BagChange; cart: Cart } | { type: 'wishlist.moved'; productId: number };

export interface BagContext {
  /** The bag change in flight (or the last one). */
  change: BagChange | null;
  /** The wishlist change in flight (or the last one). */
  wishlistChange: WishlistChange | null;
  /** The product being moved from the wishlist to the bag; kept while the move is half done. */
  moving: number | null;
  /** The last failure's API code (`OUT_OF_STOCK`, ...), null after a success. */
  errorCode: string | null;
}

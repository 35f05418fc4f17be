/**
 * The bag (`/orders/cart/*`) and the wishlist (`/orders/wishlist/*`): each endpoint wrapped once, their
 * `queryOptions`, and the cache writes of their answers. Their keys (`bagKeys`, `wishlistKeys`) live apart from
 * the orders'. The writes run through the bag machine (`machines/bag/`, provided in `bag.actors.ts`).
 */
import { queryOptions, type QueryClient, useQuery } from '@tanstack/react-query';
import type { components } from '../../openapi/schema.d.ts';
import { api, type ApiClient, unwrap } from '../api/client.ts';
import { bagKeys, catalogueKeys, wishlistKeys } from './keys.ts';

export type Cart = components['schemas']['Cart'];
export type CartItem = components['schemas']['CartItem'];
export type CartTotals = components['schemas']['Totals'];
export type Wishlist = components['schemas']['Wishlist'];

export interface CartLineChange {
  productId: number;
  quantity: number;
}

export interface CartRemoval {
  productId: number;
  /** Units to take off; omitted removes the whole line. */
  quantity?: number;
}

const withSignal = (signal: AbortSignal | undefined) => (signal === undefined ? {} : { signal });

/** The bag calls, one function each; every one answers the whole bag or throws the normalised error. */
export function createCartApi(client: ApiClient) {
  return {
    /** `GET /orders/cart`. */
    fetchCart(signal?: AbortSignal): Promise<Cart> {
      return unwrap(client.GET('/orders/cart', withSignal(signal)));
    },
    /** `POST /orders/cart/add-to-cart` with `mode: add`: adds `quantity` units to the line (creating it). */
    addToCart({ productId, quantity }: CartLineChange): Promise<Cart> {
      return unwrap(client.POST('/orders/cart/add-to-cart', { body: { productId, quantity, mode: 'add' } }));
    },
    /** `POST /orders/cart/add-to-cart` with `mode: set`: the line's quantity becomes exactly `quantity`. */
    setCartQuantity({ productId, quantity }: CartLineChange): Promise<Cart> {
      return unwrap(client.POST('/orders/cart/add-to-cart', { body: { productId, quantity, mode: 'set' } }));
    },
    /** `POST /orders/cart/remove-from-cart`: takes `quantity` units off, or the whole line without it. */
    removeFromCart({ productId, quantity }: CartRemoval): Promise<Cart> {
      return unwrap(
        client.POST('/orders/cart/remove-from-cart', {
          body: quantity === undefined ? { productId } : { productId, quantity },
        }),
      );
    },
  };
}

/** The wishlist calls; each answers the whole wishlist or throws the normalised error. */
export function createWishlistApi(client: ApiClient) {
  return {
    /** `GET /orders/wishlist`. */
    fetchWishlist(signal?: AbortSignal): Promise<Wishlist> {
      return unwrap(client.GET('/orders/wishlist', withSignal(signal)));
    },
    /** `POST /orders/wishlist/add/{productId}` (idempotent). */
    addToWishlist(productId: number): Promise<Wishlist> {
      return unwrap(client.POST('/orders/wishlist/add/{productId}', { params: { path: { productId } } }));
    },
    /** `POST /orders/wishlist/remove/{productId}` (idempotent). */
    removeFromWishlist(productId: number): Promise<Wishlist> {
      return unwrap(client.POST('/orders/wishlist/remove/{productId}', { params: { path: { productId } } }));
    },
  };
}

export type CartApi = ReturnType<typeof createCartApi>;
export type WishlistApi = ReturnType<typeof createWishlistApi>;

export const cartApi: CartApi = createCartApi(api);
export const wishlistApi: WishlistApi = createWishlistApi(api);

export const bagQueries = {
  /** The caller's bag: the header badge, the catalogue and the bag page read this one entry. */
  cart: () => queryOptions({ queryKey: bagKeys.all(), queryFn: ({ signal }) => cartApi.fetchCart(signal) }),
  /** The caller's wishlist: product cards' hearts and the wishlist page read this one entry. */
  wishlist: () =>
    queryOptions({
      queryKey: wishlistKeys.all(),
      queryFn: ({ signal }) => wishlistApi.fetchWishlist(signal),
    }),
};

/** Units of a product in the bag (0 when it is not there). */
export function quantityInCart(cart: Cart | undefined, productId: number): number {
  return cart?.items.find((item) => item.productId === productId)?.quantity ?? 0;
}

/** True when the product is in the wishlist. */
export function isInWishlist(wishlist: Wishlist | undefined, productId: number): boolean {
  return wishlist?.productIds.includes(productId) ?? false;
}

export function storeCart(queryClient: QueryClient, cart: Cart): void {
  queryClient.setQueryData(bagKeys.all(), cart);
}

export function storeWishlist(queryClient: QueryClient, wishlist: Wishlist): void {
  queryClient.setQueryData(wishlistKeys.all(), wishlist);
}

/** A refusal for stock: the stock figures on screen are stale, read the products, the bag and the wishlist again. */
export function refreshStock(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: catalogueKeys.all() }),
    queryClient.invalidateQueries({ queryKey: bagKeys.all() }),
    queryClient.invalidateQueries({ queryKey: wishlistKeys.all() }),
  ]).then(() => undefined);
}

/** The server emptied the bag (an order was created): read it again. */
export function refreshCart(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: bagKeys.all() });
}

/** The caller's bag; `enabled: false` keeps it idle (the header asks only while logged in). */
export function useCart({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...bagQueries.cart(), enabled });
}

/** The caller's wishlist. */
export function useWishlist({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...bagQueries.wishlist(), enabled });
}

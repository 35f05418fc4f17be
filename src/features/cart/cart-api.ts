import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema.d.ts';
import { api, type ApiClient, unwrap } from '../../api/client.ts';

/*
 * The bag's reads and calls, without the mutation hooks: the header's bag count imports this module, so it stays
 * small in the JavaScript every page loads. Screens import `cart.queries.ts`, which re-exports all of it.
 */

export type Cart = components['schemas']['Cart'];
export type CartItem = components['schemas']['CartItem'];
export type CartTotals = components['schemas']['Totals'];

/** The bag's one cache entry (`GET /orders/cart`): the header badge, the catalogue and the bag all read it. */
export const cartQueryKey = ['orders', 'cart'] as const;

export interface CartLineChange {
  productId: number;
  quantity: number;
}

export interface CartRemoval {
  productId: number;
  /** Units to take off; omitted removes the whole line. */
  quantity?: number;
}

/** The cart calls, one function each; every one answers the whole cart or throws the normalised error. */
export function createCartApi(client: ApiClient) {
  return {
    /** `GET /orders/cart`. */
    fetchCart(signal?: AbortSignal): Promise<Cart> {
      return unwrap(client.GET('/orders/cart', signal === undefined ? {} : { signal }));
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

export type CartApi = ReturnType<typeof createCartApi>;

export const cartApi: CartApi = createCartApi(api);

export interface CartQueryOptions {
  /** `false` keeps the query idle (the header asks only while logged in). */
  enabled?: boolean;
}

/** The caller's bag. */
export function useCart({ enabled = true }: CartQueryOptions = {}) {
  return useQuery({
    queryKey: cartQueryKey,
    queryFn: ({ signal }) => cartApi.fetchCart(signal),
    enabled,
  });
}

/** Units of a product in the bag (0 when it is not there). */
export function quantityInCart(cart: Cart | undefined, productId: number): number {
  return cart?.items.find((item) => item.productId === productId)?.quantity ?? 0;
}

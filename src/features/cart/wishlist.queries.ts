import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema.d.ts';
import { api, type ApiClient, unwrap } from '../../api/client.ts';
import { cartApi, cartQueryKey } from './cart.queries.ts';

export type Wishlist = components['schemas']['Wishlist'];

/** The wishlist's one cache entry (`GET /orders/wishlist`): product cards' hearts and the wishlist screen read it. */
export const wishlistQueryKey = ['orders', 'wishlist'] as const;

/** The wishlist calls; each answers the whole wishlist or throws the normalised error. */
export function createWishlistApi(client: ApiClient) {
  return {
    /** `GET /orders/wishlist`. */
    fetchWishlist(signal?: AbortSignal): Promise<Wishlist> {
      return unwrap(client.GET('/orders/wishlist', signal === undefined ? {} : { signal }));
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

export type WishlistApi = ReturnType<typeof createWishlistApi>;

export const wishlistApi: WishlistApi = createWishlistApi(api);

/** The caller's wishlist. */
export function useWishlist({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: wishlistQueryKey,
    queryFn: ({ signal }) => wishlistApi.fetchWishlist(signal),
    enabled,
  });
}

/** True when the product is in the wishlist. */
export function isInWishlist(wishlist: Wishlist | undefined, productId: number): boolean {
  return wishlist?.productIds.includes(productId) ?? false;
}

function useWishlistMutation(mutationFn: (productId: number) => Promise<Wishlist>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (wishlist) => {
      queryClient.setQueryData(wishlistQueryKey, wishlist);
    },
  });
}

/** Adds a product (`mutate(productId)`); the wishlist cache takes the answer. */
export function useAddToWishlist() {
  return useWishlistMutation((productId) => wishlistApi.addToWishlist(productId));
}

/** Removes a product (`mutate(productId)`); the wishlist cache takes the answer. */
export function useRemoveFromWishlist() {
  return useWishlistMutation((productId) => wishlistApi.removeFromWishlist(productId));
}

/**
 * Moves a product from the wishlist to the bag (`mutate(productId)`): one unit is added to the bag, then the product
 * leaves the wishlist. When the bag refuses it (out of stock) the wishlist keeps it. Both caches take the answers.
 */
export function useMoveToBag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (productId: number) => {
      const cart = await cartApi.addToCart({ productId, quantity: 1 });
      queryClient.setQueryData(cartQueryKey, cart);
      const wishlist = await wishlistApi.removeFromWishlist(productId);
      return { cart, wishlist };
    },
    onSuccess: ({ wishlist }) => {
      queryClient.setQueryData(wishlistQueryKey, wishlist);
    },
    onError: (error) => {
      if (typeof error === 'object' && error !== null && 'code' in error && error.code === 'OUT_OF_STOCK') {
        void queryClient.invalidateQueries({ queryKey: wishlistQueryKey });
        void queryClient.invalidateQueries({ queryKey: cartQueryKey });
      }
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { goodsQueryRoot } from '../catalogue/catalogue.queries.ts';
import { cartApi, cartQueryKey, type Cart, type CartLineChange, type CartRemoval } from './cart-api.ts';

export {
  cartApi,
  cartQueryKey,
  createCartApi,
  quantityInCart,
  useCart,
  type Cart,
  type CartApi,
  type CartItem,
  type CartLineChange,
  type CartQueryOptions,
  type CartRemoval,
  type CartTotals,
} from './cart-api.ts';

export interface CartMutationOptions {
  /**
   * `false` when the caller shows the failure itself (`meta: { toast: false }`); by default a failure is toasted
   * by the query cache (spec section 8).
   */
  toast?: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function useCartMutation<TVariables>(
  mutationFn: (variables: TVariables) => Promise<Cart>,
  { toast = true }: CartMutationOptions,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: toast ? undefined : { toast: false },
    onSuccess: (cart) => {
      queryClient.setQueryData(cartQueryKey, cart);
    },
    onError: (error) => {
      // A refusal for stock means the stock figures on screen are stale: read them and the bag again.
      if (isRecord(error) && error.code === 'OUT_OF_STOCK') {
        void queryClient.invalidateQueries({ queryKey: goodsQueryRoot });
        void queryClient.invalidateQueries({ queryKey: cartQueryKey });
      }
    },
  });
}

/** Adds units of a product to the bag (`mutate({ productId, quantity })`); the cart cache takes the answer. */
export function useAddToCart(options: CartMutationOptions = {}) {
  return useCartMutation((change: CartLineChange) => cartApi.addToCart(change), options);
}

/** Sets a line's quantity exactly (`mutate({ productId, quantity })`); the cart cache takes the answer. */
export function useSetCartQuantity(options: CartMutationOptions = {}) {
  return useCartMutation((change: CartLineChange) => cartApi.setCartQuantity(change), options);
}

/** Removes a line, or `quantity` units of it (`mutate({ productId, quantity? })`); the cart cache takes the answer. */
export function useRemoveFromCart(options: CartMutationOptions = {}) {
  return useCartMutation((removal: CartRemoval) => cartApi.removeFromCart(removal), options);
}

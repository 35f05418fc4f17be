/**
 * The bag machine with the app's calls: its actors and actions provided in one place (`provideBag`, tested with
 * fakes), and `useBag()`, the actor one control of a view runs (a product's "Add to bag", its heart, a bag line,
 * a wishlist card).
 */
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { bagMachine } from '../../machines/bag/bag.machine.ts';
import type { BagChange, Cart, Wishlist, WishlistChange } from '../../machines/bag/bag.types.ts';
import { reportFailure } from '../api/failure-bridge.ts';
import {
  type CartApi,
  cartApi,
  refreshStock,
  storeCart,
  storeWishlist,
  type WishlistApi,
  wishlistApi,
} from './bag.ts';

export interface BagDeps {
  cart: Pick<CartApi, 'addToCart' | 'setCartQuantity' | 'removeFromCart'>;
  wishlist: Pick<WishlistApi, 'addToWishlist' | 'removeFromWishlist'>;
  queryClient: QueryClient;
  /** Shows a failure (the app's toast). */
  reportFailure: (error: unknown) => void;
}

/** The call of one bag change. */
export function changeBag(cart: BagDeps['cart'], change: BagChange): Promise<Cart> {
  switch (change.kind) {
    case 'add':
      return cart.addToCart(change);
    case 'set':
      return cart.setCartQuantity(change);
    case 'remove':
      return cart.removeFromCart(change);
  }
}

/** The call of one wishlist change. */
export function changeWishlist(wishlist: BagDeps['wishlist'], change: WishlistChange): Promise<Wishlist> {
  return change.kind === 'add'
    ? wishlist.addToWishlist(change.productId)
    : wishlist.removeFromWishlist(change.productId);
}

export function provideBag(deps: BagDeps) {
  return bagMachine.provide({
    actors: {
      changeBag: fromPromise<Cart, BagChange>(({ input }) => changeBag(deps.cart, input)),
      changeWishlist: fromPromise<Wishlist, WishlistChange>(({ input }) =>
        changeWishlist(deps.wishlist, input),
      ),
    },
    actions: {
      cartChanged: (_, { cart }) => storeCart(deps.queryClient, cart),
      wishlistChanged: (_, { wishlist }) => storeWishlist(deps.queryClient, wishlist),
      reportFailure: (_, { error }) => deps.reportFailure(error),
      stockChanged: () => void refreshStock(deps.queryClient),
    },
  });
}

/** A bag actor for one control, with the app's client and cache; failures go to the app's toast. */
export function useBag() {
  const queryClient = useQueryClient();
  const logic = useMemo(
    () => provideBag({ cart: cartApi, wishlist: wishlistApi, queryClient, reportFailure }),
    [queryClient],
  );
  return useActorRef(logic);
}

/**
 * The storefront bag's actor for the pages of one shop (its frame starts it), and the hook that says whether the
 * page has mounted in the browser: the bag lives in local storage, which the server's render cannot read, so what
 * shows the bag waits for the browser (a hydrated page would otherwise differ from its HTML).
 */
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { shopBagMachine } from '#machines/shop-bag/shop-bag.machine.ts';

export type ShopBagActor = ActorRefFrom<typeof shopBagMachine>;

export const ShopBagContext = createContext<ShopBagActor | null>(null);

export function useShopBagActor(): ShopBagActor {
  const actor = useContext(ShopBagContext);
  if (actor === null) throw new Error('The shop bag is used outside its shop frame');
  return actor;
}

const noSubscription = () => () => undefined;

/** False on the server and during hydration, true once the page runs in the browser. */
export function useInBrowser(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * The storefront bag's one effect, provided here only: its lines kept in local storage under the shop's key
 * (docs/adr/0147-the-storefront-and-client-checkout.md), and read back to start it.
 */
import { shopBagMachine } from '#machines/shop-bag/shop-bag.machine.ts';
import { parseStoredBag, serializeBag, shopBagStorageKey } from '#machines/shop-bag/shop-bag.rules.ts';
import type { ShopBagInput, ShopBagLine } from '#machines/shop-bag/shop-bag.types.ts';

/** The part of `Storage` the bag uses (tests give a fake; a browser without storage gives none). */
export type BagStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function browserStorage(): BagStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage blocked by the browser's settings: the bag lives as long as the page.
    return null;
  }
}

/** The machine's input: the shop and what storage kept for it (nothing on the server's render). */
export function shopBagInput(alias: string, storage: BagStorage | null = browserStorage()): ShopBagInput {
  let stored: string | null = null;
  try {
    stored = storage?.getItem(shopBagStorageKey(alias)) ?? null;
  } catch {
    stored = null;
  }
  return { alias, lines: parseStoredBag(stored) };
}

export function provideShopBag(storage: BagStorage | null = browserStorage()) {
  return shopBagMachine.provide({
    actions: {
      persist: (_, { alias, lines }: { alias: string; lines: ShopBagLine[] }) => {
        try {
          if (lines.length === 0) storage?.removeItem(shopBagStorageKey(alias));
          else storage?.setItem(shopBagStorageKey(alias), serializeBag(lines));
        } catch {
          // Full or blocked storage: the bag still works for this page.
        }
      },
    },
  });
}

import type { SnapshotFrom } from 'xstate';
import { bagCount, bagTotal } from './shop-bag.rules.ts';
import type { shopBagMachine } from './shop-bag.machine.ts';
import type { ShopBagLine } from './shop-bag.types.ts';

type ShopBagSnapshot = SnapshotFrom<typeof shopBagMachine>;

export const selectShopBagLines = (snapshot: ShopBagSnapshot): ShopBagLine[] => snapshot.context.lines;

/** Units in the bag. */
export const selectShopBagCount = (snapshot: ShopBagSnapshot): number => bagCount(snapshot.context.lines);

/** The total at the prices the storefront showed, minor units. */
export const selectShopBagTotal = (snapshot: ShopBagSnapshot): number => bagTotal(snapshot.context.lines);

/** How many units of a product the bag holds (0 when none). */
export const selectQuantityOf =
  (productId: number) =>
  (snapshot: ShopBagSnapshot): number =>
    snapshot.context.lines.find((line) => line.productId === productId)?.quantity ?? 0;

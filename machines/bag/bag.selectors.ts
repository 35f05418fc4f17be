import type { SnapshotFrom } from 'xstate';
import type { bagMachine } from './bag.machine.ts';

export type BagSnapshot = SnapshotFrom<typeof bagMachine>;

/** A bag call runs (the control's buttons wait). */
export const selectBagBusy = (snapshot: BagSnapshot): boolean => snapshot.matches('changingBag');

/** Units are being added ("Adding…"). */
export const selectAdding = (snapshot: BagSnapshot): boolean =>
  snapshot.matches('changingBag') && snapshot.context.change?.kind === 'add';

/** A wishlist call of the heart or the remove button runs. */
export const selectWishlistBusy = (snapshot: BagSnapshot): boolean => snapshot.matches('changingWishlist');

/** A move from the wishlist to the bag runs. */
export const selectMoving = (snapshot: BagSnapshot): boolean => snapshot.matches('moving');

/** The last move put the unit in the bag but left the product in the wishlist. */
export const selectHalfMoved = (snapshot: BagSnapshot): boolean => snapshot.matches('halfMoved');

/** Any call runs. */
export const selectBusy = (snapshot: BagSnapshot): boolean =>
  !snapshot.matches('idle') && !snapshot.matches('halfMoved');

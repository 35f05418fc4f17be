import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { selectWishlistBusy } from '#machines/bag/bag.selectors.ts';
import { useBag } from '#src/data/bag.actors.ts';
import { isInWishlist, useWishlist } from '#src/data/bag.ts';
import './catalogue.css';

export interface WishlistToggleProps {
  productId: number;
  /** The product's name in the active language (part of the button's accessible name). */
  productName: string;
}

/** A heart that keeps a product in the wishlist or takes it out (a toggle button: `aria-pressed`). */
export function WishlistToggle({ productId, productName }: WishlistToggleProps) {
  const { t } = useLingui();
  const wishlist = useWishlist();
  const bag = useBag();
  const pending = useSelector(bag, selectWishlistBusy);
  const saved = isInWishlist(wishlist.data, productId);
  const known = wishlist.data !== undefined;
  return (
    <button
      type="button"
      className="wishlist-toggle"
      aria-pressed={saved}
      aria-busy={pending || undefined}
      disabled={!known || pending}
      title={saved ? t`In the wishlist` : t`Add to the wishlist`}
      onClick={() => bag.send({ type: saved ? 'wishlist.remove' : 'wishlist.add', productId })}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          d="M12 20.5s-7.5-4.6-9.2-9.3C1.7 8 3.7 4.5 7.2 4.5c2 0 3.6 1.1 4.8 2.8 1.2-1.7 2.8-2.8 4.8-2.8 3.5 0 5.5 3.5 4.4 6.7-1.7 4.7-9.2 9.3-9.2 9.3z"
          fill={saved ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      <span className="visually-hidden">{t`Wishlist: ${productName}`}</span>
    </button>
  );
}

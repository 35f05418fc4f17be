import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useId } from 'react';
import { Link } from 'react-router-dom';
import { selectBusy, selectMoving, selectWishlistBusy } from '#machines/bag/bag.selectors.ts';
import { useBag } from '#src/data/bag.actors.ts';
import { quantityInCart, useCart, useWishlist } from '#src/data/bag.ts';
import type { Product } from '#src/data/catalogue.ts';
import { showSuccessToast } from '#src/ui/toast.ts';
import { PATHS } from '#src/ui/paths.ts';
import { useLocale } from '#src/i18n/i18n.ts';
import { Button, buttonClassName } from '#src/ui/button.tsx';
import { EmptyState } from '#src/ui/empty-state.tsx';
import { PageHeader } from '#src/ui/page-header.tsx';
import { purchaseOptions } from '../catalogue/product-availability.ts';
import {
  ProductCard,
  ProductGrid,
  ProductGridItem,
  ProductGridSkeleton,
} from '../catalogue/product-card.tsx';
import { localized } from '../catalogue/product-name.ts';
import { QueryError } from '../catalogue/query-error.tsx';
import './wishlist.css';

function WishlistItemActions({ product }: { product: Product }) {
  const { t } = useLingui();
  const locale = useLocale();
  const reasonId = useId();
  const name = localized(product.name, locale);
  const cart = useCart();
  const bag = useBag();
  const moving = useSelector(bag, selectMoving);
  const removing = useSelector(bag, selectWishlistBusy);
  const busy = useSelector(bag, selectBusy);
  const options = purchaseOptions(product, quantityInCart(cart.data, product.id));
  useEffect(() => {
    const subscription = bag.on('wishlist.moved', () => showSuccessToast(t`Moved to the bag: ${name}`));
    return () => subscription.unsubscribe();
  }, [bag, t, name]);
  return (
    <div className="wishlist-item__actions">
      <div className="wishlist-item__buttons">
        <Button
          onClick={() => bag.send({ type: 'wishlist.moveToBag', productId: product.id })}
          disabled={!options.canAdd || cart.data === undefined || busy}
          aria-describedby={options.reason === null ? undefined : reasonId}
          aria-busy={moving || undefined}
          aria-label={t`Move to bag: ${name}`}
        >
          {t`Move to bag`}
        </Button>
        <Button
          variant="secondary"
          onClick={() => bag.send({ type: 'wishlist.remove', productId: product.id })}
          disabled={busy}
          aria-busy={removing || undefined}
          aria-label={t`Remove from the wishlist: ${name}`}
        >
          {t`Remove`}
        </Button>
      </div>
      {options.reason === 'no_longer_sold' ? (
        <p id={reasonId} className="add-to-bag__reason">
          {t`No longer sold: 1C, where the company keeps its goods, no longer lists this product.`}
        </p>
      ) : null}
      {options.reason === 'out_of_stock' ? (
        <p id={reasonId} className="add-to-bag__reason">
          {t`Out of stock: this product cannot be added to the bag.`}
        </p>
      ) : null}
      {options.reason === 'all_in_bag' ? (
        <p id={reasonId} className="add-to-bag__reason">
          {t`Every available unit is already in your bag.`}
        </p>
      ) : null}
    </div>
  );
}

/** The wishlist (`GET /orders/wishlist`, most recently added first): remove, or move to the bag. */
export default function WishlistPage() {
  const { t } = useLingui();
  const wishlist = useWishlist();

  let body;
  if (wishlist.isPending) {
    body = (
      <>
        <p className="visually-hidden" role="status">
          {t`Loading the wishlist…`}
        </p>
        <ProductGridSkeleton count={4} />
      </>
    );
  } else if (wishlist.isError) {
    body = (
      <QueryError
        title={t`The wishlist could not be loaded.`}
        error={wishlist.error}
        onRetry={() => void wishlist.refetch()}
      />
    );
  } else if (wishlist.data.items.length === 0) {
    body = (
      <EmptyState
        title={t`Your wishlist is empty`}
        description={t`Tap the heart on a product to keep it here for later.`}
      >
        <Link className={buttonClassName('primary')} to={PATHS.newOrder}>
          {t`Browse products`}
        </Link>
      </EmptyState>
    );
  } else {
    const count = wishlist.data.items.length;
    body = (
      <>
        <p className="wishlist__count" role="status">
          {t({ message: plural(count, { one: '# product', other: '# products' }) })}
        </p>
        <ProductGrid label={t`Wishlist`}>
          {wishlist.data.items.map((product) => (
            <ProductGridItem key={product.id}>
              <ProductCard product={product} headingLevel={2} showWishlistToggle={false}>
                <WishlistItemActions product={product} />
              </ProductCard>
            </ProductGridItem>
          ))}
        </ProductGrid>
      </>
    );
  }

  return (
    <>
      <PageHeader title={t`Wishlist`} />
      <div className="wishlist">{body}</div>
    </>
  );
}

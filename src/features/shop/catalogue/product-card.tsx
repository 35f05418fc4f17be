import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatPoints } from '#src/i18n/format.ts';
import { useLocale } from '#src/i18n/i18n.ts';
import type { Product } from '#src/data/catalogue.ts';
import { productPath } from '#src/ui/paths.ts';
import { DiscountBadge } from './discount-badge.tsx';
import { localized } from './product-name.ts';
import { PriceView } from './price-view.tsx';
import { WishlistToggle } from './wishlist-toggle.tsx';
import './catalogue.css';

export interface ProductCardProps {
  product: Product;
  /** The card's heading level under the page's headings. */
  headingLevel?: 2 | 3;
  /** The card's actions (add to bag, or the wishlist's remove and move to bag). */
  children?: ReactNode;
  /** False hides the heart (the wishlist screen has its own remove button). */
  showWishlistToggle?: boolean;
  /** The first row of a grid: its image is the page's largest paint, so it loads at once and first. */
  priority?: boolean;
}

/** Cards of a grid's first row (two columns on a phone): their images load eagerly, with high priority. */
export const FIRST_ROW_CARDS = 2;

/** One product: image, name in the active language (a link to its page), price, points, stock, wishlist heart and the given actions. */
export function ProductCard({
  product,
  headingLevel = 3,
  children,
  showWishlistToggle = true,
  priority = false,
}: ProductCardProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const nameId = useId();
  const name = localized(product.name, locale);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const inStock = product.stock > 0;
  const stock = product.stock;
  return (
    <article className="product-card" aria-labelledby={nameId} data-product-id={product.id}>
      <div className="product-card__media">
        <img
          className="product-card__image"
          src={product.imageUrl}
          alt=""
          width="240"
          height="240"
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
        />
        <DiscountBadge product={product} />
        {showWishlistToggle ? (
          <div className="product-card__wishlist">
            <WishlistToggle productId={product.id} productName={name} />
          </div>
        ) : null}
      </div>
      <div className="product-card__body">
        <Heading id={nameId} className="product-card__name">
          <Link className="product-card__link" to={productPath(product)}>
            {name}
          </Link>
        </Heading>
        <PriceView price={product.price} promoPrice={product.promoPrice} currency={product.currency} />
        <dl className="product-card__facts">
          <div>
            <dt>{t`Points (PV)`}</dt>
            <dd>{formatPoints(product.points, locale)}</dd>
          </div>
          <div>
            <dt>{t`Stock`}</dt>
            <dd className={inStock ? undefined : 'product-card__out'}>
              {!product.isActive
                ? t`No longer sold`
                : inStock
                  ? t({ message: plural(stock, { one: '# pc', other: '# pcs' }) })
                  : t`Out of stock`}
            </dd>
          </div>
          <div className="product-card__article">
            <dt>{t`Article`}</dt>
            <dd>{product.sku}</dd>
          </div>
        </dl>
        {children ? <div className="product-card__actions">{children}</div> : null}
      </div>
    </article>
  );
}

export interface ProductGridProps {
  children: ReactNode;
  /** Names the list for screen readers. */
  label: string;
  busy?: boolean;
}

/** The responsive grid of product cards. */
export function ProductGrid({ children, label, busy = false }: ProductGridProps) {
  return (
    <div className="product-grid" role="list" aria-label={label} aria-busy={busy || undefined}>
      {children}
    </div>
  );
}

/** One cell of the grid. */
export function ProductGridItem({ children }: { children: ReactNode }) {
  return (
    <div className="product-grid__item" role="listitem">
      {children}
    </div>
  );
}

/** Placeholder cards while a list loads (hidden from assistive technology; pair with a status text). */
export function ProductGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <div className="product-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="product-card product-card--skeleton">
          <div className="product-card__media skeleton-block" />
          <div className="product-card__body">
            <span className="skeleton-block skeleton-block--line" />
            <span className="skeleton-block skeleton-block--line skeleton-block--short" />
            <span className="skeleton-block skeleton-block--button" />
          </div>
        </div>
      ))}
    </div>
  );
}

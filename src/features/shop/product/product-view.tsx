import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { ProductDetails } from '#src/data/catalogue.ts';
import { formatMoney, formatNumber, formatPoints } from '#src/i18n/format.ts';
import { useLocale } from '#src/i18n/i18n.ts';
import { PATHS } from '#src/ui/paths.ts';
import { AddToBag } from '../catalogue/add-to-bag.tsx';
import { PriceView } from '../catalogue/price-view.tsx';
import { ProductCard, ProductGrid, ProductGridItem } from '../catalogue/product-card.tsx';
import { DiscountBadge } from '../catalogue/discount-badge.tsx';
import { localized } from '../catalogue/product-name.ts';
import { WishlistToggle } from '../catalogue/wishlist-toggle.tsx';
import { CATEGORY_LABELS, catalogueHref } from '../new-order/catalogue-search.ts';
import { VariantPicker } from './variant-picker.tsx';

/** A product's page as its details say: picture, name, price, points, stock, variants, actions, content, suggestions. */
export function ProductView({ details }: { details: ProductDetails }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const headingId = useId();
  const { product } = details;
  const name = localized(product.name, locale);
  const title = name;
  const stock = product.stock;
  const current = details.variants.find((variant) => variant.isCurrent);
  const categoryHref = `${PATHS.newOrder}${catalogueHref(
    { category: null, q: '', sort: 'popular', page: 1 },
    { category: product.category },
  )}`;
  return (
    <>
      <title>{t`${title} · Distributor portal`}</title>
      <nav className="product-page__trail" aria-label={t`Breadcrumb`}>
        <ol>
          <li>
            <Link to={PATHS.newOrder}>{t`Products`}</Link>
          </li>
          <li>
            <Link to={categoryHref}>{i18n._(CATEGORY_LABELS[product.category])}</Link>
          </li>
        </ol>
      </nav>
      <article className="product-page" aria-labelledby={headingId} data-product-id={product.id}>
        <div className="product-page__media">
          <img
            className="product-page__image"
            src={product.imageUrl}
            alt={name}
            width="480"
            height="480"
            fetchPriority="high"
            decoding="async"
          />
          <DiscountBadge product={product} />
        </div>
        <div className="product-page__summary">
          <h1 id={headingId} className="product-page__name">
            {name}
          </h1>
          <p className="product-page__sku">{t`Article ${product.sku}`}</p>
          <PriceView price={product.price} promoPrice={product.promoPrice} currency={product.currency} />
          <dl className="product-page__facts">
            <div>
              <dt>{t`Points (PV)`}</dt>
              <dd>{formatPoints(product.points, locale)}</dd>
            </div>
            <div>
              <dt>{t`At your warehouse`}</dt>
              <dd className={product.stock > 0 ? undefined : 'product-card__out'}>
                {!product.isActive
                  ? t`No longer sold`
                  : stock > 0
                    ? t({ message: plural(stock, { one: '# pc', other: '# pcs' }) })
                    : t`Out of stock`}
              </dd>
            </div>
            {product.recommendedPrice !== null ? (
              <div>
                <dt>{t`Retail price`}</dt>
                <dd>{formatMoney(product.recommendedPrice, product.currency, locale)}</dd>
              </div>
            ) : null}
          </dl>
          {details.variants.length > 0 ? (
            <VariantPicker
              variants={details.variants}
              current={current === undefined ? null : localized(current.label, locale)}
              swatches={details.variants.some((variant) => variant.swatch !== null)}
            />
          ) : null}
          <div className="product-page__actions">
            <AddToBag product={product} productName={name} />
            <WishlistToggle productId={product.id} productName={name} />
          </div>
        </div>
        <div className="product-page__content">
          <section aria-labelledby={`${headingId}-about`}>
            <h2 id={`${headingId}-about`}>{t`About the product`}</h2>
            <p>{localized(product.description, locale)}</p>
          </section>
          {details.howToUse !== null ? (
            <section aria-labelledby={`${headingId}-use`}>
              <h2 id={`${headingId}-use`}>{t`How to use`}</h2>
              <p>{localized(details.howToUse, locale)}</p>
            </section>
          ) : null}
          {details.volumeMl !== null || details.ingredients !== null ? (
            <section aria-labelledby={`${headingId}-specs`}>
              <h2 id={`${headingId}-specs`}>{t`Details`}</h2>
              <dl className="product-page__specs">
                {details.volumeMl !== null ? (
                  <div>
                    <dt>{t`Volume`}</dt>
                    <dd>
                      {formatNumber(details.volumeMl, locale, {
                        style: 'unit',
                        unit: 'milliliter',
                        unitDisplay: 'short',
                      })}
                    </dd>
                  </div>
                ) : null}
                {details.ingredients !== null ? (
                  <div>
                    <dt>{t`Ingredients`}</dt>
                    <dd lang="la">{details.ingredients}</dd>
                  </div>
                ) : null}
              </dl>
            </section>
          ) : null}
        </div>
      </article>
      {details.boughtWith.length > 0 ? (
        <section className="product-page__more" aria-labelledby={`${headingId}-more`}>
          <h2 id={`${headingId}-more`}>{t`Often bought with it`}</h2>
          <ProductGrid label={t`Often bought with it`}>
            {details.boughtWith.map((other) => (
              <ProductGridItem key={other.id}>
                <ProductCard product={other}>
                  <AddToBag product={other} productName={localized(other.name, locale)} />
                </ProductCard>
              </ProductGridItem>
            ))}
          </ProductGrid>
        </section>
      ) : null}
    </>
  );
}

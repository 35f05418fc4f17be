import { useLingui } from '@lingui/react/macro';
import { Link, useParams } from 'react-router-dom';
import { useProductDetails } from '#src/data/catalogue.ts';
import { failureKind } from '#src/data/failure-kind.ts';
import { buttonClassName } from '#src/ui/button.tsx';
import { EmptyState } from '#src/ui/empty-state.tsx';
import { PATHS, productIdOf } from '#src/ui/paths.ts';
import { QueryFailure } from '#src/ui/query-failure.tsx';
import { ProductView } from './product-view.tsx';
import './product.css';

/**
 * `/products/{id}-{slug}`: a product's page (docs/adr/0137-product-pages.md). The route's guard has checked the
 * address; the id finds the product, the slug is only for people and messengers.
 */
export default function ProductPage() {
  const { productRef } = useParams();
  const id = productIdOf(productRef) ?? 0;
  const { t } = useLingui();
  const details = useProductDetails(id);

  if (details.isPending)
    return (
      <div className="product-page product-page--loading" aria-busy="true">
        <p className="visually-hidden" role="status">
          {t`Loading the product…`}
        </p>
        <div className="product-page__media skeleton-block" />
        <div className="product-page__summary">
          <span className="skeleton-block skeleton-block--line" />
          <span className="skeleton-block skeleton-block--line skeleton-block--short" />
          <span className="skeleton-block skeleton-block--button" />
        </div>
      </div>
    );
  if (details.isError) {
    const kind = failureKind(details.error);
    if (kind === 'not-found')
      return (
        <>
          <title>{t`Product not found · Distributor portal`}</title>
          <h1 className="visually-hidden">{t`Product not found`}</h1>
          <EmptyState
            title={t`There is no such product`}
            description={t`The link may be mistyped, or the product was removed from the catalogue.`}
          >
            <Link className={buttonClassName('primary')} to={PATHS.newOrder}>
              {t`Go to the catalogue`}
            </Link>
          </EmptyState>
        </>
      );
    return (
      <>
        <h1 className="visually-hidden">{t`Product`}</h1>
        <QueryFailure
          kind={kind}
          title={t`The product could not be loaded.`}
          onRetry={() => void details.refetch()}
        />
      </>
    );
  }
  return <ProductView details={details.data} />;
}

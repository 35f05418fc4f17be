import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { selectIsDistributor } from '#machines/auth/auth.selectors.ts';
import { useAuthSelector } from '#src/session/auth-context.tsx';
import { useLocale } from '#src/i18n/i18n.ts';
import { EmptyState } from '#src/ui/empty-state.tsx';
import { PageHeader } from '#src/ui/page-header.tsx';
import { FIRST_PASS_CARDS, useProgressiveList } from '#src/ui/progressive-list.ts';
import { AddToBag } from '../catalogue/add-to-bag.tsx';
import { usePromotions } from '#src/data/catalogue.ts';
import {
  FIRST_ROW_CARDS,
  ProductCard,
  ProductGrid,
  ProductGridItem,
  ProductGridSkeleton,
} from '../catalogue/product-card.tsx';
import { localized } from '../catalogue/product-name.ts';
import { QueryError } from '../catalogue/query-error.tsx';
import { RatingsPanel } from './ratings-panel.tsx';
import './promotions.css';

const NO_PROMOTIONS: never[] = [];

/**
 * 'Promotions and Ratings': the promoted products with the catalogue's actions and, for distributors (the roles
 * the contract lets call `GET /goods/ratings`), their network's ratings beside them.
 */
export default function PromotionsPage() {
  const { t } = useLingui();
  const locale = useLocale();
  const headingId = useId();
  const showsRatings = useAuthSelector(selectIsDistributor);
  const promotions = usePromotions();
  // A phone's first two rows first (the page's largest paint among them), the other cards right after.
  const cards = useProgressiveList(promotions.data ?? NO_PROMOTIONS, FIRST_PASS_CARDS);

  let body;
  if (promotions.isPending) {
    body = (
      <>
        <p className="visually-hidden" role="status">
          {t`Loading the promotions…`}
        </p>
        <ProductGridSkeleton count={6} />
      </>
    );
  } else if (promotions.isError) {
    body = (
      <QueryError
        title={t`The promotions could not be loaded.`}
        error={promotions.error}
        onRetry={() => void promotions.refetch()}
      />
    );
  } else if (promotions.data.length === 0) {
    body = (
      <EmptyState
        headingLevel={3}
        title={t`No promotions right now`}
        description={t`New offers appear here as soon as they start.`}
      />
    );
  } else {
    body = (
      <ProductGrid label={t`Promoted products`}>
        {cards.map((product, index) => (
          <ProductGridItem key={product.id}>
            <ProductCard product={product} priority={index < FIRST_ROW_CARDS}>
              <AddToBag product={product} productName={localized(product.name, locale)} />
            </ProductCard>
          </ProductGridItem>
        ))}
      </ProductGrid>
    );
  }

  return (
    <>
      <PageHeader title={t`Promotions and Ratings`} />
      <div className={showsRatings ? 'promotions promotions--with-ratings' : 'promotions'}>
        <section className="promotions__offers" aria-labelledby={headingId}>
          <h2 id={headingId} className="promotions__title">
            {t`Promotions`}
          </h2>
          {body}
        </section>
        {showsRatings ? (
          <aside className="promotions__ratings">
            <RatingsPanel />
          </aside>
        ) : null}
      </div>
    </>
  );
}

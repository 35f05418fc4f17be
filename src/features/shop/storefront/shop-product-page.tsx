import { useLingui } from '@lingui/react/macro';
import { Link, useParams } from 'react-router-dom';
import { failureKind } from '../../../data/failure-kind.ts';
import { type ShopCard, useShopGood } from '../../../data/shop.ts';
import { formatMoney, formatPoints } from '../../../i18n/format.ts';
import { useLocale } from '../../../i18n/i18n.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PATHS, pathTo } from '../../../ui/paths.ts';
import { QueryFailure } from '../../../ui/query-failure.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { CATEGORY_LABELS } from '../new-order/catalogue-search.ts';
import { isNotFound, ShopBagBar, ShopFrame } from './shop-frame.tsx';
import { AddToShopBag } from './shop-good-card.tsx';
import { ShopHead } from './shop-head.tsx';

function Product({ alias, card, productId }: { alias: string; card: ShopCard; productId: number }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const good = useShopGood(alias, productId);
  const back = pathTo(PATHS.shop, { alias });
  if (good.isPending) return <Spinner label={t`Loading the product…`} />;
  if (good.isError)
    return isNotFound(good.error) ? (
      <EmptyState
        title={t`This product is not in the shop`}
        description={t`It may no longer be sold. Have a look at the other products.`}
      >
        <Link className="button button--primary" to={back}>
          {t`Back to the shop`}
        </Link>
      </EmptyState>
    ) : (
      <QueryFailure kind={failureKind(good.error)} onRetry={() => void good.refetch()} />
    );
  const product = good.data;
  const name = product.name[locale];
  const points = formatPoints(product.points, locale);
  return (
    <article className="shop-product" data-product-id={product.id}>
      <ShopHead card={card} good={product} />
      <nav className="shop-product__back" aria-label={t`Breadcrumbs`}>
        <Link to={back}>{t`Back to the shop`}</Link>
        {' · '}
        <Link to={`${back}?category=${product.category}`}>{i18n._(CATEGORY_LABELS[product.category])}</Link>
      </nav>
      <div className="shop-product__layout">
        <img
          className="shop-product__image"
          src={product.imageUrl}
          alt={name}
          width="480"
          height="480"
          fetchPriority="high"
          decoding="async"
        />
        <div className="shop-product__info">
          <h1 className="shop-product__name">{name}</h1>
          <p className="shop-product__price" data-price={product.price}>
            {formatMoney(product.price, product.currency, locale)}
          </p>
          {product.points > 0 ? <p className="shop-card__points">{t`${points} PV`}</p> : null}
          <AddToShopBag good={product} name={name} />
          <p className="shop-product__description">{product.description[locale]}</p>
        </div>
      </div>
      <ShopBagBar alias={alias} />
    </article>
  );
}

/** `/s/{alias}/p/{productId}`: one product of the shop — picture, name, description, retail price, add to bag. */
export default function ShopProductPage() {
  const { alias = '', productId = '' } = useParams();
  return (
    <ShopFrame key={alias} alias={alias}>
      {(card) => <Product alias={alias} card={card} productId={Number(productId)} />}
    </ShopFrame>
  );
}

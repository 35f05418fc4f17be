import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { selectQuantityOf } from '#machines/shop-bag/shop-bag.selectors.ts';
import type { ShopGood } from '../../../data/shop.ts';
import { formatMoney, formatPoints } from '../../../i18n/format.ts';
import { useLocale } from '../../../i18n/i18n.ts';
import { Button } from '../../../ui/button.tsx';
import { PATHS, pathTo } from '../../../ui/paths.ts';
import { useInBrowser, useShopBagActor } from './shop-bag-context.ts';
import { showAddedToast } from './shop-toasts.ts';

/** "Add to bag" for one product of the shop, with how many the bag holds already. */
export function AddToShopBag({ good, name }: { good: ShopGood; name: string }) {
  const { t } = useLingui();
  const actor = useShopBagActor();
  const inBag = useSelector(actor, selectQuantityOf(good.id));
  const inBrowser = useInBrowser();
  if (!good.inStock) return <p className="shop-card__out">{t`Out of stock`}</p>;
  return (
    <div className="shop-card__add">
      <Button
        // Until the page runs in the browser the bag is not there (local storage): the button waits for it.
        disabled={!inBrowser}
        aria-label={t`Add to bag: ${name}`}
        onClick={() => {
          actor.send({ type: 'shopBag.add', good, quantity: 1 });
          showAddedToast(name);
        }}
      >
        {t`Add to bag`}
      </Button>
      {inBrowser && inBag > 0 ? (
        <p className="shop-card__in-bag" data-in-bag={inBag}>
          {t`In the bag: ${inBag}`}
        </p>
      ) : null}
    </div>
  );
}

/** One product of the shop: small picture, name (a link to its page), retail price, PV small. */
export function ShopGoodCard({
  alias,
  good,
  priority,
}: {
  alias: string;
  good: ShopGood;
  priority: boolean;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const nameId = useId();
  const name = good.name[locale];
  const points = formatPoints(good.points, locale);
  return (
    <article className="shop-card" aria-labelledby={nameId} data-product-id={good.id}>
      <img
        className="shop-card__image"
        src={good.imageUrl}
        alt=""
        width="160"
        height="160"
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
      />
      <h2 id={nameId} className="shop-card__name">
        <Link className="shop-card__link" to={pathTo(PATHS.shopProduct, { alias, productId: good.id })}>
          {name}
        </Link>
      </h2>
      <p className="shop-card__price" data-price={good.price}>
        {formatMoney(good.price, good.currency, locale)}
      </p>
      {good.points > 0 ? <p className="shop-card__points">{t`${points} PV`}</p> : null}
      <AddToShopBag good={good} name={name} />
    </article>
  );
}

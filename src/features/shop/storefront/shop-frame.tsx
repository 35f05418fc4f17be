import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { type ReactNode, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { selectShopBagCount, selectShopBagTotal } from '#machines/shop-bag/shop-bag.selectors.ts';
import { failureKind } from '../../../data/failure-kind.ts';
import { type ShopCard, useShopCard } from '../../../data/shop.ts';
import { formatMoney } from '../../../i18n/format.ts';
import { useLocale } from '../../../i18n/i18n.ts';
import { buttonClassName } from '../../../ui/button.tsx';
import { PATHS, pathTo } from '../../../ui/paths.ts';
import { QueryFailure } from '../../../ui/query-failure.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { ShopBagContext, useInBrowser, useShopBagActor } from './shop-bag-context.ts';
import { provideShopBag, shopBagInput } from './shop-bag.actors.ts';
import './storefront.css';

/** Up to two initials of a name, for the avatar (distributors have no photo yet). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters
    .map((word) => Array.from(word ?? '')[0] ?? '')
    .join('')
    .toLocaleUpperCase();
}

/** Whether a read failed because the shop does not exist (or is closed). */
export function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === 404;
}

/** The distributor's card heading every page of their shop: who sells here, and where. */
function OwnerCard({ card }: { card: ShopCard }) {
  const { t } = useLingui();
  const name = card.fullName;
  return (
    <div className="shop-owner" data-shop-owner={card.prn}>
      <span className="shop-owner__avatar" aria-hidden="true">
        {initialsOf(name)}
      </span>
      <div className="shop-owner__text">
        <p className="shop-owner__role">{t`Your consultant`}</p>
        <p className="shop-owner__name">{name}</p>
        {card.city === null ? null : <p className="shop-owner__city">{card.city}</p>}
      </div>
    </div>
  );
}

/** An address that names no shop: said plainly, with ways on. */
export function ShopNotFound() {
  const { t } = useLingui();
  return (
    <section className="status-page" aria-labelledby="shop-missing-title" data-shop="missing">
      <title>{t`Shop not found`}</title>
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <h1 id="shop-missing-title">{t`Shop not found`}</h1>
      <p className="status-page__text">
        {t`No distributor has a shop at this address: it may be mistyped, or the shop is closed. Ask your consultant for their link, or sign in if you have an account.`}
      </p>
      <div className="status-page__actions">
        <Link to={PATHS.login} className={buttonClassName('primary')}>
          {t`Sign in`}
        </Link>
      </div>
    </section>
  );
}

/** The bag's line at the foot of the shop: units, total, the way to checkout. Only in the browser (local storage). */
export function ShopBagBar({ alias }: { alias: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const actor = useShopBagActor();
  const count = useSelector(actor, selectShopBagCount);
  const total = useSelector(actor, selectShopBagTotal);
  const currency = useSelector(actor, (snapshot) => snapshot.context.lines[0]?.currency ?? 'MDL');
  const inBrowser = useInBrowser();
  if (!inBrowser || count === 0) return null;
  const amount = formatMoney(total, currency, locale);
  return (
    <aside className="shop-bag-bar" aria-label={t`Your bag`} data-shop-bag={count}>
      <p className="shop-bag-bar__text" role="status">
        {t({ message: plural(count, { one: '# item in the bag', other: '# items in the bag' }) })} · {amount}
      </p>
      <Link to={pathTo(PATHS.shopCheckout, { alias })} className={buttonClassName('primary')}>
        {t`Checkout`}
      </Link>
    </aside>
  );
}

/**
 * Every page of a shop: its card read first (an unknown alias is the not-found page), the distributor's card on
 * top, and the visitor's bag (a machine kept in local storage) for the pages below.
 */
export function ShopFrame({ alias, children }: { alias: string; children: (card: ShopCard) => ReactNode }) {
  const { t } = useLingui();
  const card = useShopCard(alias);
  const logic = useMemo(() => provideShopBag(), []);
  const [input] = useState(() => shopBagInput(alias));
  const bag = useActorRef(logic, { input });
  if (card.isPending) return <Spinner label={t`Loading the shop…`} />;
  if (card.isError)
    return isNotFound(card.error) ? (
      <ShopNotFound />
    ) : (
      <QueryFailure kind={failureKind(card.error)} onRetry={() => void card.refetch()} />
    );
  return (
    <ShopBagContext.Provider value={bag}>
      <div className="shop">
        <OwnerCard card={card.data} />
        {children(card.data)}
      </div>
    </ShopBagContext.Provider>
  );
}

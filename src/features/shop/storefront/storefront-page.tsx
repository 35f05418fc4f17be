import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { failureKind } from '../../../data/failure-kind.ts';
import { type ShopCard, useShopGoods } from '../../../data/shop.ts';
import { useLocale } from '../../../i18n/i18n.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { QueryFailure } from '../../../ui/query-failure.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { CATEGORY_LABELS } from '../new-order/catalogue-search.ts';
import { ShopBagBar, ShopFrame } from './shop-frame.tsx';
import { ShopGoodCard } from './shop-good-card.tsx';
import { ShopHead } from './shop-head.tsx';
import {
  FIRST_ROW_GOODS,
  MAX_SHOP_QUERY,
  parseShopSearch,
  SHOP_CATEGORIES,
  type ShopSearch,
  shopGoodsQueryFor,
  shopSearchHref,
} from './shop-search.ts';

function CategoryLinks({ search }: { search: ShopSearch }) {
  const { t, i18n } = useLingui();
  const items = [
    { key: 'all', label: t`All products`, category: null },
    ...SHOP_CATEGORIES.map((category) => ({
      key: category,
      label: i18n._(CATEGORY_LABELS[category]),
      category,
    })),
  ];
  return (
    <nav className="shop-categories" aria-label={t`Categories`}>
      <ul className="shop-categories__list">
        {items.map((item) => (
          <li key={item.key}>
            <Link
              className="shop-categories__link"
              to={shopSearchHref(search, { category: item.category, page: 1 })}
              aria-current={search.category === item.category ? 'true' : undefined}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function SearchForm({ search }: { search: ShopSearch }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [text, setText] = useState(search.q);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void navigate(shopSearchHref(search, { q: text.trim().slice(0, MAX_SHOP_QUERY), page: 1 }));
  };
  return (
    <form role="search" className="shop-search" onSubmit={submit}>
      <label className="visually-hidden" htmlFor="shop-search-q">
        {t`Search the shop`}
      </label>
      <input
        id="shop-search-q"
        className="field__input shop-search__input"
        type="search"
        name="q"
        maxLength={MAX_SHOP_QUERY}
        placeholder={t`Search the shop`}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="button button--secondary">
        {t`Search`}
      </button>
    </form>
  );
}

function Goods({ alias, search }: { alias: string; search: ShopSearch }) {
  const { t } = useLingui();
  const locale = useLocale();
  const goods = useShopGoods(alias, shopGoodsQueryFor(search, locale));
  if (goods.isPending) return <Spinner label={t`Loading the products…`} />;
  if (goods.isError)
    return <QueryFailure kind={failureKind(goods.error)} onRetry={() => void goods.refetch()} />;
  const page = goods.data;
  if (page.items.length === 0)
    return (
      <EmptyState
        title={t`Nothing found`}
        description={
          search.q === ''
            ? t`There are no products here yet.`
            : t`No product matches your search. Try other words.`
        }
      >
        {search.q === '' && search.category === null ? null : (
          <Link className="button button--secondary" to="?">
            {t`All products`}
          </Link>
        )}
      </EmptyState>
    );
  return (
    <>
      <ul className="shop-grid" aria-busy={goods.isPlaceholderData}>
        {page.items.map((good, index) => (
          <li key={good.id}>
            <ShopGoodCard alias={alias} good={good} priority={index < FIRST_ROW_GOODS} />
          </li>
        ))}
      </ul>
      <Pagination
        page={page.page}
        pageSize={page.pageSize}
        total={page.total}
        hrefFor={(to) => shopSearchHref(search, { page: to })}
      />
    </>
  );
}

function Storefront({ alias, card }: { alias: string; card: ShopCard }) {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const search = parseShopSearch(params);
  const name = card.fullName;
  return (
    <>
      <ShopHead card={card} />
      <h1 className="shop__title">{t`${name}'s shop`}</h1>
      <CategoryLinks search={search} />
      <SearchForm key={search.q} search={search} />
      <Goods alias={alias} search={search} />
      <ShopBagBar alias={alias} />
    </>
  );
}

/**
 * `/s/{alias}` (docs/adr/0147-the-storefront-and-client-checkout.md): a distributor's storefront for anyone, at the
 * retail price — their card, the categories, a search and the products, two to a row on a phone — with the
 * visitor's bag at its foot. The server renders it with its data for a visitor without a token.
 */
export default function StorefrontPage() {
  const { alias = '' } = useParams();
  return (
    <ShopFrame key={alias} alias={alias}>
      {(card) => <Storefront alias={alias} card={card} />}
    </ShopFrame>
  );
}

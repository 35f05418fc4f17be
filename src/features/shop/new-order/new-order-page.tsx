import { msg, plural } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useLocale } from '#src/i18n/i18n.ts';
import { buttonClassName } from '#src/ui/button.tsx';
import { EmptyState } from '#src/ui/empty-state.tsx';
import { PageHeader } from '#src/ui/page-header.tsx';
import { AddToBag } from '../catalogue/add-to-bag.tsx';
import { useGoods } from '#src/data/catalogue.ts';
import { Pagination } from '#src/ui/pagination.tsx';
import { FIRST_PASS_CARDS, useProgressiveList } from '#src/ui/progressive-list.ts';
import {
  FIRST_ROW_CARDS,
  ProductCard,
  ProductGrid,
  ProductGridItem,
  ProductGridSkeleton,
} from '../catalogue/product-card.tsx';
import { localized } from '../catalogue/product-name.ts';
import { QueryError } from '../catalogue/query-error.tsx';
import { QuickOrderPanel } from '../quick-order/quick-order-panel.tsx';
import {
  CATEGORIES,
  CATEGORY_LABELS,
  catalogueHref,
  catalogueSearchParams,
  goodsQueryFor,
  MAX_QUERY_LENGTH,
  parseCatalogueSearch,
  SORTS,
  type CatalogueSearch,
  type CatalogueSort,
} from './catalogue-search.ts';
import './new-order.css';

/** Typing settles this long before the search runs. */
export const SEARCH_DEBOUNCE_MS = 350;

const SORT_LABELS: Record<CatalogueSort, MessageDescriptor> = {
  popular: msg`Popular first`,
  name: msg`By name`,
  'price-asc': msg`Price: low to high`,
  'price-desc': msg`Price: high to low`,
  points: msg`Most points first`,
  newest: msg`Newest first`,
};

function isSort(value: string): value is CatalogueSort {
  return SORTS.some((sort) => sort === value);
}

/** The search box: applies the text to the address after a pause in typing, or at once on Enter. */
function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const { t } = useLingui();
  const inputId = useId();
  const [text, setText] = useState(value);
  // The address changed by itself (Back, a category link that clears the search): show what it says.
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    setShownValue(value);
    if (text.trim() !== value) setText(value);
  }
  const latestOnSearch = useRef(onSearch);
  useLayoutEffect(() => {
    latestOnSearch.current = onSearch;
  });

  useEffect(() => {
    const typed = text.trim();
    if (typed === value) return undefined;
    const timer = setTimeout(() => latestOnSearch.current(typed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };

  return (
    <form role="search" className="catalogue-search" onSubmit={submit}>
      <label htmlFor={inputId} className="catalogue-search__label">
        {t`Search products`}
      </label>
      <div className="catalogue-search__row">
        <input
          id={inputId}
          className="catalogue-search__input"
          type="search"
          name="q"
          value={text}
          maxLength={MAX_QUERY_LENGTH}
          autoComplete="off"
          placeholder={t`Name or article`}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className={buttonClassName('primary')}>
          {t`Search`}
        </button>
      </div>
    </form>
  );
}

function CategoryFilter({ search }: { search: CatalogueSearch }) {
  const { t, i18n } = useLingui();
  const items: { key: string; label: string; category: CatalogueSearch['category'] }[] = [
    { key: 'all', label: t`All products`, category: null },
    ...CATEGORIES.map((category) => ({
      key: category,
      label: i18n._(CATEGORY_LABELS[category]),
      category,
    })),
  ];
  return (
    <nav className="category-filter" aria-label={t`Categories`}>
      <ul className="category-filter__list">
        {items.map((item) => (
          <li key={item.key}>
            <Link
              className="category-filter__link"
              to={catalogueHref(search, { category: item.category, page: 1 })}
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

const NO_PRODUCTS: never[] = [];

export default function NewOrderPage() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const sortId = useId();
  const [params, setParams] = useSearchParams();
  const search = parseCatalogueSearch(params);
  const goods = useGoods(goodsQueryFor(search, locale));

  const update = (change: Partial<CatalogueSearch>, replace = false) => {
    setParams(catalogueSearchParams({ ...search, ...change }), { replace });
  };
  // Typing replaces the history entry (Back leaves the screen rather than replaying keystrokes).
  const [onSearch] = useState(() => (q: string) => {
    setParams((current) => catalogueSearchParams({ ...parseCatalogueSearch(current), q, page: 1 }), {
      replace: true,
    });
  });

  const data = goods.data;
  // A phone's first two rows first (the page's largest paint among them), the rest of the page right after.
  const cards = useProgressiveList(data?.items ?? NO_PRODUCTS, FIRST_PASS_CARDS);
  const filtered = search.q !== '' || search.category !== null;
  const total = data?.total ?? 0;
  const found = t({ message: plural(total, { one: '# product found', other: '# products found' }) });

  let results;
  if (goods.isPending) {
    results = (
      <>
        <p className="visually-hidden" role="status">
          {t`Loading products…`}
        </p>
        <ProductGridSkeleton />
      </>
    );
  } else if (goods.isError && data === undefined) {
    results = (
      <QueryError
        title={t`The products could not be loaded.`}
        error={goods.error}
        onRetry={() => void goods.refetch()}
      />
    );
  } else if (data !== undefined && data.items.length === 0) {
    results =
      search.page > 1 && data.total > 0 ? (
        <EmptyState title={t`This page is empty`} description={t`The list is shorter than this page number.`}>
          <Link className={buttonClassName('secondary')} to={catalogueHref(search, { page: 1 })}>
            {t`Go to the first page`}
          </Link>
        </EmptyState>
      ) : filtered ? (
        <EmptyState
          title={t`Nothing found`}
          description={t`No product matches this search. Check the spelling or choose another category.`}
        >
          <Link
            className={buttonClassName('secondary')}
            to={catalogueHref(search, { q: '', category: null, page: 1 })}
          >
            {t`Show all products`}
          </Link>
        </EmptyState>
      ) : (
        <EmptyState
          title={t`The catalogue is empty`}
          description={t`No products are offered at the moment.`}
        />
      );
  } else if (data !== undefined) {
    results = (
      <ProductGrid label={t`Products`} busy={goods.isPlaceholderData}>
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
      <PageHeader title={t`Products`} />
      <div className="new-order">
        <CategoryFilter search={search} />
        <div className="new-order__toolbar">
          <SearchBox value={search.q} onSearch={onSearch} />
          <div className="new-order__sort">
            <label htmlFor={sortId}>{t`Sort`}</label>
            <select
              id={sortId}
              className="new-order__select"
              value={search.sort}
              onChange={(event) => {
                const value = event.target.value;
                if (isSort(value)) update({ sort: value, page: 1 });
              }}
            >
              {SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {i18n._(SORT_LABELS[sort])}
                </option>
              ))}
            </select>
          </div>
        </div>
        <QuickOrderPanel />
        <section className="new-order__results" aria-labelledby={`${sortId}-results`}>
          <h2 id={`${sortId}-results`} className="visually-hidden">
            {t`Search results`}
          </h2>
          {data !== undefined ? (
            <p className="new-order__count" role="status">
              {found}
            </p>
          ) : null}
          {goods.isError && data !== undefined ? (
            <QueryError
              title={t`The products could not be loaded.`}
              error={goods.error}
              onRetry={() => void goods.refetch()}
            />
          ) : null}
          {results}
          {data !== undefined ? (
            <Pagination
              page={search.page}
              pageSize={data.pageSize}
              total={data.total}
              hrefFor={(page) => catalogueHref(search, { page })}
            />
          ) : null}
        </section>
      </div>
    </>
  );
}

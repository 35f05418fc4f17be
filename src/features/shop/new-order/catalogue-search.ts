import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CatalogueFilter, GoodsQuery } from '#src/data/catalogue.ts';

/**
 * The Products screen's state lives in the address (`/new-order?category=makeup&q=…&sort=price-asc&page=2`), so a
 * reload, a shared link and the Back button keep the search. This module reads and writes that query string.
 */

export const CATEGORIES = [
  'makeup',
  'perfumery',
  'facial_care',
  'with_points',
  'without_points',
] as const satisfies readonly CatalogueFilter[];

/** Each filter's name (the catalogue's links, the product page's way back). */
export const CATEGORY_LABELS: Record<(typeof CATEGORIES)[number], MessageDescriptor> = {
  makeup: msg`Makeup`,
  perfumery: msg`Perfumery`,
  facial_care: msg`Facial care`,
  with_points: msg`With points`,
  without_points: msg`Without points`,
};

export const SORTS = ['popular', 'name', 'price-asc', 'price-desc', 'points', 'newest'] as const;
export type CatalogueSort = (typeof SORTS)[number];

export const PAGE_SIZE = 24;
/** The contract's limit on `q`. */
export const MAX_QUERY_LENGTH = 100;

export interface CatalogueSearch {
  category: CatalogueFilter | null;
  q: string;
  sort: CatalogueSort;
  page: number;
}

function isCategory(value: string | null): value is CatalogueFilter {
  return CATEGORIES.some((category) => category === value);
}

function isSort(value: string | null): value is CatalogueSort {
  return SORTS.some((sort) => sort === value);
}

/** Reads the screen's state from the query string; anything unknown falls back to the default. */
export function parseCatalogueSearch(params: URLSearchParams): CatalogueSearch {
  const category = params.get('category');
  const sort = params.get('sort');
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return {
    category: isCategory(category) ? category : null,
    q: (params.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH),
    sort: isSort(sort) ? sort : 'popular',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The query string of a state, leaving defaults out (`/new-order` is the first page of everything, popular first). */
export function catalogueSearchParams(search: CatalogueSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.category !== null) params.set('category', search.category);
  if (search.q !== '') params.set('q', search.q);
  if (search.sort !== 'popular') params.set('sort', search.sort);
  if (search.page > 1) params.set('page', String(search.page));
  return params;
}

/** `?…` for a link to a changed state. */
export function catalogueHref(search: CatalogueSearch, change: Partial<CatalogueSearch>): string {
  const query = catalogueSearchParams({ ...search, ...change }).toString();
  return query === '' ? '?' : `?${query}`;
}

const SORT_QUERY: Record<CatalogueSort, Pick<GoodsQuery, 'sort' | 'order'>> = {
  popular: { sort: 'popular' },
  name: { sort: 'name', order: 'asc' },
  'price-asc': { sort: 'price', order: 'asc' },
  'price-desc': { sort: 'price', order: 'desc' },
  points: { sort: 'points', order: 'desc' },
  newest: { sort: 'newest', order: 'desc' },
};

/** The `GET /goods` query of a state; `lang` names the language `sort=name` orders by. */
export function goodsQueryFor(search: CatalogueSearch, lang: NonNullable<GoodsQuery['lang']>): GoodsQuery {
  return {
    page: search.page,
    pageSize: PAGE_SIZE,
    ...(search.category === null ? {} : { category: search.category }),
    ...(search.q === '' ? {} : { q: search.q }),
    ...SORT_QUERY[search.sort],
    ...(search.sort === 'name' ? { lang } : {}),
  };
}

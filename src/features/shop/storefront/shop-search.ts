/**
 * The storefront's state lives in its address (`/s/{alias}?category=makeup&q=…&page=2`), so a shared link, a reload
 * and Back keep it; the server's render reads the same address (src/app/route-data.ts).
 */
import type { ShopGoodsQuery } from '../../../data/shop.ts';
import { SHOP_PAGE_SIZE } from '../../../data/shop.ts';

/** The shop's three categories (the points views of the distributors' catalogue mean nothing to a client). */
export const SHOP_CATEGORIES = ['makeup', 'perfumery', 'facial_care'] as const;
export type ShopCategory = (typeof SHOP_CATEGORIES)[number];

/** Cards of the first row on the widest layout: their pictures are the page's largest paint. */
export const FIRST_ROW_GOODS = 4;
/** The contract's limit on `q`. */
export const MAX_SHOP_QUERY = 100;

export interface ShopSearch {
  category: ShopCategory | null;
  q: string;
  page: number;
}

const isCategory = (value: string | null): value is ShopCategory =>
  SHOP_CATEGORIES.some((category) => category === value);

/** Reads the state from the query string; anything unknown falls back to the default. */
export function parseShopSearch(params: URLSearchParams): ShopSearch {
  const category = params.get('category');
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return {
    category: isCategory(category) ? category : null,
    q: (params.get('q') ?? '').trim().slice(0, MAX_SHOP_QUERY),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** `?…` of a changed state, defaults left out (`?` for the first page of everything). */
export function shopSearchHref(search: ShopSearch, change: Partial<ShopSearch>): string {
  const next = { ...search, ...change };
  const params = new URLSearchParams();
  if (next.category !== null) params.set('category', next.category);
  if (next.q !== '') params.set('q', next.q);
  if (next.page > 1) params.set('page', String(next.page));
  const query = params.toString();
  return query === '' ? '?' : `?${query}`;
}

/** The API query of a state; names sort in the visitor's language. */
export function shopGoodsQueryFor(search: ShopSearch, locale: string): ShopGoodsQuery {
  const query: ShopGoodsQuery = { page: search.page, pageSize: SHOP_PAGE_SIZE };
  if (search.category !== null) query.category = search.category;
  if (search.q !== '') query.q = search.q;
  if (locale !== 'ru') query.lang = locale as NonNullable<ShopGoodsQuery['lang']>;
  return query;
}

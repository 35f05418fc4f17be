/**
 * The downline list's state in the address (`?q=&sort=&order=&page=&attention=&periods=`) and the search it asks
 * for. A module of its own, without the list's view: the route's first read (src/app/route-data.ts) needs only this.
 */
import type { NetworkSearchQuery, NetworkSort, SortOrder } from '../../data/network.ts';
import { positiveInt } from '../../ui/list-controls.tsx';

export const DOWNLINE_PAGE_SIZE = 20;

const SORTS: readonly NetworkSort[] = ['name', 'rank', 'pv', 'gv', 'signingDate'];

/** The contract's default direction per sort key. */
export const defaultOrder = (sort: NetworkSort): SortOrder => (sort === 'name' ? 'asc' : 'desc');

export type Attention = NonNullable<NetworkSearchQuery['attention']>;
export const ATTENTION: readonly Attention[] = ['pv_zero', 'below_active', 'no_orders', 'rank_drop'];

export interface DownlineParams {
  q: string;
  sort: NetworkSort;
  order: SortOrder;
  /** A sort was chosen (`?sort=` in the URL). Without one, "who needs attention" lists in network order. */
  sorted: boolean;
  page: number;
  /** "Who needs attention" (`?attention=`, and `?periods=` for `no_orders`); '' for everyone. */
  attention: Attention | '';
  periods: number;
}

/** The list's state lives in the URL: `?q=&sort=&order=&page=`. */
export function readDownlineParams(params: URLSearchParams): DownlineParams {
  const sortParam = params.get('sort');
  const sort = SORTS.find((key) => key === sortParam) ?? 'signingDate';
  const orderParam = params.get('order');
  const order: SortOrder = orderParam === 'asc' || orderParam === 'desc' ? orderParam : defaultOrder(sort);
  const attentionParam = params.get('attention');
  const attention = ATTENTION.find((key) => key === attentionParam) ?? '';
  const periods = Math.min(12, positiveInt(params.get('periods'), 3));
  return {
    q: (params.get('q') ?? '').trim(),
    sort,
    order,
    sorted: sortParam === sort,
    page: positiveInt(params.get('page'), 1),
    attention,
    periods,
  };
}

/** Network order: the attention filter without a chosen sort reads its maintained table in tree order. */
export const inNetworkOrder = ({ attention, q, sorted }: DownlineParams) =>
  attention !== '' && q === '' && !sorted;

/** The list page the address asks for (the list's query; also its first read at boot, src/app/route-data.ts). */
export const downlineQueryOf = (search: URLSearchParams): NetworkSearchQuery =>
  toQuery(readDownlineParams(search));

export function toQuery(params: DownlineParams): NetworkSearchQuery {
  const { q, sort, order, page, attention, periods } = params;
  return {
    page,
    pageSize: DOWNLINE_PAGE_SIZE,
    ...(inNetworkOrder(params) ? {} : { sort, order }),
    ...(q === '' ? {} : { q }),
    ...(attention === '' ? {} : { attention }),
    ...(attention === 'no_orders' ? { periods } : {}),
  };
}

/** The drawn tree's children per page (its first view's too: the route's first read asks for this size). */
export const TREE_PAGE_SIZE = 50;

/** The tree's view is asked for (`?view=tree`). */
export const isTreeView = (search: URLSearchParams) => search.get('view') === 'tree';

/** The member the tree starts from (`?root=<id>`), or `null`: the viewer. */
export const treeRootOf = (search: URLSearchParams): number | null =>
  positiveInt(search.get('root'), 0) || null;

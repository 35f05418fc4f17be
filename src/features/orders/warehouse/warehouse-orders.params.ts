import {
  DELIVERY_TYPES,
  PAYMENT_METHODS,
  PAYMENT_STATES,
  WAREHOUSE_TABS,
  type WarehouseTab,
} from '#machines/order-lifecycle/order-lifecycle.types.ts';
import type { WarehouseListParams } from '#src/data/orders.ts';

/**
 * The queue's whole state lives in the address, so back, reload and a shared link keep it:
 * `?tab=&q=&page=&pageSize=&sort=&dir=&delivery=&payment=&paymentState=&from=&to=&changedSince=&after=`.
 * `after` (the last order of the page before) rides along with `page` on the default order, so the server finds
 * the next page by keyset; any other change goes back to page 1 without it.
 */

export const PAGE_SIZES = [20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const QUEUE_SORTS = ['number', 'date', 'customer', 'amount', 'points', 'age'] as const;
export type QueueSort = (typeof QUEUE_SORTS)[number];
export type SortDirection = 'asc' | 'desc';

/** The direction a column starts in when chosen (the server's defaults): names A→Z, the rest biggest first. */
export const FIRST_DIRECTION: Record<QueueSort, SortDirection> = {
  number: 'desc',
  date: 'desc',
  customer: 'asc',
  amount: 'desc',
  points: 'desc',
  age: 'desc',
};

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

function positiveInt(value: string | null, fallback: number, max: number): number {
  const parsed = value === null ? Number.NaN : Number(value);
  return Number.isInteger(parsed) && parsed >= 1 ? Math.min(parsed, max) : fallback;
}

const isDay = (value: string | null): value is string =>
  value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

export function readListParams(search: URLSearchParams): WarehouseListParams {
  const size = positiveInt(search.get('pageSize'), DEFAULT_PAGE_SIZE, 100);
  const params: WarehouseListParams = {
    tab: oneOf<WarehouseTab>(WAREHOUSE_TABS, search.get('tab')) ?? 'new',
    q: (search.get('q') ?? '').trim().slice(0, 100),
    page: positiveInt(search.get('page'), 1, 100_000),
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
  const sort = oneOf(QUEUE_SORTS, search.get('sort'));
  const dir = oneOf(['asc', 'desc'] as const, search.get('dir'));
  const delivery = oneOf(DELIVERY_TYPES, search.get('delivery'));
  const payment = oneOf(PAYMENT_METHODS, search.get('payment'));
  const paymentState = oneOf(PAYMENT_STATES, search.get('paymentState'));
  const from = search.get('from');
  const to = search.get('to');
  const changedSince = search.get('changedSince');
  const after = positiveInt(search.get('after'), 0, Number.MAX_SAFE_INTEGER);
  if (sort !== undefined) params.sort = sort;
  if (dir !== undefined) params.dir = dir;
  if (delivery !== undefined) params.delivery = delivery;
  if (payment !== undefined) params.payment = payment;
  if (paymentState !== undefined) params.paymentState = paymentState;
  if (isDay(from)) params.from = from;
  if (isDay(to)) params.to = to;
  if (changedSince !== null && !Number.isNaN(Date.parse(changedSince))) params.changedSince = changedSince;
  if (after > 0 && params.page > 1 && isNewestFirst(params)) params.after = after;
  return params;
}

/** The default order (newest first), the one the server pages by keyset. */
export function isNewestFirst(params: Pick<WarehouseListParams, 'sort' | 'dir'>): boolean {
  return (params.sort ?? 'date') === 'date' && (params.dir ?? 'desc') === 'desc';
}

export function writeListParams(params: WarehouseListParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.tab !== 'new') search.set('tab', params.tab);
  if (params.q !== '') search.set('q', params.q);
  if (params.page !== 1) search.set('page', String(params.page));
  if (params.pageSize !== DEFAULT_PAGE_SIZE) search.set('pageSize', String(params.pageSize));
  const optional = [
    'sort',
    'dir',
    'delivery',
    'payment',
    'paymentState',
    'from',
    'to',
    'changedSince',
  ] as const;
  for (const key of optional) {
    const value = params[key];
    if (value !== undefined && value !== '') search.set(key, value);
  }
  if (params.after !== undefined && params.page > 1) search.set('after', String(params.after));
  return search;
}

/** Whether any filter narrows the queue (the "Clear filters" button shows then). */
/** How many filters are in effect (the phone's "Filters (n)" button). */
export function activeFilterCount(params: WarehouseListParams): number {
  return [
    params.delivery,
    params.payment,
    params.paymentState,
    params.from,
    params.to,
    params.changedSince,
  ].filter((value) => value !== undefined).length;
}

export function hasFilters(params: WarehouseListParams): boolean {
  return (
    params.delivery !== undefined ||
    params.payment !== undefined ||
    params.paymentState !== undefined ||
    params.from !== undefined ||
    params.to !== undefined ||
    params.changedSince !== undefined
  );
}

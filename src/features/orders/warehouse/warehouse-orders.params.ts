import {
  WAREHOUSE_TABS,
  type WarehouseTab,
} from '../../../../machines/order-lifecycle/order-lifecycle.types.ts';
import type { WarehouseListParams } from '../../../data/orders.ts';

/** The list's state lives in the address (`?tab=&q=&page=&pageSize=`), so back, reload and links keep it. */

export const PAGE_SIZES = [20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;

function isTab(value: string | null): value is WarehouseTab {
  return value !== null && (WAREHOUSE_TABS as readonly string[]).includes(value);
}

function positiveInt(value: string | null, fallback: number, max: number): number {
  const parsed = value === null ? Number.NaN : Number(value);
  return Number.isInteger(parsed) && parsed >= 1 ? Math.min(parsed, max) : fallback;
}

export function readListParams(search: URLSearchParams): WarehouseListParams {
  const tab = search.get('tab');
  const size = positiveInt(search.get('pageSize'), DEFAULT_PAGE_SIZE, 100);
  return {
    tab: isTab(tab) ? tab : 'new',
    q: (search.get('q') ?? '').trim().slice(0, 100),
    page: positiveInt(search.get('page'), 1, 100_000),
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

export function writeListParams(params: WarehouseListParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.tab !== 'new') search.set('tab', params.tab);
  if (params.q !== '') search.set('q', params.q);
  if (params.page !== 1) search.set('page', String(params.page));
  if (params.pageSize !== DEFAULT_PAGE_SIZE) search.set('pageSize', String(params.pageSize));
  return search;
}

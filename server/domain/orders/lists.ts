/**
 * Order lists: the caller's own orders (`GET /orders/get/list/user`) and the warehouse's orders
 * (`GET /orders/get/list/warehouse`), newest first, paged with `page`/`pageSize`. Tabs come from the lifecycle's
 * status tables (`DISTRIBUTOR_TAB_STATUSES`, `WAREHOUSE_TAB_STATUSES`).
 *
 * Speed at 100k orders: a page is found as ids first (`orders_warehouse_recent_idx`, or per status of the tab
 * `orders_warehouse_list_idx`, merged), then summarised by primary key; the tab counts come from `order_counts`
 * (kept by triggers); the total of a page without a search is the sum of those counts.
 *
 * The warehouse queue adds sorts, filters and the age in the current status: another sort walks, per
 * status of the tab, that column's index (migration 0006) and merges; every tab's count reflects the search and
 * the filters: delivery and payment filters alone sum `order_facet_counts` (triggers), a search or a day range
 * counts its matches per tab in one grouped query. Keyset paging (`after`) stays with the default
 * newest-first order, which the screen's "next page" uses; other sorts page by offset
 * (docs/adr/0028-warehouse-queue.md): a queue is worked from its first pages, and the offset walk stays within one
 * index per status.
 */
import {
  DISTRIBUTOR_TAB_STATUSES,
  WAREHOUSE_TAB_STATUSES,
} from '#machines/order-lifecycle/order-lifecycle.status.rules.ts';
import {
  WAREHOUSE_TABS,
  type DistributorTab,
  type OrderStatus,
  type WarehouseTab,
} from '#machines/order-lifecycle/order-lifecycle.types.ts';
import type { components } from '#openapi/schema.d.ts';
import type { Lang } from '../../db/reference.ts';
import { attentionRank } from './attention.ts';
import { summarise, summaryColumns, type Db, type SummaryRow } from './order-view.ts';
import {
  emptyCounts,
  facetCounts,
  matchingCounts,
  onlyFacetFilters,
  warehouseCounts,
  type WarehouseOrderCounts,
} from './queue-counts.ts';
import {
  applyFilters,
  applySearch,
  hasFilter,
  type QueueFilter,
  type SummaryQuery,
} from './queue-filters.ts';
import {
  DEFAULT_DIRECTION,
  offsetOf,
  olderThan,
  sortedPage,
  warehousePageKeys,
  type PageRequest,
  type QueueOrder,
} from './queue-pages.ts';

export type OrderSummaryPage = components['schemas']['OrderSummaryPage'];
export type WarehouseOrderPage = components['schemas']['WarehouseOrderPage'];
export type { WarehouseOrderCounts } from './queue-counts.ts';
export type { WarehouseOrderSort } from './queue-pages.ts';

export async function listUserOrders(
  db: Db,
  userId: number,
  tab: DistributorTab | undefined,
  paging: PageRequest,
  lang: Lang,
): Promise<OrderSummaryPage> {
  const statuses: readonly OrderStatus[] | undefined =
    tab === undefined ? undefined : DISTRIBUTOR_TAB_STATUSES[tab];
  let page = summaryColumns(db).where('o.user_id', '=', userId);
  let count = db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId);
  if (statuses !== undefined) {
    page = page.where('o.status', 'in', statuses);
    count = count.where('status', 'in', statuses);
  }
  // In Current, the orders waiting for the distributor come first
  // (docs/adr/0025-what-waits-for-the-distributor.md).
  if (tab === 'current') page = page.orderBy(attentionRank());
  const [rows, total] = await Promise.all([
    page
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id', 'desc')
      .limit(paging.pageSize)
      .offset(offsetOf(paging))
      .execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return {
    items: await summarise(db, rows, lang),
    page: paging.page,
    pageSize: paging.pageSize,
    total: Number(total.n),
  };
}

export interface WarehouseListOptions {
  /** hours in one status after which an order is highlighted (`Config.queueAgeLimitHours`) */
  ageLimitHours: number;
}

export async function listWarehouseOrders(
  db: Db,
  warehouseId: number | null,
  filter: QueueFilter,
  order: QueueOrder,
  paging: PageRequest,
  lang: Lang,
  options: WarehouseListOptions,
): Promise<WarehouseOrderPage> {
  const { ageLimitHours } = options;
  if (warehouseId === null) {
    return {
      items: [],
      page: paging.page,
      pageSize: paging.pageSize,
      total: 0,
      counts: emptyCounts(),
      ageLimitHours,
    };
  }
  const statuses: readonly OrderStatus[] | undefined =
    filter.tab === undefined ? undefined : WAREHOUSE_TAB_STATUSES[filter.tab];
  const tabs: readonly WarehouseTab[] = filter.tab === undefined ? WAREHOUSE_TABS : [filter.tab];
  const q = filter.q?.trim() ?? '';
  const sort = order.sort ?? 'date';
  const direction = order.dir ?? DEFAULT_DIRECTION[sort];
  const newestFirst = sort === 'date' && direction === 'desc';

  let rows: readonly (SummaryRow & { status_changed_at: Date })[];
  let counts: WarehouseOrderCounts;
  if (q === '' && !hasFilter(filter) && newestFirst) {
    // The default view: counts kept by triggers, the page by keyset or offset over the newest-first indexes.
    counts = await warehouseCounts(db, warehouseId);
    const ids = await warehousePageKeys(db, warehouseId, statuses, paging);
    const found =
      ids.length === 0
        ? []
        : await summaryColumns(db).select('o.status_changed_at').where('o.id', 'in', ids).execute();
    const byId = new Map(found.map((row) => [row.id, row]));
    rows = ids.flatMap((id) => byId.get(id) ?? []);
  } else {
    let matches: SummaryQuery = applyFilters(
      summaryColumns(db).where('o.warehouse_id', '=', warehouseId),
      filter,
    );
    if (q !== '') matches = await applySearch(db, matches, q);
    const countsOf =
      q !== ''
        ? matchingCounts(matches)
        : !hasFilter(filter)
          ? warehouseCounts(db, warehouseId)
          : onlyFacetFilters(filter)
            ? facetCounts(db, warehouseId, filter)
            : matchingCounts(matches);
    const withAge = matches.select('o.status_changed_at');
    // Keyset (`after`) in the default order; every other order pages by offset.
    const paged =
      newestFirst && paging.after !== undefined ? withAge.where(olderThan(paging.after)) : withAge;
    const pageRequest = newestFirst && paging.after !== undefined ? { ...paging, page: 1 } : paging;
    const [found, tabCounts] = await Promise.all([
      sortedPage(paged, statuses, sort, direction, pageRequest),
      countsOf,
    ]);
    counts = tabCounts;
    rows = found.map(({ sort_key: _key, ...row }) => row);
  }
  const total = tabs.reduce((sum, tab) => sum + counts[tab], 0);
  const since = new Map(rows.map((row) => [row.id, row.status_changed_at.toISOString()]));
  const items = await summarise(db, rows, lang);
  return {
    items: items.map((item) => ({ ...item, statusSince: since.get(item.id) ?? item.updatedAt })),
    page: paging.page,
    pageSize: paging.pageSize,
    total,
    counts,
    ageLimitHours,
  };
}

/**
 * Order lists: the caller's own orders (`GET /orders/get/list/user`) and the warehouse's orders
 * (`GET /orders/get/list/warehouse`), newest first, paged with `page`/`pageSize`. Tabs come from the lifecycle's
 * status tables (`DISTRIBUTOR_TAB_STATUSES`, `WAREHOUSE_TAB_STATUSES`).
 *
 * Speed at 100k orders: a page is found as ids first (`orders_warehouse_recent_idx`, or per status of the tab
 * `orders_warehouse_list_idx`, merged), then summarised by primary key; the tab counts come from `order_counts`
 * (kept by triggers); the total of a page without a search is the sum of those counts.
 *
 * The warehouse queue (issue 10) adds sorts, filters and the age in the current status: another sort walks, per
 * status of the tab, that column's index (migration 0006) and merges; every tab's count reflects the search and
 * the filters: delivery and payment filters alone sum `order_facet_counts` (triggers), a search or a day range
 * counts its matches per tab in one grouped query. Keyset paging (`after`) stays with the default
 * newest-first order, which the screen's "next page" uses; other sorts page by offset (documented in
 * docs/decisions.md): a queue is worked from its first pages, and the offset walk stays within one index per status.
 */
import { sql } from 'kysely';
import {
  DISTRIBUTOR_TAB_STATUSES,
  WAREHOUSE_TAB_STATUSES,
  warehouseTab,
} from '../../../machines/order-lifecycle/order-lifecycle.status.ts';
import {
  WAREHOUSE_TABS,
  type DeliveryType,
  type DistributorTab,
  type OrderStatus,
  type PaymentMethod,
  type PaymentState,
  type WarehouseTab,
} from '../../../machines/order-lifecycle/order-lifecycle.types.ts';
import type { components } from '../../../openapi/schema.d.ts';
import type { Lang } from '../../db/reference.ts';
import { attentionRank } from './attention.ts';
import { summarise, summaryColumns, type Db, type SummaryRow } from './order-view.ts';

export type OrderSummaryPage = components['schemas']['OrderSummaryPage'];
export type WarehouseOrderPage = components['schemas']['WarehouseOrderPage'];
export type WarehouseOrderCounts = components['schemas']['WarehouseOrderCounts'];
export type WarehouseOrderSort = components['schemas']['WarehouseOrderSort'];

export interface PageRequest {
  page: number;
  pageSize: number;
  /** keyset paging: the page after this order (then `page` is only echoed back) */
  after?: number | undefined;
}

const offsetOf = ({ page, pageSize }: PageRequest): number => (page - 1) * pageSize;

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
  // Issue 13.1: in Current, the orders waiting for the distributor come first.
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

export function emptyCounts(): WarehouseOrderCounts {
  return {
    new: 0,
    in_progress: 0,
    awaiting_distributor: 0,
    ready: 0,
    delivery: 0,
    completed: 0,
    sent_to_1c: 0,
    rejected: 0,
  };
}

/**
 * Orders per warehouse tab, from `order_counts` (orders per warehouse and status, kept exact by triggers on `orders`
 * in the writing transaction, migration 0002): a few rows by primary key instead of counting 100k orders.
 */
export async function warehouseCounts(db: Db, warehouseId: number): Promise<WarehouseOrderCounts> {
  const rows = await db
    .selectFrom('order_counts')
    .select(['status', 'n'])
    .where('warehouse_id', '=', warehouseId)
    .execute();
  const counts = emptyCounts();
  for (const row of rows) counts[warehouseTab(row.status)] += row.n;
  return counts;
}

export type QueueSort = WarehouseOrderSort;
export type SortDirection = 'asc' | 'desc';

/** What narrows the queue besides the tab: the search and the filters (all optional). */
export interface QueueFilter {
  tab?: WarehouseTab | undefined;
  q?: string | undefined;
  delivery?: DeliveryType | undefined;
  payment?: PaymentMethod | undefined;
  paymentState?: PaymentState | undefined;
  /** placed on or after this day, `YYYY-MM-DD` (UTC) */
  from?: string | undefined;
  /** placed on or before this day, `YYYY-MM-DD` (UTC) */
  to?: string | undefined;
  /** entered its current status at or after this moment */
  changedSince?: string | undefined;
}

export interface QueueOrder {
  sort?: QueueSort | undefined;
  dir?: SortDirection | undefined;
}

/** The column behind each sort; `age` is "time in this status", so a longer age is an earlier `status_changed_at`. */
const SORT_COLUMN = {
  number: 'o.number',
  date: 'o.created_at',
  customer: 'u.full_name',
  amount: 'o.final_cost',
  points: 'o.points',
  age: 'o.status_changed_at',
} as const satisfies Record<QueueSort, string>;

/** The default direction of each sort as the user reads it: newest, biggest, longest waiting first; names A→Z. */
export const DEFAULT_DIRECTION: Record<QueueSort, SortDirection> = {
  number: 'desc',
  date: 'desc',
  customer: 'asc',
  amount: 'desc',
  points: 'desc',
  age: 'desc',
};

/** The SQL direction of the sort column (age reads the other way round from its timestamp). */
function sqlDirection(sort: QueueSort, dir: SortDirection): SortDirection {
  if (sort !== 'age') return dir;
  return dir === 'asc' ? 'desc' : 'asc';
}

const DAY_MS = 86_400_000;

const hasFilter = (filter: QueueFilter): boolean =>
  filter.delivery !== undefined ||
  filter.payment !== undefined ||
  filter.paymentState !== undefined ||
  filter.from !== undefined ||
  filter.to !== undefined ||
  filter.changedSince !== undefined;

type SummaryQuery = ReturnType<typeof summaryColumns>;

/** The filters as conditions on `orders as o` (the day range in UTC days, `to` inclusive). */
function applyFilters<Q extends SummaryQuery>(query: Q, filter: QueueFilter): Q {
  let out: SummaryQuery = query;
  if (filter.delivery !== undefined) out = out.where('o.delivery_type', '=', filter.delivery);
  if (filter.payment !== undefined) out = out.where('o.payment_method', '=', filter.payment);
  if (filter.paymentState !== undefined) out = out.where('o.payment_state', '=', filter.paymentState);
  if (filter.from !== undefined) out = out.where('o.created_at', '>=', new Date(`${filter.from}T00:00:00Z`));
  if (filter.to !== undefined)
    out = out.where('o.created_at', '<', new Date(new Date(`${filter.to}T00:00:00Z`).getTime() + DAY_MS));
  if (filter.changedSince !== undefined)
    out = out.where('o.status_changed_at', '>=', new Date(filter.changedSince));
  return out as Q;
}

type PageKey = { id: number; created_at: Date };

const newerFirst = (a: PageKey, b: PageKey): number =>
  b.created_at.getTime() - a.created_at.getTime() || b.id - a.id;

/**
 * Orders older than order `after` in the list's order (`created_at desc, id desc`): a row comparison with the
 * order's own key (read in SQL, so the microseconds of `created_at` are kept), which the list indexes walk from.
 */
const olderThan = (after: number) =>
  sql<boolean>`(o.created_at, o.id) < (select k.created_at, k.id from orders k where k.id = ${after})`;

/**
 * Ids of one page of a warehouse's orders in the given statuses, newest first: per status the first
 * `offset + pageSize` entries of `orders_warehouse_list_idx`, merged (an `IN` list cannot walk that index in order).
 * With `after` (keyset) the offset is 0 and each walk starts below that order's key: the same cost at any depth.
 */
async function warehousePageKeys(
  db: Db,
  warehouseId: number,
  statuses: readonly OrderStatus[] | undefined,
  paging: PageRequest,
): Promise<number[]> {
  const offset = paging.after === undefined ? offsetOf(paging) : 0;
  let base = db
    .selectFrom('orders as o')
    .select(['o.id', 'o.created_at'])
    .where('o.warehouse_id', '=', warehouseId);
  if (paging.after !== undefined) base = base.where(olderThan(paging.after));
  if (statuses === undefined) {
    const rows = await base
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id', 'desc')
      .limit(paging.pageSize)
      .offset(offset)
      .execute();
    return rows.map((row) => row.id);
  }
  const perStatus = await Promise.all(
    statuses.map((status) =>
      base
        .where('o.status', '=', status)
        .orderBy('o.created_at', 'desc')
        .orderBy('o.id', 'desc')
        .limit(offset + paging.pageSize)
        .execute(),
    ),
  );
  return perStatus
    .flat()
    .sort(newerFirst)
    .slice(offset, offset + paging.pageSize)
    .map((row) => row.id);
}

/** Above this many matching customers the search filters on the joined customer instead of a list of ids. */
const MAX_SEARCH_CUSTOMERS = 500;

/**
 * The smallest digit string above every string that starts with `prefix` (digits only): the last digit that is
 * not 9, plus one (`0509` → `051`); null when there is none (`999`). Order numbers are digit strings, so the range
 * `[prefix, bound)` is their prefix match and walks the `number` index.
 */
export function digitPrefixUpperBound(prefix: string): string | null {
  const digits = prefix.replace(/9+$/, '');
  const last = digits.at(-1);
  if (last === undefined) return null;
  return `${digits.slice(0, -1)}${String(Number(last) + 1)}`;
}

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The search as a condition on the summary query: an order number prefix, or one of the matching customers. */
async function applySearch(db: Db, query: SummaryQuery, q: string): Promise<SummaryQuery> {
  const contains = `%${escapeLike(q.toLowerCase())}%`;
  // Customers first (a small table next to the orders), then the orders: number prefix or one of them.
  const customers = await db
    .selectFrom('users')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('search_name', 'like', contains),
        eb('search_email', 'like', contains),
        eb('search_prn', 'like', contains),
      ]),
    )
    .limit(MAX_SEARCH_CUSTOMERS + 1)
    .execute();
  const upper = /^[0-9]+$/.test(q) ? digitPrefixUpperBound(q) : undefined;
  return query.where((eb) => {
    const byNumber =
      upper === undefined
        ? eb('o.number', 'like', `${escapeLike(q)}%`)
        : eb.and([eb('o.number', '>=', q), ...(upper === null ? [] : [eb('o.number', '<', upper)])]);
    if (customers.length === 0) return byNumber;
    const byCustomer =
      customers.length > MAX_SEARCH_CUSTOMERS
        ? eb.or([
            eb('u.search_name', 'like', contains),
            eb('u.search_email', 'like', contains),
            eb('u.search_prn', 'like', contains),
          ])
        : eb(
            'o.user_id',
            'in',
            customers.map((row) => row.id),
          );
    return eb.or([byNumber, byCustomer]);
  });
}

/** Only the filters `order_facet_counts` keeps counts by (delivery, payment method, payment state). */
const onlyFacetFilters = (filter: QueueFilter): boolean =>
  filter.from === undefined && filter.to === undefined && filter.changedSince === undefined;

/**
 * Tab counts under delivery and payment filters, from `order_facet_counts` (kept by triggers, migration 0006): a
 * sum over a few rows by primary key prefix instead of a count over the warehouse's orders.
 */
async function facetCounts(db: Db, warehouseId: number, filter: QueueFilter): Promise<WarehouseOrderCounts> {
  let query = db
    .selectFrom('order_facet_counts')
    .select((eb) => ['status', eb.fn.sum<number>('n').as('n')])
    .where('warehouse_id', '=', warehouseId);
  if (filter.delivery !== undefined) query = query.where('delivery_type', '=', filter.delivery);
  if (filter.payment !== undefined) query = query.where('payment_method', '=', filter.payment);
  if (filter.paymentState !== undefined) query = query.where('payment_state', '=', filter.paymentState);
  const rows = await query.groupBy('status').execute();
  const counts = emptyCounts();
  for (const row of rows) counts[warehouseTab(row.status)] += Number(row.n);
  return counts;
}

/** Tab counts of the orders a search or filter matches: one grouped count over the matches. */
async function matchingCounts(matches: SummaryQuery): Promise<WarehouseOrderCounts> {
  const rows = await matches
    .clearSelect()
    .select((eb) => ['o.status', eb.fn.countAll<number>().as('n')])
    .groupBy('o.status')
    .execute();
  const counts = emptyCounts();
  for (const row of rows) counts[warehouseTab(row.status)] += Number(row.n);
  return counts;
}

type QueueRow = SummaryRow & { status_changed_at: Date; sort_key: unknown };

/** Compares two sort keys as SQL orders them (numbers as text for `number`), then ids; in SQL's direction. */
function compareKeys(a: QueueRow, b: QueueRow, sort: QueueSort, direction: SortDirection): number {
  const x = a.sort_key;
  const y = b.sort_key;
  let order: number;
  if (x instanceof Date && y instanceof Date) order = x.getTime() - y.getTime();
  else if (sort === 'number' || sort === 'customer') {
    const [p, q] = [String(x), String(y)];
    order = p < q ? -1 : p > q ? 1 : 0;
  } else order = Number(x) - Number(y);
  if (order === 0) order = a.id - b.id;
  return direction === 'asc' ? order : -order;
}

/**
 * One page of the queue in the chosen order. Indexed sorts (all but `customer`) walk, per status of the tab, the
 * first `offset + pageSize` entries of `(warehouse_id, status, column, id)` (migration 0006) with the filters and
 * the search applied, and merge them; `customer` sorts the tab's matches joined with their customers.
 */
async function sortedPage(
  matches: SummaryQuery,
  statuses: readonly OrderStatus[] | undefined,
  sort: QueueSort,
  direction: SortDirection,
  paging: PageRequest,
): Promise<QueueRow[]> {
  const column = SORT_COLUMN[sort];
  const sqlDir = sqlDirection(sort, direction);
  const offset = offsetOf(paging);
  const keyed = matches.select(sql.ref(column).as('sort_key'));
  const ordered = (query: typeof keyed) => query.orderBy(sql.ref(column), sqlDir).orderBy('o.id', sqlDir);
  if (statuses === undefined || sort === 'customer') {
    const scoped = statuses === undefined ? keyed : keyed.where('o.status', 'in', statuses);
    const rows = await ordered(scoped).limit(paging.pageSize).offset(offset).execute();
    return rows as QueueRow[];
  }
  const perStatus = await Promise.all(
    statuses.map((status) =>
      ordered(keyed.where('o.status', '=', status))
        .limit(offset + paging.pageSize)
        .execute(),
    ),
  );
  return (perStatus.flat() as QueueRow[])
    .sort((a, b) => compareKeys(a, b, sort, sqlDir))
    .slice(offset, offset + paging.pageSize);
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

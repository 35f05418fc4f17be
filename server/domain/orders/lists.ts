/**
 * Order lists: the caller's own orders (`GET /orders/get/list/user`) and the warehouse's orders
 * (`GET /orders/get/list/warehouse`), newest first, paged with `page`/`pageSize`. Tabs come from the lifecycle's
 * status tables (`DISTRIBUTOR_TAB_STATUSES`, `WAREHOUSE_TAB_STATUSES`).
 *
 * Speed at 100k orders: a page is found as ids first (`orders_warehouse_recent_idx`, or per status of the tab
 * `orders_warehouse_list_idx`, merged), then summarised by primary key; the tab counts come from `order_counts`
 * (kept by triggers); the total of a page without a search is the sum of those counts.
 */
import { sql } from 'kysely';
import {
  DISTRIBUTOR_TAB_STATUSES,
  WAREHOUSE_TAB_STATUSES,
  warehouseTab,
} from '../../../machines/order-lifecycle/order-lifecycle.status.ts';
import {
  WAREHOUSE_TABS,
  type DistributorTab,
  type OrderStatus,
  type WarehouseTab,
} from '../../../machines/order-lifecycle/order-lifecycle.types.ts';
import type { components } from '../../../openapi/schema.d.ts';
import type { Lang } from '../../db/reference.ts';
import { attentionRank } from './attention.ts';
import { summarise, summaryColumns, type Db, type SummaryRow } from './order-view.ts';

export type OrderSummaryPage = components['schemas']['OrderSummaryPage'];
export type WarehouseOrderPage = components['schemas']['WarehouseOrderPage'];
export type WarehouseOrderCounts = components['schemas']['WarehouseOrderCounts'];

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

function emptyCounts(): WarehouseOrderCounts {
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

export async function listWarehouseOrders(
  db: Db,
  warehouseId: number | null,
  filter: { tab?: WarehouseTab | undefined; q?: string | undefined },
  paging: PageRequest,
  lang: Lang,
): Promise<WarehouseOrderPage> {
  if (warehouseId === null) {
    return { items: [], page: paging.page, pageSize: paging.pageSize, total: 0, counts: emptyCounts() };
  }
  const statuses: readonly OrderStatus[] | undefined =
    filter.tab === undefined ? undefined : WAREHOUSE_TAB_STATUSES[filter.tab];
  const q = filter.q?.trim() ?? '';

  const counts = await warehouseCounts(db, warehouseId);
  let rows: SummaryRow[];
  let total: number;
  if (q === '') {
    const tabs: readonly WarehouseTab[] = filter.tab === undefined ? WAREHOUSE_TABS : [filter.tab];
    total = tabs.reduce((sum, tab) => sum + counts[tab], 0);
    const ids = await warehousePageKeys(db, warehouseId, statuses, paging);
    const found = ids.length === 0 ? [] : await summaryColumns(db).where('o.id', 'in', ids).execute();
    const byId = new Map(found.map((row) => [row.id, row]));
    rows = ids.flatMap((id) => byId.get(id) ?? []);
  } else {
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
    let search = summaryColumns(db)
      .where('o.warehouse_id', '=', warehouseId)
      .where((eb) => {
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
    if (statuses !== undefined) search = search.where('o.status', 'in', statuses);
    // One query for the page and the total: a window count over every match (taken before the keyset condition,
    // which only marks the rows of the page), the page cut from it outside.
    const after = paging.after;
    const matches = search
      .select((eb) => eb.fn.countAll<number>().over().as('total'))
      .select((after === undefined ? sql<boolean>`true` : olderThan(after)).as('in_page'))
      .as('m');
    const found = await db
      .selectFrom(matches)
      .selectAll()
      .where('m.in_page', '=', true)
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(paging.pageSize)
      .offset(after === undefined ? offsetOf(paging) : 0)
      .execute();
    rows = found.map(({ total: _total, in_page: _inPage, ...row }) => row);
    // A page past the end has no row to carry the total: only then is it counted apart.
    total =
      found[0]?.total ??
      Number(
        (
          await search
            .clearSelect()
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
  }
  return {
    items: await summarise(db, rows, lang),
    page: paging.page,
    pageSize: paging.pageSize,
    total,
    counts,
  };
}

/**
 * Pages of the warehouse queue: newest first by keyset or offset over the list indexes (the default view), or in
 * any other sort by walking, per status of the tab, that column's index (migration 0006) and merging.
 */
import { sql } from 'kysely';
import type { OrderStatus } from '#machines/order-lifecycle/order-lifecycle.types.ts';
import type { components } from '#openapi/schema.d.ts';
import type { Db, SummaryRow } from './order-view.ts';
import type { SummaryQuery } from './queue-filters.ts';

export type WarehouseOrderSort = components['schemas']['WarehouseOrderSort'];

export interface PageRequest {
  page: number;
  pageSize: number;
  /** keyset paging: the page after this order (then `page` is only echoed back) */
  after?: number | undefined;
}

export const offsetOf = ({ page, pageSize }: PageRequest): number => (page - 1) * pageSize;

export type QueueSort = WarehouseOrderSort;
export type SortDirection = 'asc' | 'desc';

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

type PageKey = { id: number; created_at: Date };

const newerFirst = (a: PageKey, b: PageKey): number =>
  b.created_at.getTime() - a.created_at.getTime() || b.id - a.id;

/**
 * Orders older than order `after` in the list's order (`created_at desc, id desc`): a row comparison with the
 * order's own key (read in SQL, so the microseconds of `created_at` are kept), which the list indexes walk from.
 */
export const olderThan = (after: number) =>
  sql<boolean>`(o.created_at, o.id) < (select k.created_at, k.id from orders k where k.id = ${after})`;

/**
 * Ids of one page of a warehouse's orders in the given statuses, newest first: per status the first
 * `offset + pageSize` entries of `orders_warehouse_list_idx`, merged (an `IN` list cannot walk that index in order).
 * With `after` (keyset) the offset is 0 and each walk starts below that order's key: the same cost at any depth.
 */
export async function warehousePageKeys(
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

export type QueueRow = SummaryRow & { status_changed_at: Date; sort_key: unknown };

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
export async function sortedPage(
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

/**
 * Orders per warehouse tab: from `order_counts` (the default view), from `order_facet_counts` (delivery and payment
 * filters alone), or one grouped count over the matches (a search or a day range). Both tables are kept exact by
 * triggers on `orders` in the writing transaction (migrations 0002 and 0006).
 */
import { warehouseTab } from '#machines/order-lifecycle/order-lifecycle.status.rules.ts';
import type { components } from '#openapi/schema.d.ts';
import type { Db } from './order-view.ts';
import type { QueueFilter, SummaryQuery } from './queue-filters.ts';

export type WarehouseOrderCounts = components['schemas']['WarehouseOrderCounts'];

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

/** Only the filters `order_facet_counts` keeps counts by (delivery, payment method, payment state). */
export const onlyFacetFilters = (filter: QueueFilter): boolean =>
  filter.from === undefined && filter.to === undefined && filter.changedSince === undefined;

/**
 * Tab counts under delivery and payment filters, from `order_facet_counts` (kept by triggers, migration 0006): a
 * sum over a few rows by primary key prefix instead of a count over the warehouse's orders.
 */
export async function facetCounts(
  db: Db,
  warehouseId: number,
  filter: QueueFilter,
): Promise<WarehouseOrderCounts> {
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
export async function matchingCounts(matches: SummaryQuery): Promise<WarehouseOrderCounts> {
  const rows = await matches
    .clearSelect()
    .select((eb) => ['o.status', eb.fn.countAll<number>().as('n')])
    .groupBy('o.status')
    .execute();
  const counts = emptyCounts();
  for (const row of rows) counts[warehouseTab(row.status)] += Number(row.n);
  return counts;
}

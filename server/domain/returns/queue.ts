/**
 * `GET /returns`: a warehouse's returns with the counts by status and the age of the oldest one waiting for it.
 * Waiting statuses list oldest first (the queue's order of work), the others newest first.
 */
import { sql } from 'kysely';
import {
  RETURN_STATUSES,
  RETURNS_WAITING,
  type ReturnPage,
  type ReturnStatus,
} from '#machines/returns/returns.types.ts';
import type { Db } from '../orders/order-view.ts';
import { loadReturnSummaries } from './view.ts';

export interface ReturnQueueQuery {
  warehouseId: number;
  status?: ReturnStatus | undefined;
  page: number;
  pageSize: number;
}

export async function returnQueue(db: Db, query: ReturnQueueQuery): Promise<ReturnPage> {
  const waiting = query.status !== undefined && (RETURNS_WAITING as readonly string[]).includes(query.status);
  let list = db.selectFrom('order_returns').select('id').where('warehouse_id', '=', query.warehouseId);
  if (query.status !== undefined) list = list.where('status', '=', query.status);
  const direction = waiting ? 'asc' : 'desc';
  const [rows, counts, oldest] = await Promise.all([
    list
      .orderBy('requested_at', direction)
      .orderBy('id', direction)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    db
      .selectFrom('order_returns')
      .select(['status', sql<string>`count(*)::text`.as('n')])
      .where('warehouse_id', '=', query.warehouseId)
      .groupBy('status')
      .execute(),
    db
      .selectFrom('order_returns')
      .select((eb) => eb.fn.min('requested_at').as('at'))
      .where('warehouse_id', '=', query.warehouseId)
      .where('status', 'in', [...RETURNS_WAITING])
      .executeTakeFirst(),
  ]);
  const byStatus = Object.fromEntries(RETURN_STATUSES.map((status) => [status, 0])) as Record<
    ReturnStatus,
    number
  >;
  for (const row of counts) byStatus[row.status] = Number(row.n);
  const total =
    query.status === undefined ? Object.values(byStatus).reduce((a, b) => a + b, 0) : byStatus[query.status];
  const at = oldest?.at;
  return {
    items: await loadReturnSummaries(
      db,
      rows.map((row) => row.id),
    ),
    page: query.page,
    pageSize: query.pageSize,
    total,
    counts: byStatus,
    oldestWaitingAt: at === undefined || at === null ? null : new Date(at).toISOString(),
  };
}

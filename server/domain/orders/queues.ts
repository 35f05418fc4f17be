/**
 * `GET /orders/get/warehouse-queues`: the warehouse home's view of its queues. Per tab the count (`order_counts`,
 * kept by triggers) and the order that has waited longest in its status (per status of the tab the first entry of
 * `orders_queue_age_idx`, migration 0006; none in the tabs of final statuses, where nothing waits); today's figures count the orders that entered the `completed` tab
 * (handed over) and `sent_to_1c` since the caller's midnight, through the same age index — exactly what the
 * queue shows under the home's links (`tab` + `changedSince`).
 */
import {
  WAREHOUSE_TAB_STATUSES,
  isTerminal,
} from '#machines/order-lifecycle/order-lifecycle.status.rules.ts';
import { WAREHOUSE_TABS, type OrderStatus } from '#machines/order-lifecycle/order-lifecycle.types.ts';
import type { components } from '#openapi/schema.d.ts';
import { emptyCounts, warehouseCounts } from './queue-counts.ts';
import type { Db } from './order-view.ts';

export type WarehouseQueues = components['schemas']['WarehouseQueues'];

type Oldest = { id: number; number: string; status_changed_at: Date };

async function oldestIn(db: Db, warehouseId: number, status: OrderStatus): Promise<Oldest | undefined> {
  return db
    .selectFrom('orders')
    .select(['id', 'number', 'status_changed_at'])
    .where('warehouse_id', '=', warehouseId)
    .where('status', '=', status)
    .orderBy('status_changed_at', 'asc')
    .orderBy('id', 'asc')
    .limit(1)
    .executeTakeFirst();
}

async function enteredSince(
  db: Db,
  warehouseId: number,
  statuses: readonly OrderStatus[],
  since: Date,
): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('warehouse_id', '=', warehouseId)
    .where('status', 'in', statuses)
    .where('status_changed_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Midnight UTC of `now`, the default start of "today". */
export const utcMidnight = (now: Date): Date =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

export async function warehouseQueues(
  db: Db,
  warehouseId: number | null,
  since: Date,
  ageLimitHours: number,
): Promise<WarehouseQueues> {
  const today = { since: since.toISOString(), handedOver: 0, sentTo1c: 0 };
  if (warehouseId === null) {
    const counts = emptyCounts();
    return {
      queues: WAREHOUSE_TABS.map((tab) => ({ tab, count: counts[tab], oldest: null })),
      today,
      ageLimitHours,
    };
  }
  const [counts, handedOver, sentTo1c, oldest] = await Promise.all([
    warehouseCounts(db, warehouseId),
    enteredSince(db, warehouseId, WAREHOUSE_TAB_STATUSES.completed, since),
    enteredSince(db, warehouseId, WAREHOUSE_TAB_STATUSES.sent_to_1c, since),
    Promise.all(
      WAREHOUSE_TABS.map(async (tab) => {
        // Nothing waits in a tab of final statuses (sent to 1C, rejected or cancelled).
        if (WAREHOUSE_TAB_STATUSES[tab].every((status) => isTerminal(status))) return undefined;
        const candidates = await Promise.all(
          WAREHOUSE_TAB_STATUSES[tab].map((status) => oldestIn(db, warehouseId, status)),
        );
        return candidates
          .flatMap((row) => (row === undefined ? [] : [row]))
          .sort((a, b) => a.status_changed_at.getTime() - b.status_changed_at.getTime() || a.id - b.id)[0];
      }),
    ),
  ]);
  return {
    queues: WAREHOUSE_TABS.map((tab, index) => {
      const row = oldest[index];
      return {
        tab,
        count: counts[tab],
        oldest:
          row === undefined
            ? null
            : { id: row.id, number: row.number, statusSince: row.status_changed_at.toISOString() },
      };
    }),
    today: { ...today, handedOver, sentTo1c },
    ageLimitHours,
  };
}

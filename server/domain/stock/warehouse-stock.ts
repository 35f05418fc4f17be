/**
 * Stock per warehouse (docs/adr/0091-stock-per-warehouse.md): the one place that says what a warehouse can still
 * promise and which orders hold units there.
 *
 * - `warehouse_stock.quantity` is what 1C last reported for a warehouse; `held` is what that warehouse's portal
 *   orders hold that 1C does not know of yet. 1C learns of a portal sale only when it takes the order (its
 *   `success` after a query, or its own document number: `orders.in_1c_at`), and from then on its quantities count
 *   the sale, so the order holds nothing any more.
 * - **Available = max(quantity − held, 0)**: a count lower than the open orders' holds shows 0, never a negative.
 * - An order holds its effective quantities (confirmed once confirmed, else requested) from creation until it ends
 *   in `rejected` / `cancelled_by_*` or 1C takes it.
 * - **On hand for one order = max(quantity − (held − what this order holds), 0)**: its own hold counts for it.
 * - Inactive products (1C no longer lists them) have nothing available.
 */
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { effectiveQuantity } from '#machines/order-lifecycle/order-lifecycle.lines.rules.ts';
import type { OrderLine, OrderStatus } from '#machines/order-lifecycle/order-lifecycle.types.ts';
import type { DB } from '../../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** Statuses in which an order holds nothing: it ended without being delivered. */
export const RELEASED_STATUSES: readonly OrderStatus[] = [
  'rejected',
  'cancelled_by_distributor',
  'cancelled_by_warehouse',
];

type Quantities = Pick<OrderLine, 'requested' | 'confirmed'>;

/** The units of a line that count (the machine's rule: confirmed once confirmed, else requested). */
export const effectiveUnits = (line: Quantities): number =>
  effectiveQuantity({ ...line, lineId: '', price: 0, points: 0 });

/** Units a line holds at its order's warehouse: none once the order ended or 1C took it. */
export function heldQuantity(status: OrderStatus, line: Quantities, inOneC = false): number {
  if (inOneC || RELEASED_STATUSES.includes(status)) return 0;
  return effectiveUnits(line);
}

/** What a warehouse can still promise of a product. */
export function availableOf(quantity: number, held: number): number {
  return Math.max(0, quantity - held);
}

/** Units on hand for one order: what the others do not hold (the order's own hold counts for it). */
export function onHandFor(quantity: number, held: number, ownHold: number): number {
  return Math.max(0, quantity - held + ownHold);
}

/**
 * Available units of `products` at the warehouse joined as `ws` (a left join on the product and one warehouse;
 * no row means nothing there), 0 for a product no longer sold.
 */
export function availableSql(): RawBuilder<number> {
  return sql<number>`(case when products.is_active then greatest(coalesce(ws.quantity, 0) - coalesce(ws.held, 0), 0) else 0 end)`;
}

/**
 * The warehouse whose stock a caller sees and orders from: their home warehouse (staff: where they work), else
 * the first warehouse, as an order without a home warehouse goes there (docs/adr/0074-account-data.md).
 */
export async function stockWarehouseOf(db: Db, warehouseId: number | null): Promise<number> {
  if (warehouseId !== null) return warehouseId;
  const first = await db.selectFrom('warehouses').select('id').orderBy('id').executeTakeFirst();
  return first?.id ?? 0;
}

/**
 * Changes holds at one warehouse by product (positive: hold more, negative: give back). The rows must exist: a
 * hold is only ever taken where there was stock, and given back where it was taken.
 */
export async function changeHolds(
  trx: Transaction<DB>,
  warehouseId: number,
  deltas: ReadonlyMap<number, number>,
  now: Date = new Date(),
): Promise<void> {
  for (const [productId, delta] of deltas) {
    if (delta === 0) continue;
    await trx
      .updateTable('warehouse_stock')
      .set((eb) => ({ held: eb('held', '+', delta), updated_at: now }))
      .where('warehouse_id', '=', warehouseId)
      .where('product_id', '=', productId)
      .execute();
  }
}

/**
 * 1C took these orders (a `success` after its query, or its own document number): from now on 1C's quantities count
 * them, so what they held is given back, once (`in_1c_at` is set the first time only).
 */
export async function releaseToOneC(
  trx: Transaction<DB>,
  orderIds: readonly number[],
  now: Date,
): Promise<void> {
  if (orderIds.length === 0) return;
  const taken = await trx
    .updateTable('orders')
    .set({ in_1c_at: now })
    .where('id', 'in', [...orderIds])
    .where('in_1c_at', 'is', null)
    .returning(['id', 'status', 'warehouse_id'])
    .execute();
  await releaseHoldsOf(trx, taken, now);
}

/**
 * Gives back what these orders held, now that 1C took them (`in_1c_at` was just set on each, by the caller's
 * statement: `releaseToOneC`, or one that writes more of the order's row at once).
 */
export async function releaseHoldsOf(
  trx: Transaction<DB>,
  taken: ReadonlyArray<{ id: number; status: OrderStatus; warehouse_id: number }>,
  now: Date,
): Promise<void> {
  const holding = taken.filter((order) => !RELEASED_STATUSES.includes(order.status));
  if (holding.length === 0) return;
  const lines = await trx
    .selectFrom('order_lines')
    .select(['order_id', 'product_id', 'requested_quantity', 'confirmed_quantity'])
    .where(
      'order_id',
      'in',
      holding.map((order) => order.id),
    )
    .execute();
  const warehouseOf = new Map(holding.map((order) => [order.id, order.warehouse_id]));
  const byWarehouse = new Map<number, Map<number, number>>();
  for (const line of lines) {
    const warehouseId = warehouseOf.get(line.order_id);
    if (warehouseId === undefined) continue;
    const deltas = byWarehouse.get(warehouseId) ?? new Map<number, number>();
    const units = line.confirmed_quantity ?? line.requested_quantity;
    deltas.set(line.product_id, (deltas.get(line.product_id) ?? 0) - units);
    byWarehouse.set(warehouseId, deltas);
  }
  for (const [warehouseId, deltas] of byWarehouse) await changeHolds(trx, warehouseId, deltas, now);
}

/**
 * Counts every hold again from the open orders not yet in 1C (after a bulk load of orders, or to repair): rows
 * are created where an order holds a product the warehouse has no row for.
 */
export async function recountHolds(db: Db): Promise<void> {
  await sql`
    insert into warehouse_stock (warehouse_id, product_id, quantity, held)
    select o.warehouse_id, l.product_id, 0, 0
    from orders o join order_lines l on l.order_id = o.id
    group by o.warehouse_id, l.product_id
    on conflict (warehouse_id, product_id) do nothing`.execute(db);
  await sql`
    update warehouse_stock s set held = coalesce(h.held, 0)
    from warehouse_stock t
    left join (
      select o.warehouse_id, l.product_id, sum(coalesce(l.confirmed_quantity, l.requested_quantity))::int as held
      from orders o join order_lines l on l.order_id = o.id
      where o.status not in (${sql.join(RELEASED_STATUSES.map((status) => sql.lit(status)))})
        and o.in_1c_at is null
      group by o.warehouse_id, l.product_id
    ) h on h.warehouse_id = t.warehouse_id and h.product_id = t.product_id
    where s.warehouse_id = t.warehouse_id and s.product_id = t.product_id
      and s.held is distinct from coalesce(h.held, 0)`.execute(db);
}

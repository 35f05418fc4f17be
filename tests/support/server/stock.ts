/**
 * Stock per warehouse in tests (docs/adr/0091-stock-per-warehouse.md): products with what a warehouse has available
 * of each (1C's quantity − what orders not yet in 1C hold, never below 0; 0 for a product no longer sold).
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';

/** Every product (lowest id first) with `stock`: what `warehouseId` has available of it. */
export async function productsWithStock(db: Kysely<DB>, warehouseId: number) {
  return db
    .selectFrom('products as p')
    .leftJoin('warehouse_stock as s', (join) =>
      join.onRef('s.product_id', '=', 'p.id').on('s.warehouse_id', '=', warehouseId),
    )
    .selectAll('p')
    .select(
      sql<number>`case when p.is_active then greatest(coalesce(s.quantity, 0) - coalesce(s.held, 0), 0) else 0 end`.as(
        'stock',
      ),
    )
    .orderBy('p.id')
    .execute();
}

/** Sets 1C's quantity of a product at a warehouse (as an offers upload would); holds stay as they are. */
export async function setQuantity(
  db: Kysely<DB>,
  warehouseId: number,
  productId: number,
  quantity: number,
): Promise<void> {
  await db
    .insertInto('warehouse_stock')
    .values({ warehouse_id: warehouseId, product_id: productId, quantity })
    .onConflict((oc) => oc.columns(['warehouse_id', 'product_id']).doUpdateSet({ quantity }))
    .execute();
}

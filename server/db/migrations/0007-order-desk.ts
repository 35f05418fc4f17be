import { sql, type Kysely } from 'kysely';

/**
 * The order desk (docs/adr/0019-stock-held-by-orders.md):
 *
 * - `products.stock` may fall below zero. It is the free stock after every open order's hold; a count that finds
 *   fewer units on the shelf than the open orders hold leaves it negative, and those orders' lines show as short
 *   (`server/domain/orders/stock.ts`). New orders still need `stock ≥ quantity` (`POST /orders/create`).
 */

type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await sql`alter table products drop constraint if exists products_stock_check`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`update products set stock = 0 where stock < 0`.execute(db);
  await sql`alter table products add constraint products_stock_check check (stock >= 0)`.execute(db);
}

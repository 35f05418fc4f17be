import { sql, type Kysely } from 'kysely';

/**
 * The order desk (issue 10):
 *
 * - `products.stock` may fall below zero. It is the free stock after every open order's hold; a count that finds
 *   fewer units on the shelf than the open orders hold leaves it negative, and those orders' lines show as short
 *   (`server/domain/orders/stock.ts`). New orders still need `stock ≥ quantity` (`POST /orders/create`).
 * - `orders.handover_salt`: set when a pickup order becomes ready. The 6-digit pickup handover code is derived from
 *   it with the server's secret (HMAC), so no code is stored; a new salt replaces the code.
 */

type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await sql`alter table products drop constraint if exists products_stock_check`.execute(db);
  await db.schema.alterTable('orders').addColumn('handover_salt', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('handover_salt').execute();
  await sql`update products set stock = 0 where stock < 0`.execute(db);
  await sql`alter table products add constraint products_stock_check check (stock >= 0)`.execute(db);
}

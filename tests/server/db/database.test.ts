import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/database.ts';
import { freshDatabase } from '../../support/server/db.ts';

describe('the database layer', () => {
  let database: Database;

  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('reads numeric and bigint as numbers, dates as strings, timestamps as Date', async () => {
    const { rows } = await sql<{ n: unknown; c: unknown; d: unknown; t: unknown; j: unknown }>`
      select 12.5::numeric(10,2) as n, count(*) as c, date '2025-03-01' as d, now() as t, '{"a":[1]}'::jsonb as j
      from warehouses`.execute(database.db);
    expect(rows[0]).toMatchObject({ n: 12.5, c: 3, d: '2025-03-01', j: { a: [1] } });
    expect(rows[0]?.t).toBeInstanceOf(Date);
  });

  it('runs concurrent transactions without mixing them, and rolls back the failing one', async () => {
    const { db } = database;
    const product = await db
      .selectFrom('warehouse_stock')
      .select(['product_id as id', 'quantity as stock'])
      .where('warehouse_id', '=', 1)
      .where('quantity', '>', 10)
      .orderBy('product_id')
      .executeTakeFirstOrThrow();
    const take = (fail: boolean) =>
      db.transaction().execute(async (trx) => {
        // FOR UPDATE: PostgreSQL serialises on the row lock; PGlite runs transactions one at a time anyway.
        const row = await trx
          .selectFrom('warehouse_stock')
          .select('quantity')
          .where('warehouse_id', '=', 1)
          .where('product_id', '=', product.id)
          .forUpdate()
          .executeTakeFirstOrThrow();
        await new Promise((resolve) => setTimeout(resolve, 5));
        await trx
          .updateTable('warehouse_stock')
          .set({ quantity: row.quantity - 1 })
          .where('warehouse_id', '=', 1)
          .where('product_id', '=', product.id)
          .execute();
        if (fail) throw new Error('refused');
      });
    const results = await Promise.allSettled([take(false), take(true), take(false), take(false), take(true)]);
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'rejected',
    ]);
    const after = await db
      .selectFrom('warehouse_stock')
      .select('quantity')
      .where('warehouse_id', '=', 1)
      .where('product_id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(after.quantity).toBe(product.stock - 3);
  });

  it('continues a table sequence after the seeded ids', async () => {
    const { db } = database;
    const max = await db
      .selectFrom('orders')
      .select((eb) => eb.fn.max('id').as('max'))
      .executeTakeFirstOrThrow();
    const order = await db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', Number(max.max))
      .executeTakeFirstOrThrow();
    const { id: _id, number: _number, ...copy } = order;
    const inserted = await db
      .insertInto('orders')
      .values({
        ...copy,
        delivery_address: order.delivery_address === null ? null : JSON.stringify(order.delivery_address),
      })
      .returning(['id', 'number'])
      .executeTakeFirstOrThrow();
    expect(inserted.id).toBe(Number(max.max) + 1);
    expect(inserted.number).toBe(String(Number(max.max) + 1).padStart(6, '0'));
  });
});

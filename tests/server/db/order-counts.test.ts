/** `order_counts` (migration 0002) stays equal to counting `orders`, whatever writes them. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/database.ts';
import { seedLarge } from '#server/seed/large.ts';
import { freshDatabase } from '../../support/server/db.ts';

type Count = { warehouse_id: number; status: string; n: number };

describe('order_counts', () => {
  let database: Database;

  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const kept = async (): Promise<Count[]> =>
    database.db
      .selectFrom('order_counts')
      .select(['warehouse_id', 'status', 'n'])
      .where('n', '<>', 0)
      .orderBy('warehouse_id')
      .orderBy('status')
      .execute();

  const counted = async (): Promise<Count[]> =>
    database.db
      .selectFrom('orders')
      .select((eb) => ['warehouse_id', 'status', eb.fn.countAll<number>().as('n')])
      .groupBy(['warehouse_id', 'status'])
      .orderBy('warehouse_id')
      .orderBy('status')
      .execute();

  const expectConsistent = async (): Promise<Count[]> => {
    const now = await counted();
    expect(await kept()).toEqual(now);
    return now;
  };

  const countOf = (counts: Count[], warehouseId: number, status: string): number =>
    counts.find((row) => row.warehouse_id === warehouseId && row.status === status)?.n ?? 0;

  it('holds the seeded orders per warehouse and status', async () => {
    const counts = await expectConsistent();
    expect(counts.length).toBeGreaterThan(10);
    expect(counts.reduce((sum, row) => sum + row.n, 0)).toBeGreaterThan(50);
  });

  it('follows inserts, status and warehouse changes, and deletes; other updates leave it alone', async () => {
    const { db } = database;
    const before = await expectConsistent();
    const template = await db
      .selectFrom('orders')
      .selectAll()
      .where('delivery_type', '=', 'pickup')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const { id: _id, number: _number, ...values } = template;
    const inserted = await db
      .insertInto('orders')
      .values([
        { ...values, status: 'awaiting_warehouse', delivery_address: null },
        { ...values, status: 'awaiting_warehouse', delivery_address: null },
      ])
      .returning('id')
      .execute();
    const warehouseId = template.warehouse_id;
    const afterInsert = await expectConsistent();
    expect(countOf(afterInsert, warehouseId, 'awaiting_warehouse')).toBe(
      countOf(before, warehouseId, 'awaiting_warehouse') + 2,
    );
    const [first, second] = inserted.map((row) => row.id);
    if (first === undefined || second === undefined) throw new Error('two orders expected');

    await db.updateTable('orders').set({ status: 'checking' }).where('id', '=', first).execute();
    await db
      .updateTable('orders')
      .set({ comment: 'only a comment', version: 5 })
      .where('id', '=', second)
      .execute();
    const afterUpdate = await expectConsistent();
    expect(countOf(afterUpdate, warehouseId, 'checking')).toBe(countOf(before, warehouseId, 'checking') + 1);

    const other = await db
      .selectFrom('warehouses')
      .select('id')
      .where('id', '<>', warehouseId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('orders')
      .set({ warehouse_id: other.id, status: 'confirmed' })
      .where('id', '=', second)
      .execute();
    await expectConsistent();

    await db.deleteFrom('orders').where('id', 'in', [first, second]).execute();
    expect(await expectConsistent()).toEqual(before);
  });

  it('rolls back with the transaction that changed the orders', async () => {
    const { db } = database;
    const before = await expectConsistent();
    await expect(
      db.transaction().execute(async (trx) => {
        await trx
          .updateTable('orders')
          .set({ status: 'rejected' })
          .where('status', '=', 'checking')
          .execute();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await expectConsistent()).toEqual(before);
  });

  it('counts a bulk insert of the large set, and a truncate', async () => {
    await seedLarge(database.db, { distributors: 0, orders: 500 });
    const counts = await expectConsistent();
    expect(counts.reduce((sum, row) => sum + row.n, 0)).toBeGreaterThan(500);
    await sql`truncate orders cascade`.execute(database.db);
    expect(await kept()).toEqual([]);
    await expectConsistent();
  });
});

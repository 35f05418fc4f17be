import { sql, type Kysely } from 'kysely';

/**
 * `order_counts`: how many orders each warehouse holds in each status, kept exact by triggers on `orders` in the
 * same transaction as the change (so never stale, whoever writes: the API, the 1C exchange, the seed, plain SQL).
 * The warehouse list's tab counts read it instead of counting 100k orders on every change (tens of milliseconds on
 * PGlite even as an index-only scan).
 *
 * - INSERT and DELETE: statement triggers over the transition tables, one grouped upsert per statement (a bulk
 *   insert of 100k orders costs one statement, not 100k row triggers).
 * - UPDATE: a row trigger only when `status` or `warehouse_id` changes (other updates never call it).
 * - TRUNCATE: empties the counts.
 * Rows of one change are upserted in (warehouse_id, status) order, so two transactions lock counter rows in the
 * same order and cannot deadlock on them. A row may reach n = 0 and stay.
 */

/** Migrations see the database untyped: the schema they build is what `schema.ts` describes. */
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('order_counts')
    .addColumn('warehouse_id', 'integer', (col) => col.notNull().references('warehouses.id'))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('n', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('order_counts_pkey', ['warehouse_id', 'status'])
    .execute();

  await sql`
    create function order_counts_add() returns trigger language plpgsql as $$
    begin
      insert into order_counts (warehouse_id, status, n)
      select warehouse_id, status, count(*) from order_counts_new group by 1, 2 order by 1, 2
      on conflict (warehouse_id, status) do update set n = order_counts.n + excluded.n;
      return null;
    end
    $$`.execute(db);
  await sql`
    create function order_counts_remove() returns trigger language plpgsql as $$
    begin
      update order_counts c set n = c.n - d.n
      from (select warehouse_id, status, count(*)::int as n from order_counts_old group by 1, 2) d
      where c.warehouse_id = d.warehouse_id and c.status = d.status;
      return null;
    end
    $$`.execute(db);
  await sql`
    create function order_counts_move() returns trigger language plpgsql as $$
    begin
      insert into order_counts (warehouse_id, status, n)
      select w, s, d from (values (old.warehouse_id, old.status, -1), (new.warehouse_id, new.status, 1)) as v(w, s, d)
      order by w, s
      on conflict (warehouse_id, status) do update set n = order_counts.n + excluded.n;
      return null;
    end
    $$`.execute(db);
  await sql`
    create function order_counts_clear() returns trigger language plpgsql as $$
    begin
      delete from order_counts;
      return null;
    end
    $$`.execute(db);

  await sql`
    create trigger order_counts_insert after insert on orders
    referencing new table as order_counts_new
    for each statement execute function order_counts_add()`.execute(db);
  await sql`
    create trigger order_counts_delete after delete on orders
    referencing old table as order_counts_old
    for each statement execute function order_counts_remove()`.execute(db);
  await sql`
    create trigger order_counts_update after update of status, warehouse_id on orders
    for each row when (old.status is distinct from new.status or old.warehouse_id is distinct from new.warehouse_id)
    execute function order_counts_move()`.execute(db);
  await sql`
    create trigger order_counts_truncate after truncate on orders
    for each statement execute function order_counts_clear()`.execute(db);

  // Orders already there (a database migrated after it was seeded).
  await sql`
    insert into order_counts (warehouse_id, status, n)
    select warehouse_id, status, count(*) from orders group by 1, 2`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  for (const trigger of [
    'order_counts_insert',
    'order_counts_delete',
    'order_counts_update',
    'order_counts_truncate',
  ])
    await sql`drop trigger if exists ${sql.id(trigger)} on orders`.execute(db);
  for (const fn of ['order_counts_add', 'order_counts_remove', 'order_counts_move', 'order_counts_clear'])
    await sql`drop function if exists ${sql.id(fn)}()`.execute(db);
  await db.schema.dropTable('order_counts').execute();
}

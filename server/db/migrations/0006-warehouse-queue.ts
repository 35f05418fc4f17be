import { sql, type Kysely } from 'kysely';

/**
 * The warehouse queue (docs/adr/0028-warehouse-queue.md, docs/adr/0026-tab-counts-by-triggers.md):
 *
 * - `orders.status_changed_at`: when the order entered its current status (the queue's "age in this status" and
 *   the warehouse home's oldest waiting order). Kept by a trigger on `orders`, so every writer (the lifecycle's
 *   `persistOutcome`, the 1C exchange, the seeds) keeps it without knowing it: on insert it is the row's
 *   `updated_at` unless given; on an update that changes `status` it is the new `updated_at` (the time the writer
 *   stamped the change with, the same as the history entry's), or `now()` when the writer left `updated_at` alone.
 *   Rows already there take the time of the last history entry that led into their status.
 * - One index per sortable column of the queue, per status of a warehouse, so a tab's first page in any order is
 *   "per status of the tab, the first `offset + pageSize` entries of an index, merged" (the way the newest-first
 *   list has walked `orders_warehouse_list_idx` since migration 0001): amount (`final_cost`), PV (`points`),
 *   number, age (`status_changed_at`). Sorting by customer joins the users and sorts the tab (no index). The age
 *   index also finds the warehouse home's oldest waiting order per status and today's handed-over and sent figures.
 * - `order_facet_counts`: orders per warehouse, status, delivery type, payment method and payment state, kept exact
 *   by triggers in the writing transaction the way `order_counts` is (migration 0002: statement triggers over the
 *   transition tables for insert and delete, a row trigger only when one of the five changes, rows upserted in key
 *   order so writers cannot deadlock). The queue's tab counts under a delivery or payment filter are a sum of a
 *   few of its rows instead of a count over 100k orders.
 */

/** Migrations see the database untyped: the schema they build is what `schema.ts` describes. */
type AnyDb = Kysely<unknown>;

const FACETS = 'warehouse_id, status, delivery_type, payment_method, payment_state';

const SORT_INDEXES: readonly (readonly [string, string])[] = [
  ['orders_queue_amount_idx', 'final_cost'],
  ['orders_queue_points_idx', 'points'],
  ['orders_queue_number_idx', 'number'],
  ['orders_queue_age_idx', 'status_changed_at'],
];

export async function up(db: AnyDb): Promise<void> {
  await sql`alter table orders add column status_changed_at timestamptz`.execute(db);
  await sql`
    update orders o set status_changed_at = coalesce(
      (select max(h.at) from order_history h where h.order_id = o.id and h.to_status = o.status),
      o.updated_at)`.execute(db);
  await sql`alter table orders alter column status_changed_at set not null`.execute(db);

  await sql`
    create function orders_status_changed_at() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        new.status_changed_at := coalesce(new.status_changed_at, new.updated_at, now());
      elsif new.status is distinct from old.status then
        new.status_changed_at := case
          when new.updated_at is distinct from old.updated_at then new.updated_at
          else now() end;
      end if;
      return new;
    end
    $$`.execute(db);
  await sql`
    create trigger orders_status_changed_at before insert or update of status on orders
    for each row execute function orders_status_changed_at()`.execute(db);

  await sql`
    create table order_facet_counts (
      warehouse_id integer not null references warehouses(id),
      status text not null,
      delivery_type text not null,
      payment_method text not null,
      payment_state text not null,
      n integer not null default 0,
      primary key (warehouse_id, status, delivery_type, payment_method, payment_state))`.execute(db);
  const facets = sql.raw(FACETS);
  await sql`
    create function order_facet_counts_add() returns trigger language plpgsql as $$
    begin
      insert into order_facet_counts (${facets}, n)
      select ${facets}, count(*) from order_facet_counts_new group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
      on conflict (${facets}) do update set n = order_facet_counts.n + excluded.n;
      return null;
    end
    $$`.execute(db);
  await sql`
    create function order_facet_counts_remove() returns trigger language plpgsql as $$
    begin
      update order_facet_counts c set n = c.n - d.n
      from (select ${facets}, count(*)::int as n from order_facet_counts_old group by 1, 2, 3, 4, 5) d
      where c.warehouse_id = d.warehouse_id and c.status = d.status and c.delivery_type = d.delivery_type
        and c.payment_method = d.payment_method and c.payment_state = d.payment_state;
      return null;
    end
    $$`.execute(db);
  await sql`
    create function order_facet_counts_move() returns trigger language plpgsql as $$
    begin
      insert into order_facet_counts (${facets}, n)
      select * from (values
        (old.warehouse_id, old.status, old.delivery_type, old.payment_method, old.payment_state, -1),
        (new.warehouse_id, new.status, new.delivery_type, new.payment_method, new.payment_state, 1)) as v
      order by 1, 2, 3, 4, 5
      on conflict (${facets}) do update set n = order_facet_counts.n + excluded.n;
      return null;
    end
    $$`.execute(db);
  await sql`
    create function order_facet_counts_clear() returns trigger language plpgsql as $$
    begin
      delete from order_facet_counts;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger order_facet_counts_insert after insert on orders
    referencing new table as order_facet_counts_new
    for each statement execute function order_facet_counts_add()`.execute(db);
  await sql`
    create trigger order_facet_counts_delete after delete on orders
    referencing old table as order_facet_counts_old
    for each statement execute function order_facet_counts_remove()`.execute(db);
  await sql`
    create trigger order_facet_counts_update
    after update of warehouse_id, status, delivery_type, payment_method, payment_state on orders
    for each row when ((old.warehouse_id, old.status, old.delivery_type, old.payment_method, old.payment_state)
      is distinct from (new.warehouse_id, new.status, new.delivery_type, new.payment_method, new.payment_state))
    execute function order_facet_counts_move()`.execute(db);
  await sql`
    create trigger order_facet_counts_truncate after truncate on orders
    for each statement execute function order_facet_counts_clear()`.execute(db);
  await sql`
    insert into order_facet_counts (${facets}, n)
    select ${facets}, count(*) from orders group by 1, 2, 3, 4, 5`.execute(db);

  for (const [name, column] of SORT_INDEXES)
    await sql`create index ${sql.id(name)} on orders (warehouse_id, status, ${sql.id(column)}, id)`.execute(
      db,
    );
}

export async function down(db: AnyDb): Promise<void> {
  for (const trigger of ['insert', 'delete', 'update', 'truncate'])
    await sql`drop trigger if exists ${sql.id(`order_facet_counts_${trigger}`)} on orders`.execute(db);
  for (const fn of ['add', 'remove', 'move', 'clear'])
    await sql`drop function if exists ${sql.id(`order_facet_counts_${fn}`)}()`.execute(db);
  await sql`drop table if exists order_facet_counts`.execute(db);
  for (const [name] of SORT_INDEXES) await sql`drop index if exists ${sql.id(name)}`.execute(db);
  await sql`drop trigger if exists orders_status_changed_at on orders`.execute(db);
  await sql`drop function if exists orders_status_changed_at()`.execute(db);
  await sql`alter table orders drop column if exists status_changed_at`.execute(db);
}

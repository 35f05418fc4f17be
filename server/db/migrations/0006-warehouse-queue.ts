import { sql, type Kysely } from 'kysely';

/**
 * The warehouse queue (issue 10, points 3, 4, 7):
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
 */

/** Migrations see the database untyped: the schema they build is what `schema.ts` describes. */
type AnyDb = Kysely<unknown>;

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

  for (const [name, column] of SORT_INDEXES)
    await sql`create index ${sql.id(name)} on orders (warehouse_id, status, ${sql.id(column)}, id)`.execute(
      db,
    );
}

export async function down(db: AnyDb): Promise<void> {
  for (const [name] of SORT_INDEXES) await sql`drop index if exists ${sql.id(name)}`.execute(db);
  await sql`drop trigger if exists orders_status_changed_at on orders`.execute(db);
  await sql`drop function if exists orders_status_changed_at()`.execute(db);
  await sql`alter table orders drop column if exists status_changed_at`.execute(db);
}

import { sql, type Kysely } from 'kysely';

/**
 * 1C is the system of record for the catalogue, prices and stock per warehouse (docs/adr/0090-catalogue-from-1c.md,
 * 0091-stock-per-warehouse.md, 0092-import-step-machine.md):
 *
 * - `products` learn their 1C identity (`onec_id`, unique: a rerun upserts, never duplicates), barcode, 1C group,
 *   recommended retail price, and whether they are sold (`is_active`; a product 1C no longer lists is deactivated,
 *   never deleted: orders, history and statements keep it). The search column adds the barcode.
 * - `warehouse_stock` replaces `products.stock`: per warehouse and product, 1C's `quantity` and what that
 *   warehouse's portal orders not yet in 1C `held`. Available = max(quantity − held, 0). Existing data moves over
 *   as the old free figure at every warehouse (plus that warehouse's holds), until 1C's first offers say otherwise.
 * - `orders.in_1c_at`: when 1C first took the order (its `success` after a query, or its own document number). From
 *   then on 1C's quantities count the sale, so the order holds nothing.
 * - `warehouses.onec_id`: the 1C warehouse matched to each (by name on first sight, then by id).
 * - `onec_groups`: the 1C groups seen, with their parents and the category each maps to.
 * - `product_images`: pictures 1C sent, by content hash (served under `/media/product-images/`).
 * - `exchange_import_runs` / `_files` / `_chunks` / `_issues`: the catalogue import's step machine and its record —
 *   each run (an exchange session's catalogue work), each file's stage and cursor, the records read from a file
 *   waiting to be applied, and every item skipped with its reason.
 */

/** Migrations see the database untyped: the schema they build is what `schema.ts` describes. */
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await sql`
    alter table products
      add column onec_id text unique,
      add column barcode text,
      add column onec_group_id text,
      add column recommended_price integer check (recommended_price >= 0),
      add column is_active boolean not null default true,
      add column inactive_reason text
        check (inactive_reason in ('absent_from_full_upload', 'deleted_in_1c')),
      add column onec_seen_run integer,
      add column onec_created_run integer,
      add column updated_at timestamptz not null default now(),
      add constraint products_inactive_has_reason check (is_active or inactive_reason is not null)`.execute(
    db,
  );
  await sql`alter table products drop column search`.execute(db);
  await sql`
    alter table products add column search text generated always as (
      lower(sku || ' ' || coalesce(barcode, '') || ' ' || (name->>'ru') || ' ' || (name->>'en') || ' ' ||
        (name->>'ro') || ' ' || (name->>'uk') || ' ' || (name->>'it'))
    ) stored`.execute(db);
  await sql`create index products_group_idx on products (onec_group_id) where onec_id is not null`.execute(
    db,
  );

  await sql`alter table warehouses add column onec_id text unique`.execute(db);
  await sql`alter table orders add column in_1c_at timestamptz`.execute(db);
  await sql`
    update orders set in_1c_at = coalesce(exchanged_at, updated_at)
    where exchange_state = 'confirmed' or onec_document_number is not null`.execute(db);

  await sql`
    create table warehouse_stock (
      warehouse_id integer not null references warehouses(id) on delete cascade,
      product_id integer not null references products(id),
      quantity integer not null default 0 check (quantity >= 0),
      held integer not null default 0 check (held >= 0),
      seen_run integer,
      updated_at timestamptz not null default now(),
      primary key (warehouse_id, product_id)
    )`.execute(db);
  await sql`create index warehouse_stock_product_idx on warehouse_stock (product_id)`.execute(db);
  // Holds of the open orders not yet in 1C, per warehouse and product; 1C's figure is the old free one plus them.
  await sql`
    insert into warehouse_stock (warehouse_id, product_id, quantity, held)
    select w.id, p.id, greatest(p.stock, 0) + coalesce(h.held, 0), coalesce(h.held, 0)
    from warehouses w cross join products p
    left join (
      select o.warehouse_id, l.product_id,
             sum(coalesce(l.confirmed_quantity, l.requested_quantity))::int as held
      from orders o join order_lines l on l.order_id = o.id
      where o.status not in ('rejected', 'cancelled_by_distributor', 'cancelled_by_warehouse')
        and o.in_1c_at is null
      group by o.warehouse_id, l.product_id
    ) h on h.warehouse_id = w.id and h.product_id = p.id`.execute(db);
  await sql`alter table products drop column stock`.execute(db);

  await sql`
    create table onec_groups (
      onec_id text primary key,
      name text not null,
      parent_id text,
      category text check (category in ('makeup', 'perfumery', 'facial_care')),
      updated_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table product_images (
      hash text primary key,
      content_type text not null,
      bytes bytea not null,
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table exchange_import_runs (
      id serial primary key,
      session_id text,
      source text not null default 'exchange' check (source in ('exchange', 'seed')),
      status text not null default 'running' check (status in ('running', 'success', 'failure')),
      started_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      finished_at timestamptz,
      failure text,
      created integer not null default 0,
      updated integer not null default 0,
      deactivated integer not null default 0,
      skipped integer not null default 0,
      dictionary jsonb not null default '{}'::jsonb,
      deferred_scope jsonb
    )`.execute(db);
  await sql`create unique index exchange_import_runs_session_key on exchange_import_runs (session_id)`.execute(
    db,
  );
  await sql`create index exchange_import_runs_started_idx on exchange_import_runs (started_at desc, id desc)`.execute(
    db,
  );

  await sql`
    create table exchange_import_files (
      id serial primary key,
      run_id integer not null references exchange_import_runs(id) on delete cascade,
      name text not null,
      kind text check (kind in ('catalogue', 'offers', 'classifier')),
      stage text not null default 'reading'
        check (stage in ('reading', 'applying', 'deactivating', 'done', 'failed')),
      full_upload boolean,
      schema_version text,
      records_read integer not null default 0,
      chunks integer not null default 0,
      chunks_applied integer not null default 0,
      failure text,
      locked_until timestamptz,
      started_at timestamptz not null default now(),
      finished_at timestamptz,
      unique (run_id, name)
    )`.execute(db);

  await sql`
    create table exchange_import_chunks (
      file_id integer not null references exchange_import_files(id) on delete cascade,
      seq integer not null,
      records jsonb not null,
      primary key (file_id, seq)
    )`.execute(db);

  await sql`
    create table exchange_import_issues (
      id serial primary key,
      run_id integer not null references exchange_import_runs(id) on delete cascade,
      file text not null,
      code text not null,
      onec_id text,
      sku text,
      name text,
      detail text,
      at timestamptz not null default now()
    )`.execute(db);
  await sql`create index exchange_import_issues_run_idx on exchange_import_issues (run_id, id)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop table exchange_import_issues`.execute(db);
  await sql`drop table exchange_import_chunks`.execute(db);
  await sql`drop table exchange_import_files`.execute(db);
  await sql`drop table exchange_import_runs`.execute(db);
  await sql`drop table product_images`.execute(db);
  await sql`drop table onec_groups`.execute(db);
  await sql`alter table products add column stock integer not null default 0`.execute(db);
  await sql`
    update products p set stock = coalesce((
      select min(s.quantity - s.held) from warehouse_stock s where s.product_id = p.id), 0)`.execute(db);
  await sql`drop table warehouse_stock`.execute(db);
  await sql`alter table orders drop column in_1c_at`.execute(db);
  await sql`alter table warehouses drop column onec_id`.execute(db);
  await sql`drop index products_group_idx`.execute(db);
  await sql`alter table products drop column search`.execute(db);
  await sql`
    alter table products add column search text generated always as (
      lower(sku || ' ' || (name->>'ru') || ' ' || (name->>'en') || ' ' || (name->>'ro') || ' ' || (name->>'uk') ||
        ' ' || (name->>'it'))
    ) stored`.execute(db);
  await sql`
    alter table products
      drop constraint products_inactive_has_reason,
      drop column onec_id, drop column barcode, drop column onec_group_id, drop column recommended_price,
      drop column is_active, drop column inactive_reason, drop column onec_seen_run, drop column onec_created_run,
      drop column updated_at`.execute(db);
}

import { sql, type Kysely } from 'kysely';
import {
  ACTOR_ROLES,
  CATEGORIES,
  DELIVERY_TYPES,
  EXCHANGE_STATES,
  LANGS,
  OUTBOX_KINDS,
  PAYMENT_ATTEMPT_STATES,
  PAYMENT_METHODS,
  PAYMENT_STATES,
} from '../reference.ts';

/** `col IN ('a', 'b')` as a check expression over fixed, trusted vocabularies. */
const oneOf = (column: string, values: readonly string[]) =>
  sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;

/** Migrations see the database untyped: the schema they build is what `schema.ts` describes. */
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('warehouses')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('code', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'jsonb', (col) => col.notNull())
    .addColumn('city', 'text', (col) => col.notNull())
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('pickup_points')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('warehouse_id', 'integer', (col) => col.notNull().references('warehouses.id'))
    .addColumn('name', 'jsonb', (col) => col.notNull())
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('working_hours', 'text', (col) => col.notNull())
    .addColumn('is_active', 'boolean', (col) => col.notNull().defaultTo(true))
    .execute();
  await db.schema
    .createIndex('pickup_points_warehouse_idx')
    .on('pickup_points')
    .column('warehouse_id')
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('full_name', 'text', (col) => col.notNull())
    .addColumn('phone', 'text')
    .addColumn('city', 'text')
    .addColumn('lang', 'text', (col) => col.notNull().defaultTo('ru').check(oneOf('lang', LANGS)))
    .addColumn('is_warehouse', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('is_partner', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('warehouse_id', 'integer', (col) => col.references('warehouses.id'))
    .addColumn('email_confirmed', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('prn', 'text', (col) => col.unique())
    .addColumn('sponsor_id', 'integer', (col) => col.references('users.id'))
    .addColumn('path', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('depth', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('rank', 'text')
    .addColumn('signing_date', 'date')
    .addColumn('session_version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('users_sponsor_not_self', sql`sponsor_id is null or sponsor_id <> id`)
    .execute();
  await db.schema
    .createIndex('users_email_lower_key')
    .on('users')
    .unique()
    .expression(sql`lower(email)`)
    .execute();
  await db.schema.createIndex('users_sponsor_idx').on('users').columns(['sponsor_id', 'full_name']).execute();
  await sql`create index users_path_idx on users (path text_pattern_ops)`.execute(db);
  await db.schema.createIndex('users_warehouse_idx').on('users').column('warehouse_id').execute();
  // A new user's path and depth follow from the sponsor's unless the inserter gives them (bulk seeding does).
  await sql`
    create function users_set_path() returns trigger language plpgsql as $$
    declare
      parent record;
    begin
      if new.path is null or new.path = '' then
        if new.sponsor_id is null then
          new.path := new.id::text || '.';
          new.depth := 0;
        else
          select path, depth into parent from users where id = new.sponsor_id;
          new.path := parent.path || new.id::text || '.';
          new.depth := parent.depth + 1;
        end if;
      end if;
      return new;
    end
    $$`.execute(db);
  await sql`create trigger users_set_path before insert on users for each row execute function users_set_path()`.execute(
    db,
  );

  await db.schema
    .createTable('addresses')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('post_index', 'text', (col) => col.notNull())
    .addColumn('city', 'text', (col) => col.notNull())
    .addColumn('street', 'text', (col) => col.notNull())
    .addColumn('house', 'text', (col) => col.notNull())
    .addColumn('apartment', 'text')
    .addColumn('is_default', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('addresses_user_idx').on('addresses').column('user_id').execute();
  await db.schema
    .createIndex('addresses_one_default_per_user')
    .on('addresses')
    .column('user_id')
    .unique()
    .where(sql.ref('is_default'), '=', true)
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('sku', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'jsonb', (col) => col.notNull())
    .addColumn('description', 'jsonb', (col) => col.notNull())
    .addColumn('price', 'integer', (col) => col.notNull().check(sql`price >= 0`))
    .addColumn('promo_price', 'integer', (col) => col.check(sql`promo_price >= 0`))
    .addColumn('points', sql`numeric(10,2)`, (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`points >= 0`),
    )
    .addColumn('stock', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`stock >= 0`),
    )
    .addColumn('category', 'text', (col) => col.notNull().check(oneOf('category', CATEGORIES)))
    .addColumn('image_url', 'text')
    .addColumn('is_promotion', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('search', 'text', (col) =>
      col
        .notNull()
        .generatedAlwaysAs(
          sql`lower(sku || ' ' || (name->>'ru') || ' ' || (name->>'en') || ' ' || (name->>'ro') || ' ' || (name->>'uk') || ' ' || (name->>'it'))`,
        )
        .stored(),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('products_promotion_has_price', sql`not is_promotion or promo_price is not null`)
    .execute();
  await db.schema.createIndex('products_category_idx').on('products').columns(['category', 'id']).execute();
  await db.schema
    .createIndex('products_promotion_idx')
    .on('products')
    .column('id')
    .where(sql.ref('is_promotion'), '=', true)
    .execute();

  await db.schema
    .createTable('carts')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id'))
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity > 0`))
    .addColumn('added_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('carts_pkey', ['user_id', 'product_id'])
    .execute();

  await db.schema
    .createTable('wishlist')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id'))
    .addColumn('added_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('wishlist_pkey', ['user_id', 'product_id'])
    .execute();

  await db.schema
    .createTable('clients')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('owner_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('full_name', 'text', (col) => col.notNull())
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('city', 'text')
    .addColumn('note', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('clients_owner_idx').on('clients').columns(['owner_id', 'full_name']).execute();

  await sql`create sequence order_number_seq`.execute(db);
  await db.schema
    .createTable('orders')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('number', 'text', (col) =>
      col
        .notNull()
        .unique()
        .defaultTo(sql`lpad(nextval('order_number_seq')::text, 6, '0')`),
    )
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('client_id', 'integer', (col) => col.references('clients.id').onDelete('set null'))
    .addColumn('warehouse_id', 'integer', (col) => col.notNull().references('warehouses.id'))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('payment_method', 'text', (col) =>
      col.notNull().check(oneOf('payment_method', PAYMENT_METHODS)),
    )
    .addColumn('payment_state', 'text', (col) =>
      col.notNull().defaultTo('not_required').check(oneOf('payment_state', PAYMENT_STATES)),
    )
    .addColumn('delivery_type', 'text', (col) => col.notNull().check(oneOf('delivery_type', DELIVERY_TYPES)))
    .addColumn('delivery_address', 'jsonb')
    .addColumn('pickup_point_id', 'integer', (col) => col.references('pickup_points.id'))
    .addColumn('courier_comment', 'text')
    .addColumn('comment', 'text')
    .addColumn('cancel_reason', 'text')
    .addColumn('partial_note', 'text')
    .addColumn('amount', 'integer', (col) => col.notNull().check(sql`amount >= 0`))
    .addColumn('discount', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`discount >= 0`),
    )
    .addColumn('final_cost', 'integer', (col) => col.notNull().check(sql`final_cost >= 0`))
    .addColumn('points', sql`numeric(12,2)`, (col) => col.notNull().defaultTo(0))
    .addColumn('currency', 'text', (col) => col.notNull().defaultTo('MDL'))
    .addColumn('warehouse_number', 'text')
    .addColumn('warehouse_total', 'integer')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('exchange_state', 'text', (col) => col.check(oneOf('exchange_state', EXCHANGE_STATES)))
    .addColumn('exchange_error', 'text')
    .addColumn('onec_document_number', 'text')
    .addColumn('exchanged_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'orders_delivery_consistent',
      sql`(delivery_type = 'delivery' and delivery_address is not null) or (delivery_type = 'pickup' and pickup_point_id is not null)`,
    )
    .execute();
  await db.schema
    .createIndex('orders_warehouse_list_idx')
    .on('orders')
    .columns(['warehouse_id', 'status', 'created_at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('orders_warehouse_recent_idx')
    .on('orders')
    .columns(['warehouse_id', 'created_at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('orders_user_list_idx')
    .on('orders')
    .columns(['user_id', 'created_at desc', 'id desc'])
    .execute();
  await db.schema.createIndex('orders_client_idx').on('orders').column('client_id').execute();
  await db.schema
    .createIndex('orders_exchange_idx')
    .on('orders')
    .columns(['exchange_state', 'id'])
    .where(sql.ref('exchange_state'), 'is not', null)
    .execute();

  await db.schema
    .createTable('order_lines')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id'))
    .addColumn('sku', 'text', (col) => col.notNull())
    .addColumn('name', 'jsonb', (col) => col.notNull())
    .addColumn('list_price', 'integer', (col) => col.notNull())
    .addColumn('price', 'integer', (col) => col.notNull())
    .addColumn('points', sql`numeric(10,2)`, (col) => col.notNull().defaultTo(0))
    .addColumn('requested_quantity', 'integer', (col) => col.notNull().check(sql`requested_quantity > 0`))
    .addColumn('confirmed_quantity', 'integer', (col) =>
      col.check(sql`confirmed_quantity >= 0 and confirmed_quantity <= requested_quantity`),
    )
    .addUniqueConstraint('order_lines_product_once', ['order_id', 'product_id'])
    .execute();

  await db.schema
    .createTable('order_history')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('actor_id', 'integer', (col) => col.references('users.id'))
    .addColumn('actor_role', 'text', (col) => col.notNull().check(oneOf('actor_role', ACTOR_ROLES)))
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text')
    .addColumn('event', 'text', (col) => col.notNull())
    .addColumn('comment', 'text')
    .addColumn('changed_lines', 'jsonb')
    .execute();
  await db.schema
    .createIndex('order_history_order_idx')
    .on('order_history')
    .columns(['order_id', 'at', 'id'])
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('request_hash', 'text', (col) => col.notNull())
    .addColumn('order_id', 'integer', (col) => col.references('orders.id').onDelete('set null'))
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'jsonb')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('idempotency_keys_user_key', ['user_id', 'key'])
    .execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('state', 'text', (col) =>
      col.notNull().defaultTo('pending').check(oneOf('state', PAYMENT_ATTEMPT_STATES)),
    )
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull().defaultTo('MDL'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('payments_order_idx')
    .on('payments')
    .columns(['order_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull().check(oneOf('kind', OUTBOX_KINDS)))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token', 'text', (col) => col.notNull().unique())
    .addColumn('payload', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('outbox_user_idx')
    .on('outbox')
    .columns(['user_id', 'kind', 'created_at'])
    .execute();

  await db.schema
    .createTable('monthly_volumes')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('month', 'date', (col) => col.notNull().check(sql`extract(day from month) = 1`))
    .addColumn('pv', sql`numeric(12,2)`, (col) => col.notNull().defaultTo(0))
    .addColumn('gv', sql`numeric(14,2)`, (col) => col.notNull().defaultTo(0))
    .addColumn('cgv', sql`numeric(16,2)`, (col) => col.notNull().defaultTo(0))
    .addColumn('pgv', sql`numeric(14,2)`, (col) => col.notNull().defaultTo(0))
    .addColumn('bonus', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('rank', 'text')
    .addColumn('closed', 'boolean', (col) => col.notNull().defaultTo(false))
    .addPrimaryKeyConstraint('monthly_volumes_pkey', ['user_id', 'month'])
    .execute();
  await db.schema
    .createIndex('monthly_volumes_month_idx')
    .on('monthly_volumes')
    .columns(['month', 'user_id'])
    .execute();

  await db.schema
    .createTable('qualifications')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code', 'text', (col) => col.notNull())
    .addColumn('achieved_at', 'date', (col) => col.notNull())
    .addUniqueConstraint('qualifications_user_code', ['user_id', 'code'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'qualifications',
    'monthly_volumes',
    'outbox',
    'payments',
    'idempotency_keys',
    'order_history',
    'order_lines',
    'orders',
    'clients',
    'wishlist',
    'carts',
    'products',
    'addresses',
    'users',
    'pickup_points',
    'warehouses',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await sql`drop sequence if exists order_number_seq`.execute(db);
  await sql`drop function if exists users_set_path()`.execute(db);
}

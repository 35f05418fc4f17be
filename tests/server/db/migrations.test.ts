import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/database.ts';
import { MIGRATIONS, migrateToLatest } from '#server/db/migrate.ts';
import { emptyDatabase } from '../../support/server/db.ts';

const TABLES = [
  'account_audit',
  'addresses',
  'bonus_lines',
  'carts',
  'clients',
  'downline_counts',
  'event_streams',
  'event_tickets',
  'events',
  'exchange_file_parts',
  'exchange_import_chunks',
  'exchange_import_files',
  'exchange_import_issues',
  'exchange_import_runs',
  'exchange_sessions',
  'idempotency_keys',
  'jobs',
  'maib_sandbox_callbacks',
  'maib_sandbox_payments',
  'maib_sandbox_tokens',
  'mailbox',
  'message_choices',
  'message_deliveries',
  'messages',
  'monthly_volumes',
  'network_attention',
  'network_attention_counts',
  'network_attention_periods',
  'onec_groups',
  'order_counts',
  'order_facet_counts',
  'order_history',
  'order_lines',
  'order_presence',
  'order_return_history',
  'order_return_lines',
  'order_returns',
  'orders',
  'outbox',
  'payment_refunds',
  'payments',
  'period_closes',
  'pickup_points',
  'pow_spent',
  'product_images',
  'products',
  'push_subscriptions',
  'qualifications',
  'rate_limits',
  'revoked_tokens',
  'user_consents',
  'users',
  'vapid_keys',
  'volume_credits',
  'volume_settings',
  'warehouse_stock',
  'warehouses',
  'wishlist',
];

const localized = (text: string) => JSON.stringify({ ru: text, en: text, ro: text, uk: text, it: text });

describe('migrations on an empty database', () => {
  let database: Database;

  beforeAll(async () => {
    database = await emptyDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('apply every migration once, then report nothing to do', async () => {
    expect(await migrateToLatest(database.db)).toEqual(Object.keys(MIGRATIONS));
    expect(await migrateToLatest(database.db)).toEqual([]);
  });

  it('create every table of the schema', async () => {
    const { rows } = await sql<{ table_name: string }>`
      select table_name from information_schema.tables where table_schema = 'public' and table_name not like 'kysely_%'
      order by table_name`.execute(database.db);
    expect(rows.map((row) => row.table_name)).toEqual(TABLES);
  });

  it('derive a user path and depth from the sponsor, and keep e-mails unique ignoring case', async () => {
    const { db } = database;
    const root = await db
      .insertInto('users')
      .values({ email: 'Root@Example.test', password_hash: 'x', full_name: 'Root' })
      .returning(['id', 'path', 'depth'])
      .executeTakeFirstOrThrow();
    const child = await db
      .insertInto('users')
      .values({ email: 'child@example.test', password_hash: 'x', full_name: 'Child', sponsor_id: root.id })
      .returning(['id', 'path', 'depth'])
      .executeTakeFirstOrThrow();
    expect(root).toEqual({ id: root.id, path: `${root.id}.`, depth: 0 });
    expect(child).toEqual({ id: child.id, path: `${root.id}.${child.id}.`, depth: 1 });
    await expect(
      db
        .insertInto('users')
        .values({ email: 'root@example.TEST', password_hash: 'x', full_name: 'Twin' })
        .execute(),
    ).rejects.toThrow(/users_email_lower_key/);
  });

  it('allow at most one default address per user', async () => {
    const { db } = database;
    const user = await db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow();
    const address = {
      user_id: user.id,
      post_index: 'MD-2001',
      city: 'Chișinău',
      street: 'str. Columna',
      house: '1',
    };
    await db
      .insertInto('addresses')
      .values({ ...address, is_default: true })
      .execute();
    await db
      .insertInto('addresses')
      .values({ ...address, is_default: false })
      .execute();
    await expect(
      db
        .insertInto('addresses')
        .values({ ...address, is_default: true })
        .execute(),
    ).rejects.toThrow(/addresses_one_default_per_user/);
  });

  it('number orders from a sequence and refuse a delivery without an address', async () => {
    const { db } = database;
    const user = await db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow();
    const warehouse = await db
      .insertInto('warehouses')
      .values({ code: 'T', name: localized('T'), city: 'c', address: 'a', phone: 'p', email: 'e' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const point = await db
      .insertInto('pickup_points')
      .values({
        warehouse_id: warehouse.id,
        name: localized('P'),
        address: 'a',
        working_hours: 'Mo-Fr 09:00-18:00',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const base = {
      user_id: user.id,
      client_id: null,
      warehouse_id: warehouse.id,
      status: 'awaiting_warehouse' as const,
      payment_method: 'cash' as const,
      amount: 1000,
      final_cost: 1000,
      points: 1.5,
    };
    const first = await db
      .insertInto('orders')
      .values({ ...base, delivery_type: 'pickup', pickup_point_id: point.id })
      .returning(['number', 'version', 'payment_state', 'points', 'currency'])
      .executeTakeFirstOrThrow();
    const second = await db
      .insertInto('orders')
      .values({ ...base, delivery_type: 'pickup', pickup_point_id: point.id })
      .returning('number')
      .executeTakeFirstOrThrow();
    expect(first).toEqual({
      number: '000001',
      version: 1,
      payment_state: 'not_required',
      points: 1.5,
      currency: 'MDL',
    });
    expect(second.number).toBe('000002');
    await expect(
      db
        .insertInto('orders')
        .values({ ...base, delivery_type: 'delivery' })
        .execute(),
    ).rejects.toThrow(/orders_delivery_consistent/);
  });

  it('search products by a generated, lower-cased text of every translation', async () => {
    const { db } = database;
    await db
      .insertInto('products')
      .values({
        sku: 'T-1',
        name: JSON.stringify({ ru: 'Помада', en: 'Lipstick', ro: 'Ruj', uk: 'Помада', it: 'Rossetto' }),
        description: localized('d'),
        price: 100,
        points: 0,
        category: 'makeup',
      })
      .execute();
    const found = await db
      .selectFrom('products')
      .select('sku')
      .where('search', 'like', `%${'ROSSETTO'.toLowerCase()}%`)
      .execute();
    expect(found).toEqual([{ sku: 'T-1' }]);
  });
});

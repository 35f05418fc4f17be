/**
 * The large data set for benchmarks, added to a demo-seeded database with set-based SQL (`INSERT ... SELECT` over
 * `generate_series`, pseudo-random choices from `hashint4`, so the result is the same every time):
 *
 * - `distributors` new consultants under partner@demo.test, grown level by level below its first four levels
 *   (about 2.5 recruits each);
 * - `orders` orders at warehouse 1 in a weighted mix of lifecycle statuses, with 1–4 lines each, totals from the
 *   lines, and an abridged history (creation, then the last transition), so `version` = 2 (1 for `placed`);
 * - the current month's orders (`monthLines`): completed orders of the distributors under partner@demo.test, six in
 *   ten new ones with one at least, then round after round of one more each until the month holds that many lines;
 * - every completed order credited by the volume engine (docs/adr/0084-one-engine-seed-included.md) at the moment it
 *   was completed: the volumes, ranks and the month's figures are the engine's, as in the demo.
 */
import { sql, type Kysely, type QueryResult, type RawBuilder, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { OrderStatus } from '../db/reference.ts';
import { DEFAULT_PERIOD_TIME_ZONE, monthBegins, monthStart } from '../domain/network/period.ts';
import { creditOrders } from '../domain/volumes/ledger.ts';
import { periodTimeZone } from '../domain/volumes/settings.ts';
import { recountHolds } from '../domain/stock/warehouse-stock.ts';
import { resetSequences } from './demo.ts';
import { bulkLoad } from './seed-tables.ts';
import { RO_FAMILY, RO_FEMALE, STREETS } from './people.ts';

export type LargeOptions = {
  distributors: number;
  orders: number;
  /** order lines completed in the current month (0: only a first order for six in ten new distributors) */
  monthLines?: number;
  now?: Date;
  log?: (message: string) => void;
};

/** status, weight, the event that reaches it, the status before it */
const STATUS_MIX: readonly (readonly [OrderStatus, number, string, OrderStatus])[] = [
  ['awaiting_warehouse', 6, 'SUBMIT', 'placed'],
  ['checking', 3, 'START_CHECK', 'awaiting_warehouse'],
  ['awaiting_distributor', 2, 'CONFIRM_PARTIAL', 'checking'],
  ['confirmed', 4, 'CONFIRM', 'checking'],
  ['prepared', 3, 'PREPARE', 'confirmed'],
  ['ready', 3, 'MARK_READY', 'prepared'],
  ['pickup_requested', 2, 'REQUEST_PICKUP', 'ready'],
  ['delivery_requested', 2, 'REQUEST_DELIVERY', 'ready'],
  ['delivery_processing', 1, 'PROCESS_DELIVERY', 'delivery_requested'],
  ['sent', 1, 'SEND', 'delivery_processing'],
  ['in_delivery', 2, 'OUT_FOR_DELIVERY', 'sent'],
  ['received', 3, 'HAND_OVER', 'pickup_requested'],
  ['completed', 25, 'COMPLETE', 'received'],
  ['sent_to_1c', 33, 'SEND_TO_1C', 'completed'],
  ['rejected', 3, 'REJECT', 'checking'],
  ['cancelled_by_distributor', 4, 'CANCEL', 'awaiting_warehouse'],
  ['cancelled_by_warehouse', 3, 'DECLINE', 'checking'],
];

const IN_PROGRESS = STATUS_MIX.map(([status]) => status).filter(
  (status) =>
    ![
      'completed',
      'sent_to_1c',
      'received',
      'rejected',
      'cancelled_by_distributor',
      'cancelled_by_warehouse',
    ].includes(status),
);
const CONFIRMED_OR_LATER = [
  'confirmed',
  'prepared',
  'ready',
  'pickup_requested',
  'delivery_requested',
  'delivery_processing',
  'sent',
  'in_delivery',
  'received',
  'completed',
  'sent_to_1c',
];
const PREPARED_OR_LATER = CONFIRMED_OR_LATER.slice(1);
const DELIVERY_ONLY = ['delivery_requested', 'delivery_processing', 'sent', 'in_delivery'];

const maxId = async (
  db: Kysely<DB>,
  table: 'users' | 'orders' | 'order_lines' | 'order_history',
): Promise<number> => {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst();
  return Number(row?.max ?? 0);
};

async function addDistributors(
  db: Kysely<DB>,
  count: number,
  now: Date,
  log: (message: string) => void,
): Promise<void> {
  const root = await db
    .selectFrom('users')
    .select(['id', 'path', 'depth', 'password_hash'])
    .where('email', '=', 'partner@demo.test')
    .executeTakeFirst();
  if (!root) throw new Error('partner@demo.test is missing: seed the demo data first');
  const firstNew = (await maxId(db, 'users')) + 1;
  const today = now.toISOString().slice(0, 10);
  let added = 0;
  let level = 0;
  let previous: readonly [number, number] | null = null;
  while (added < count) {
    const base = firstNew + added;
    // Parents: the first four levels of the demo downline, then the level just added.
    const parents: RawBuilder<unknown> = previous
      ? sql`p.id between ${previous[0]} and ${previous[1]}`
      : sql`p.path like ${`${root.path}%`} and p.depth <= ${root.depth + 3} and p.is_partner`;
    const result: QueryResult<unknown> = await sql`
      insert into users (id, email, password_hash, full_name, phone, city, lang, is_partner, warehouse_id,
                         email_confirmed, prn, sponsor_id, path, depth, rank, signing_date, created_at, updated_at)
      select n.id,
             'bench.' || n.id || '@bench.test',
             ${root.password_hash},
             (${RO_FEMALE}::text[])[1 + abs(hashint4(n.id)) % ${RO_FEMALE.length}] || ' ' ||
               (${RO_FAMILY}::text[])[1 + abs(hashint4(n.id + 7)) % ${RO_FAMILY.length}],
             '+373 6' || lpad((abs(hashint4(n.id + 3)) % 10000000)::text, 7, '0'),
             'Chișinău', 'ro', true, 1, true,
             'MD' || (1000000 + n.id),
             n.parent, n.parent_path || n.id || '.', n.parent_depth + 1, 'consultant',
             (${today}::date - (abs(hashint4(n.id + 11)) % 1500)),
             now(), now()
      from (
        select (${base - 1} + row_number() over (order by p.id, g))::int as id,
               p.id as parent, p.path as parent_path, p.depth as parent_depth
        from users p
        cross join lateral generate_series(1, 1 + abs(hashint4(p.id)) % 4) as g
        where ${parents}
        order by p.id, g
        limit ${count - added}
      ) n`.execute(db);
    const inserted: number = Number(result.numAffectedRows ?? 0n);
    if (inserted === 0) throw new Error('no parents to grow the downline from');
    previous = [base, base + inserted - 1];
    added += inserted;
    level++;
    log(`  level ${level}: ${inserted} distributors`);
  }
}

async function addOrders(db: Kysely<DB>, count: number, now: Date): Promise<void> {
  const firstOrder = (await maxId(db, 'orders')) + 1;
  const staff = await db
    .selectFrom('users')
    .select('id')
    .where('warehouse_id', '=', 1)
    .where('is_warehouse', '=', true)
    .where('is_partner', '=', false)
    .orderBy('id')
    .executeTakeFirst();
  if (!staff) throw new Error('warehouse 1 has no staff: seed the demo data first');
  const statuses = STATUS_MIX.flatMap(([status, weight]) => Array.from({ length: weight }, () => status));
  const events = STATUS_MIX.map(([, , event]) => event);
  const previous = STATUS_MIX.map(([, , , before]) => before);
  const names = STATUS_MIX.map(([status]) => status);
  const nowIso = now.toISOString();

  await sql`
    with customers as (
      select array_agg(id order by id) as ids from users where is_partner and warehouse_id = 1 and email_confirmed
    ), points as (
      select array_agg(id order by id) as ids from pickup_points where warehouse_id = 1
    ), picked as (
      select ${firstOrder - 1} + g as id,
             (${statuses}::text[])[1 + abs(hashint4(g)) % ${statuses.length}] as status,
             abs(hashint4(g + 1)) as h
      from generate_series(1, ${count}) as g
    ), shaped as (
      select p.*,
             case when p.status = 'pickup_requested' then 'pickup'
                  when p.status = any(${DELIVERY_ONLY}::text[]) then 'delivery'
                  when p.h % 5 < 3 then 'pickup' else 'delivery' end as delivery_type,
             case when p.h % 20 < 9 then 'card' else 'cash' end as payment_method,
             ${nowIso}::timestamptz - (case when p.status = any(${IN_PROGRESS}::text[])
                                            then (p.h % 14400) * interval '1 minute'
                                            else (5 * 1440 + p.h % (360 * 1440)) * interval '1 minute' end) as created_at
      from picked p
    )
    insert into orders (id, number, user_id, warehouse_id, status, payment_method, payment_state, delivery_type,
                        delivery_address, pickup_point_id, amount, discount, final_cost, points, currency,
                        warehouse_number, version, exchange_state, onec_document_number, exchanged_at, created_at, updated_at)
    select s.id, lpad(s.id::text, 6, '0'),
           c.ids[1 + s.h % cardinality(c.ids)], 1, s.status, s.payment_method,
           case when s.payment_method = 'cash' then 'not_required'
                when s.status = any(${PREPARED_OR_LATER}::text[]) then 'paid'
                when s.status = 'confirmed' then (array['need_pay', 'paid', 'pay_failed'])[1 + s.h % 3]
                else 'not_required' end,
           s.delivery_type,
           case when s.delivery_type = 'delivery' then jsonb_build_object(
             'postIndex', 'MD-2001', 'city', 'Chișinău',
             'street', (${STREETS}::text[])[1 + s.h % ${STREETS.length}],
             'house', (1 + s.h % 180)::text, 'apartment', (1 + s.h % 120)::text) end,
           case when s.delivery_type = 'pickup' then pp.ids[1 + s.h % cardinality(pp.ids)] end,
           0, 0, 0, 0, 'MDL',
           case when s.status = any(${CONFIRMED_OR_LATER}::text[]) then 'CHI-' || lpad(s.id::text, 6, '0') end,
           case when s.status = 'placed' then 1 else 2 end,
           case when s.status = 'sent_to_1c' then 'confirmed' end,
           case when s.status = 'sent_to_1c' then 'РН-' || lpad(s.id::text, 8, '0') end,
           case when s.status = 'sent_to_1c' then s.created_at + interval '3 days' end,
           s.created_at,
           s.created_at + (case when s.status = any(${IN_PROGRESS}::text[]) then interval '30 minutes' else interval '2 days' end)
    from shaped s, customers c, points pp`.execute(db);

  await sql`
    with product_ids as (
      select array_agg(id order by id) as ids from products
    )
    insert into order_lines (order_id, product_id, sku, name, list_price, price, points, requested_quantity, confirmed_quantity)
    select o.id, p.id, p.sku, p.name, p.price, coalesce(p.promo_price, p.price), p.points, q.quantity,
           case when o.status = 'rejected' then 0
                when o.status = 'awaiting_distributor' and k = 1 then q.quantity - 1
                when o.status = any(${CONFIRMED_OR_LATER}::text[]) or o.status = 'awaiting_distributor' then q.quantity end
    from orders o
    cross join product_ids a
    cross join lateral generate_series(1, 1 + abs(hashint4(o.id)) % 4) as k
    cross join lateral (select 1 + abs(hashint4(o.id * 4 + k)) % 3 + case when k = 1 then 1 else 0 end as quantity) q
    join products p on p.id = a.ids[1 + (abs(hashint4(o.id + 17)) + k * 37) % cardinality(a.ids)]
    where o.id >= ${firstOrder}`.execute(db);

  await sql`
    update orders o
    set amount = t.amount, final_cost = t.final_cost, discount = t.amount - t.final_cost, points = t.points,
        warehouse_total = case when o.warehouse_number is not null then t.final_cost end
    from (
      select order_id,
             sum(list_price * coalesce(confirmed_quantity, requested_quantity)) as amount,
             sum(price * coalesce(confirmed_quantity, requested_quantity)) as final_cost,
             sum(points * coalesce(confirmed_quantity, requested_quantity)) as points
      from order_lines where order_id >= ${firstOrder} group by order_id
    ) t
    where o.id = t.order_id`.execute(db);

  await sql`
    insert into order_history (order_id, at, actor_id, actor_role, from_status, to_status, event, comment)
    select o.id, o.created_at, o.user_id, 'partner', null, 'placed', 'CREATE', null
    from orders o where o.id >= ${firstOrder}
    union all
    select o.id, o.updated_at,
           case when t.event in ('SUBMIT') then null
                when t.event in ('REQUEST_PICKUP', 'REQUEST_DELIVERY', 'CANCEL') then o.user_id
                else ${staff.id} end,
           case when t.event = 'SUBMIT' then 'system'
                when t.event in ('REQUEST_PICKUP', 'REQUEST_DELIVERY', 'CANCEL') then 'partner'
                else 'warehouse' end,
           t.before, o.status, t.event,
           case when o.status in ('rejected', 'cancelled_by_warehouse') then 'Нет в наличии на складе' end
    from orders o
    join unnest(${names}::text[], ${events}::text[], ${previous}::text[]) as t(status, event, before) on t.status = o.status
    where o.id >= ${firstOrder} and o.status <> 'placed'`.execute(db);
  await sql`
    update orders set cancel_reason = 'Нет в наличии на складе'
    where id >= ${firstOrder} and status in ('rejected', 'cancelled_by_warehouse', 'cancelled_by_distributor')`.execute(
    db,
  );
}

/** The current month's completed orders (abridged history, as `addOrders`'), until the month holds `lines` lines. */
async function addMonthOrders(
  db: Kysely<DB>,
  options: { firstNew: number; lines: number; now: Date; zone: string },
): Promise<void> {
  const root = await db
    .selectFrom('users')
    .select('path')
    .where('email', '=', 'partner@demo.test')
    .executeTakeFirstOrThrow();
  const begins = monthBegins(monthStart(options.now, 0, options.zone), options.zone);
  const span = Math.max(60, Math.floor((options.now.getTime() - 60_000 - begins.getTime()) / 1000));
  const staff = await db
    .selectFrom('users')
    .select('id')
    .where('warehouse_id', '=', 1)
    .where('is_warehouse', '=', true)
    .where('is_partner', '=', false)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  for (let round = 0; ; round++) {
    const counted = await sql<{ n: number }>`
      select count(*)::int as n from order_lines l join orders o on o.id = l.order_id
      where o.status = 'completed' and o.updated_at >= ${begins}`.execute(db);
    const have = counted.rows[0]?.n ?? 0;
    if (round > 0 && have >= options.lines) return;
    const firstOrder = (await maxId(db, 'orders')) + 1;
    // Round 0: six in ten of the new distributors (their first order); later rounds: everyone below the root.
    const who =
      round === 0
        ? sql`u.id >= ${options.firstNew} and abs(hashint4(u.id + 5)) % 10 < 6`
        : sql`u.path like ${`${root.path}%`} and u.is_partner`;
    await sql`
      with points as (select array_agg(id order by id) as ids from pickup_points where warehouse_id = 1),
      members as (select u.id, row_number() over (order by u.id) as k from users u where ${who})
      insert into orders (id, number, user_id, warehouse_id, status, payment_method, payment_state, delivery_type,
                          pickup_point_id, amount, discount, final_cost, points, currency, warehouse_number, version,
                          created_at, updated_at)
      select ${firstOrder - 1} + m.k, lpad((${firstOrder - 1} + m.k)::text, 6, '0'), m.id, 1, 'completed', 'cash',
             'not_required', 'pickup', p.ids[1 + abs(hashint4(m.id + ${round})) % cardinality(p.ids)], 0, 0, 0, 0, 'MDL',
             'CHI-' || lpad((${firstOrder - 1} + m.k)::text, 6, '0'), 2,
             ${begins}::timestamptz + (abs(hashint4(m.id * 31 + ${round})) % ${span}) * interval '1 second'
               - interval '2 days',
             ${begins}::timestamptz + (abs(hashint4(m.id * 31 + ${round})) % ${span}) * interval '1 second'
      from members m, points p`.execute(db);
    await sql`
      with product_ids as (select array_agg(id order by id) as ids from products where points > 0)
      insert into order_lines (order_id, product_id, sku, name, list_price, price, points, requested_quantity,
                               confirmed_quantity)
      select o.id, p.id, p.sku, p.name, p.price, coalesce(p.promo_price, p.price), p.points, q.quantity, q.quantity
      from orders o
      cross join product_ids a
      cross join lateral generate_series(1, 1 + abs(hashint4(o.id)) % 4) as k
      cross join lateral (select 1 + abs(hashint4(o.id * 4 + k)) % 3 as quantity) q
      join products p on p.id = a.ids[1 + (abs(hashint4(o.id + 17)) + k * 37) % cardinality(a.ids)]
      where o.id >= ${firstOrder}`.execute(db);
    await sql`
      update orders o
      set amount = t.amount, final_cost = t.final_cost, discount = t.amount - t.final_cost, points = t.points,
          warehouse_total = t.final_cost
      from (
        select order_id, sum(list_price * confirmed_quantity) as amount, sum(price * confirmed_quantity) as final_cost,
               sum(points * confirmed_quantity) as points
        from order_lines where order_id >= ${firstOrder} group by order_id
      ) t
      where o.id = t.order_id`.execute(db);
    await sql`
      insert into order_history (order_id, at, actor_id, actor_role, from_status, to_status, event, comment)
      select o.id, o.created_at, o.user_id, 'partner', null, 'placed', 'CREATE', null
      from orders o where o.id >= ${firstOrder}
      union all
      select o.id, o.updated_at, ${staff.id}, 'warehouse', 'received', 'completed', 'COMPLETE', null
      from orders o where o.id >= ${firstOrder}`.execute(db);
    if (options.lines === 0) return;
  }
}

/** Credits every completed order from `firstOrder` on through the volume engine, at the time it was completed. */
async function creditLarge(db: Transaction<DB>, firstOrder: number): Promise<number> {
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'updated_at'])
    .where('id', '>=', firstOrder)
    .where('status', 'in', ['completed', 'sent_to_1c'])
    .orderBy('id')
    .execute();
  const chunk = 50_000;
  for (let i = 0; i < rows.length; i += chunk)
    await creditOrders(
      db,
      rows.slice(i, i + chunk).map((row) => ({ orderId: row.id, at: row.updated_at })),
    );
  return rows.length;
}

/** Adds the large data set; returns the time each part took. */
export async function seedLarge(db: Kysely<DB>, options: LargeOptions): Promise<void> {
  const now = options.now ?? new Date();
  const log = options.log ?? (() => undefined);
  const time = async (label: string, work: () => Promise<void>) => {
    const started = performance.now();
    await work();
    log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };
  await db.transaction().execute(async (trx) => {
    // A bulk load is no live change: no events (migration 0004).
    await sql`set local mlm.events = 'off'`.execute(trx);
    const zone = (await periodTimeZone(trx)) ?? DEFAULT_PERIOD_TIME_ZONE;
    const firstNew = (await maxId(trx, 'users')) + 1;
    const firstOrder = (await maxId(trx, 'orders')) + 1;
    await bulkLoad(trx, ['orders', 'order_lines', 'order_history'], async () => {
      if (options.distributors > 0)
        await time(`${options.distributors} distributors`, () =>
          addDistributors(trx, options.distributors, now, log),
        );
      if (options.orders > 0)
        await time(`${options.orders} orders`, () => addOrders(trx, options.orders, now));
      if (options.distributors > 0 || (options.monthLines ?? 0) > 0)
        await time(`this month's orders (${options.monthLines ?? 0} lines)`, () =>
          addMonthOrders(trx, { firstNew, lines: options.monthLines ?? 0, now, zone }),
        );
    });
    await sql`analyze orders, order_lines, users, monthly_volumes`.execute(trx);
    await time('credited by the volume engine', async () => {
      log(`  ${await creditLarge(trx, firstOrder)} completed orders`);
    });
    // The open orders hold their stock, as the demo's do: without it 1C's news of such an order would release
    // units nobody held. The warehouses get those units on top of their stock, so what is available stays the demo's.
    await time('stock held by open orders', async () => {
      await sql`update warehouse_stock set quantity = greatest(quantity - held, 0)`.execute(trx);
      await recountHolds(trx);
      await sql`update warehouse_stock set quantity = quantity + held`.execute(trx);
    });
    await resetSequences(trx);
  });
  await time('analyze', async () => {
    await sql`analyze`.execute(db);
  });
}

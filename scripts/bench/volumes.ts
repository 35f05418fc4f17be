/**
 * The volume engine's costs (docs/adr/0080-volume-engine.md, 0083, 0085), part of `npm run bench:api`, on the large
 * set, each as a ratio to a yardstick measured in the same run:
 *
 * - completing an order whose buyer has 20 sponsors (the credit, the roll-up, the live events) against completing
 *   an order that credits nothing (a customer without a partner contract): the same call, interleaved, p50 and p95;
 *   goal ≤ 1.5×;
 * - `GET /users/bonus/current` of partner@demo.test (the root of the whole set) against `GET /users/me`, interleaved;
 *   goal ≤ 3×;
 * - closing the open month (every distributor, the month's ≥ 1M order lines credited) against one
 *   `sum(points) group by buyer` pass over the same lines; goals ≤ 10 s and ≤ 3×. Last, as it closes the month.
 *   Telling the members afterwards (a statement message each, in batches) is timed and printed on its own.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../server/db/schema.ts';
import { dueAt, closePeriod } from '../../server/domain/volumes/close.ts';
import { monthStart } from '../../server/domain/network/period.ts';
import { tellClosedMonths } from '../../server/domain/volumes/statement-messages.ts';

export interface VolumesBenchInput {
  db: Kysely<DB>;
  /** an HTTP call against the running app: (method, path, token) → status and text */
  call: (method: 'GET' | 'POST', path: string, token: string) => Promise<{ status: number; text: string }>;
  login: (email: string) => Promise<string>;
  zone: string;
  requests: number;
  log: (message: string) => void;
}

export const GOAL_COMPLETE_RATIO = 1.5;
export const GOAL_ESTIMATE_RATIO = 3;
export const GOAL_CLOSE_SECONDS = 10;
export const GOAL_CLOSE_RATIO = 3;

const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN
  );
};

/** `count` orders of `userId` at warehouse 1 waiting in `received`, two lines each; answers their ids. */
async function receivedOrders(db: Kysely<DB>, userId: number, count: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    with point as (select id from pickup_points where warehouse_id = 1 order by id limit 1)
    insert into orders (user_id, warehouse_id, status, payment_method, delivery_type, pickup_point_id, amount,
      final_cost, points, warehouse_number, version, created_at, updated_at)
    select ${userId}, 1, 'received', 'cash', 'pickup', point.id, 0, 0, 0, 'CHI-B' || g, 1, now(), now()
    from generate_series(1, ${count}) g, point
    returning id`.execute(db);
  const ids = rows.map((row) => row.id);
  await sql`
    insert into order_lines (order_id, product_id, sku, name, list_price, price, points, requested_quantity,
      confirmed_quantity)
    select o.id, p.id, p.sku, p.name, p.price, p.price, p.points, 2, 2
    from unnest(${ids}::int[]) as o(id)
    cross join lateral (select * from products where points > 0 order by id offset (o.id % 50) limit 2) p`.execute(
    db,
  );
  return ids;
}

export async function benchVolumes(input: VolumesBenchInput): Promise<void> {
  const { db, call, log } = input;
  const partner = await db
    .selectFrom('users')
    .select(['id'])
    .where('email', '=', 'partner@demo.test')
    .executeTakeFirstOrThrow();
  const customer = await db
    .selectFrom('users')
    .select(['id'])
    .where('email', '=', 'user@demo.test')
    .executeTakeFirstOrThrow();
  // A line of 19 new distributors under partner@demo.test and a buyer at its end: 20 sponsors above the buyer.
  const first = Number(
    (await sql<{ n: number }>`select max(id) + 1 as n from users`.execute(db)).rows[0]?.n ?? 1,
  );
  await sql`
    insert into users (id, email, password_hash, full_name, is_partner, warehouse_id, email_confirmed, sponsor_id,
      rank, signing_date)
    select ${first} + g, 'line.' || g || '@bench.test', 'x', 'Line ' || g, true, 1, true,
      case when g = 0 then ${partner.id} else ${first} + g - 1 end, 'consultant', current_date
    from generate_series(0, 19) g order by g`.execute(db);
  await sql`select setval(pg_get_serial_sequence('users', 'id'), ${first + 20})`.execute(db);
  const buyer = first + 19;
  const depth = await db.selectFrom('users').select('path').where('id', '=', buyer).executeTakeFirstOrThrow();
  const sponsors = depth.path.split('.').filter(Boolean).length - 1;
  const n = input.requests;
  const withRollUp = await receivedOrders(db, buyer, n + 10);
  const without = await receivedOrders(db, customer.id, n + 10);
  const warehouse = await input.login('warehouse@demo.test');
  const complete = async (id: number): Promise<number> => {
    const t0 = performance.now();
    const answer = await call('POST', `/orders/set/${id}/status?status=completed&version=1`, warehouse);
    const ms = performance.now() - t0;
    if (answer.status !== 200)
      throw new Error(`complete ${id}: ${answer.status} ${answer.text.slice(0, 200)}`);
    return ms;
  };
  for (let i = 0; i < 10; i++) {
    await complete(withRollUp[n + i] ?? 0);
    await complete(without[n + i] ?? 0);
  }
  const rolled: number[] = [];
  const plain: number[] = [];
  for (let i = 0; i < n; i++) {
    if (i % 2 === 0) {
      rolled.push(await complete(withRollUp[i] ?? 0));
      plain.push(await complete(without[i] ?? 0));
    } else {
      plain.push(await complete(without[i] ?? 0));
      rolled.push(await complete(withRollUp[i] ?? 0));
    }
  }
  const ratio = (a: readonly number[], b: readonly number[], p: number) =>
    percentile(a, p) / percentile(b, p);
  log(`\nvolumes: completing an order (${n} each, interleaved)`);
  log(
    `  with a roll-up through ${sponsors} sponsors: p50 ${percentile(rolled, 50).toFixed(1)} ms, p95 ${percentile(rolled, 95).toFixed(1)} ms`,
  );
  log(
    `  crediting nothing (a customer's order):  p50 ${percentile(plain, 50).toFixed(1)} ms, p95 ${percentile(plain, 95).toFixed(1)} ms`,
  );
  const completeP50 = ratio(rolled, plain, 50);
  const completeP95 = ratio(rolled, plain, 95);
  log(
    `  ratio p50 ${completeP50.toFixed(2)}×, p95 ${completeP95.toFixed(2)}× (goal ≤ ${GOAL_COMPLETE_RATIO}×): ${completeP50 <= GOAL_COMPLETE_RATIO && completeP95 <= GOAL_COMPLETE_RATIO ? 'GOAL MET' : 'GOAL NOT MET'}`,
  );

  const partnerToken = await input.login('partner@demo.test');
  const timed = async (path: string): Promise<number> => {
    const t0 = performance.now();
    const answer = await call('GET', path, partnerToken);
    const ms = performance.now() - t0;
    if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.text.slice(0, 200)}`);
    return ms;
  };
  for (let i = 0; i < 10; i++) {
    await timed('/users/bonus/current');
    await timed('/users/me');
  }
  const estimate: number[] = [];
  const me: number[] = [];
  for (let i = 0; i < n; i++) {
    estimate.push(await timed('/users/bonus/current'));
    me.push(await timed('/users/me'));
  }
  const estimateP50 = ratio(estimate, me, 50);
  const estimateP95 = ratio(estimate, me, 95);
  log(`\nvolumes: this month's bonus of the root (${n} each, interleaved)`);
  log(
    `  GET /users/bonus/current: p50 ${percentile(estimate, 50).toFixed(1)} ms, p95 ${percentile(estimate, 95).toFixed(1)} ms`,
  );
  log(
    `  GET /users/me:            p50 ${percentile(me, 50).toFixed(1)} ms, p95 ${percentile(me, 95).toFixed(1)} ms`,
  );
  log(
    `  ratio p50 ${estimateP50.toFixed(2)}×, p95 ${estimateP95.toFixed(2)}× (goal ≤ ${GOAL_ESTIMATE_RATIO}×): ${estimateP50 <= GOAL_ESTIMATE_RATIO && estimateP95 <= GOAL_ESTIMATE_RATIO ? 'GOAL MET' : 'GOAL NOT MET'}`,
  );

  // The close of the open month, last: every distributor, every line of the month (the oldest open month: the set
  // was built in an earlier month when the current one has no figures yet).
  const open = await db
    .selectFrom('monthly_volumes')
    .select((eb) => eb.fn.min('month').as('month'))
    .where('closed', '=', false)
    .executeTakeFirst();
  const month = open?.month ?? monthStart(new Date(), 0, input.zone);
  const sizes = await sql<{ members: number; lines: number; orders: number }>`
    select (select count(*)::int from users where is_partner) as members,
      (select count(*)::int from volume_credits c join order_lines l on l.order_id = c.order_id
       where c.period = ${month}::date and c.kind = 'credit') as lines,
      (select count(*)::int from volume_credits where period = ${month}::date and kind = 'credit') as orders`.execute(
    db,
  );
  const size = sizes.rows[0];
  const pass = async (): Promise<number> => {
    const t0 = performance.now();
    await sql`
      select o.user_id, sum(l.points * coalesce(l.confirmed_quantity, l.requested_quantity)) as points
      from volume_credits c join orders o on o.id = c.order_id join order_lines l on l.order_id = o.id
      where c.period = ${month}::date and c.kind = 'credit'
      group by o.user_id`.execute(db);
    return (performance.now() - t0) / 1000;
  };
  await pass();
  const passes = [await pass(), await pass(), await pass()];
  const passSeconds = percentile(passes, 50);
  const now = new Date(Math.max(Date.now(), dueAt(month, input.zone, 0).getTime() + 3_600_000));
  const t0 = performance.now();
  const closed = await closePeriod(db, { month: month.slice(0, 7), now, zone: input.zone });
  const closeSeconds = (performance.now() - t0) / 1000;
  log(
    `\nvolumes: closing ${month.slice(0, 7)}: ${size?.members ?? 0} distributors, ${size?.orders ?? 0} orders, ${size?.lines ?? 0} order lines`,
  );
  log(
    `  the close: ${closeSeconds.toFixed(2)} s (${closed.totals.lines} bonus lines, ${closed.totals.members} members closed)`,
  );
  log(`  one sum(points) group by buyer pass over the same lines: ${passSeconds.toFixed(2)} s (median of 3)`);
  // Telling every member afterwards is its own work, batch by batch, not part of the close (ADR 0139).
  const t1 = performance.now();
  const told = await tellClosedMonths(db);
  log(
    `  then telling the members: ${told} statement messages in ${((performance.now() - t1) / 1000).toFixed(2)} s (batches of 5,000, each its own transaction)`,
  );
  const closeRatio = closeSeconds / passSeconds;
  log(
    `  ratio ${closeRatio.toFixed(2)}× (goals ≤ ${GOAL_CLOSE_SECONDS} s and ≤ ${GOAL_CLOSE_RATIO}×): ${closeSeconds <= GOAL_CLOSE_SECONDS && closeRatio <= GOAL_CLOSE_RATIO ? 'GOAL MET' : 'GOAL NOT MET'}`,
  );
}

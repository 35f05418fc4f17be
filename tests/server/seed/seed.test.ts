import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '#server/auth/password.ts';
import type { Database } from '#server/db/database.ts';
import { tokenHash } from '#server/domain/account/one-time-tokens.ts';
import { CATEGORIES, LANGS, ORDER_STATUSES, QUALIFICATIONS, RANKS } from '#server/db/reference.ts';
import { DEMO_ACCOUNTS } from '#server/seed/accounts.ts';
import { buildCatalogue } from '#server/seed/catalogue.ts';
import { stepsTo } from '#server/seed/orders.ts';
import { Prng } from '#server/seed/prng.ts';
import { freshDatabase } from '../../support/server/db.ts';
import { allowedEvents } from '#machines/order-lifecycle/order-lifecycle.transitions.ts';
import { isTerminal } from '#machines/order-lifecycle/order-lifecycle.status.rules.ts';
import { LIFECYCLE_ROLES } from '#machines/order-lifecycle/order-lifecycle.types.ts';
import { factsOf } from '#server/domain/orders/persist.ts';
import { liveBonus } from '#server/domain/volumes/statements.ts';

const roleOf = (user: { is_partner: boolean; is_warehouse: boolean }) =>
  user.is_partner && user.is_warehouse
    ? 'partner_warehouse'
    : user.is_warehouse
      ? 'warehouse'
      : user.is_partner
        ? 'partner'
        : 'user';

describe('the demo seed', () => {
  let database: Database;

  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('creates every demo account with its role, confirmation state and password', async () => {
    const users = await database.db
      .selectFrom('users')
      .select([
        'email',
        'password_hash',
        'is_partner',
        'is_warehouse',
        'email_confirmed',
        'warehouse_id',
        'prn',
      ])
      .where(
        'email',
        'in',
        DEMO_ACCOUNTS.map((account) => account.email),
      )
      .execute();
    expect(users).toHaveLength(DEMO_ACCOUNTS.length);
    for (const account of DEMO_ACCOUNTS) {
      const user = users.find((row) => row.email === account.email);
      expect(user, account.email).toBeDefined();
      if (!user) continue;
      expect(roleOf(user), account.email).toBe(account.role);
      expect(user.email_confirmed, account.email).toBe(account.emailConfirmed);
      expect(await verifyPassword(account.password, user.password_hash), account.email).toBe(true);
      expect(await verifyPassword('wrong-password', user.password_hash)).toBe(false);
      if (account.role === 'partner' || account.role === 'partner_warehouse')
        expect(user.prn).toMatch(/^MD\d{7}$/);
    }
    const staff = users.filter((user) => user.email.startsWith('warehouse'));
    expect(staff.map((user) => user.warehouse_id)).toEqual([1, 1]);
    expect(users.find((user) => user.email === 'pw@demo.test')?.warehouse_id).toBe(2);
  });

  it('keeps the confirmation link of the unconfirmed account: its hash, and its token in the message only', async () => {
    const rows = await database.db
      .selectFrom('outbox')
      .innerJoin('users', 'users.id', 'outbox.user_id')
      .innerJoin('messages', (join) =>
        join.onRef(sql`'account.confirm_email:' || outbox.id`, '=', 'messages.key'),
      )
      .select([
        'outbox.kind',
        'outbox.token_hash',
        'outbox.payload',
        'outbox.used_at',
        'outbox.expires_at',
        'users.email',
        'messages.secret',
      ])
      .execute();
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({ kind: 'email_confirmation', email: 'unconfirmed@demo.test', used_at: null });
    expect(row?.secret).toMatch(/^ec_/);
    expect(row?.token_hash).toBe(tokenHash(row?.secret ?? ''));
    expect(JSON.stringify(row?.payload)).not.toContain(row?.secret ?? '-');
    expect(row?.expires_at.getTime()).toBeGreaterThan(Date.now());
  });

  it('gives each demo account one or two addresses, exactly one of them default', async () => {
    const rows = await database.db
      .selectFrom('addresses')
      .innerJoin('users', 'users.id', 'addresses.user_id')
      .select([
        'users.email',
        (eb) => eb.fn.countAll<number>().as('count'),
        sql<number>`count(*) filter (where is_default)`.as('defaults'),
      ])
      .groupBy('users.email')
      .execute();
    expect(rows.map((row) => row.email).sort()).toEqual(DEMO_ACCOUNTS.map((account) => account.email).sort());
    for (const row of rows) {
      expect(row.count).toBeGreaterThanOrEqual(1);
      expect(row.count).toBeLessThanOrEqual(2);
      expect(row.defaults).toBe(1);
    }
  });

  it('builds about 150 products in three categories with five distinct translations each', async () => {
    const products = await database.db.selectFrom('products').selectAll().execute();
    expect(products.length).toBeGreaterThanOrEqual(140);
    expect(new Set(products.map((product) => product.category))).toEqual(new Set(CATEGORIES));
    for (const product of products) {
      for (const field of [product.name, product.description]) {
        const texts = LANGS.map((lang) => field[lang]);
        expect(
          texts.every((text) => text.length > 3),
          product.sku,
        ).toBe(true);
        expect(new Set(texts).size, `${product.sku}: ${texts.join(' | ')}`).toBe(LANGS.length);
      }
      expect(product.name.ru, product.sku).toMatch(/[а-яё]/i);
      expect(product.name.uk, product.sku).toMatch(/[а-яіїєґ]/i);
      expect(product.price % 100, 'whole lei').toBe(0);
    }
    const promotions = products.filter((product) => product.is_promotion);
    expect(promotions.length).toBeGreaterThanOrEqual(15);
    expect(promotions.length).toBeLessThanOrEqual(25);
    for (const product of promotions) expect(product.promo_price ?? Infinity).toBeLessThan(product.price);
    const stock = await database.db.selectFrom('warehouse_stock').selectAll().execute();
    expect(stock.some((row) => row.warehouse_id === 1 && row.quantity === 0)).toBe(true);
    expect(products.some((product) => product.points === 0)).toBe(true);
    expect(products.every((product) => typeof product.points === 'number')).toBe(true);
    expect(new Set(products.map((product) => product.name.en)).size).toBe(products.length);
  });

  it('has three warehouses with one to three pickup points each, named in every language', async () => {
    const points = await database.db.selectFrom('pickup_points').select(['warehouse_id', 'name']).execute();
    const perWarehouse = new Map<number, number>();
    for (const point of points) {
      perWarehouse.set(point.warehouse_id, (perWarehouse.get(point.warehouse_id) ?? 0) + 1);
      expect(new Set(LANGS.map((lang) => point.name[lang])).size).toBeGreaterThanOrEqual(4);
    }
    expect([...perWarehouse.keys()].sort()).toEqual([1, 2, 3]);
    for (const count of perWarehouse.values()) expect(count).toBeGreaterThanOrEqual(1);
    for (const count of perWarehouse.values()) expect(count).toBeLessThanOrEqual(3);
  });

  it('grows a downline of about 2,000 distributors over 8 levels under partner@demo.test', async () => {
    const root = await database.db
      .selectFrom('users')
      .select(['id', 'path', 'rank'])
      .where('email', '=', 'partner@demo.test')
      .executeTakeFirstOrThrow();
    const stats = await database.db
      .selectFrom('users')
      .select([(eb) => eb.fn.countAll<number>().as('count'), (eb) => eb.fn.max('depth').as('deepest')])
      .where('path', 'like', `${root.path}%`)
      .where('id', '<>', root.id)
      .executeTakeFirstOrThrow();
    expect(stats.count).toBeGreaterThanOrEqual(1900);
    expect(stats.count).toBeLessThanOrEqual(2100);
    expect(stats.deepest).toBe(8);
    // Paths agree with sponsors everywhere.
    const broken = await sql<{ count: number }>`
      select count(*) as count from users u join users s on s.id = u.sponsor_id
      where u.path <> s.path || u.id || '.' or u.depth <> s.depth + 1`.execute(database.db);
    expect(broken.rows[0]?.count).toBe(0);
    const ranks = await database.db
      .selectFrom('users')
      .select('rank')
      .distinct()
      .where('path', 'like', `${root.path}%`)
      .execute();
    expect(ranks.length).toBeGreaterThanOrEqual(4);
    for (const { rank } of ranks) expect(RANKS.map((r) => r.code)).toContain(rank);
  });

  it('keeps 12 months of volumes and bonuses, every month closed but the current one', async () => {
    const partner = await database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'partner@demo.test')
      .executeTakeFirstOrThrow();
    const months = await database.db
      .selectFrom('monthly_volumes')
      .selectAll()
      .where('user_id', '=', partner.id)
      .orderBy('month')
      .execute();
    expect(months).toHaveLength(12);
    expect(months.slice(0, 11).every((month) => month.closed)).toBe(true);
    expect(months[11]?.closed).toBe(false);
    const now = new Date();
    expect(months[11]?.month).toBe(
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString().slice(0, 10),
    );
    for (const month of months) {
      expect(month.gv).toBeGreaterThanOrEqual(month.pgv);
      expect(month.pgv).toBeGreaterThanOrEqual(month.pv);
      // A closed month's bonus is stored by its close; the open month's is computed when read (ADR 0085).
      if (month.closed) expect(month.bonus).toBeGreaterThan(0);
      else expect((await liveBonus(database.db, partner.id, month.month)).total).toBeGreaterThan(0);
    }
    // GV is the PV of the whole subtree, month by month.
    const check = await sql<{ gv: number; subtree: number }>`
      select v.gv, (select sum(x.pv) from monthly_volumes x join users d on d.id = x.user_id
                     where d.path like u.path || '%' and x.month = v.month) as subtree
      from monthly_volumes v join users u on u.id = v.user_id
      where u.email = 'partner@demo.test'`.execute(database.db);
    for (const row of check.rows) expect(row.gv).toBeCloseTo(row.subtree, 1);
    const qualificationCodes = await database.db
      .selectFrom('qualifications')
      .select('code')
      .distinct()
      .execute();
    for (const { code } of qualificationCodes) expect(QUALIFICATIONS.map((q) => q.code)).toContain(code);
    expect(qualificationCodes.length).toBeGreaterThanOrEqual(6);
  });

  it('makes every figure the sum of its orders: each completed order credited once, in the month it was completed', async () => {
    const { db } = database;
    // Every completed order of a partner that carries points has one credit of exactly its lines' points, in the
    // month of its completion (an order without points moves no volume, so it has no credit).
    const credits = await sql<{ problem: string }>`
      select o.number || ': ' || coalesce(c.points::text, 'no credit') || ' / ' || l.points::text
        || ' / ' || coalesce(c.period::text, '') || ' vs ' || volume_period(h.at)::text as problem
      from orders o
      join (select order_id, sum(points * coalesce(confirmed_quantity, requested_quantity)) as points
            from order_lines group by order_id) l on l.order_id = o.id
      join order_history h on h.order_id = o.id and h.event = 'COMPLETE'
      left join volume_credits c on c.order_id = o.id and c.kind = 'credit'
      join users u on u.id = o.user_id and u.is_partner
      where o.status in ('completed', 'sent_to_1c') and l.points > 0
        and (c.id is null or c.points <> l.points or c.period <> volume_period(h.at))`.execute(db);
    expect(credits.rows.map((row) => row.problem)).toEqual([]);
    const stray = await sql<{ n: number }>`
      select count(*)::int as n from volume_credits c join orders o on o.id = c.order_id
      where o.status not in ('completed', 'sent_to_1c')`.execute(db);
    expect(stray.rows[0]?.n).toBe(0);
    // PV is the month's credits; GV the PV of the subtree, month by month, for every member.
    const pv = await sql<{ n: number }>`
      select count(*)::int as n from monthly_volumes m
      where m.pv <> coalesce((select sum(c.points) from volume_credits c
                              where c.user_id = m.user_id and c.period = m.month), 0)`.execute(db);
    expect(pv.rows[0]?.n).toBe(0);
    const gv = await sql<{ n: number }>`
      select count(*)::int as n from monthly_volumes m join users u on u.id = m.user_id
      where m.gv <> coalesce((select sum(c.points) from volume_credits c
                              where c.period = m.month and c.path like u.path || '%'), 0)`.execute(db);
    expect(gv.rows[0]?.n).toBe(0);
  });

  it('gives partner@demo.test about 30 clients, a cart and a wishlist', async () => {
    const partner = await database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'partner@demo.test')
      .executeTakeFirstOrThrow();
    const count = async (table: 'clients' | 'carts' | 'wishlist') => {
      const column = table === 'clients' ? 'owner_id' : 'user_id';
      const row = await database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where(column, '=', partner.id)
        .executeTakeFirstOrThrow();
      return row.count;
    };
    // 30 of their own and client@demo.test, who signed up in their shop (server/seed/demo-shop.ts).
    expect(await count('clients')).toBe(31);
    expect(await count('carts')).toBeGreaterThan(0);
    expect(await count('wishlist')).toBeGreaterThan(0);
  });

  it('places about 200 orders in every lifecycle status, with partner@demo.test having one in each at warehouse 1, and the orders behind 12 months of volumes', async () => {
    const counts = await sql<{ open: number; done: number }>`
      select count(*) filter (where status not in ('completed', 'sent_to_1c'))::int as open,
        count(*) filter (where status in ('completed', 'sent_to_1c'))::int as done
      from orders`.execute(database.db);
    // The lifecycle's demo orders still waiting or cancelled (about 120 of the 200), and some 16,000 completed
    // orders: the demo's lifecycle orders that ended, and one for each member's month of volume.
    expect(counts.rows[0]?.open).toBeGreaterThanOrEqual(90);
    expect(counts.rows[0]?.open).toBeLessThanOrEqual(160);
    expect(counts.rows[0]?.done).toBeGreaterThanOrEqual(12_000);
    expect(counts.rows[0]?.done).toBeLessThanOrEqual(20_000);
    const statuses = await database.db
      .selectFrom('orders')
      .innerJoin('users', 'users.id', 'orders.user_id')
      .select('orders.status')
      .distinct()
      .where('users.email', '=', 'partner@demo.test')
      .where('orders.warehouse_id', '=', 1)
      .execute();
    // `placed` is transient (the lifecycle moves a new order on by itself): no seeded order rests there.
    expect(statuses.map((row) => row.status).sort()).toEqual(
      ORDER_STATUSES.filter((status) => status !== 'placed').sort(),
    );
  });

  it('leaves no order in a status nobody can move on (issue 10)', async () => {
    const { db } = database;
    const orders = await db.selectFrom('orders').selectAll().execute();
    const lines = await db
      .selectFrom('order_lines as l')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      .leftJoin('warehouse_stock as s', (join) =>
        join.onRef('s.product_id', '=', 'l.product_id').onRef('s.warehouse_id', '=', 'o.warehouse_id'),
      )
      .select([
        'l.id',
        'l.order_id',
        'l.product_id',
        'l.list_price',
        'l.price',
        'l.points',
        'l.requested_quantity',
        'l.confirmed_quantity',
        sql<number>`coalesce(s.quantity, 0) - coalesce(s.held, 0)`.as('stock'),
      ])
      .execute();
    expect(orders.filter((order) => order.status === 'placed')).toEqual([]);
    const stuck = orders.filter((order) => {
      if (isTerminal(order.status)) return false;
      const facts = factsOf(
        order,
        lines.filter((line) => line.order_id === order.id),
      );
      return LIFECYCLE_ROLES.every((role) => allowedEvents(facts, role).length === 0);
    });
    expect(stuck.map((order) => `${order.number} ${order.status}`)).toEqual([]);
  });

  it('keeps every order consistent with its history, lines, totals and payment', async () => {
    const { db } = database;
    const orders = await db.selectFrom('orders').selectAll().execute();
    const lines = await db.selectFrom('order_lines').selectAll().execute();
    const history = await db
      .selectFrom('order_history')
      .selectAll()
      .orderBy('order_id')
      .orderBy('at')
      .orderBy('id')
      .execute();
    const payments = await db.selectFrom('payments').selectAll().execute();
    const refunds = await db.selectFrom('payment_refunds').selectAll().execute();
    const pickupPoints = await db.selectFrom('pickup_points').select(['id', 'warehouse_id']).execute();
    const afterPreparation = new Set([
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
    ]);
    const group = <T extends { order_id: number }>(rows: readonly T[]) => {
      const byOrder = new Map<number, T[]>();
      for (const row of rows) byOrder.set(row.order_id, [...(byOrder.get(row.order_id) ?? []), row]);
      return byOrder;
    };
    const historyOf = group(history);
    const linesOf = group(lines);
    const paymentsOf = group(payments);
    for (const order of orders) {
      const own = historyOf.get(order.id) ?? [];
      const label = `order ${order.number} (${order.status})`;
      expect(order.version, label).toBe(own.length);
      expect(own[0]?.event, label).toBe('CREATE');
      expect(own[own.length - 1]?.to_status, label).toBe(order.status);
      for (let i = 1; i < own.length; i++) {
        expect(own[i]?.from_status, label).toBe(own[i - 1]?.to_status);
        expect(own[i]?.at.getTime(), label).toBeGreaterThanOrEqual(own[i - 1]?.at.getTime() ?? 0);
      }
      expect(order.updated_at.getTime(), label).toBe(own[own.length - 1]?.at.getTime());
      expect(order.updated_at.getTime(), label).toBeLessThanOrEqual(Date.now());

      const orderLines = linesOf.get(order.id) ?? [];
      expect(orderLines.length, label).toBeGreaterThan(0);
      const quantity = (line: (typeof orderLines)[number]) =>
        line.confirmed_quantity ?? line.requested_quantity;
      expect(order.amount, label).toBe(
        orderLines.reduce((sum, line) => sum + line.list_price * quantity(line), 0),
      );
      expect(order.final_cost, label).toBe(
        orderLines.reduce((sum, line) => sum + line.price * quantity(line), 0),
      );
      expect(order.discount, label).toBe(order.amount - order.final_cost);

      if (order.delivery_type === 'delivery') expect(order.delivery_address?.city, label).toBeTruthy();
      else
        expect(pickupPoints.find((point) => point.id === order.pickup_point_id)?.warehouse_id, label).toBe(
          order.warehouse_id,
        );

      if (order.payment_method === 'cash') expect(order.payment_state, label).toBe('not_required');
      if (order.payment_method === 'card' && afterPreparation.has(order.status))
        expect(order.payment_state, label).toBe('paid');
      const paid = (paymentsOf.get(order.id) ?? []).filter((payment) => payment.state === 'paid');
      expect(paid.length, label).toBe(
        order.payment_state === 'paid' || order.payment_state === 'refunded' ? 1 : 0,
      );
      // A paid order cancelled afterwards got its money back (the payment region: paid → refunded).
      if (order.status.startsWith('cancelled_by_') && paid.length > 0) {
        expect(order.payment_state, label).toBe('refunded');
        expect(
          refunds.filter((refund) => refund.order_id === order.id),
          label,
        ).toEqual([
          expect.objectContaining({ payment_id: paid[0]?.id, amount: paid[0]?.amount, state: 'refunded' }),
        ]);
      }

      if (order.status === 'awaiting_distributor') {
        expect(
          orderLines.some((line) => (line.confirmed_quantity ?? 0) < line.requested_quantity),
          label,
        ).toBe(true);
        expect(order.partial_note, label).toBeTruthy();
      }
      if (order.status === 'rejected' || order.status.startsWith('cancelled_by_'))
        expect(order.cancel_reason, label).toBeTruthy();
      if (order.status === 'sent_to_1c') expect(order.exchange_state, label).not.toBeNull();
    }
  });
});

describe('the seed builders', () => {
  it('are deterministic for a seed', () => {
    expect(buildCatalogue(new Prng(7))).toEqual(buildCatalogue(new Prng(7)));
    expect(buildCatalogue(new Prng(7))).not.toEqual(buildCatalogue(new Prng(8)));
  });

  it('walk the lifecycle roads of the design: delivery statuses only by delivery, partial confirmation then acceptance', () => {
    const road = stepsTo({
      status: 'in_delivery',
      deliveryType: 'delivery',
      paymentMethod: 'card',
      payment: 'paid',
      variant: 1,
    });
    expect(road.map((step) => step.event)).toEqual([
      'CREATE',
      'SUBMIT',
      'START_CHECK',
      'CONFIRM_PARTIAL',
      'ACCEPT',
      'PAYMENT_PAID',
      'PREPARE',
      'MARK_READY',
      'REQUEST_DELIVERY',
      'PROCESS_DELIVERY',
      'SEND',
      'OUT_FOR_DELIVERY',
    ]);
    expect(() =>
      stepsTo({ status: 'in_delivery', deliveryType: 'pickup', paymentMethod: 'cash', variant: 0 }),
    ).toThrow();
  });
});

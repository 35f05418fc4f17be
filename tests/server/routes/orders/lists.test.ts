import { describe, expect, it } from 'vitest';
import {
  DISTRIBUTOR_TAB_STATUSES,
  WAREHOUSE_TAB_STATUSES,
  warehouseTab,
} from '#machines/order-lifecycle/order-lifecycle.status.rules.ts';
import { WAREHOUSE_TABS, type OrderStatus } from '#machines/order-lifecycle/order-lifecycle.types.ts';
import { digitPrefixUpperBound } from '#server/domain/orders/queue-filters.ts';
import {
  PARTNER,
  PARTNER_WAREHOUSE,
  USER,
  WAREHOUSE,
  placeOrder,
  setStatus,
  tokenFor,
  newestFirst,
  userId,
  type OrderSummaryPage,
  type WarehouseOrderPage,
} from './support.ts';
import { useOrdersApp } from './fixture.ts';

const { t, tokens } = useOrdersApp();

describe('GET /orders/get/list/user', () => {
  it('lists only the caller’s orders, newest first, by tab, paged', async () => {
    const uid = await userId(t, PARTNER);
    const rows = await t.db
      .selectFrom('orders')
      .select(['id', 'status'])
      .where('user_id', '=', uid)
      .execute();
    expect(rows.length).toBeGreaterThan(10);

    const all = await t.get<OrderSummaryPage>('/orders/get/list/user', {
      token: tokens.partner,
      query: { pageSize: 100 },
    });
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(rows.length);
    expect(all.body.items.every((item) => item.customer.id === uid)).toBe(true);
    expect(newestFirst(all.body.items)).toBe(true);

    for (const tab of ['current', 'cancelled', 'closed'] as const) {
      const statuses: readonly OrderStatus[] = DISTRIBUTOR_TAB_STATUSES[tab];
      const page = await t.get<OrderSummaryPage>('/orders/get/list/user', {
        token: tokens.partner,
        query: { tab, pageSize: 100 },
      });
      expect(page.body.total, tab).toBe(rows.filter((row) => statuses.includes(row.status)).length);
      expect(
        page.body.items.every((item) => statuses.includes(item.status)),
        tab,
      ).toBe(true);
    }

    const second = await t.get<OrderSummaryPage>('/orders/get/list/user', {
      token: tokens.partner,
      query: { page: 2, pageSize: 5 },
    });
    expect(second.body).toMatchObject({ page: 2, pageSize: 5, total: rows.length });
    expect(second.body.items.map((item) => item.id)).toEqual(
      all.body.items.slice(5, 10).map((item) => item.id),
    );

    const other = await t.get<OrderSummaryPage>('/orders/get/list/user', { token: await tokenFor(t, USER) });
    expect(other.body.items.every((item) => item.customer.id !== uid)).toBe(true);
    expect((await t.get('/orders/get/list/user')).status).toBe(401);
  });

  it('summaries carry amounts, items and the distributor’s display status', async () => {
    const page = await t.get<OrderSummaryPage>('/orders/get/list/user', {
      token: tokens.partner,
      query: { pageSize: 100 },
    });
    for (const item of page.body.items) {
      expect(item.finalCost).toBe(item.amount - item.discount + item.deliveryPrice);
      // A rejected order confirmed nothing (the seed writes 0 per line); every other order has units.
      if (item.status !== 'rejected') expect(item.itemCount, item.status).toBeGreaterThan(0);
    }
    const card = page.body.items.find((item) => item.status === 'confirmed' && item.paymentMethod === 'card');
    if (card !== undefined)
      expect(card.displayStatus).toBe(card.paymentState === 'not_required' ? 'new' : card.paymentState);
  });
});

describe('GET /orders/get/list/warehouse', () => {
  it('lists the caller’s warehouse only, with counts per tab from the database', async () => {
    const rows = await t.db.selectFrom('orders').select(['id', 'status', 'warehouse_id']).execute();
    const mine = rows.filter((row) => row.warehouse_id === 1);
    const page = await t.get<WarehouseOrderPage>('/orders/get/list/warehouse', {
      token: tokens.warehouse,
      query: { pageSize: 50 },
    });
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(mine.length);
    expect(page.body.items).toHaveLength(Math.min(50, mine.length));
    expect(page.body.items.every((item) => item.warehouse.id === 1)).toBe(true);
    expect(newestFirst(page.body.items)).toBe(true);
    for (const tab of WAREHOUSE_TABS) {
      expect(page.body.counts[tab], tab).toBe(mine.filter((row) => warehouseTab(row.status) === tab).length);
    }

    const pw = await t.get<WarehouseOrderPage>('/orders/get/list/warehouse', {
      token: await tokenFor(t, PARTNER_WAREHOUSE),
    });
    expect(pw.status).toBe(200);
    expect(pw.body.total).toBe(rows.filter((row) => row.warehouse_id === 2).length);
    expect(pw.body.items.every((item) => item.warehouse.id === 2)).toBe(true);

    expect((await t.get('/orders/get/list/warehouse', { token: tokens.partner })).status).toBe(403);
    expect((await t.get('/orders/get/list/warehouse')).status).toBe(401);
  });

  it('filters by tab; counts ignore the tab', async () => {
    const all = await t.get<WarehouseOrderPage>('/orders/get/list/warehouse', { token: tokens.warehouse });
    for (const tab of WAREHOUSE_TABS) {
      const statuses: readonly OrderStatus[] = WAREHOUSE_TAB_STATUSES[tab];
      const page = await t.get<WarehouseOrderPage>('/orders/get/list/warehouse', {
        token: tokens.warehouse,
        query: { tab, pageSize: 100 },
      });
      expect(page.body.total, tab).toBe(all.body.counts[tab]);
      expect(
        page.body.items.every((item) => statuses.includes(item.status)),
        tab,
      ).toBe(true);
      expect(page.body.counts).toEqual(all.body.counts);
    }
  });

  it('searches by order number prefix and by customer name, e-mail or PRN, case-insensitively', async () => {
    const sample = await t.db
      .selectFrom('orders as o')
      .innerJoin('users as u', 'u.id', 'o.user_id')
      .select(['o.id', 'o.number', 'u.full_name', 'u.email', 'u.prn', 'o.user_id'])
      .where('o.warehouse_id', '=', 1)
      .where('u.prn', 'is not', null)
      // a customer whose orders fit on one page (the demo's busiest members have hundreds)
      .where('o.user_id', 'in', (eb) =>
        eb
          .selectFrom('orders')
          .select('user_id')
          .where('warehouse_id', '=', 1)
          .groupBy('user_id')
          .having((h) => h.fn.countAll(), '<=', 50),
      )
      .orderBy('o.id', 'desc')
      .executeTakeFirstOrThrow();
    const search = (q: string, extra: Record<string, string | number> = {}) =>
      t.get<WarehouseOrderPage>('/orders/get/list/warehouse', {
        token: tokens.warehouse,
        query: { q, pageSize: 100, ...extra },
      });

    const byNumber = await search(sample.number);
    expect(byNumber.body.items.map((item) => item.id)).toContain(sample.id);
    expect(
      byNumber.body.items.every(
        (item) => item.number.startsWith(sample.number) || item.customer.prn?.includes(sample.number),
      ),
    ).toBe(true);

    const customerOrders = await t.db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', sample.user_id)
      .where('warehouse_id', '=', 1)
      .execute();
    const namePart = sample.full_name.toUpperCase();
    const byName = await search(namePart);
    expect(byName.body.items.map((item) => item.id)).toEqual(
      expect.arrayContaining(customerOrders.map((row) => row.id)),
    );
    expect(
      byName.body.items.every(
        (item) =>
          item.customer.fullName.toUpperCase().includes(namePart) ||
          item.customer.email.toUpperCase().includes(namePart),
      ),
    ).toBe(true);
    expect(byName.body.total).toBe(byName.body.items.length);

    const byEmail = await search(sample.email.toUpperCase());
    expect(byEmail.body.total).toBe(customerOrders.length);
    const byPrn = await search(sample.prn ?? '');
    expect(byPrn.body.items.map((item) => item.id)).toEqual(
      expect.arrayContaining(customerOrders.map((row) => row.id)),
    );

    const nothing = await search('%no-such-customer_');
    expect(nothing.body).toMatchObject({ total: 0, items: [] });
    // Every tab's count reflects the search: nothing matches anywhere.
    expect(Object.values(nothing.body.counts).every((n) => n === 0)).toBe(true);

    const tabbed = await search(sample.email, { tab: 'sent_to_1c' });
    expect(
      tabbed.body.items.every((item) => item.status === 'sent_to_1c' && item.customer.id === sample.user_id),
    ).toBe(true);
  });

  it('counts follow every change (new orders, transitions) although they are kept between requests', async () => {
    const before = (
      await t.get<WarehouseOrderPage>('/orders/get/list/warehouse', { token: tokens.warehouse })
    ).body.counts;
    const order = await placeOrder(t, PARTNER);
    const afterCreate = (
      await t.get<WarehouseOrderPage>('/orders/get/list/warehouse', { token: tokens.warehouse })
    ).body;
    expect(afterCreate.counts.new).toBe(before.new + 1);
    expect(afterCreate.items[0]?.id).toBe(order.id);
    const checking = await setStatus(t, tokens.warehouse, order, 'checking');
    expect(checking.status).toBe(200);
    const afterCheck = (
      await t.get<WarehouseOrderPage>('/orders/get/list/warehouse', { token: tokens.warehouse })
    ).body.counts;
    expect(afterCheck).toEqual({ ...before, in_progress: before.in_progress + 1 });
    const tab = await t.get<WarehouseOrderPage>('/orders/get/list/warehouse', {
      token: tokens.warehouse,
      query: { tab: 'in_progress', pageSize: 5 },
    });
    expect(tab.body.items[0]?.id).toBe(order.id);
    expect(tab.body.total).toBe(afterCheck.in_progress);
  });

  it('finds an order by a digit prefix of its number, also one ending in 9', () => {
    expect(digitPrefixUpperBound('0509')).toBe('051');
    expect(digitPrefixUpperBound('000123')).toBe('000124');
    expect(digitPrefixUpperBound('999')).toBeNull();
  });

  it('pages through the warehouse list without gaps or repeats', async () => {
    const all = await t.get<WarehouseOrderPage>('/orders/get/list/warehouse', {
      token: tokens.warehouse,
      query: { pageSize: 100 },
    });
    const seen: number[] = [];
    for (let page = 1; page <= 4; page++) {
      const slice = await t.get<WarehouseOrderPage>('/orders/get/list/warehouse', {
        token: tokens.warehouse,
        query: { page, pageSize: 7 },
      });
      expect(slice.body).toMatchObject({ page, pageSize: 7, total: all.body.total });
      seen.push(...slice.body.items.map((item) => item.id));
    }
    expect(seen).toEqual(all.body.items.slice(0, 28).map((item) => item.id));
    const beyond = await t.get<WarehouseOrderPage>('/orders/get/list/warehouse', {
      token: tokens.warehouse,
      query: { page: 1000, pageSize: 50 },
    });
    expect(beyond.body.items).toEqual([]);
    expect(beyond.body.total).toBe(all.body.total);
  });

  it('pages by keyset (after the last order of the page before) exactly as by page number, with a tab and a search', async () => {
    const sample = await t.db
      .selectFrom('orders as o')
      .innerJoin('users as u', 'u.id', 'o.user_id')
      .select((eb) => ['u.email', eb.fn.countAll<number>().as('n')])
      .where(
        'o.warehouse_id',
        '=',
        (
          await t.db
            .selectFrom('users')
            .select('warehouse_id')
            .where('email', '=', WAREHOUSE)
            .executeTakeFirstOrThrow()
        ).warehouse_id ?? 0,
      )
      .groupBy('u.email')
      .orderBy('n', 'desc')
      .executeTakeFirstOrThrow();
    const filters: Record<string, string>[] = [
      {},
      { tab: 'completed' },
      { q: sample.email.split('@')[0] ?? '' },
    ];
    for (const filter of filters) {
      const byPage = async (page: number) =>
        (
          await t.get<WarehouseOrderPage>('/orders/get/list/warehouse', {
            token: tokens.warehouse,
            query: { ...filter, page, pageSize: 3 },
          })
        ).body;
      let after: number | undefined;
      for (let page = 1; page <= 3; page++) {
        const expected = await byPage(page);
        const keyed = await t.get<WarehouseOrderPage>('/orders/get/list/warehouse', {
          token: tokens.warehouse,
          query: { ...filter, page, pageSize: 3, ...(after === undefined ? {} : { after }) },
        });
        expect(keyed.status).toBe(200);
        expect(keyed.body, JSON.stringify({ filter, page })).toEqual(expected);
        after = expected.items.at(-1)?.id;
        if (after === undefined) break;
      }
      expect(after, `more than one page for ${JSON.stringify(filter)}`).toBeDefined();
    }
    // After an order that is not in the list: no page, the total still there.
    const foreign = await t.get<WarehouseOrderPage>('/orders/get/list/warehouse', {
      token: tokens.warehouse,
      query: { after: 2_000_000_000, q: sample.email.split('@')[0] ?? '' },
    });
    expect(foreign.status).toBe(200);
    expect(foreign.body.items).toEqual([]);
    expect(foreign.body.total).toBeGreaterThan(0);
    expect(
      (await t.get('/orders/get/list/warehouse', { token: tokens.warehouse, query: { after: 0 } })).status,
    ).toBe(400);
  });
});

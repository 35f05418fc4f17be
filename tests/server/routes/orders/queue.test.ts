/**
 * The warehouse queue (docs/adr/0028-warehouse-queue.md): sorts, filters, search with per-tab counts, the age
 * in the current status, bulk actions with per-order outcomes, the pick list and packing slips, the home's
 * queues.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WAREHOUSE_TAB_STATUSES,
  isTerminal,
  warehouseTab,
} from '#machines/order-lifecycle/order-lifecycle.status.rules.ts';
import { WAREHOUSE_TABS } from '#machines/order-lifecycle/order-lifecycle.types.ts';
import type { components } from '#openapi/schema.d.ts';
import { pdfText } from '#tests/support/pdf-text.ts';
import type { TestApp } from '#tests/support/server/app.ts';
import {
  PARTNER,
  PARTNER_WAREHOUSE,
  WAREHOUSE,
  WAREHOUSE_2,
  placeOrder,
  setStatus,
  startOrdersApp,
  stockedProducts,
  tokenFor,
  walk,
  type Order,
  type WarehouseOrderPage,
} from './support.ts';

type BulkResult = components['schemas']['BulkOrderResult'];
type Queues = components['schemas']['WarehouseQueues'];
type Summary = WarehouseOrderPage['items'][number];

let t: TestApp;
let warehouse: string;
let warehouse2: string;

beforeAll(async () => {
  t = await startOrdersApp();
  warehouse = await tokenFor(t, WAREHOUSE);
  warehouse2 = await tokenFor(t, WAREHOUSE_2);
});

afterAll(async () => {
  await t.close();
});

const list = (query: Record<string, string | number>) =>
  t.get<WarehouseOrderPage>('/orders/get/list/warehouse', {
    token: warehouse,
    query: { pageSize: 100, ...query },
  });

/** The ids of warehouse 1's orders in a tab, as the database orders them by `column` (ties by id, same direction). */
async function expectedIds(
  tab: keyof typeof WAREHOUSE_TAB_STATUSES,
  column: 'final_cost' | 'points' | 'number' | 'status_changed_at' | 'created_at',
  direction: 'asc' | 'desc',
): Promise<number[]> {
  const rows = await t.db
    .selectFrom('orders')
    .select('id')
    .where('warehouse_id', '=', 1)
    .where('status', 'in', WAREHOUSE_TAB_STATUSES[tab])
    .orderBy(column, direction)
    .orderBy('id', direction)
    .execute();
  return rows.map((row) => row.id);
}

describe('the queue: sort, filter, search, age', () => {
  it('sorts a tab by each column, both ways, page after page, as the database orders it', async () => {
    const cases = [
      ['amount', 'final_cost', 'desc', 'desc'],
      ['amount', 'final_cost', 'asc', 'asc'],
      ['points', 'points', 'desc', 'desc'],
      ['number', 'number', 'asc', 'asc'],
      // Age desc = longest waiting first = earliest status_changed_at first.
      ['age', 'status_changed_at', 'desc', 'asc'],
      ['age', 'status_changed_at', 'asc', 'desc'],
      ['date', 'created_at', 'asc', 'asc'],
    ] as const;
    for (const [sort, column, dir, sqlDir] of cases) {
      const expected = await expectedIds('completed', column, sqlDir);
      expect(expected.length).toBeGreaterThan(12);
      const first = await list({ tab: 'completed', sort, dir, pageSize: 5 });
      const second = await list({ tab: 'completed', sort, dir, pageSize: 5, page: 2 });
      expect(first.status).toBe(200);
      expect(
        [...first.body.items, ...second.body.items].map((item) => item.id),
        `${sort} ${dir}`,
      ).toEqual(expected.slice(0, 10));
      expect(first.body.total).toBe(expected.length);
    }
    const byCustomer = await list({ tab: 'completed', sort: 'customer' });
    const names = byCustomer.body.items.map((item) => item.customer.fullName);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('filters by delivery, payment method and state and dates; every tab counts only the matches', async () => {
    const rows = await t.db
      .selectFrom('orders')
      .select(['id', 'status', 'delivery_type', 'payment_method', 'payment_state', 'created_at'])
      .where('warehouse_id', '=', 1)
      .execute();
    const page = await list({ delivery: 'pickup', payment: 'card' });
    const matching = rows.filter((row) => row.delivery_type === 'pickup' && row.payment_method === 'card');
    expect(matching.length).toBeGreaterThan(0);
    for (const tab of WAREHOUSE_TABS)
      expect(page.body.counts[tab], tab).toBe(
        matching.filter((row) => warehouseTab(row.status) === tab).length,
      );
    expect(page.body.total).toBe(matching.length);
    expect(
      page.body.items.every((item) => item.deliveryType === 'pickup' && item.paymentMethod === 'card'),
    ).toBe(true);

    const paid = await list({ paymentState: 'paid', tab: 'in_progress' });
    expect(paid.body.items.every((item) => item.paymentState === 'paid')).toBe(true);
    expect(paid.body.total).toBe(
      rows.filter((row) => row.payment_state === 'paid' && warehouseTab(row.status) === 'in_progress').length,
    );

    const day = rows[0]?.created_at.toISOString().slice(0, 10) ?? '';
    const onDay = await list({ from: day, to: day });
    expect(onDay.body.total).toBe(rows.filter((row) => row.created_at.toISOString().startsWith(day)).length);
    expect(onDay.body.items.every((item) => item.createdAt.startsWith(day))).toBe(true);
  });

  it('searches across every tab: each count reflects the search, the page only its tab', async () => {
    const sample = await t.db
      .selectFrom('orders as o')
      .innerJoin('users as u', 'u.id', 'o.user_id')
      .select(['u.email', 'o.user_id'])
      .where('o.warehouse_id', '=', 1)
      .where('u.email', '<>', PARTNER)
      .where(
        sql<boolean>`not exists (select 1 from users other where other.id <> u.id
          and (other.email ilike '%' || u.email || '%' or other.full_name ilike '%' || u.email || '%'))`,
      )
      .orderBy('o.id')
      .executeTakeFirstOrThrow();
    // The whole address: no other customer's name or address contains it.
    const q = sample.email;
    const theirs = await t.db
      .selectFrom('orders')
      .select(['id', 'status'])
      .where('user_id', '=', sample.user_id)
      .where('warehouse_id', '=', 1)
      .execute();
    const page = await list({ q, tab: warehouseTab(theirs[0]?.status ?? 'completed') });
    for (const tab of WAREHOUSE_TABS)
      expect(page.body.counts[tab], tab).toBe(
        theirs.filter((row) => warehouseTab(row.status) === tab).length,
      );
    expect(page.body.items.length).toBeGreaterThan(0);
    expect(page.body.items.every((item) => item.customer.id === sample.user_id)).toBe(true);
  });

  it('shows how long each order has been in its status, and the configured limit', async () => {
    const page = await list({ tab: 'new', sort: 'age' });
    expect(page.body.ageLimitHours).toBe(24);
    const order = page.body.items[0];
    if (order === undefined) throw new Error('no new order in the seed');
    const row = await t.db
      .selectFrom('orders')
      .select('status_changed_at')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(order.statusSince).toBe(row.status_changed_at.toISOString());
    const placed = await placeOrder(t, PARTNER);
    const before = Date.now();
    const checking = await setStatus(t, warehouse, placed, 'checking');
    const moved = (await list({ tab: 'in_progress', sort: 'age', dir: 'asc', pageSize: 1 })).body.items[0];
    expect(moved?.id).toBe(checking.body.id);
    expect(Date.parse(moved?.statusSince ?? '')).toBeGreaterThanOrEqual(before - 1000);
  });

  it('refuses a sort or filter outside the contract with the error shape', async () => {
    const bad = await list({ sort: 'colour' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await list({ from: '2025-13-40' })).status).toBe(400);
  });
});

describe('POST /orders/bulk', () => {
  /** Ten new orders at warehouse 1, each of its own product, one unit. */
  async function tenNewOrders(): Promise<Order[]> {
    const products = await stockedProducts(t, 30, 5);
    const orders: Order[] = [];
    for (const product of products.slice(-10))
      orders.push(await placeOrder(t, PARTNER, { lines: [[product.id, 1]] }));
    return orders;
  }

  const bulk = (token: string, action: string, orders: readonly Pick<Order, 'id' | 'version'>[]) =>
    t.post<BulkResult>('/orders/bulk', {
      token,
      json: { action, orders: orders.map(({ id, version }) => ({ id, version })) },
    });

  async function historyOf(ids: readonly number[], event: string) {
    return t.db
      .selectFrom('order_history')
      .select(['order_id', 'actor_id'])
      .where('order_id', 'in', ids)
      .where('event', '=', event)
      .execute();
  }

  it('10 orders, 2 changed by another member of staff in between: 8 done, 2 reported, nothing changed twice', async () => {
    const orders = await tenNewOrders();
    const [first, second] = orders;
    if (first === undefined || second === undefined) throw new Error('orders missing');
    // Another member of staff starts checking two of them after the clerk read the list.
    expect((await setStatus(t, warehouse2, first, 'checking')).status).toBe(200);
    expect((await setStatus(t, warehouse2, second, 'checking')).status).toBe(200);

    const answer = await bulk(warehouse, 'check', orders);
    expect(answer.status).toBe(200);
    expect(answer.body.results.map((result) => result.id)).toEqual(orders.map((order) => order.id));
    const outcomes = answer.body.results.map((result) => result.outcome);
    expect(outcomes.filter((outcome) => outcome === 'done')).toHaveLength(8);
    expect(answer.body.results.slice(0, 2).map((result) => result.outcome)).toEqual(['changed', 'changed']);
    for (const result of answer.body.results) {
      expect(result.order?.status).toBe('checking');
      const original = orders.find((order) => order.id === result.id);
      expect(result.order?.version).toBe((original?.version ?? 0) + 1);
    }
    const ids = orders.map((order) => order.id);
    const checks = await historyOf(ids, 'START_CHECK');
    expect(checks).toHaveLength(10);
    expect(new Set(checks.map((row) => row.order_id)).size).toBe(10);

    // The same request again (stale versions): every order reported changed, none touched.
    const again = await bulk(warehouse, 'check', orders);
    expect(again.body.results.every((result) => result.outcome === 'changed')).toBe(true);
    expect(await historyOf(ids, 'START_CHECK')).toHaveLength(10);
    const versions = await t.db
      .selectFrom('orders')
      .select(['id', 'version'])
      .where('id', 'in', ids)
      .execute();
    for (const row of versions)
      expect(row.version).toBe((orders.find((order) => order.id === row.id)?.version ?? 0) + 1);
  });

  it('confirms through the lifecycle (its stock guard included); says which are not allowed now or not the warehouse’s', async () => {
    // Stock: `order.confirm` is guarded by the machine's `everyLineAvailable` (the same path as one order's
    // Confirm), so a short line is `not_allowed`. Today's stock model (one stock per product, the order's own
    // reservation counted as available) cannot make a placed order short; the guard is the machine's, tested there.
    const orders = (await tenNewOrders()).slice(0, 2);
    const checking = await Promise.all(
      orders.map(async (order) => (await setStatus(t, warehouse, order, 'checking')).body),
    );
    const [ok, other] = checking;
    if (ok === undefined || other === undefined) throw new Error('orders missing');
    const foreign = await t.db
      .selectFrom('orders')
      .select(['id', 'version'])
      .where('warehouse_id', '=', 2)
      .executeTakeFirstOrThrow();
    const stillNew = await placeOrder(t, PARTNER);
    const answer = await bulk(warehouse, 'confirm', [ok, foreign, stillNew, ok, other]);
    expect(answer.body.results.map((result) => [result.id, result.outcome])).toEqual([
      [ok.id, 'done'],
      [foreign.id, 'not_found'],
      [stillNew.id, 'not_allowed'],
      [other.id, 'done'],
    ]);
    expect(answer.body.results[1]?.order).toBeUndefined();
    expect(answer.body.results[2]?.reason).toMatch(/order\.confirm/);
    expect(answer.body.results[2]?.order?.status).toBe('awaiting_warehouse');
    expect(answer.body.results[0]?.order?.status).toBe('confirmed');
  });

  it('marks ready and sends to 1C through the same lifecycle; staff only', async () => {
    const products = await stockedProducts(t, 40, 5);
    const product = products.at(-12);
    if (product === undefined) throw new Error('no product');
    const order = await placeOrder(t, PARTNER, { lines: [[product.id, 1]] });
    const prepared = await walk(t, order, [
      [warehouse, 'checking'],
      [warehouse, 'confirmed'],
      [warehouse, 'prepared'],
    ]);
    const ready = await bulk(warehouse, 'ready', [prepared]);
    expect(ready.body.results[0]).toMatchObject({ outcome: 'done', order: { status: 'ready' } });
    const notYet = await bulk(warehouse, 'send_to_1c', [{ id: order.id, version: prepared.version + 1 }]);
    expect(notYet.body.results[0]?.outcome).toBe('not_allowed');

    // A delivery order picked up instead becomes a pickup order: the facet counts move with it.
    const delivered = await placeOrder(t, PARTNER, { delivery: true, lines: [[product.id, 1]] });
    const picked = await walk(t, delivered, [
      [warehouse, 'checking'],
      [warehouse, 'confirmed'],
      [warehouse, 'prepared'],
      [warehouse, 'ready'],
      [await tokenFor(t, PARTNER), 'pickup_requested'],
    ]);
    expect(picked.deliveryType).toBe('pickup');

    expect((await bulk(await tokenFor(t, PARTNER), 'check', [order])).status).toBe(403);
    const empty = await bulk(warehouse, 'check', []);
    expect(empty.status).toBe(400);
    expect((await bulk(warehouse, 'explode', [order])).status).toBe(400);
  });
});

describe('print: pick list and packing slips', () => {
  const fetchPdf = async (path: string, ids: readonly number[], lang: string, token = warehouse) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v3${path}?ids=${ids.join(',')}`,
      headers: { authorization: `Bearer ${token}`, 'accept-language': lang },
    });

  it('merges a selection into one pick list and slips each order, in the staff member’s language', async () => {
    const orders = await t.db
      .selectFrom('orders as o')
      .innerJoin('users as u', 'u.id', 'o.user_id')
      .select(['o.id', 'o.number', 'u.full_name', 'o.delivery_type'])
      .where('o.warehouse_id', '=', 1)
      .where('o.status', '=', 'awaiting_warehouse')
      .orderBy('o.id')
      .limit(2)
      .execute();
    const ids = orders.map((order) => order.id);
    const lines = await t.db
      .selectFrom('order_lines as l')
      .innerJoin('products as p', 'p.id', 'l.product_id')
      .select(['p.sku', 'l.requested_quantity'])
      .where('l.order_id', 'in', ids)
      .execute();

    const pick = await fetchPdf('/orders/print/pick-list', ids, 'en');
    expect(pick.statusCode).toBe(200);
    expect(pick.headers['content-type']).toBe('application/pdf');
    expect(String(pick.headers['content-disposition'])).toMatch(/^attachment; filename="pick-list-/);
    const pickText = await pdfText(pick.rawPayload);
    expect(pickText).toContain('Pick list');
    for (const order of orders) expect(pickText).toContain(order.number);
    for (const line of lines) expect(pickText).toContain(line.sku);

    const slips = await fetchPdf('/orders/print/packing-slips', ids, 'ro');
    expect(slips.statusCode).toBe(200);
    const slipText = await pdfText(slips.rawPayload);
    expect(slipText).toContain('Borderou de ambalare');
    for (const order of orders) {
      expect(slipText).toContain(order.number);
      expect(slipText).toContain(order.full_name);
    }
    expect(slipText).toMatch(/Total/);
  });

  it('prints only the staff member’s own warehouse’s orders, and only for staff', async () => {
    const foreign = await t.db
      .selectFrom('orders')
      .select('id')
      .where('warehouse_id', '=', 2)
      .executeTakeFirstOrThrow();
    const own = await t.db
      .selectFrom('orders')
      .select('id')
      .where('warehouse_id', '=', 1)
      .executeTakeFirstOrThrow();
    expect((await fetchPdf('/orders/print/pick-list', [own.id, foreign.id], 'en')).statusCode).toBe(404);
    expect((await fetchPdf('/orders/print/packing-slips', [foreign.id], 'en')).statusCode).toBe(404);
    // An id beyond the int32 serial columns is a bad request, not a 500 (found by the contract fuzzer).
    const tooLarge = await fetchPdf('/orders/print/packing-slips', [own.id, 2_147_483_648], 'en');
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json()).toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
    const partnerAnswer = await fetchPdf(
      '/orders/print/pick-list',
      [own.id],
      'en',
      await tokenFor(t, PARTNER),
    );
    expect(partnerAnswer.statusCode).toBe(403);
    const pw = await fetchPdf(
      '/orders/print/pick-list',
      [foreign.id],
      'en',
      await tokenFor(t, PARTNER_WAREHOUSE),
    );
    expect(pw.statusCode).toBe(200);
    const bad = await t.get('/orders/print/pick-list', { token: warehouse, query: { ids: '1,,2' } });
    expect(bad.status).toBe(400);
  });
});

describe('GET /orders/get/warehouse-queues', () => {
  it('counts each queue, names its longest-waiting order, and today’s handed-over and sent figures', async () => {
    const since = new Date(Date.now() - 60_000);
    const completed = await t.db
      .selectFrom('orders')
      .select(['id', 'version'])
      .where('warehouse_id', '=', 1)
      .where('status', '=', 'completed')
      .executeTakeFirstOrThrow();
    const sent = await t.post<BulkResult>('/orders/bulk', {
      token: warehouse,
      json: { action: 'send_to_1c', orders: [completed] },
    });
    expect(sent.body.results[0]?.outcome).toBe('done');

    const answer = await t.get<Queues>('/orders/get/warehouse-queues', {
      token: warehouse,
      query: { since: since.toISOString() },
    });
    expect(answer.status).toBe(200);
    const rows = await t.db
      .selectFrom('orders')
      .select(['id', 'number', 'status', 'status_changed_at'])
      .where('warehouse_id', '=', 1)
      .execute();
    for (const queue of answer.body.queues) {
      const inTab = rows.filter((row) => warehouseTab(row.status) === queue.tab);
      expect(queue.count, queue.tab).toBe(inTab.length);
      const oldest = [...inTab].sort(
        (a, b) => a.status_changed_at.getTime() - b.status_changed_at.getTime() || a.id - b.id,
      )[0];
      const final = WAREHOUSE_TAB_STATUSES[queue.tab].every((status) => isTerminal(status));
      expect(queue.oldest?.id ?? null, queue.tab).toBe(final ? null : (oldest?.id ?? null));
    }
    expect(answer.body.today.sentTo1c).toBe(1);
    const linked = await list({ tab: 'sent_to_1c', changedSince: since.toISOString() });
    expect(linked.body.items.map((item: Summary) => item.id)).toEqual([completed.id]);
    expect(answer.body.today.handedOver).toBe(
      rows.filter((row) => warehouseTab(row.status) === 'completed' && row.status_changed_at >= since).length,
    );
    expect((await t.get('/orders/get/warehouse-queues', { token: await tokenFor(t, PARTNER) })).status).toBe(
      403,
    );
  });
});

describe('order_facet_counts', () => {
  it('stays exact through creations, transitions, payments and a delivery turned pickup (after every test above)', async () => {
    const kept = await t.db
      .selectFrom('order_facet_counts')
      .select(['warehouse_id', 'status', 'delivery_type', 'payment_method', 'payment_state', 'n'])
      .where('n', '<>', 0)
      .execute();
    const counted = await t.db
      .selectFrom('orders')
      .select((eb) => [
        'warehouse_id',
        'status',
        'delivery_type',
        'payment_method',
        'payment_state',
        eb.fn.countAll<number>().as('n'),
      ])
      .groupBy(['warehouse_id', 'status', 'delivery_type', 'payment_method', 'payment_state'])
      .execute();
    const key = (row: (typeof kept)[number]) =>
      `${row.warehouse_id} ${row.status} ${row.delivery_type} ${row.payment_method} ${row.payment_state} ${Number(row.n)}`;
    expect(kept.map(key).sort()).toEqual(counted.map(key).sort());
    // A filter's counts come from it, and match a count over the orders.
    const page = await list({ delivery: 'delivery', payment: 'card', paymentState: 'paid' });
    const rows = counted.filter(
      (row) =>
        row.warehouse_id === 1 &&
        row.delivery_type === 'delivery' &&
        row.payment_method === 'card' &&
        row.payment_state === 'paid',
    );
    for (const tab of WAREHOUSE_TABS)
      expect(page.body.counts[tab], tab).toBe(
        rows.filter((row) => warehouseTab(row.status) === tab).reduce((sum, row) => sum + Number(row.n), 0),
      );
  });
});

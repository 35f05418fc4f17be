/**
 * A shop client's order end to end (docs/adr/0146-the-shop-link.md): the retail price at every step (catalogue,
 * product page, wishlist, bag, order), the owner told exactly once (a retried creation with the same key adds
 * nothing), the owner reads the order and no other distributor does, the client base and the Main card count it,
 * and its PV go to the owner on completion and come back off them when it leaves the credited state.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PERIOD_TIME_ZONE, monthStart } from '#server/domain/network/period.ts';
import { followOrderStatus } from '#server/domain/volumes/ledger.ts';
import { parseHundredths } from '#server/domain/volumes/points.ts';
import type { TestApp } from '#tests/support/server/app.ts';
import { setQuantity } from '#tests/support/server/stock.ts';
import { expectError, type Schemas } from '../account/support.ts';
import { firstPickupPoint, newKey, stockedProducts, walk } from '../orders/support.ts';
import { OWNER_EMAIL, expectedRetail, signedUpClient, toldOf, type SignedUpClient } from './shop-support.ts';
import { startSignUpApp } from './support.ts';

let t: TestApp;
let tokens: { owner: string; warehouse: string; other: string; customer: string };
let owner: { id: number; path: string };
let client: SignedUpClient;

beforeAll(async () => {
  t = await startSignUpApp();
  tokens = {
    owner: await t.login(OWNER_EMAIL),
    warehouse: await t.login('warehouse@demo.test'),
    other: await t.login('pw@demo.test'),
    customer: await t.login('user@demo.test'),
  };
  owner = await t.db
    .selectFrom('users')
    .select(['id', 'path'])
    .where('email', '=', OWNER_EMAIL)
    .executeTakeFirstOrThrow();
  client = await signedUpClient(t);
});
afterAll(async () => {
  await t.close();
});

const current = () => monthStart(new Date(), 0, DEFAULT_PERIOD_TIME_ZONE);

/** PV and GV (hundredths) of `userId` in the current month. */
async function volumesOf(userId: number): Promise<{ pv: number; gv: number }> {
  const { rows } = await sql<{ pv: string; gv: string }>`
    select pv::text, gv::text from monthly_volumes where user_id = ${userId} and month = ${current()}::date`.execute(
    t.db,
  );
  return { pv: parseHundredths(rows[0]?.pv ?? '0'), gv: parseHundredths(rows[0]?.gv ?? '0') };
}

describe('a shop client’s order', () => {
  let order: Schemas['Order'];
  let retail: Map<number, number>;
  let lines: { id: number; quantity: number; points: number }[];

  it('is priced retail at every step: catalogue, product page, wishlist, bag and the order', async () => {
    const stocked = await stockedProducts(t, 40, 20, 1);
    const promoted = stocked.find((row) => row.is_promotion && row.promo_price !== null);
    const plain = stocked.find((row) => !row.is_promotion);
    if (promoted === undefined || plain === undefined) throw new Error('a promoted and a plain product');
    const rows = await t.db
      .selectFrom('products')
      .select(['id', 'price', 'recommended_price', 'points'])
      .where('id', 'in', [promoted.id, plain.id])
      .execute();
    retail = new Map(rows.map((row) => [row.id, expectedRetail(row.price, row.recommended_price)]));
    lines = rows.map((row, index) => ({ id: row.id, quantity: index + 1, points: Number(row.points) }));

    const product = await t.get<Schemas['Product']>(`/goods/${promoted.id}`, { token: client.token });
    expect(product.body).toMatchObject({
      price: retail.get(promoted.id),
      promoPrice: null,
      isPromotion: false,
    });
    // The distributor still sees the partner price and the promotion.
    const partnerView = await t.get<Schemas['Product']>(`/goods/${promoted.id}`, { token: tokens.owner });
    expect(partnerView.body).toMatchObject({ price: promoted.price, promoPrice: promoted.promo_price });
    const details = await t.get<Schemas['ProductDetails']>(`/goods/${plain.id}/details`, {
      token: client.token,
    });
    expect(details.body.product.price).toBe(retail.get(plain.id));
    const listed = await t.get<Schemas['ProductPage']>('/goods', {
      token: client.token,
      query: { pageSize: 100, sort: 'price' },
    });
    expect(listed.body.items.every((item) => item.promoPrice === null)).toBe(true);
    const prices = listed.body.items.map((item) => item.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const promotions = await t.get<Schemas['Product'][]>('/goods/promotions', { token: client.token });
    expect(promotions.body).toEqual([]);
    const wishlist = await t.post<Schemas['Wishlist']>(`/orders/wishlist/add/${plain.id}`, {
      token: client.token,
    });
    expect(wishlist.body.items[0]?.price).toBe(retail.get(plain.id));

    for (const line of lines) {
      const added = await t.post<Schemas['Cart']>('/orders/cart/add-to-cart', {
        token: client.token,
        json: { productId: line.id, quantity: line.quantity },
      });
      expect(added.status).toBe(200);
    }
    const expected = lines.reduce((sum, line) => sum + (retail.get(line.id) ?? 0) * line.quantity, 0);
    const cart = await t.get<Schemas['Cart']>('/orders/cart', { token: client.token });
    expect(cart.body.totals).toMatchObject({ amount: expected, discount: 0, finalCost: expected });

    const key = newKey();
    const body = {
      deliveryType: 'pickup',
      pickupPointId: await firstPickupPoint(t, 1),
      paymentMethod: 'cash',
    };
    const created = await t.post<Schemas['Order']>('/orders/create', {
      token: client.token,
      json: body,
      headers: { 'Idempotency-Key': key },
    });
    expect(created.status).toBe(201);
    order = created.body;
    expect(order.finalCost).toBe(expected);
    for (const line of order.lines) {
      expect(line.price, `line ${line.productId}`).toBe(retail.get(line.productId));
      expect(line.promoPrice).toBeNull();
    }
    const stored = await t.db
      .selectFrom('orders')
      .select(['user_id', 'client_id', 'final_cost'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ user_id: client.userId, client_id: client.clientId, final_cost: expected });

    // The owner is told once: one live event and one message, in their name.
    const told = await toldOf(t, order.id);
    expect(told.events).toEqual([
      {
        user_id: owner.id,
        payload: {
          orderId: order.id,
          number: order.number,
          clientId: client.clientId,
          clientName: 'Irina Moraru',
        },
      },
    ]);
    expect(told.messages).toEqual([
      {
        user_id: owner.id,
        event: 'business.client_order',
        data: expect.objectContaining({ clientId: client.clientId, number: order.number, total: expected }),
      },
    ]);

    // A retried creation with the same key replays the answer and tells nobody again.
    const retried = await t.post<Schemas['Order']>('/orders/create', {
      token: client.token,
      json: body,
      headers: { 'Idempotency-Key': key },
    });
    expect(retried.status).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.body.id).toBe(order.id);
    const again = await toldOf(t, order.id);
    expect({ events: again.events.length, messages: again.messages.length }).toEqual({
      events: 1,
      messages: 1,
    });
  });

  it('is read by the client and by the shop’s owner, and by no other distributor or customer (404)', async () => {
    expect((await t.get(`/orders/get/${order.id}`, { token: client.token })).status).toBe(200);
    const read = await t.get<Schemas['Order']>(`/orders/get/${order.id}`, { token: tokens.owner });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: order.id, finalCost: order.finalCost, handoverCode: null });
    expectError(await t.get(`/orders/get/${order.id}`, { token: tokens.other }), 404, 'NOT_FOUND');
    expectError(await t.get(`/orders/get/${order.id}`, { token: tokens.customer }), 404, 'NOT_FOUND');
    // Read only: the owner cannot move the client's order.
    const cancel = await t.post(`/orders/set/${order.id}/status`, {
      token: tokens.owner,
      query: { status: 'cancelled_by_distributor', version: read.body.version, comment: 'not mine' },
    });
    expect(cancel.status).toBe(404);
  });

  it('counts in the owner’s client base and Main card, and only theirs', async () => {
    const detail = await t.get<Schemas['ClientDetail']>(`/users/clients/${client.clientId}`, {
      token: tokens.owner,
    });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ orderCount: 1, lastOrderAt: order.createdAt });
    expect(detail.body.orders.map((o) => o.id)).toEqual([order.id]);
    const base = await t.get<Schemas['ClientPage']>('/users/clients', { token: tokens.owner });
    expect(base.body.items.find((item) => item.id === client.clientId)?.orderCount).toBe(1);

    const latest = await t.get<Schemas['ClientOrderList']>('/users/client-orders', { token: tokens.owner });
    expect(latest.status).toBe(200);
    expect(latest.body.items[0]).toEqual({
      orderId: order.id,
      number: order.number,
      clientId: client.clientId,
      clientName: 'Irina Moraru',
      total: order.finalCost,
      currency: order.currency,
      points: order.points,
      status: order.status,
      createdAt: order.createdAt,
    });
    const others = await t.get<Schemas['ClientOrderList']>('/users/client-orders', { token: tokens.other });
    expect(others.body.items.map((item) => item.orderId)).not.toContain(order.id);
    expectError(await t.get(`/users/clients/${client.clientId}`, { token: tokens.other }), 404, 'NOT_FOUND');
    expectError(await t.get('/users/client-orders', { token: client.token }), 403, 'FORBIDDEN');
    for (const limit of ['0', '51', 'abc']) {
      expectError(
        await t.get('/users/client-orders', { token: tokens.owner, query: { limit } }),
        400,
        'VALIDATION_FAILED',
      );
    }
  });

  it('credits its PV to the owner on completion, and takes them back off the owner when it leaves it', async () => {
    const points = Math.round(lines.reduce((sum, line) => sum + line.points * line.quantity, 0) * 100);
    expect(points).toBeGreaterThan(0);
    const before = await volumesOf(owner.id);
    const ready = await walk(t, order, [
      [tokens.warehouse, 'checking'],
      [tokens.warehouse, 'confirmed'],
      [tokens.warehouse, 'prepared'],
      [tokens.warehouse, 'ready'],
      [client.token, 'pickup_requested'],
    ]);
    const handedOver = await t.post<Schemas['Order']>(`/orders/set/${ready.id}/hand-over`, {
      token: tokens.warehouse,
      json: { version: ready.version, code: ready.handoverCode },
    });
    expect(handedOver.status).toBe(200);
    await walk(t, handedOver.body, [[tokens.warehouse, 'completed']]);

    const after = await volumesOf(owner.id);
    expect(after).toEqual({ pv: before.pv + points, gv: before.gv + points });
    const credits = await t.db
      .selectFrom('volume_credits')
      .select(['kind', 'user_id', 'path'])
      .where('order_id', '=', order.id)
      .execute();
    expect(credits).toEqual([{ kind: 'credit', user_id: owner.id, path: owner.path }]);
    // The client is no distributor: no volumes of their own.
    const own = await t.db
      .selectFrom('monthly_volumes')
      .select('user_id')
      .where('user_id', '=', client.userId)
      .execute();
    expect(own).toEqual([]);

    // Leaving the credited state (as a cancellation after completion would) reverses it from the owner, once.
    for (let i = 0; i < 2; i += 1) {
      await t.db.transaction().execute((trx) =>
        followOrderStatus(trx, {
          orderId: order.id,
          from: 'completed',
          to: 'cancelled_by_warehouse',
          at: new Date(),
        }),
      );
    }
    expect(await volumesOf(owner.id)).toEqual(before);
    const reversals = await t.db
      .selectFrom('volume_credits')
      .select(['kind', 'user_id'])
      .where('order_id', '=', order.id)
      .where('kind', '!=', 'credit')
      .execute();
    expect(reversals).toEqual([{ kind: 'reversal', user_id: owner.id }]);
  });
});

describe('a short line of a shop client’s order', () => {
  it('is offered a substitute within the band of the retail price, at its retail price', async () => {
    const retailOf = (alias: string) =>
      sql<number>`coalesce(${sql.ref(`${alias}.recommended_price`)}, round(${sql.ref(`${alias}.price`)} * 1.25 / 100) * 100)`;
    const { rows } = await sql<{ id: number }>`
      select p.id from products p
      join warehouse_stock ps on ps.product_id = p.id and ps.warehouse_id = 1
      where p.is_active and ps.quantity - ps.held >= 10 and exists (
        select 1 from products q join warehouse_stock qs on qs.product_id = q.id and qs.warehouse_id = 1
        where q.category = p.category and q.id <> p.id and q.is_active and qs.quantity - qs.held >= 50
          and ${retailOf('q')} between ${retailOf('p')} * 0.85 and ${retailOf('p')} * 1.15)
      order by p.id limit 1`.execute(t.db);
    const product = rows[0];
    if (product === undefined) throw new Error('no product with a retail substitute in the seed');
    await t.post('/orders/cart/add-to-cart', {
      token: client.token,
      json: { productId: product.id, quantity: 3, mode: 'set' },
    });
    const created = await t.post<Schemas['Order']>('/orders/create', {
      token: client.token,
      json: { deliveryType: 'pickup', pickupPointId: await firstPickupPoint(t, 1), paymentMethod: 'cash' },
      headers: { 'Idempotency-Key': newKey() },
    });
    expect(created.status).toBe(201);
    const held = await t.db
      .selectFrom('warehouse_stock')
      .select(['quantity', 'held'])
      .where('warehouse_id', '=', 1)
      .where('product_id', '=', product.id)
      .executeTakeFirstOrThrow();
    // 1C counts one unit fewer than the open orders hold: the line is short by one.
    await setQuantity(t.db, 1, product.id, held.held - 1);
    const [line] = (
      await t.get<Schemas['Order']>(`/orders/get/${created.body.id}`, { token: tokens.warehouse })
    ).body.lines;
    const suggested = line?.substitute;
    expect(suggested?.productId).toBeTypeOf('number');
    const substitute = await t.db
      .selectFrom('products')
      .select(['price', 'recommended_price'])
      .where('id', '=', suggested?.productId ?? 0)
      .executeTakeFirstOrThrow();
    expect(suggested?.price).toBe(expectedRetail(substitute.price, substitute.recommended_price));
    const linePrice = line?.promoPrice ?? line?.price ?? 0;
    expect(Math.abs((suggested?.price ?? 0) - linePrice)).toBeLessThanOrEqual(linePrice * 0.2);
  });
});

describe('a customer without a shop', () => {
  it('still pays the partner price and tells nobody', async () => {
    const [product] = await stockedProducts(t, 1, 20, 1);
    const viewed = await t.get<Schemas['Product']>(`/goods/${product?.id}`, { token: tokens.customer });
    expect(viewed.body.price).toBe(product?.price);
  });
});

describe('the demo seed', () => {
  it('has client@demo.test’s completed order in partner’s client base and Main card, its PV credited to partner', async () => {
    const demo = await t.db
      .selectFrom('users')
      .innerJoin('clients', 'clients.user_id', 'users.id')
      .select(['users.id', 'users.shop_owner_id', 'clients.id as client_id', 'clients.owner_id'])
      .where('users.email', '=', 'client@demo.test')
      .executeTakeFirstOrThrow();
    expect(demo).toMatchObject({ shop_owner_id: owner.id, owner_id: owner.id });
    const latest = await t.get<Schemas['ClientOrderList']>('/users/client-orders', {
      token: tokens.owner,
      query: { limit: 50 },
    });
    const seeded = latest.body.items.find((item) => item.clientId === demo.client_id);
    expect(seeded).toMatchObject({ status: 'completed', clientName: 'Ana Cojocaru' });
    const credit = await t.db
      .selectFrom('volume_credits')
      .select('user_id')
      .where('order_id', '=', seeded?.orderId ?? 0)
      .where('kind', '=', 'credit')
      .execute();
    expect(credit).toEqual([{ user_id: owner.id }]);
    const lines = await t.db
      .selectFrom('order_lines as l')
      .innerJoin('products as p', 'p.id', 'l.product_id')
      .select(['l.price', 'p.price as partner', 'p.recommended_price'])
      .where('l.order_id', '=', seeded?.orderId ?? 0)
      .execute();
    for (const line of lines) expect(line.price).toBe(expectedRetail(line.partner, line.recommended_price));
    const me = await t.get<Schemas['Me']>('/users/me', { token: await t.login('client@demo.test') });
    expect(me.body.shop).toMatchObject({ alias: 'elena-ciobanu' });
  });
});

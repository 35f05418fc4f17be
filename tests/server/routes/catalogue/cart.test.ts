import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '#tests/support/server/app.ts';
import { productsWithStock } from '#tests/support/server/stock.ts';
import {
  expectConsistentCart,
  startCatalogueApp,
  tokenFor,
  userIdOf,
  type ApiError,
  type Cart,
} from './support.ts';

let t: TestApp;
let token: string;
let userId: number;
let promo: { id: number; price: number; promo_price: number; stock: number };
let plain: { id: number; price: number; stock: number; points: number };
let soldOut: { id: number };
let roomy: { id: number; stock: number };

const add = (json: object, as = token) => t.post<Cart>('/orders/cart/add-to-cart', { token: as, json });
const remove = (json: object, as = token) =>
  t.post<Cart>('/orders/cart/remove-from-cart', { token: as, json });
const quantities = (cart: Cart): Array<[number, number]> =>
  cart.items.map((item) => [item.productId, item.quantity]);

beforeAll(async () => {
  t = await startCatalogueApp();
  token = await tokenFor(t, 'user@demo.test');
  userId = await userIdOf(t, 'user@demo.test');
  // user@demo.test orders from warehouse 1 (Chișinău): its stock is what the bag is held to.
  const products = await productsWithStock(t.db, 1);
  const p = products.find((row) => row.is_promotion && row.promo_price !== null && row.stock >= 5);
  const q = products.find((row) => !row.is_promotion && row.stock >= 5 && Number(row.points) > 0);
  const s = products.find((row) => row.stock === 0);
  const r = products.find((row) => row.stock >= 150);
  if (p?.promo_price == null || q === undefined || s === undefined || r === undefined) {
    throw new Error('the demo catalogue lacks a product this test needs');
  }
  promo = { id: p.id, price: p.price, promo_price: p.promo_price, stock: p.stock };
  plain = { id: q.id, price: q.price, stock: q.stock, points: Number(q.points) };
  soldOut = { id: s.id };
  roomy = { id: r.id, stock: r.stock };
});
beforeEach(async () => {
  await t.db.deleteFrom('carts').where('user_id', '=', userId).execute();
});
afterAll(async () => {
  await t.close();
});

describe('GET /orders/cart', () => {
  it('answers an empty bag with zero totals', async () => {
    const response = await t.get<Cart>('/orders/cart', { token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      items: [],
      totals: { itemCount: 0, amount: 0, discount: 0, finalCost: 0, points: 0 },
      currency: t.config.currency,
    });
  });

  it("answers the seeded partner's bag, consistent with its products", async () => {
    const response = await t.get<Cart>('/orders/cart', { token: await tokenFor(t, 'partner@demo.test') });
    expect(response.status).toBe(200);
    expect(response.body.items.length).toBeGreaterThan(0);
    expectConsistentCart(response.body);
  });

  it('refuses a caller without a token (401)', async () => {
    expect((await t.get<ApiError>('/orders/cart')).status).toBe(401);
  });
});

describe('POST /orders/cart/add-to-cart', () => {
  it('adds a promoted product: line at the promotion price, discount from the list price', async () => {
    const response = await add({ productId: promo.id, quantity: 2 });
    expect(response.status, response.text).toBe(200);
    const cart = response.body;
    expect(quantities(cart)).toEqual([[promo.id, 2]]);
    expect(cart.items[0]?.amount).toBe(2 * promo.promo_price);
    expect(cart.totals).toMatchObject({
      itemCount: 2,
      amount: 2 * promo.price,
      discount: 2 * (promo.price - promo.promo_price),
      finalCost: 2 * promo.promo_price,
    });
    expectConsistentCart(cart);
  });

  it('adds to a line (mode add), replaces it (mode set), and keeps lines in the order first added', async () => {
    await add({ productId: promo.id, quantity: 1 });
    await add({ productId: plain.id, quantity: 2 });
    let cart = (await add({ productId: promo.id, quantity: 2, mode: 'add' })).body;
    expect(quantities(cart)).toEqual([
      [promo.id, 3],
      [plain.id, 2],
    ]);
    cart = (await add({ productId: promo.id, quantity: 1, mode: 'set' })).body;
    expect(quantities(cart)).toEqual([
      [promo.id, 1],
      [plain.id, 2],
    ]);
    expect(cart.totals.itemCount).toBe(3);
    expect(cart.totals.amount).toBe(promo.price + 2 * plain.price);
    expect(cart.totals.discount).toBe(promo.price - promo.promo_price);
    expect(cart.totals.points).toBeCloseTo(
      cart.items.reduce((sum, item) => sum + item.points, 0),
      2,
    );
    expectConsistentCart(cart);
    // What the bag answers is what is stored.
    expect(
      await t.db
        .selectFrom('carts')
        .select(['product_id', 'quantity'])
        .where('user_id', '=', userId)
        .orderBy('added_at')
        .execute(),
    ).toEqual([
      { product_id: promo.id, quantity: 1 },
      { product_id: plain.id, quantity: 2 },
    ]);
  });

  it('refuses a product with no stock (422 OUT_OF_STOCK) and leaves the bag as it was', async () => {
    await add({ productId: plain.id, quantity: 1 });
    const response = await add({ productId: soldOut.id, quantity: 1 });
    expect(response.status).toBe(422);
    const body = response.body as unknown as ApiError;
    expect(body.code).toBe('OUT_OF_STOCK');
    expect(body.details?.[0]?.path).toBe('/productId');
    expect(quantities((await t.get<Cart>('/orders/cart', { token })).body)).toEqual([[plain.id, 1]]);
  });

  it('refuses a quantity above the stock without capping it (422), and accepts exactly the stock', async () => {
    await add({ productId: plain.id, quantity: 2 });
    const over = await add({ productId: plain.id, quantity: plain.stock - 1 });
    expect(over.status).toBe(422);
    const body = over.body as unknown as ApiError;
    expect(body.code).toBe('OUT_OF_STOCK');
    expect(body.details?.[0]).toMatchObject({ location: 'body', path: '/quantity' });
    expect(body.details?.[0]?.message).toContain(`${plain.stock} in stock`);
    expect(quantities((await t.get<Cart>('/orders/cart', { token })).body)).toEqual([[plain.id, 2]]);

    const exact = await add({ productId: plain.id, quantity: plain.stock, mode: 'set' });
    expect(exact.status).toBe(200);
    expect(quantities(exact.body)).toEqual([[plain.id, plain.stock]]);
    expect((await add({ productId: plain.id, quantity: plain.stock + 1, mode: 'set' })).status).toBe(422);
  });

  it('refuses a line above 999 units (422 VALIDATION_FAILED) and quantities outside 1..999 (400)', async () => {
    // Stock is checked after the line limit, so a large stock is not needed to reach 999.
    await add({ productId: roomy.id, quantity: roomy.stock, mode: 'set' });
    const response = await add({ productId: roomy.id, quantity: 999 });
    expect(response.status).toBe(422);
    expect((response.body as unknown as ApiError).code).toBe('VALIDATION_FAILED');
    expect(quantities((await t.get<Cart>('/orders/cart', { token })).body)).toEqual([
      [roomy.id, roomy.stock],
    ]);
    expect((await add({ productId: roomy.id, quantity: 0 })).status).toBe(400);
    expect((await add({ productId: roomy.id, quantity: 1000 })).status).toBe(400);
    expect((await add({ productId: roomy.id, quantity: 1, mode: 'replace' })).status).toBe(400);
  });

  it('is 404 for an unknown product and 401 without a token', async () => {
    const response = await add({ productId: 999_999, quantity: 1 });
    expect(response.status).toBe(404);
    expect((response.body as unknown as ApiError).code).toBe('NOT_FOUND');
    expect(
      (await t.post('/orders/cart/add-to-cart', { json: { productId: plain.id, quantity: 1 } })).status,
    ).toBe(401);
  });

  it('adds up concurrent additions without losing one', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => add({ productId: plain.id, quantity: 1 })),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(quantities((await t.get<Cart>('/orders/cart', { token })).body)).toEqual([
      [plain.id, Math.min(10, plain.stock)],
    ]);
  });

  it("changes only the caller's bag", async () => {
    const partnerToken = await tokenFor(t, 'partner@demo.test');
    const before = (await t.get<Cart>('/orders/cart', { token: partnerToken })).body;
    await add({ productId: plain.id, quantity: 1 });
    await remove({ productId: before.items[0]?.productId ?? plain.id });
    expect((await t.get<Cart>('/orders/cart', { token: partnerToken })).body).toEqual(before);
  });
});

describe('POST /orders/cart/remove-from-cart', () => {
  it('decrements a line, removes it at zero or without a quantity, and ignores products not in the bag', async () => {
    await add({ productId: promo.id, quantity: 4 });
    await add({ productId: plain.id, quantity: 3 });

    let cart = (await remove({ productId: promo.id, quantity: 1 })).body;
    expect(quantities(cart)).toEqual([
      [promo.id, 3],
      [plain.id, 3],
    ]);
    expectConsistentCart(cart);

    cart = (await remove({ productId: promo.id, quantity: 3 })).body;
    expect(quantities(cart)).toEqual([[plain.id, 3]]);

    cart = (await remove({ productId: plain.id, quantity: 50 })).body;
    expect(quantities(cart)).toEqual([]);

    await add({ productId: plain.id, quantity: 2 });
    const response = await remove({ productId: plain.id });
    expect(response.status).toBe(200);
    expect(response.body.items).toEqual([]);
    expect(response.body.totals).toEqual({ itemCount: 0, amount: 0, discount: 0, finalCost: 0, points: 0 });

    const noop = await remove({ productId: promo.id });
    expect(noop.status).toBe(200);
    expect(noop.body.items).toEqual([]);
  });

  it('refuses a bad body (400) and a caller without a token (401)', async () => {
    expect((await remove({ quantity: 1 })).status).toBe(400);
    expect((await remove({ productId: plain.id, quantity: 0 })).status).toBe(400);
    expect((await t.post('/orders/cart/remove-from-cart', { json: { productId: plain.id } })).status).toBe(
      401,
    );
  });
});

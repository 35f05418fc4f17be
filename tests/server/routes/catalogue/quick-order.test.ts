// Order by code on the API: `POST /goods/by-codes` answers every entry of a paper order without changing anything;
// `POST /orders/cart/add-by-codes` puts what can be added into the bag, once per Idempotency-Key. Stock is set per
// product here, so every expected number is known; the app checks every answer against the contract on close.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '#openapi/schema.d.ts';
import { stockWarehouseOf } from '#server/domain/stock/warehouse-stock.ts';
import { catalogueHandlers } from '#server/routes/catalogue/index.ts';
import { orderHandlers } from '#server/routes/orders/index.ts';
import { errorShapeProblems } from '#tests/support/server/answers.ts';
import { startTestApp, type TestApp } from '#tests/support/server/app.ts';
import { setQuantity } from '#tests/support/server/stock.ts';
import { createOrder, firstPickupPoint, newKey } from '../orders/support.ts';
import { expectConsistentCart, tokenFor, userIdOf, type ApiError, type Cart } from './support.ts';

type Resolution = components['schemas']['QuickOrderResolution'];
type Added = components['schemas']['QuickOrderAdded'];
type Line = components['schemas']['QuickOrderLine'];

const USER = 'user@demo.test';
const PARTNER = 'partner@demo.test';

let t: TestApp;
let token: string;
let userId: number;
let warehouseId: number;
/** Active products with a known number available at the user's warehouse. */
let stocked: Array<{ id: number; sku: string }>;
let short: { id: number; sku: string };
let soldOut: { id: number; sku: string };
let inactive: { id: number; sku: string };
let plenty: { id: number; sku: string };
let scarce: { id: number; sku: string };
/** Ordered in one test (an order holds its units, so no other test counts on its stock). */
let forOrder: { id: number; sku: string };

const resolve = (text: string, as = token) =>
  t.post<Resolution>('/goods/by-codes', { token: as, json: { text } });
const addCodes = (text: string, key: string, as = token) =>
  t.post<Added>('/orders/cart/add-by-codes', {
    token: as,
    json: { text },
    headers: { 'Idempotency-Key': key },
  });

/** Makes exactly `units` of a product available at the user's warehouse (whatever orders hold there). */
async function makeAvailable(productId: number, units: number): Promise<void> {
  const row = await t.db
    .selectFrom('warehouse_stock')
    .select('held')
    .where('warehouse_id', '=', warehouseId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  await setQuantity(t.db, warehouseId, productId, (row?.held ?? 0) + units);
}

async function bagOf(uid: number): Promise<Array<[number, number]>> {
  const rows = await t.db
    .selectFrom('carts')
    .select(['product_id', 'quantity'])
    .where('user_id', '=', uid)
    .orderBy('added_at')
    .orderBy('product_id')
    .execute();
  return rows.map((row) => [row.product_id, row.quantity]);
}

const statusesOf = (lines: readonly Line[]) => lines.map((line) => line.status);

beforeAll(async () => {
  // The catalogue's handlers and the orders' (to place an order with a key an add used).
  t = await startTestApp({
    handlers: { ...catalogueHandlers, ...orderHandlers },
    allowMissingHandlers: true,
  });
  token = await tokenFor(t, USER);
  userId = await userIdOf(t, USER);
  const user = await t.db
    .selectFrom('users')
    .select('warehouse_id')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  warehouseId = await stockWarehouseOf(t.db, user.warehouse_id);
  const products = await t.db
    .selectFrom('products')
    .select(['id', 'sku'])
    .where('is_active', '=', true)
    .orderBy('id')
    .limit(19)
    .execute();
  if (products.length < 19) throw new Error('the demo catalogue has fewer than 19 active products');
  stocked = products.slice(0, 13);
  type Row = { id: number; sku: string };
  [short, soldOut, inactive, plenty, scarce, forOrder] = products.slice(13, 19) as [
    Row,
    Row,
    Row,
    Row,
    Row,
    Row,
  ];
  for (const product of stocked) await makeAvailable(product.id, 50);
  await makeAvailable(short.id, 5);
  await makeAvailable(soldOut.id, 0);
  await makeAvailable(inactive.id, 20);
  await makeAvailable(plenty.id, 5000);
  await makeAvailable(scarce.id, 5);
  await makeAvailable(forOrder.id, 10);
  await t.db
    .updateTable('products')
    .set({ is_active: false, inactive_reason: 'deleted_in_1c' })
    .where('id', '=', inactive.id)
    .execute();
});
beforeEach(async () => {
  await t.db.deleteFrom('carts').where('user_id', '=', userId).execute();
});
afterAll(async () => {
  await t.close();
});

describe('POST /goods/by-codes', () => {
  it('answers 15 entries in every written form: the 13 known in order, the 2 bad ones explained', async () => {
    const forms = [
      (sku: string) => `${sku} 2`,
      (sku: string) => `${sku.toLowerCase()} × 3`,
      (sku: string) => `${sku}*4`,
      (sku: string) => `${sku} x 5`,
      (sku: string) => sku,
    ];
    const quantities = [2, 3, 4, 5, 1];
    const written = stocked.map((product, i) => (forms[i % forms.length] ?? String)(product.sku));
    // Two bad entries among them; blank lines and stray separators are not entries.
    const text = [
      written.slice(0, 4).join('\n'),
      'NO-SUCH-CODE 2',
      `${written.slice(4, 9).join(', ')};`,
      '',
      `${stocked[0]?.sku ?? ''} two`,
      `${written.slice(9).join(' ; ')}\r\n\n`,
    ].join('\n');

    const response = await resolve(text);
    expect(response.status, response.text).toBe(200);
    const { lines } = response.body;
    expect(lines.map((line) => line.index)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));

    const known = lines.filter((line) => line.product !== null);
    expect(known).toHaveLength(13);
    expect(known.map((line) => line.product?.id)).toEqual(stocked.map((product) => product.id));
    known.forEach((line, i) => {
      const quantity = quantities[i % quantities.length];
      expect(line).toMatchObject({ status: 'ok', quantity, toAdd: quantity, available: 50, inBag: 0 });
      expect(line.product?.stock).toBe(50);
      expect(line.input).toBe(written[i]);
    });

    expect(lines[4]).toEqual({
      index: 5,
      input: 'NO-SUCH-CODE 2',
      code: 'NO-SUCH-CODE',
      quantity: 2,
      status: 'unknown',
      product: null,
      available: 0,
      inBag: 0,
      toAdd: 0,
      duplicateOf: null,
    });
    expect(lines[10]).toEqual({
      index: 11,
      input: `${stocked[0]?.sku ?? ''} two`,
      code: null,
      quantity: null,
      status: 'unreadable',
      product: null,
      available: 0,
      inBag: 0,
      toAdd: 0,
      duplicateOf: null,
    });
    // Reading changes nothing.
    expect(await bagOf(userId)).toEqual([]);
  });

  it('shows each product as the catalogue shows it to the reader', async () => {
    const [first] = stocked;
    if (first === undefined) throw new Error('no product');
    const response = await resolve(first.sku);
    const byIds = await t.post<unknown[]>('/goods/list-by-ids', { token, json: { ids: [first.id] } });
    expect(byIds.status).toBe(200);
    expect(response.body.lines[0]?.product).toEqual(byIds.body[0]);
  });

  it('explains every other case: inactive, out of stock, short, too many, duplicate, unreadable', async () => {
    const [first, second] = stocked;
    if (first === undefined || second === undefined) throw new Error('no product');
    await t.db.insertInto('carts').values({ user_id: userId, product_id: second.id, quantity: 48 }).execute();
    const text = [
      `${inactive.sku} 1`,
      `${soldOut.sku} 1`,
      `${short.sku} 8`,
      `${first.sku} 1000`,
      `${first.sku.toLowerCase()} 2`,
      `${second.sku} 5`,
      `${short.sku} 0`,
      `${short.sku} -1`,
      `${short.sku} 1.5`,
      '× 3',
    ].join('\n');
    const { status, body } = await resolve(text);
    expect(status).toBe(200);
    expect(statusesOf(body.lines)).toEqual([
      'inactive',
      'out_of_stock',
      'short',
      'too_many',
      'duplicate',
      'short',
      'unreadable',
      'unreadable',
      'unreadable',
      'unreadable',
    ]);
    const [gone, none, few, tooMany, again, partly] = body.lines;
    expect(gone).toMatchObject({ code: inactive.sku, available: 0, toAdd: 0 });
    expect(gone?.product).toMatchObject({
      id: inactive.id,
      isActive: false,
      inactiveReason: 'deleted_in_1c',
    });
    expect(none).toMatchObject({ available: 0, toAdd: 0, product: { id: soldOut.id, stock: 0 } });
    expect(few).toMatchObject({ quantity: 8, available: 5, inBag: 0, toAdd: 5, product: { id: short.id } });
    expect(tooMany).toMatchObject({ quantity: 1000, toAdd: 0, available: 50, product: { id: first.id } });
    // The repeat points at the first entry with the code, which counts even though it is not added.
    expect(again).toMatchObject({ quantity: 2, duplicateOf: 4, toAdd: 0, product: { id: first.id } });
    // 48 already in the bag of 50 available: 2 more of the 5.
    expect(partly).toMatchObject({ quantity: 5, available: 50, inBag: 48, toAdd: 2 });
    for (const line of body.lines.slice(6))
      expect(line).toMatchObject({ code: null, quantity: null, toAdd: 0 });
  });

  it('answers short with nothing to add when the bag already holds all the stock, and keeps to 999 a line', async () => {
    await t.db
      .insertInto('carts')
      .values([
        { user_id: userId, product_id: short.id, quantity: 5 },
        { user_id: userId, product_id: plenty.id, quantity: 995 },
      ])
      .execute();
    const { body } = await resolve(`${short.sku}\n${plenty.sku} 10`);
    expect(body.lines[0]).toMatchObject({ status: 'short', available: 5, inBag: 5, toAdd: 0 });
    expect(body.lines[1]).toMatchObject({ status: 'short', available: 5000, inBag: 995, toAdd: 4 });
  });

  it('prefers the exact spelling when two codes differ only in letter case', async () => {
    const [first] = stocked;
    if (first === undefined) throw new Error('no product');
    const twin = await t.db
      .insertInto('products')
      .values({
        sku: first.sku.toLowerCase(),
        name: JSON.stringify({ ru: 'Близнец', en: 'Twin', ro: 'Geamăn', uk: 'Близнюк', it: 'Gemello' }),
        description: JSON.stringify({ ru: '', en: '', ro: '', uk: '', it: '' }),
        price: 100,
        points: 0,
        category: 'makeup',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const { body } = await resolve(`${first.sku.toLowerCase()}, ${first.sku}`);
      expect(body.lines[0]?.product?.id).toBe(twin.id);
      // The second is the same code (letter case aside): a duplicate showing the first entry's product.
      expect(body.lines[1]).toMatchObject({ status: 'duplicate', duplicateOf: 1, product: { id: twin.id } });
      expect((await resolve(first.sku)).body.lines[0]?.product?.id).toBe(first.id);
    } finally {
      await t.db.deleteFrom('products').where('id', '=', twin.id).execute();
    }
  });

  it('adds a product once when two spellings name it (the database folds `İ` to `i`, JavaScript does not)', async () => {
    const dotted = await t.db
      .insertInto('products')
      .values({
        sku: 'QI-7',
        name: JSON.stringify({ ru: 'Точка', en: 'Dot', ro: 'Punct', uk: 'Крапка', it: 'Punto' }),
        description: JSON.stringify({ ru: '', en: '', ro: '', uk: '', it: '' }),
        price: 100,
        points: 0,
        category: 'makeup',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await makeAvailable(dotted.id, 10);
    const text = 'QI-7 1\nQİ-7 2';
    const { body } = await resolve(text);
    expect(body.lines.map((line) => [line.status, line.product?.id, line.duplicateOf])).toEqual([
      ['ok', dotted.id, null],
      ['duplicate', dotted.id, 1],
    ]);
    const added = await addCodes(text, newKey());
    expect(added.status, added.text).toBe(200);
    expect(added.body.lines.map((line) => line.added)).toEqual([1, 0]);
    expect(await bagOf(userId)).toEqual([[dotted.id, 1]]);
  });

  it('cuts a long entry at 200 characters in `input` and reads 500 entries', async () => {
    const long = `LONG-${'Z'.repeat(300)}`;
    const { body } = await resolve(`${long} 3`);
    expect(body.lines[0]).toMatchObject({ input: `${long} 3`.slice(0, 200), code: long, status: 'unknown' });

    const many = Array.from({ length: 500 }, (_, i) => `${stocked[i % 13]?.sku ?? ''} 1`).join('\n');
    const answer = await resolve(many);
    expect(answer.status).toBe(200);
    expect(answer.body.lines).toHaveLength(500);
    expect(answer.body.lines.filter((line) => line.status === 'ok')).toHaveLength(13);
    expect(answer.body.lines.filter((line) => line.status === 'duplicate')).toHaveLength(487);
  });

  it('refuses 501 entries with 422 VALIDATION_FAILED in the spec’s error shape', async () => {
    const text = Array.from({ length: 501 }, (_, i) => `C${i}`).join(',');
    const response = await resolve(text);
    expect(response.status).toBe(422);
    expect(errorShapeProblems(422, String(response.headers['content-type']), response.text)).toEqual([]);
    const error = response.body as unknown as ApiError;
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.details).toEqual([
      { location: 'body', path: '/text', message: '501 entries; at most 500 are read at once' },
    ]);
  });

  it('refuses a caller without a token (401) and a body without text (400)', async () => {
    expect((await t.post('/goods/by-codes', { json: { text: 'PF-1' } })).status).toBe(401);
    const response = await t.post<ApiError>('/goods/by-codes', { token, json: { codes: ['PF-1'] } });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
  });
});

describe('POST /orders/cart/add-by-codes', () => {
  it('puts what can be added into the bag, in the text’s order after the lines already there', async () => {
    const [first, second, third] = stocked;
    if (first === undefined || second === undefined || third === undefined) throw new Error('no product');
    await t.db
      .insertInto('carts')
      .values({
        user_id: userId,
        product_id: second.id,
        quantity: 1,
        added_at: new Date(Date.now() - 60_000),
      })
      .execute();
    const text = `${third.sku} 3\n${short.sku} 9\n${soldOut.sku}\n${first.sku} 2\n${second.sku} 4\nNOPE 1`;
    const response = await addCodes(text, newKey());
    expect(response.status, response.text).toBe(200);
    expect(response.headers['idempotent-replayed']).toBeUndefined();
    expect(response.body.lines.map((line) => [line.status, line.toAdd, line.added])).toEqual([
      ['ok', 3, 3],
      ['short', 5, 5],
      ['out_of_stock', 0, 0],
      ['ok', 2, 2],
      ['ok', 4, 4],
      ['unknown', 0, 0],
    ]);
    const expected: Array<[number, number]> = [
      [second.id, 5],
      [third.id, 3],
      [short.id, 5],
      [first.id, 2],
    ];
    expect(await bagOf(userId)).toEqual(expected);
    const cart = response.body.cart;
    expect(cart.items.map((item) => [item.productId, item.quantity])).toEqual(expected);
    expectConsistentCart(cart);
    expect((await t.get<Cart>('/orders/cart', { token })).body).toEqual(cart);
  });

  it('emits the live bag event for the owner', async () => {
    const [first] = stocked;
    if (first === undefined) throw new Error('no product');
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('events')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('kind', '=', 'bag')
            .where('user_id', '=', userId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    expect((await addCodes(`${first.sku} 1`, newKey())).status).toBe(200);
    expect(await count()).toBe(before + 1);
  });

  it('replays the first answer for the same key and body, and adds nothing again', async () => {
    const [first, second] = stocked;
    if (first === undefined || second === undefined) throw new Error('no product');
    const key = newKey();
    const text = `${first.sku} 2, ${second.sku}`;
    const once = await addCodes(text, key);
    expect(once.status).toBe(200);
    const bag = await bagOf(userId);
    expect(bag).toEqual([
      [first.id, 2],
      [second.id, 1],
    ]);

    const twice = await addCodes(text, key);
    expect(twice.status).toBe(200);
    expect(twice.headers['idempotent-replayed']).toBe('true');
    expect(twice.body).toEqual(once.body);
    expect(await bagOf(userId)).toEqual(bag);

    const other = await addCodes(`${first.sku} 3`, key);
    expect(other.status).toBe(422);
    const error = other.body as unknown as ApiError;
    expect(error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(error.details?.[0]).toMatchObject({ location: 'header', path: 'Idempotency-Key' });
    expect(await bagOf(userId)).toEqual(bag);
  });

  it('keeps its keys apart from order keys: the same key places an order and still replays the add', async () => {
    const key = newKey();
    const added = await addCodes(`${forOrder.sku} 1`, key);
    expect(added.status).toBe(200);
    const stored = await t.db
      .selectFrom('idempotency_keys')
      .select(['key', 'order_id', 'response_status'])
      .where('user_id', '=', userId)
      .where('key', 'like', `%${key}`)
      .execute();
    expect(stored).toEqual([{ key: `cart-codes/${key}`, order_id: null, response_status: 200 }]);

    const order = await createOrder(
      t,
      token,
      {
        deliveryType: 'pickup',
        pickupPointId: await firstPickupPoint(t, warehouseId),
        paymentMethod: 'cash',
      },
      key,
    );
    expect(order.status, order.text).toBe(201);
    expect(order.headers['idempotent-replayed']).toBeUndefined();
    expect(order.body.lines.map((line) => [line.productId, line.requestedQuantity])).toEqual([
      [forOrder.id, 1],
    ]);
    expect(await bagOf(userId)).toEqual([]);

    const again = await addCodes(`${forOrder.sku} 1`, key);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(added.body);
    expect(await bagOf(userId)).toEqual([]);
  });

  it('never goes beyond the stock when two adds with different keys run at once', async () => {
    const answers = await Promise.all([
      addCodes(`${scarce.sku} 4`, newKey()),
      addCodes(`${scarce.sku} 4`, newKey()),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const lines = answers.map((answer) => answer.body.lines[0]);
    expect(lines.map((line) => line?.added).sort()).toEqual([1, 4]);
    expect(lines.map((line) => line?.status).sort()).toEqual(['ok', 'short']);
    expect(await bagOf(userId)).toEqual([[scarce.id, 5]]);
  });

  it('changes only the caller’s bag', async () => {
    const [first] = stocked;
    if (first === undefined) throw new Error('no product');
    const partner = await userIdOf(t, PARTNER);
    const before = await bagOf(partner);
    expect(before.length).toBeGreaterThan(0);
    expect((await addCodes(`${first.sku} 2`, newKey())).status).toBe(200);
    expect(await bagOf(partner)).toEqual(before);
    expect(await bagOf(userId)).toEqual([[first.id, 2]]);
  });

  it('requires an Idempotency-Key (400) and refuses 501 entries (422) without adding or using the key', async () => {
    const [first] = stocked;
    if (first === undefined) throw new Error('no product');
    const missing = await t.post<ApiError>('/orders/cart/add-by-codes', { token, json: { text: first.sku } });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('VALIDATION_FAILED');
    expect(missing.body.details?.[0]).toMatchObject({ location: 'header' });
    const malformed = await addCodes(first.sku, 'short');
    expect(malformed.status).toBe(400);

    const key = newKey();
    const tooMany = await addCodes(
      `${first.sku}\n${Array.from({ length: 500 }, (_, i) => `C${i}`).join('\n')}`,
      key,
    );
    expect(tooMany.status).toBe(422);
    expect((tooMany.body as unknown as ApiError).code).toBe('VALIDATION_FAILED');
    expect(await bagOf(userId)).toEqual([]);
    // The key was not used up: a valid request with it adds.
    expect((await addCodes(`${first.sku} 2`, key)).status).toBe(200);
    expect(await bagOf(userId)).toEqual([[first.id, 2]]);
  });
});

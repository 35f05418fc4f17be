import { describe, expect, it } from 'vitest';
import {
  PARTNER,
  UNCONFIRMED,
  USER,
  availableAt,
  createOrder,
  fillCart,
  firstAddress,
  firstPickupPoint,
  newKey,
  promotedProduct,
  stockedProducts,
  tokenFor,
  userId,
  type ErrorBody,
  type Order,
} from './support.ts';
import { useOrdersApp } from './fixture.ts';

const { t } = useOrdersApp();

describe('POST /orders/create', () => {
  it('makes a delivery order of the whole cart: lines, totals, address snapshot, stock reserved, cart emptied', async () => {
    const uid = await userId(t, PARTNER);
    const token = await tokenFor(t, PARTNER);
    const [plain] = await stockedProducts(t, 1);
    const promo = await promotedProduct(t);
    if (plain === undefined) throw new Error('no stocked product');
    await fillCart(t, uid, [
      [plain.id, 3],
      [promo.id, 2],
    ]);
    const addressId = await firstAddress(t, uid);
    const address = await t.db
      .selectFrom('addresses')
      .selectAll()
      .where('id', '=', addressId)
      .executeTakeFirstOrThrow();

    const response = await createOrder(t, token, {
      deliveryType: 'delivery',
      addressId,
      paymentMethod: 'cash',
      comment: '  Please ring twice  ',
      courierComment: 'Call first',
    });
    expect(response.status).toBe(201);
    expect(response.headers['idempotent-replayed']).toBeUndefined();
    const order = response.body;

    expect(order.status).toBe('awaiting_warehouse');
    expect(order.displayStatus).toBe('new');
    expect(order.paymentState).toBe('not_required');
    expect(order.version).toBe(2);
    expect(order.number).toMatch(/^\d{6,}$/);
    expect(order.customer.id).toBe(uid);
    expect(order.warehouse.id).toBe(1);
    expect(order.comment).toBe('Please ring twice');
    expect(order.courierComment).toBe('Call first');
    expect(order.deliveryAddress).toMatchObject({
      id: addressId,
      city: address.city,
      street: address.street,
    });
    expect(order.pickupPoint).toBeNull();

    const promoPrice = promo.promo_price ?? promo.price;
    expect(
      order.lines.map((line) => [line.productId, line.requestedQuantity, line.confirmedQuantity]),
    ).toEqual([
      [plain.id, 3, null],
      [promo.id, 2, null],
    ]);
    expect(order.lines[1]).toMatchObject({ price: promo.price, promoPrice, amount: 2 * promoPrice });
    const amount = 3 * plain.price + 2 * promo.price;
    const goods =
      3 * (plain.promo_price !== null && plain.is_promotion ? plain.promo_price : plain.price) +
      2 * promoPrice;
    expect(order.amount).toBe(amount);
    expect(order.discount).toBe(amount - goods);
    expect(order.finalCost).toBe(goods + order.deliveryPrice);
    expect(order.deliveryPrice).toBe(goods >= 100_000 ? 0 : 5_000);
    expect(order.itemCount).toBe(5);
    expect(order.points).toBeCloseTo(3 * plain.points + 2 * promo.points, 2);

    expect(order.history.map((entry) => [entry.event, entry.from, entry.to])).toEqual([
      ['CREATE', null, 'placed'],
      ['SUBMIT', 'placed', 'awaiting_warehouse'],
    ]);
    expect(order.history[0]?.actor).toMatchObject({ id: uid, fullName: 'Elena Ciobanu', role: 'partner' });
    expect(order.history[1]?.actor).toBeNull();

    expect(await t.db.selectFrom('carts').select('product_id').where('user_id', '=', uid).execute()).toEqual(
      [],
    );
    // Held at the order's warehouse (warehouse 1) until 1C takes the order.
    const stockAfter = await availableAt(t, 1, [plain.id, promo.id]);
    expect(stockAfter.get(plain.id)).toBe(plain.stock - 3);
    expect(stockAfter.get(promo.id)).toBe(promo.stock - 2);

    const read = await t.get<Order>(`/orders/get/${order.id}`, { token });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(order);
  });

  it('takes a card order only with the terms accepted, and keeps when they were (maib’s rule for merchants)', async () => {
    const uid = await userId(t, USER);
    const token = await tokenFor(t, USER);
    const [product] = await stockedProducts(t, 1);
    if (product === undefined) throw new Error('no stocked product');
    await fillCart(t, uid, [[product.id, 1]]);
    const pickupPointId = await firstPickupPoint(t, 1);
    for (const acceptTerms of [undefined, false]) {
      const refused = await createOrder(t, token, {
        deliveryType: 'pickup',
        pickupPointId,
        paymentMethod: 'card',
        ...(acceptTerms === undefined ? {} : { acceptTerms }),
      });
      expect(refused.status).toBe(422);
      expect((refused.body as unknown as ErrorBody).code).toBe('TERMS_NOT_ACCEPTED');
    }
    const cart = await t.db.selectFrom('carts').select('product_id').where('user_id', '=', uid).execute();
    expect(cart).toEqual([{ product_id: product.id }]);

    const before = Date.now();
    const accepted = await createOrder(t, token, {
      deliveryType: 'pickup',
      pickupPointId,
      paymentMethod: 'card',
      acceptTerms: true,
    });
    expect(accepted.status).toBe(201);
    const row = await t.db
      .selectFrom('orders')
      .select('terms_accepted_at')
      .where('id', '=', accepted.body.id)
      .executeTakeFirstOrThrow();
    expect(row.terms_accepted_at?.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('makes a pickup order at a pickup point of the home warehouse', async () => {
    const uid = await userId(t, USER);
    const token = await tokenFor(t, USER);
    const [product] = await stockedProducts(t, 1);
    if (product === undefined) throw new Error('no stocked product');
    await fillCart(t, uid, [[product.id, 1]]);
    const pickupPointId = await firstPickupPoint(t, 1);
    const response = await createOrder(t, token, {
      deliveryType: 'pickup',
      pickupPointId,
      paymentMethod: 'card',
      acceptTerms: true,
    });
    expect(response.status).toBe(201);
    expect(response.body.pickupPoint).toMatchObject({ id: pickupPointId, warehouseId: 1 });
    expect(response.body.deliveryAddress).toBeNull();
    expect(response.body.deliveryPrice).toBe(0);
    expect(response.body.paymentMethod).toBe('card');
    expect(response.body.paymentState).toBe('not_required');
    expect(response.body.paymentLink).toBeNull();
    expect(response.body.history[0]?.actor?.role).toBe('user');
  });

  it('refuses an unconfirmed e-mail (403), an empty cart (422), short stock (422) and foreign addresses or points (422)', async () => {
    const unconfirmed = await tokenFor(t, UNCONFIRMED);
    const unconfirmedId = await userId(t, UNCONFIRMED);
    const [product] = await stockedProducts(t, 1);
    if (product === undefined) throw new Error('no stocked product');
    await fillCart(t, unconfirmedId, [[product.id, 1]]);
    const pickupPointId = await firstPickupPoint(t, 1);
    const blocked = await createOrder(t, unconfirmed, {
      deliveryType: 'pickup',
      pickupPointId,
      paymentMethod: 'cash',
    });
    expect(blocked.status).toBe(403);
    expect((blocked.body as unknown as ErrorBody).code).toBe('EMAIL_NOT_CONFIRMED');

    const uid = await userId(t, PARTNER);
    const token = await tokenFor(t, PARTNER);
    await fillCart(t, uid, []);
    const empty = await createOrder(t, token, {
      deliveryType: 'pickup',
      pickupPointId,
      paymentMethod: 'cash',
    });
    expect(empty.status).toBe(422);
    expect((empty.body as unknown as ErrorBody).code).toBe('CART_EMPTY');

    await fillCart(
      t,
      uid,
      [[product.id, product.stock + 1]].filter(([, q]) => (q ?? 0) <= 999) as [number, number][],
    );
    const short = await createOrder(t, token, {
      deliveryType: 'pickup',
      pickupPointId,
      paymentMethod: 'cash',
    });
    expect(short.status).toBe(422);
    const shortBody = short.body as unknown as ErrorBody;
    expect(shortBody.code).toBe('OUT_OF_STOCK');
    expect(shortBody.details?.[0]?.message).toContain(`product ${product.id}`);
    expect((await availableAt(t, 1, [product.id])).get(product.id)).toBe(product.stock);
    expect(
      await t.db.selectFrom('carts').select('product_id').where('user_id', '=', uid).execute(),
    ).toHaveLength(1);

    await fillCart(t, uid, [[product.id, 1]]);
    const otherAddress = await firstAddress(t, await userId(t, USER));
    const foreignAddress = await createOrder(t, token, {
      deliveryType: 'delivery',
      addressId: otherAddress,
      paymentMethod: 'cash',
    });
    expect(foreignAddress.status).toBe(422);
    expect((foreignAddress.body as unknown as ErrorBody).details?.[0]?.path).toBe('/addressId');
    const foreignPoint = await createOrder(t, token, {
      deliveryType: 'pickup',
      pickupPointId: await firstPickupPoint(t, 2),
      paymentMethod: 'cash',
    });
    expect(foreignPoint.status).toBe(422);
    expect((foreignPoint.body as unknown as ErrorBody).details?.[0]?.path).toBe('/pickupPointId');
  });

  it('needs a token (401) and an Idempotency-Key (400)', async () => {
    const pickupPointId = await firstPickupPoint(t, 1);
    const anonymous = await t.post('/orders/create', {
      json: { deliveryType: 'pickup', pickupPointId, paymentMethod: 'cash' },
      headers: { 'Idempotency-Key': newKey() },
    });
    expect(anonymous.status).toBe(401);
    const noKey = await t.post('/orders/create', {
      token: await tokenFor(t, PARTNER),
      json: { deliveryType: 'pickup', pickupPointId, paymentMethod: 'cash' },
    });
    expect(noKey.status).toBe(400);
  });
});

describe('idempotency', () => {
  it('20 concurrent requests with one key make one order and all answer it', async () => {
    const uid = await userId(t, PARTNER);
    const token = await tokenFor(t, PARTNER);
    const products = await stockedProducts(t, 2);
    await fillCart(
      t,
      uid,
      products.map((p): [number, number] => [p.id, 1]),
    );
    const before = await t.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const key = newKey();
    const body = {
      deliveryType: 'pickup',
      pickupPointId: await firstPickupPoint(t, 1),
      paymentMethod: 'cash',
    } as const;

    const answers = await Promise.all(Array.from({ length: 20 }, () => createOrder(t, token, body, key)));

    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 20 }, () => 201));
    const ids = new Set(answers.map((answer) => answer.body.id));
    expect(ids.size).toBe(1);
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    const after = await t.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(1);
    const keys = await t.db
      .selectFrom('idempotency_keys')
      .select(['order_id'])
      .where('key', '=', key)
      .execute();
    expect(keys).toEqual([{ order_id: [...ids][0] }]);
    const lines = await t.db
      .selectFrom('order_lines')
      .select('id')
      .where('order_id', '=', [...ids][0] ?? 0)
      .execute();
    expect(lines).toHaveLength(2);
  });

  it('replays a later retry with the same body even though the cart is empty now, and refuses another body', async () => {
    const uid = await userId(t, PARTNER);
    const token = await tokenFor(t, PARTNER);
    const [product] = await stockedProducts(t, 1);
    if (product === undefined) throw new Error('no stocked product');
    await fillCart(t, uid, [[product.id, 1]]);
    const key = newKey();
    const pickupPointId = await firstPickupPoint(t, 1);
    const first = await createOrder(
      t,
      token,
      { deliveryType: 'pickup', pickupPointId, paymentMethod: 'cash' },
      key,
    );
    expect(first.status).toBe(201);
    // Same fields in another order: the same body.
    const again = await t.post<Order>('/orders/create', {
      token,
      json: { paymentMethod: 'cash', pickupPointId, deliveryType: 'pickup' },
      headers: { 'Idempotency-Key': key },
    });
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);

    const other = await createOrder(
      t,
      token,
      { deliveryType: 'pickup', pickupPointId, paymentMethod: 'card', acceptTerms: true },
      key,
    );
    expect(other.status).toBe(422);
    expect((other.body as unknown as ErrorBody).code).toBe('IDEMPOTENCY_KEY_REUSED');

    // Keys are per user: another user's key of the same text is theirs.
    const userToken = await tokenFor(t, USER);
    await fillCart(t, await userId(t, USER), [[product.id, 1]]);
    const theirs = await createOrder(
      t,
      userToken,
      { deliveryType: 'pickup', pickupPointId, paymentMethod: 'cash' },
      key,
    );
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(first.body.id);
  });

  it('does not keep a refused attempt: the same key works once the cart is filled', async () => {
    const uid = await userId(t, PARTNER);
    const token = await tokenFor(t, PARTNER);
    await fillCart(t, uid, []);
    const key = newKey();
    const body = {
      deliveryType: 'pickup',
      pickupPointId: await firstPickupPoint(t, 1),
      paymentMethod: 'cash',
    } as const;
    expect((await createOrder(t, token, body, key)).status).toBe(422);
    const [product] = await stockedProducts(t, 1);
    if (product === undefined) throw new Error('no stocked product');
    await fillCart(t, uid, [[product.id, 1]]);
    const retry = await createOrder(t, token, body, key);
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
  });
});

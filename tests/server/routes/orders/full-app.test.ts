/**
 * The order routes inside the whole app (every module's handlers, real login): checkout from a cart filled through
 * the cart route, and the card payment's return trip.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/server/app.ts';
import {
  PARTNER,
  WAREHOUSE,
  firstPickupPoint,
  newKey,
  postMultipart,
  providerSubmit,
  stockedProducts,
  type Order,
  type PaymentSession,
} from './support.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('checkout through the whole app', () => {
  it('cart → order → confirmed → paid by card, with tokens from the real login', async () => {
    const partner = await t.login(PARTNER);
    const warehouse = await t.login(WAREHOUSE);
    const [product] = await stockedProducts(t, 1);
    if (product === undefined) throw new Error('no stocked product');
    const before = await t.get<{ items: unknown[] }>('/orders/cart', { token: partner });
    expect(before.status).toBe(200);
    const added = await t.post('/orders/cart/add-to-cart', {
      token: partner,
      json: { productId: product.id, quantity: 2 },
    });
    expect(added.status).toBeLessThan(300);

    const created = await t.post<Order>('/orders/create', {
      token: partner,
      json: { deliveryType: 'pickup', pickupPointId: await firstPickupPoint(t, 1), paymentMethod: 'card' },
      headers: { 'Idempotency-Key': newKey() },
    });
    expect(created.status).toBe(201);
    expect(
      created.body.lines.find((line) => line.productId === product.id)?.requestedQuantity,
    ).toBeGreaterThanOrEqual(2);
    const cart = await t.get<{ items: unknown[] }>('/orders/cart', { token: partner });
    expect(cart.body.items).toEqual([]);

    let order = created.body;
    for (const status of ['checking', 'confirmed'] as const) {
      const step = await t.post<Order>(`/orders/set/${order.id}/status`, {
        token: warehouse,
        query: { status, version: order.version },
      });
      expect(step.status).toBe(200);
      order = step.body;
    }
    const session = await postMultipart<PaymentSession>(t, '/payment/pay', partner, {
      orderId: String(order.id),
    });
    expect(session.status).toBe(200);
    const back = await providerSubmit(t, session.body.paymentUrl, 'paid');
    expect(back.status).toBe(303);
    const paid = await t.get<Order>(`/orders/get/${order.id}`, { token: partner });
    expect(paid.body.paymentState).toBe('paid');
  });
});

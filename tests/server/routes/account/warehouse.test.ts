import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryPriceFor } from '#server/domain/account/order-params.ts';
import type { TestApp } from '#tests/support/server/app.ts';
import { expectError, expiredTokenOf, startAccountApp, type Schemas } from './support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startAccountApp();
});
afterAll(async () => {
  await t.close();
});

async function activePointIds(warehouseId: number): Promise<number[]> {
  const rows = await t.db
    .selectFrom('pickup_points')
    .select('id')
    .where('warehouse_id', '=', warehouseId)
    .where('is_active', '=', true)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

describe('GET /users/warehouses/get-order-params', () => {
  it('lists the home warehouse’s pickup points, delivery options, payment methods and the threshold', async () => {
    const token = await t.login('pw@demo.test');
    const response = await t.get<Schemas['OrderParams']>('/users/warehouses/get-order-params', { token });
    expect(response.status).toBe(200);
    expect(response.body.currency).toBe(t.config.currency);
    expect(response.body.paymentMethods).toEqual(['cash', 'card']);
    expect(response.body.pickupThreshold).toEqual({ minPv: 25 });
    expect(response.body.deliveryOptions.map((option) => option.type).sort()).toEqual(['delivery', 'pickup']);
    expect(response.body.pickupPoints.map((point) => point.id)).toEqual(await activePointIds(2));
    expect(
      response.body.pickupPoints.every((point) => point.warehouseId === 2 && point.city === 'Bălți'),
    ).toBe(true);
    expect(response.body.pickupPoints[0]?.name.ro).toMatch(/Punct de ridicare/);
  });

  it('leaves out inactive points and shows every warehouse’s points to a user without a home warehouse', async () => {
    const token = await t.login('user@demo.test');
    const [first] = await activePointIds(1);
    await t.db
      .updateTable('pickup_points')
      .set({ is_active: false })
      .where('id', '=', first ?? 0)
      .execute();
    const home = await t.get<Schemas['OrderParams']>('/users/warehouses/get-order-params', { token });
    expect(home.body.pickupPoints.map((point) => point.id)).toEqual(await activePointIds(1));
    expect(home.body.pickupPoints.some((point) => point.id === first)).toBe(false);

    await t.db
      .updateTable('users')
      .set({ warehouse_id: null })
      .where('email', '=', 'user@demo.test')
      .execute();
    const all = await t.get<Schemas['OrderParams']>('/users/warehouses/get-order-params', { token });
    const everyActive = [
      ...(await activePointIds(1)),
      ...(await activePointIds(2)),
      ...(await activePointIds(3)),
    ];
    expect(all.body.pickupPoints.map((point) => point.id)).toEqual(everyActive);
    await t.db.updateTable('users').set({ warehouse_id: 1 }).where('email', '=', 'user@demo.test').execute();
    await t.db
      .updateTable('pickup_points')
      .set({ is_active: true })
      .where('id', '=', first ?? 0)
      .execute();
  });

  it('is 401 without a token or with an expired one', async () => {
    expectError(await t.get('/users/warehouses/get-order-params'), 401, 'UNAUTHORIZED');
    const expired = await expiredTokenOf(t, 'partner@demo.test');
    expectError(await t.get('/users/warehouses/get-order-params', { token: expired }), 401, 'TOKEN_EXPIRED');
  });

  it('prices delivery by the goods value', () => {
    expect(deliveryPriceFor('pickup', 100)).toBe(0);
    expect(deliveryPriceFor('delivery', 99_999)).toBe(5_000);
    expect(deliveryPriceFor('delivery', 100_000)).toBe(0);
  });
});

describe('GET /users/my-warehouse', () => {
  it('answers the staff member’s warehouse with its pickup points, named in the user’s language', async () => {
    const token = await t.login('warehouse@demo.test');
    await t.post('/users/lang', { token, json: { lang: 'en' } });
    const response = await t.get<Schemas['Warehouse']>('/users/my-warehouse', { token });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: 1,
      number: 'CHI',
      name: 'Chișinău warehouse',
      city: 'Chișinău',
    });
    expect(response.body.pickupPoints.map((point) => point.id)).toEqual(await activePointIds(1));
    await t.post('/users/lang', { token, json: { lang: 'ru' } });
    const russian = await t.get<Schemas['Warehouse']>('/users/my-warehouse', { token });
    expect(russian.body.name).toBe('Склад Кишинёв');
  });

  it('answers a distributor’s home warehouse', async () => {
    const response = await t.get<Schemas['Warehouse']>('/users/my-warehouse', {
      token: await t.login('pw@demo.test'),
    });
    expect(response.body).toMatchObject({ id: 2, number: 'BAL' });
  });

  it('is 404 when none is assigned and 401 without a token', async () => {
    await t.db
      .updateTable('users')
      .set({ warehouse_id: null })
      .where('email', '=', 'user@demo.test')
      .execute();
    expectError(
      await t.get('/users/my-warehouse', { token: await t.login('user@demo.test') }),
      404,
      'NOT_FOUND',
    );
    await t.db.updateTable('users').set({ warehouse_id: 1 }).where('email', '=', 'user@demo.test').execute();
    expectError(await t.get('/users/my-warehouse'), 401, 'UNAUTHORIZED');
  });
});

// A delivery order the distributor decides to pick up: they choose the pickup point (`pickupPointId` with
// `?status=pickup_requested`), one of the order's warehouse; another warehouse's point is 422 and nothing changes.
import { describe, expect, it } from 'vitest';
import { PARTNER, placeOrder, walk, type ErrorBody, type Order } from './support.ts';
import { useOrdersApp } from './fixture.ts';

const { t, tokens } = useOrdersApp();

const activePoints = (warehouseId: number) =>
  t.db
    .selectFrom('pickup_points')
    .select('id')
    .where('warehouse_id', '=', warehouseId)
    .where('is_active', '=', true)
    .orderBy('id')
    .execute();

const requestPickup = (order: Pick<Order, 'id' | 'version'>, pickupPointId: number) =>
  t.post<Order | ErrorBody>(`/orders/set/${order.id}/status`, {
    token: tokens.partner,
    query: { status: 'pickup_requested', version: order.version, pickupPointId },
  });

describe('requesting pickup of a delivery order', () => {
  it('takes the pickup point the distributor chose, and refuses one of another warehouse', async () => {
    const ready = await walk(t, await placeOrder(t, PARTNER, { delivery: true }), [
      [tokens.warehouse, 'checking'],
      [tokens.warehouse, 'confirmed'],
      [tokens.warehouse, 'prepared'],
      [tokens.warehouse, 'ready'],
    ]);
    const own = await activePoints(1);
    const chosen = own.at(-1);
    const foreign = (await activePoints(2))[0];
    if (chosen === undefined || foreign === undefined) throw new Error('seeded pickup points missing');

    const refused = await requestPickup(ready, foreign.id);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ location: 'query', path: 'pickupPointId' }],
    });
    const unchanged = await t.get<Order>(`/orders/get/${ready.id}`, { token: tokens.partner });
    expect(unchanged.body).toMatchObject({
      status: 'ready',
      deliveryType: 'delivery',
      version: ready.version,
    });

    const answer = await requestPickup(ready, chosen.id);
    expect(answer.status).toBe(200);
    const requested = answer.body as Order;
    expect(requested).toMatchObject({ status: 'pickup_requested', deliveryType: 'pickup' });
    expect(requested.pickupPoint?.id).toBe(chosen.id);
    expect(requested.handoverCode).toMatch(/^[0-9]{6}$/);
  });
});

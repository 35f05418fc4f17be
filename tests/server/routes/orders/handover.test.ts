import { describe, expect, it } from 'vitest';
import type { TestResponse } from '#tests/support/server/app.ts';
import {
  BALTI_STAFF,
  PARTNER,
  PARTNER_WAREHOUSE,
  placeOrder,
  setStatus,
  tokenFor,
  walk,
  type ErrorBody,
  type Order,
} from './support.ts';
import { useOrdersApp } from './fixture.ts';

const { t, tokens } = useOrdersApp();

const handOver = (token: string, order: Pick<Order, 'id' | 'version'>, code: string) =>
  t.post<Order | ErrorBody>(`/orders/set/${order.id}/hand-over`, {
    token,
    json: { version: order.version, code },
  });

const read = async (token: string, id: number): Promise<Order> => {
  const response = await t.get<Order>(`/orders/get/${id}`, { token });
  expect(response.status).toBe(200);
  return response.body;
};

/** A new cash pickup order of the partner, walked to `pickup_requested` (the partner's answer, with the code). */
async function awaitingPickup(): Promise<Order> {
  const created = await placeOrder(t, PARTNER, { paymentMethod: 'cash' });
  return walk(t, created, [
    [tokens.warehouse, 'checking'],
    [tokens.warehouse, 'confirmed'],
    [tokens.warehouse, 'prepared'],
    [tokens.warehouse, 'ready'],
    [tokens.partner, 'pickup_requested'],
  ]);
}

/** Another 6-digit code than `code`. */
const wrongCode = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

const errorOf = (response: TestResponse<Order | ErrorBody>): ErrorBody => response.body as ErrorBody;

describe('the pickup handover code', () => {
  it('is shown to the customer only, and only while the order waits for pickup', async () => {
    const order = await awaitingPickup();
    expect(order.handoverCode).toMatch(/^[0-9]{6}$/);
    expect((await read(tokens.partner, order.id)).handoverCode).toBe(order.handoverCode);
    expect((await read(tokens.warehouse, order.id)).handoverCode ?? null).toBeNull();
    const pw = await tokenFor(t, PARTNER_WAREHOUSE);
    expect((await t.get(`/orders/get/${order.id}`, { token: pw })).status).toBe(404);
    const created = await placeOrder(t, PARTNER, { paymentMethod: 'cash' });
    expect(created.handoverCode ?? null).toBeNull();
  });

  it('refuses a wrong code (422, the order unchanged) and hands over with the right one', async () => {
    const order = await awaitingPickup();
    const code = order.handoverCode ?? '';
    const wrong = await handOver(tokens.warehouse, order, wrongCode(code));
    expect(wrong.status).toBe(422);
    expect(errorOf(wrong)).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ location: 'body', path: '/code' }],
    });
    expect(wrong.headers['x-content-type-options']).toBe('nosniff');
    expect((await read(tokens.warehouse, order.id)).status).toBe('pickup_requested');

    const staffOther = await tokenFor(t, BALTI_STAFF);
    expect((await handOver(staffOther, order, code)).status).toBe(404);
    expect((await handOver(tokens.partner, order, code)).status).toBe(403);

    const right = await handOver(tokens.warehouse, order, code);
    expect(right.status).toBe(200);
    const done = right.body as Order;
    expect(done.status).toBe('received');
    expect(done.history.at(-1)).toMatchObject({
      event: 'HAND_OVER',
      from: 'pickup_requested',
      to: 'received',
    });
    expect((await handOver(tokens.warehouse, done, code)).status).toBe(409);
  });

  it('cannot be skipped through the status operation', async () => {
    const order = await awaitingPickup();
    const response = await setStatus(t, tokens.warehouse, order, 'received');
    expect(response.status).toBe(409);
    expect((response.body as unknown as ErrorBody).code).toBe('TRANSITION_NOT_ALLOWED');
    expect((await read(tokens.warehouse, order.id)).status).toBe('pickup_requested');
  });

  it('answers 429 to every try, the right code too, after 5 wrong codes for the order', async () => {
    const order = await awaitingPickup();
    const code = order.handoverCode ?? '';
    for (let i = 0; i < 5; i += 1)
      expect((await handOver(tokens.warehouse, order, wrongCode(code))).status).toBe(422);
    const limited = await handOver(tokens.warehouse, order, code);
    expect(limited.status).toBe(429);
    expect(errorOf(limited).code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await read(tokens.warehouse, order.id)).status).toBe('pickup_requested');
    // Another order is not limited by this one's wrong codes.
    const other = await awaitingPickup();
    expect((await handOver(tokens.warehouse, other, other.handoverCode ?? '')).status).toBe(200);
  });

  it('works for a seeded order waiting for pickup (nothing stored)', async () => {
    const seeded = await t.db
      .selectFrom('orders as o')
      .innerJoin('users as u', 'u.id', 'o.user_id')
      .select(['o.id', 'u.email'])
      .where('o.status', '=', 'pickup_requested')
      .where('o.warehouse_id', '=', 1)
      .orderBy('o.id')
      .executeTakeFirstOrThrow();
    const owner = await read(await tokenFor(t, seeded.email), seeded.id);
    expect(owner.handoverCode).toMatch(/^[0-9]{6}$/);
    const response = await handOver(tokens.warehouse, owner, owner.handoverCode ?? '');
    expect(response.status).toBe(200);
    expect((response.body as Order).status).toBe('received');
  });
});

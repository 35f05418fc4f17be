/**
 * Live events on one process (PGlite, in-process LISTEN/NOTIFY): tickets, what each role sees, resume with
 * Last-Event-ID, presence, and the stream's end on a password change. Real HTTP (SSE through fetch).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSse, type SseConnection } from '../../../scripts/lib/sse-client.ts';
import { startTestApp, type TestApp } from '../../support/server/app.ts';
import {
  fillCart,
  PARTNER,
  stockedProducts,
  tokenFor,
  userId,
  WAREHOUSE,
  WAREHOUSE_2,
  BALTI_STAFF,
  type Order,
} from '../routes/orders/support.ts';

let t: TestApp;
let base: string;
let partner: string;
let staff: string;
let staff2: string;
let baltiStaff: string;

beforeAll(async () => {
  t = await startTestApp();
  base = `${await t.app.listen({ host: '127.0.0.1', port: 0 })}/api/v3`;
  partner = await tokenFor(t, PARTNER);
  staff = await tokenFor(t, WAREHOUSE);
  staff2 = await tokenFor(t, WAREHOUSE_2);
  baltiStaff = await tokenFor(t, BALTI_STAFF);
});
afterAll(async () => {
  await t.close();
});

async function ticket(token: string): Promise<string> {
  const answer = await t.post<{ ticket: string; expiresAt: string }>('/events/ticket', { token });
  expect(answer.status).toBe(200);
  return answer.body.ticket;
}

async function stream(token: string, lastEventId?: string): Promise<SseConnection> {
  const query = lastEventId === undefined ? '' : `&lastEventId=${lastEventId}`;
  const connection = await openSse(`${base}/events?ticket=${await ticket(token)}${query}`);
  expect(connection.status).toBe(200);
  await connection.waitFor((frame) => frame.event === 'ready');
  return connection;
}

async function placeOrder(): Promise<Order> {
  const [product] = await stockedProducts(t, 1);
  if (product === undefined) throw new Error('no stocked product');
  await fillCart(t, await userId(t, PARTNER), [[product.id, 1]]);
  const created = await t.post<Order>('/orders/create', {
    token: partner,
    headers: { 'idempotency-key': randomUUID() },
    json: { deliveryType: 'pickup', pickupPointId: 1, paymentMethod: 'cash' },
  });
  expect(created.status).toBe(201);
  return created.body;
}

const orderFrame = (orderId: number, version?: number) => (frame: { event: string; data: string }) => {
  if (frame.event !== 'order') return false;
  const data = JSON.parse(frame.data) as { orderId: number; version: number };
  return data.orderId === orderId && (version === undefined || data.version === version);
};

describe('tickets', () => {
  it('open one stream once; a spent or unknown ticket is 401 and is masked in logs', async () => {
    const once = await ticket(partner);
    const first = await openSse(`${base}/events?ticket=${once}`);
    expect(first.status).toBe(200);
    first.close();
    const again = await openSse(`${base}/events?ticket=${once}`);
    expect(again.status).toBe(401);
    const unknown = await t.get(`/events?ticket=${'A'.repeat(43)}`);
    expect(unknown.status).toBe(401);
    expect((await t.post('/events/ticket')).status).toBe(401);
  });
});

describe('the stream', () => {
  it('tells the customer and the warehouse staff, not other warehouses, with version, status and who', async () => {
    const mine = await stream(partner);
    const staffStream = await stream(staff);
    const otherWarehouse = await stream(baltiStaff);
    const order = await placeOrder();
    const created = JSON.parse((await staffStream.waitFor(orderFrame(order.id))).data) as Record<
      string,
      unknown
    >;
    expect(created).toMatchObject({
      change: 'created',
      orderId: order.id,
      number: order.number,
      version: order.version,
    });
    await mine.waitFor(orderFrame(order.id));
    await mine.waitFor((frame) => frame.event === 'bag');

    const checked = await t.post<Order>(`/orders/set/${order.id}/status`, {
      token: staff,
      query: { status: 'checking', version: order.version },
    });
    expect(checked.status).toBe(200);
    const seen = JSON.parse((await mine.waitFor(orderFrame(order.id, checked.body.version))).data) as Record<
      string,
      unknown
    >;
    expect(seen).toMatchObject({
      change: 'changed',
      status: 'checking',
      event: 'START_CHECK',
      actor: { name: 'Victor Munteanu', role: 'warehouse' },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(otherWarehouse.frames.filter((frame) => frame.event === 'order')).toEqual([]);
    for (const connection of [mine, staffStream, otherWarehouse]) connection.close();
  });

  it('resumes after a drop with Last-Event-ID (header or query) and misses nothing', async () => {
    const first = await stream(staff);
    const order = await placeOrder();
    await first.waitFor(orderFrame(order.id));
    const resumeFrom = first.lastId();
    first.close();
    const checked = await t.post<Order>(`/orders/set/${order.id}/status`, {
      token: staff,
      query: { status: 'checking', version: order.version },
    });
    const confirmed = await t.post<Order>(`/orders/set/${order.id}/status`, {
      token: staff,
      query: { status: 'confirmed', version: checked.body.version },
    });
    expect(confirmed.status).toBe(200);
    const resumed = await openSse(`${base}/events?ticket=${await ticket(staff)}`, {
      'last-event-id': resumeFrom ?? '',
    });
    await resumed.waitFor(orderFrame(order.id, checked.body.version));
    await resumed.waitFor(orderFrame(order.id, confirmed.body.version));
    resumed.close();
    const byQuery = await stream(staff, resumeFrom);
    expect(byQuery.frames.filter(orderFrame(order.id)).length).toBe(2);
    byQuery.close();
  });

  it('says in every API answer where the log was before it was worked out, and a stream resumed there misses nothing', async () => {
    const positionOf = (headers: Record<string, unknown>) => Number(headers['event-position']);
    const before = await t.get('/users/me', { token: partner });
    expect(before.status).toBe(200);
    const at = positionOf(before.headers);
    expect(Number.isInteger(at)).toBe(true);
    // An error answer is placed too: the browser counts every answer its cache may hold.
    const missing = await t.get('/orders/get/999999999', { token: partner });
    expect(missing.status).toBe(404);
    expect(positionOf(missing.headers)).toBeGreaterThanOrEqual(at);
    const order = await placeOrder();
    // The hub reads the log a moment after the commit: a later answer is placed after the order's events.
    let after = at;
    for (let tries = 0; after === at && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      after = positionOf((await t.get('/users/me', { token: partner })).headers);
    }
    expect(after).toBeGreaterThan(at);
    const fromBefore = await stream(partner, String(at));
    expect(fromBefore.frames.filter(orderFrame(order.id)).length).toBeGreaterThan(0);
    fromBefore.close();
    const fromAfter = await stream(partner, String(after));
    expect(fromAfter.frames.filter(orderFrame(order.id))).toEqual([]);
    fromAfter.close();
  });

  it('answers reset when Last-Event-ID is older than the log', async () => {
    const first = await stream(staff);
    await placeOrder();
    await first.waitFor((frame) => frame.event === 'order');
    first.close();
    const oldest = await t.db
      .selectFrom('events')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    await t.db.deleteFrom('events').where('id', '<', Number(oldest.id)).execute();
    const resumed = await stream(staff, '1');
    expect(resumed.frames.map((frame) => frame.event)).toContain('reset');
    resumed.close();
  });

  it('ends when the password changes', async () => {
    const own = await tokenFor(t, WAREHOUSE_2);
    const connection = await stream(own);
    await t.db
      .updateTable('users')
      .set((eb) => ({ session_version: eb('session_version', '+', 1) }))
      .where('id', '=', await userId(t, WAREHOUSE_2))
      .execute();
    const end = await connection.waitFor((frame) => frame.event === 'end');
    expect(JSON.parse(end.data)).toEqual({ reason: 'session_ended' });
    await connection.closed;
    expect((await t.post('/events/ticket', { token: own })).status).toBe(401);
  });
});

describe('presence', () => {
  it('announces staff arriving and leaving to the warehouse; others get 404', async () => {
    const order = await placeOrder();
    const watcher = await stream(staff);
    staff2 = await tokenFor(t, WAREHOUSE_2); // the password-change test ended the earlier session
    const arrived = await t.post<{ viewers: Array<{ name: string }> }>(`/orders/presence/${order.id}`, {
      token: staff2,
    });
    expect(arrived.status).toBe(200);
    expect(arrived.body.viewers.map((viewer) => viewer.name)).toEqual(['Natalia Lungu']);
    const frame = await watcher.waitFor((f) => f.event === 'presence');
    expect(JSON.parse(frame.data)).toMatchObject({ orderId: order.id, viewers: [{ name: 'Natalia Lungu' }] });
    const count = watcher.frames.length;
    expect((await t.delete(`/orders/presence/${order.id}`, { token: staff2 })).status).toBe(204);
    const left = await watcher.waitFor((f) => f.event === 'presence', 5000, count);
    expect(JSON.parse(left.data)).toMatchObject({ orderId: order.id, viewers: [] });
    watcher.close();
    expect((await t.post(`/orders/presence/${order.id}`, { token: baltiStaff })).status).toBe(404);
    expect((await t.post(`/orders/presence/${order.id}`, { token: partner })).status).toBe(403);
  });
});

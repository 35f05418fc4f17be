/**
 * Returns through the API: every transition of the return machine, the policy's refusals with the error shape and
 * nothing changed, what acceptance does (stock, the buyer's and sponsor's volumes, the cash credit, the history and
 * the messages) and the warehouse's queue.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { visibleTo } from '#server/events/hub.ts';
import { PARTNER, USER, newKey, stockedProducts, tokenFor, type Order } from '../routes/orders/support.ts';
import {
  firstLineBuyer,
  receivedDaysAgo,
  returnCount,
  stockOf,
  useReturnsApp,
  volumesOf,
  type ErrorBody,
  type Return,
  type ReturnList,
  type ReturnPage,
} from './support.ts';

const { t, tokens, completedOrder, request, act, read } = useReturnsApp();

const asReturn = (body: Return | ErrorBody): Return => body as Return;
const asError = (body: Return | ErrorBody): ErrorBody => body as ErrorBody;

async function twoLineOrder(
  paymentMethod: 'cash' | 'card' = 'cash',
): Promise<{ order: Order; a: number; b: number }> {
  const [first, second] = await stockedProducts(t, 2);
  if (first === undefined || second === undefined) throw new Error('no stocked products');
  const order = await completedOrder({
    paymentMethod,
    lines: [
      [first.id, 2],
      [second.id, 3],
    ],
  });
  return { order, a: first.id, b: second.id };
}

async function messagesOf(event: string, returnId: number): Promise<number> {
  const rows = await t.db
    .selectFrom('messages')
    .select('id')
    .where('key', '=', `${event}:${returnId}`)
    .execute();
  return rows.length;
}

describe('requesting a return', () => {
  it('creates a requested return once per key, with the order history and what may still be returned', async () => {
    const { order, a, b } = await twoLineOrder();
    const key = newKey();
    const body = {
      reason: 'faulty' as const,
      comment: 'Broken cap',
      lines: [
        { productId: a, quantity: 1 },
        { productId: b, quantity: 3 },
      ],
    };
    const created = await request(order.id, body, key);
    expect(created.status).toBe(201);
    const value = asReturn(created.body);
    expect(value).toMatchObject({
      number: `${order.number}-R1`,
      orderId: order.id,
      status: 'requested',
      reason: 'faulty',
      comment: 'Broken cap',
      version: 1,
      refundState: 'none',
      paymentMethod: 'cash',
      refund: { method: 'cash', ratePercent: 100, state: 'none' },
      history: [{ status: 'requested', event: 'REQUEST', comment: 'Broken cap' }],
    });
    const lineA = order.lines.find((line) => line.productId === a);
    const lineB = order.lines.find((line) => line.productId === b);
    const paid = (line: typeof lineA) => line?.promoPrice ?? line?.price ?? 0;
    expect(value.refund.amount).toBe(paid(lineA) + 3 * paid(lineB));
    expect(value.lines.map((line) => [line.productId, line.requested, line.received])).toEqual([
      [a, 1, null],
      [b, 3, null],
    ]);

    const replay = await request(order.id, body, key);
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(asReturn(replay.body).id).toBe(value.id);
    const reused = await request(order.id, { ...body, reason: 'wrong_item' }, key);
    expect(reused.status).toBe(422);
    expect(asError(reused.body).code).toBe('IDEMPOTENCY_KEY_REUSED');

    const list = await t.get<ReturnList>(`/orders/${order.id}/returns`, { token: tokens.partner });
    expect(list.status).toBe(200);
    expect(list.body.items.map((item) => item.id)).toEqual([value.id]);
    expect(list.body.lines).toEqual([
      { productId: a, received: 2, held: 1, returnable: 1 },
      { productId: b, received: 3, held: 3, returnable: 0 },
    ]);
    expect(list.body.returnable).toBe(true);
    expect(list.body.windows.map((w) => [w.reason, w.open, w.ratePercent])).toEqual([
      ['faulty', true, 100],
      ['wrong_item', true, 100],
      ['unopened', true, 100],
    ]);
    const staffList = await t.get<ReturnList>(`/orders/${order.id}/returns`, { token: tokens.warehouse });
    expect(staffList.status).toBe(200);

    const page = await t.get<Order>(`/orders/get/${order.id}`, { token: tokens.partner });
    expect(page.body.history.at(-1)).toMatchObject({
      event: 'RETURN_REQUESTED',
      comment: `${value.number}: Broken cap`,
    });
    expect(page.body.version).toBe(order.version + 1);
  });

  it('refuses bad input with the error shape and a reason per line, and stores nothing', async () => {
    const { order, a, b } = await twoLineOrder();
    const before = await returnCount(t);
    const refused = async (body: Parameters<typeof request>[1], token = tokens.partner) => {
      const response = await request(order.id, body, newKey(), token);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      return response;
    };

    const tooMany = await refused({ reason: 'faulty', lines: [{ productId: a, quantity: 3 }] });
    expect(tooMany.status).toBe(422);
    expect(asError(tooMany.body)).toMatchObject({
      code: 'VALIDATION_FAILED',
      status: 422,
      details: [{ location: 'body', path: '/lines/0', reason: 'too_many' }],
    });
    expect(asError(tooMany.body).translations.ru).toBeTruthy();

    const twice = await refused({
      reason: 'faulty',
      lines: [
        { productId: b, quantity: 1 },
        { productId: b, quantity: 1 },
      ],
    });
    expect(twice.status).toBe(422);
    expect(asError(twice.body).details).toMatchObject([{ path: '/lines/1', reason: 'duplicate_line' }]);

    const foreign = await refused({ reason: 'faulty', lines: [{ productId: 2_000_000, quantity: 1 }] });
    expect(asError(foreign.body).details).toMatchObject([{ path: '/lines/0', reason: 'not_in_order' }]);

    const empty = await refused({ reason: 'faulty', lines: [] });
    expect(empty.status).toBe(400);

    const another = await refused(
      { reason: 'faulty', lines: [{ productId: a, quantity: 1 }] },
      await tokenFor(t, USER),
    );
    expect(another.status).toBe(404);
    const staff = await refused(
      { reason: 'faulty', lines: [{ productId: a, quantity: 1 }] },
      tokens.warehouse,
    );
    expect(staff.status).toBe(404);

    await receivedDaysAgo(t, order.id, 20);
    const late = await refused({ reason: 'wrong_item', lines: [{ productId: a, quantity: 1 }] });
    expect(late.status).toBe(422);
    expect(asError(late.body).details).toMatchObject([{ path: '/reason', reason: 'window_over' }]);
    expect(await returnCount(t)).toBe(before);

    // Unopened goods are still bought back, at 90 %.
    const buyBack = await refused({ reason: 'unopened', lines: [{ productId: a, quantity: 2 }] });
    expect(buyBack.status).toBe(201);
    const line = order.lines.find((l) => l.productId === a);
    const unit = line?.promoPrice ?? line?.price ?? 0;
    expect(asReturn(buyBack.body).refund).toMatchObject({
      ratePercent: 90,
      amount: Math.floor((2 * unit * 90 + 50) / 100),
    });

    await receivedDaysAgo(t, order.id, 400);
    const tooLate = await refused({ reason: 'unopened', lines: [{ productId: b, quantity: 1 }] });
    expect(asError(tooLate.body).details).toMatchObject([{ reason: 'window_over' }]);
    expect(await returnCount(t)).toBe(before + 1);
  });

  it('two requests at once for the last units: one is stored, the other refused; a double click stores one', async () => {
    const { order, a } = await twoLineOrder();
    const body = { reason: 'faulty' as const, lines: [{ productId: a, quantity: 2 }] };
    const [one, two] = await Promise.all([request(order.id, body), request(order.id, body)]);
    expect([one.status, two.status].sort()).toEqual([201, 422]);
    const key = newKey();
    const other = await twoLineOrder();
    const twice = { reason: 'wrong_item' as const, lines: [{ productId: other.b, quantity: 1 }] };
    const [first, again] = await Promise.all([
      request(other.order.id, twice, key),
      request(other.order.id, twice, key),
    ]);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(asReturn(first.body).id).toBe(asReturn(again.body).id);
    const stored = await t.db
      .selectFrom('order_returns')
      .select('id')
      .where('order_id', 'in', [order.id, other.order.id])
      .execute();
    expect(stored).toHaveLength(2);
  });

  it('refuses an order that was not received yet', async () => {
    const [product] = await stockedProducts(t, 1);
    if (product === undefined) throw new Error('no stock');
    const { placeOrder } = await import('../routes/orders/support.ts');
    const open = await placeOrder(t, PARTNER, { lines: [[product.id, 1]] });
    const response = await request(open.id, {
      reason: 'faulty',
      lines: [{ productId: product.id, quantity: 1 }],
    });
    expect(response.status).toBe(422);
    expect(asError(response.body).details).toMatchObject([{ reason: 'order_not_returnable' }]);
    const list = await t.get<ReturnList>(`/orders/${open.id}/returns`, { token: tokens.partner });
    expect(list.body).toMatchObject({ returnable: false, receivedAt: null, items: [] });
  });
});

describe('the return machine through the API', () => {
  it('receive, stale version, accept: stock, volumes of the buyer and sponsor, cash credit, history, messages', async () => {
    const buyer = await firstLineBuyer(t);
    const customer = await tokenFor(t, buyer.email);
    const [first, second] = await stockedProducts(t, 2);
    if (first === undefined || second === undefined) throw new Error('no stocked products');
    const [a, b] = [first.id, second.id];
    const order = await completedOrder({
      buyer: buyer.email,
      lines: [
        [a, 2],
        [b, 3],
      ],
    });
    const created = asReturn(
      (
        await request(
          order.id,
          {
            reason: 'faulty',
            lines: [
              { productId: a, quantity: 2 },
              { productId: b, quantity: 2 },
            ],
          },
          newKey(),
          customer,
        )
      ).body,
    );

    // Not the distributor's to receive (their role may not call it); another warehouse does not see it.
    const byCustomer = await act(
      created.id,
      'receive',
      { version: 1, lines: [{ productId: a, received: 2, damaged: 0 }] },
      customer,
    );
    expect(byCustomer.status).toBe(403);
    const balti = await tokenFor(t, 'sklad.balti@demo.test');
    expect((await act(created.id, 'accept', { version: 1 }, balti)).status).toBe(404);

    const badReceipt = await act(created.id, 'receive', {
      version: 1,
      lines: [
        { productId: a, received: 2, damaged: 3 },
        { productId: b, received: 3, damaged: 0 },
      ],
    });
    expect(badReceipt.status).toBe(422);
    expect(asError(badReceipt.body).details).toMatchObject([
      { path: '/lines/0/damaged', reason: 'damaged_too_many' },
      { path: '/lines/1/received', reason: 'received_too_many' },
    ]);

    const receipt = {
      version: 1,
      lines: [
        { productId: a, received: 2, damaged: 1 },
        { productId: b, received: 1, damaged: 0 },
      ],
    };
    const received = await act(created.id, 'receive', receipt);
    expect(received.status).toBe(200);
    expect(asReturn(received.body)).toMatchObject({ status: 'received', version: 2, itemCount: 3 });

    const stale = await act(created.id, 'accept', { version: 1 });
    expect(stale.status).toBe(409);
    expect(asError(stale.body)).toMatchObject({
      code: 'VERSION_CONFLICT',
      return: { status: 'received', version: 2 },
    });
    expect((await read(created.id, customer)).status).toBe('received');

    const [buyerBefore, sponsorBefore] = [await volumesOf(t, buyer.id), await volumesOf(t, buyer.sponsorId)];
    const stockA = await stockOf(t, order.warehouse.id, a);
    const stockB = await stockOf(t, order.warehouse.id, b);

    const accepted = await act(created.id, 'accept', { version: 2 });
    expect(accepted.status).toBe(200);
    const done = asReturn(accepted.body);
    const lineA = order.lines.find((line) => line.productId === a);
    const lineB = order.lines.find((line) => line.productId === b);
    const unit = (line: typeof lineA) => line?.promoPrice ?? line?.price ?? 0;
    expect(done).toMatchObject({
      status: 'accepted',
      refundState: 'credited',
      version: 3,
      refund: { state: 'credited', amount: 2 * unit(lineA) + unit(lineB) },
    });
    expect(done.history.map((entry) => entry.event)).toEqual(['REQUEST', 'RECEIVE', 'ACCEPT']);

    // The undamaged units are back on the shelf of the order's warehouse.
    expect(await stockOf(t, order.warehouse.id, a)).toBe(stockA + 1);
    expect(await stockOf(t, order.warehouse.id, b)).toBe(stockB + 1);
    // The received units' points leave the buyer's PV and the sponsor's GV, in the open period.
    const points = Math.round((2 * (lineA?.points ?? 0) + (lineB?.points ?? 0)) * 100);
    expect(points).toBeGreaterThan(0);
    expect(await volumesOf(t, buyer.id)).toEqual({
      pv: buyerBefore.pv - points,
      gv: buyerBefore.gv - points,
    });
    expect((await volumesOf(t, buyer.sponsorId)).gv).toBe(sponsorBefore.gv - points);
    const ledger = await t.db
      .selectFrom('volume_credits')
      .select(['kind', 'points'])
      .where('key', '=', `return:${created.id}`)
      .execute();
    expect(ledger).toHaveLength(1);

    const orderNow = (await t.get<Order>(`/orders/get/${order.id}`, { token: customer })).body;
    expect(orderNow.history.slice(-4).map((entry) => entry.event)).toEqual([
      'RETURN_REQUESTED',
      'RETURN_RECEIVED',
      'RETURN_ACCEPTED',
      'RETURN_CREDITED',
    ]);
    expect(await messagesOf('order.return_received', created.id)).toBe(1);
    expect(await messagesOf('order.return_accepted', created.id)).toBe(1);

    // Final: nothing more happens, and a second accept changes nothing.
    const again = await act(created.id, 'accept', { version: 3 });
    expect(again.status).toBe(409);
    expect(asError(again.body).code).toBe('TRANSITION_NOT_ALLOWED');
    expect(await stockOf(t, order.warehouse.id, a)).toBe(stockA + 1);
    expect((await volumesOf(t, buyer.id)).pv).toBe(buyerBefore.pv - points);

    // What came back is no longer returnable; what never came may be asked for again.
    const list = await t.get<ReturnList>(`/orders/${order.id}/returns`, { token: customer });
    expect(list.body.lines).toEqual([
      { productId: a, received: 2, held: 2, returnable: 0 },
      { productId: b, received: 3, held: 1, returnable: 2 },
    ]);
  });

  it('the distributor cancels a requested return; the warehouse may not', async () => {
    const { order, a } = await twoLineOrder();
    const created = asReturn(
      (await request(order.id, { reason: 'wrong_item', lines: [{ productId: a, quantity: 1 }] })).body,
    );
    const byStaff = await act(created.id, 'cancel', { version: 1 }, tokens.warehouse);
    expect(byStaff.status).toBe(409);
    const cancelled = await act(created.id, 'cancel', { version: 1 }, tokens.partner);
    expect(cancelled.status).toBe(200);
    expect(asReturn(cancelled.body)).toMatchObject({ status: 'cancelled', refundState: 'none', version: 2 });
    const late = await act(created.id, 'receive', {
      version: 2,
      lines: [{ productId: a, received: 1, damaged: 0 }],
    });
    expect(late.status).toBe(409);
    expect(asError(late.body).code).toBe('TRANSITION_NOT_ALLOWED');
  });

  it('each change of a return is one live event, for the buyer and the staff of its warehouse alone', async () => {
    const { order, a } = await twoLineOrder();
    const created = asReturn(
      (await request(order.id, { reason: 'wrong_item', lines: [{ productId: a, quantity: 1 }] })).body,
    );
    expect((await act(created.id, 'cancel', { version: 1 }, tokens.warehouse)).status).toBe(409);
    expect((await act(created.id, 'cancel', { version: 1 }, tokens.partner)).status).toBe(200);
    const events = await t.db
      .selectFrom('events')
      .selectAll()
      .where('kind', '=', 'return')
      .where(sql<boolean>`(payload->>'returnId')::int = ${created.id}`)
      .orderBy('id')
      .execute();
    expect(events.map((event) => event.payload)).toEqual([
      {
        change: 'created',
        returnId: created.id,
        orderId: order.id,
        version: 1,
        status: 'requested',
        refundState: 'none',
      },
      {
        change: 'changed',
        returnId: created.id,
        orderId: order.id,
        version: 2,
        status: 'cancelled',
        refundState: 'none',
      },
    ]);
    const event = events[0];
    if (event === undefined) throw new Error('no event');
    const staff = await t.db
      .selectFrom('users')
      .select(['id', 'warehouse_id'])
      .where('email', '=', 'warehouse@demo.test')
      .executeTakeFirstOrThrow();
    const buyer = await t.db
      .selectFrom('orders')
      .select(['user_id', 'warehouse_id'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({
      order_id: order.id,
      user_id: buyer.user_id,
      warehouse_id: buyer.warehouse_id,
    });
    expect(visibleTo({ userId: buyer.user_id, staffWarehouseId: null }, event)).toBe(true);
    expect(visibleTo({ userId: staff.id, staffWarehouseId: event.warehouse_id }, event)).toBe(true);
    expect(visibleTo({ userId: staff.id, staffWarehouseId: (event.warehouse_id ?? 0) + 1 }, event)).toBe(
      false,
    );
    expect(visibleTo({ userId: buyer.user_id + 1, staffWarehouseId: null }, event)).toBe(false);
  });

  it('the warehouse refuses with a comment: from requested (goods never came) and from received', async () => {
    const { order, a, b } = await twoLineOrder();
    const first = asReturn(
      (await request(order.id, { reason: 'faulty', lines: [{ productId: a, quantity: 1 }] })).body,
    );
    const blank = await act(first.id, 'refuse', { version: 1, comment: '   ' });
    expect(blank.status).toBe(422);
    expect(asError(blank.body).details).toMatchObject([{ path: '/comment' }]);
    const refused = await act(first.id, 'refuse', { version: 1, comment: 'The parcel never arrived' });
    expect(asReturn(refused.body)).toMatchObject({
      status: 'refused',
      refuseComment: 'The parcel never arrived',
    });
    expect(await messagesOf('order.return_refused', first.id)).toBe(1);

    const second = asReturn(
      (await request(order.id, { reason: 'faulty', lines: [{ productId: b, quantity: 1 }] })).body,
    );
    await act(second.id, 'receive', { version: 1, lines: [{ productId: b, received: 1, damaged: 1 }] });
    const stock = await stockOf(t, order.warehouse.id, b);
    const refusedLater = await act(second.id, 'refuse', { version: 2, comment: 'Used product' });
    expect(asReturn(refusedLater.body)).toMatchObject({
      status: 'refused',
      refundState: 'none',
      history: [{}, {}, { event: 'REFUSE', comment: 'Used product' }],
    });
    expect(await stockOf(t, order.warehouse.id, b)).toBe(stock);
  });

  it('a return of nothing received can only be refused', async () => {
    const { order, a } = await twoLineOrder();
    const created = asReturn(
      (await request(order.id, { reason: 'faulty', lines: [{ productId: a, quantity: 1 }] })).body,
    );
    await act(created.id, 'receive', { version: 1, lines: [{ productId: a, received: 0, damaged: 0 }] });
    const accept = await act(created.id, 'accept', { version: 2 });
    expect(accept.status).toBe(409);
    expect((await read(created.id)).status).toBe('received');
  });
});

describe('the warehouse queue', () => {
  it('counts returns by status and tells the age of the oldest waiting one; the customer has no queue', async () => {
    const page = await t.get<ReturnPage>('/returns', {
      token: tokens.warehouse,
      query: { status: 'requested' },
    });
    expect(page.status).toBe(200);
    const counts = page.body.counts;
    expect(page.body.total).toBe(counts.requested);
    expect(page.body.items.every((item) => item.status === 'requested')).toBe(true);
    const times = page.body.items.map((item) => item.requestedAt);
    expect([...times].sort()).toEqual(times);
    expect(page.body.oldestWaitingAt).toBe(
      [
        ...(await t.get<ReturnPage>('/returns', { token: tokens.warehouse, query: { pageSize: 100 } })).body
          .items,
      ]
        .filter((item) => item.status === 'requested' || item.status === 'received')
        .map((item) => item.requestedAt)
        .sort()[0] ?? null,
    );
    expect(Object.values(counts).reduce((sum, n) => sum + n, 0)).toBeGreaterThan(0);
    expect((await t.get('/returns', { token: tokens.partner })).status).toBe(403);
  });
});

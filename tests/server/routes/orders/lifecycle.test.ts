import { describe, expect, it } from 'vitest';
import {
  BALTI_STAFF,
  PARTNER,
  PARTNER_WAREHOUSE,
  USER,
  WAREHOUSE_2,
  availableAt,
  historyCount,
  placeOrder,
  payCard,
  setStatus,
  stockedProducts,
  tokenFor,
  walk,
  type ErrorBody,
  type Order,
} from './support.ts';
import { useOrdersApp } from './fixture.ts';

// Listening: paying asks the acquirer's sandbox on the server's own origin.
const { t, tokens } = useOrdersApp({ listen: true });

const events = (order: Order): string[] => order.history.map((entry) => entry.event);

describe('the pickup road, cash', () => {
  it('goes from the new order to 1C with one history entry and one version per step', async () => {
    const created = await placeOrder(t, PARTNER, { paymentMethod: 'cash' });
    const checking = await walk(t, created, [[tokens.warehouse, 'checking']]);
    expect(checking.status).toBe('checking');
    expect(checking.version).toBe(created.version + 1);

    const confirmed = await walk(t, checking, [[tokens.warehouse, 'confirmed']]);
    expect(confirmed.lines.every((line) => line.confirmedQuantity === line.requestedQuantity)).toBe(true);
    expect(confirmed.warehouseNumber).toBe(`CHI-${created.number}`);
    expect(confirmed.warehouseTotal).toBe(confirmed.finalCost);
    expect(confirmed.displayStatus).toBe('new');

    const ready = await walk(t, confirmed, [
      [tokens.warehouse, 'prepared'],
      [tokens.warehouse, 'ready'],
    ]);
    expect(ready.displayStatus).toBe('ready');
    const requested = await walk(t, ready, [[tokens.partner, 'pickup_requested']]);
    const handedOver = await t.post<Order>(`/orders/set/${requested.id}/hand-over`, {
      token: tokens.warehouse,
      json: { version: requested.version, code: requested.handoverCode },
    });
    expect(handedOver.status).toBe(200);
    const done = await walk(t, handedOver.body, [
      [tokens.warehouse, 'completed'],
      [tokens.warehouse, 'sent_to_1c'],
    ]);
    expect(done.status).toBe('sent_to_1c');
    expect(done.displayStatus).toBe('close');
    expect(events(done)).toEqual([
      'CREATE',
      'SUBMIT',
      'START_CHECK',
      'CONFIRM',
      'PREPARE',
      'MARK_READY',
      'REQUEST_PICKUP',
      'HAND_OVER',
      'COMPLETE',
      'SEND_TO_1C',
    ]);
    expect(done.version).toBe(done.history.length);
    const pickupEntry = done.history.find((entry) => entry.event === 'REQUEST_PICKUP');
    expect(pickupEntry?.actor).toMatchObject({ fullName: 'Elena Ciobanu', role: 'partner' });
    expect(done.history.find((entry) => entry.event === 'HAND_OVER')?.actor).toMatchObject({
      fullName: 'Victor Munteanu',
      role: 'warehouse',
    });
  });
});

describe('older data and changed minds', () => {
  it('an order still stored as `placed` is where the machine settles it: the warehouse can start checking', async () => {
    const placed = await t.db
      .selectFrom('orders')
      .select(['id', 'version'])
      .where('status', '=', 'placed')
      .where('warehouse_id', '=', 1)
      .executeTakeFirst();
    if (placed === undefined) return;
    const checking = await setStatus(t, tokens.warehouse, placed, 'checking');
    expect(checking.status).toBe(200);
    expect(checking.body.history.at(-1)).toMatchObject({
      event: 'START_CHECK',
      from: 'placed',
      to: 'checking',
    });
  });

  it('a delivery order picked up instead gets its warehouse’s pickup point', async () => {
    const ready = await walk(t, await placeOrder(t, PARTNER, { delivery: true }), [
      [tokens.warehouse, 'checking'],
      [tokens.warehouse, 'confirmed'],
      [tokens.warehouse, 'prepared'],
      [tokens.warehouse, 'ready'],
      [tokens.partner, 'pickup_requested'],
    ]);
    expect(ready.deliveryType).toBe('pickup');
    expect(ready.pickupPoint?.warehouseId).toBe(1);
    expect(ready.deliveryAddress).not.toBeNull();
  });
});

describe('the delivery road, card', () => {
  it('cannot be prepared before it is paid; paying at the acquirer lets it go on to 1C', async () => {
    const created = await placeOrder(t, PARTNER, { delivery: true, paymentMethod: 'card' });
    const confirmed = await walk(t, created, [
      [tokens.warehouse, 'checking'],
      [tokens.warehouse, 'confirmed'],
    ]);
    expect(confirmed.paymentState).toBe('need_pay');
    expect(confirmed.displayStatus).toBe('need_pay');
    expect(confirmed.paymentLink).toBeNull();

    const early = await setStatus(t, tokens.warehouse, confirmed, 'prepared');
    expect(early.status).toBe(409);
    expect((early.body as unknown as ErrorBody).code).toBe('TRANSITION_NOT_ALLOWED');
    expect((early.body as unknown as ErrorBody).order?.version).toBe(confirmed.version);

    const { session, back } = await payCard(t, tokens.partner, created.id);
    expect(session.paymentUrl).toMatch(new RegExp(`^${t.config.publicUrl}/maib-sandbox/checkout/`));
    expect(back.status).toBe(303);
    const ok = new URL(String(back.headers.location));
    expect(`${ok.origin}${ok.pathname}`).toBe(`${t.config.publicUrl}/payment/success`);
    expect(ok.searchParams.get('orderId')).toBe(String(created.id));

    const paid = (await t.get<Order>(`/orders/get/${created.id}`, { token: tokens.warehouse })).body;
    expect(paid.paymentState).toBe('paid');
    expect(paid.displayStatus).toBe('paid');
    expect(paid.paymentLink).toBeNull();
    expect(paid.history.at(-1)).toMatchObject({
      event: 'PAYMENT_PAID',
      actor: null,
      from: 'confirmed',
      to: 'confirmed',
    });

    const done = await walk(t, paid, [
      [tokens.warehouse, 'prepared'],
      [tokens.warehouse, 'ready'],
      [tokens.partner, 'delivery_requested'],
      [tokens.warehouse, 'delivery_processing'],
      [tokens.warehouse, 'sent'],
      [tokens.warehouse, 'in_delivery'],
      [tokens.partner, 'received'],
      [tokens.warehouse, 'completed'],
      [tokens.warehouse, 'sent_to_1c'],
    ]);
    expect(done.status).toBe('sent_to_1c');
    expect(events(done).slice(2)).toEqual([
      'START_CHECK',
      'CONFIRM',
      'PAYMENT_PAID',
      'PREPARE',
      'MARK_READY',
      'REQUEST_DELIVERY',
      'PROCESS_DELIVERY',
      'SEND',
      'OUT_FOR_DELIVERY',
      'CONFIRM_RECEIPT',
      'COMPLETE',
      'SEND_TO_1C',
    ]);
  });
});

describe('partial confirmation', () => {
  async function partialOrder(): Promise<{ order: Order; reduced: number; dropped: number }> {
    const products = await stockedProducts(t, 3);
    const [a, b, c] = products;
    if (a === undefined || b === undefined || c === undefined) throw new Error('need three products');
    const created = await placeOrder(t, PARTNER, {
      lines: [
        [a.id, 3],
        [b.id, 2],
        [c.id, 1],
      ],
    });
    const checking = await walk(t, created, [[tokens.warehouse, 'checking']]);
    return { order: checking, reduced: a.id, dropped: b.id };
  }

  it('recomputes totals and points, records the changed lines and gives the removed units back to stock', async () => {
    const { order, reduced, dropped } = await partialOrder();
    const lineOf = (productId: number) => order.lines.find((line) => line.productId === productId);
    const reducedLine = lineOf(reduced);
    const droppedLine = lineOf(dropped);
    if (reducedLine === undefined || droppedLine === undefined) throw new Error('lines missing');
    const stockBefore = await availableAt(t, 1, [reduced, dropped]);

    const response = await t.post<Order>(`/orders/set/${order.id}/confirm-partial`, {
      token: tokens.warehouse,
      json: {
        version: order.version,
        note: 'Only one of the first is left',
        lines: [
          { lineId: reducedLine.id, quantity: 1 },
          { lineId: droppedLine.id, quantity: 0 },
        ],
      },
    });
    expect(response.status).toBe(200);
    const partial = response.body;
    expect(partial.status).toBe('awaiting_distributor');
    expect(partial.partialNote).toBe('Only one of the first is left');
    const unit = (line: Order['lines'][number]) => line.promoPrice ?? line.price;
    const expectedGoods = partial.lines.reduce(
      (sum, line) => sum + (line.confirmedQuantity ?? 0) * unit(line),
      0,
    );
    const expectedAmount = partial.lines.reduce(
      (sum, line) => sum + (line.confirmedQuantity ?? 0) * line.price,
      0,
    );
    expect(partial.lines.map((line) => line.confirmedQuantity)).toEqual([1, 0, 1]);
    expect(partial.itemCount).toBe(2);
    expect(partial.amount).toBe(expectedAmount);
    expect(partial.finalCost).toBe(expectedGoods + partial.deliveryPrice);
    expect(partial.points).toBeCloseTo(
      partial.lines.reduce((sum, line) => sum + (line.confirmedQuantity ?? 0) * line.points, 0),
      2,
    );
    expect(partial.points).toBeLessThan(order.points);
    expect(partial.warehouseTotal).toBe(partial.finalCost);
    expect(partial.history.at(-1)).toMatchObject({
      event: 'CONFIRM_PARTIAL',
      comment: 'Only one of the first is left',
      changedLines: [
        { lineId: reducedLine.id, from: 3, to: 1 },
        { lineId: droppedLine.id, from: 2, to: 0 },
      ],
    });
    const stockAfter = await availableAt(t, 1, [reduced, dropped]);
    expect(stockAfter.get(reduced)).toBe((stockBefore.get(reduced) ?? NaN) + 2);
    expect(stockAfter.get(dropped)).toBe((stockBefore.get(dropped) ?? NaN) + 2);

    // The warehouse cannot answer for the distributor; the distributor accepts.
    const byWarehouse = await setStatus(t, tokens.warehouse, partial, 'confirmed');
    expect(byWarehouse.status).toBe(409);
    expect((byWarehouse.body as unknown as ErrorBody).code).toBe('TRANSITION_NOT_ALLOWED');
    const accepted = await setStatus(t, tokens.partner, partial, 'confirmed');
    expect(accepted.status).toBe(200);
    expect(accepted.body.status).toBe('confirmed');
    expect(accepted.body.finalCost).toBe(partial.finalCost);
    expect(accepted.body.history.at(-1)?.event).toBe('ACCEPT');
  });

  it('a rejected partial order is cancelled by the distributor with its reason and its stock released', async () => {
    const { order, reduced } = await partialOrder();
    const line = order.lines.find((candidate) => candidate.productId === reduced);
    if (line === undefined) throw new Error('line missing');
    const partial = await t.post<Order>(`/orders/set/${order.id}/confirm-partial`, {
      token: tokens.warehouse,
      json: { version: order.version, note: 'Short', lines: [{ lineId: line.id, quantity: 2 }] },
    });
    expect(partial.status).toBe(200);
    const stockBefore = (await availableAt(t, 1, [reduced])).get(reduced) ?? NaN;
    const rejected = await setStatus(
      t,
      tokens.partner,
      partial.body,
      'cancelled_by_distributor',
      'Not without the rest',
    );
    expect(rejected.status).toBe(200);
    expect(rejected.body.status).toBe('cancelled_by_distributor');
    expect(rejected.body.displayStatus).toBe('declined');
    expect(rejected.body.cancelReason).toBe('Not without the rest');
    expect(rejected.body.history.at(-1)).toMatchObject({
      event: 'REJECT_PARTIAL',
      comment: 'Not without the rest',
    });
    expect((await availableAt(t, 1, [reduced])).get(reduced)).toBe(stockBefore + 2);
  });

  it('refuses an invalid partial confirmation (422) and one outside checking (409)', async () => {
    const { order } = await partialOrder();
    const [first] = order.lines;
    if (first === undefined) throw new Error('no line');
    const post = (json: unknown) =>
      t.post(`/orders/set/${order.id}/confirm-partial`, { token: tokens.warehouse, json });
    const nothingReduced = await post({
      version: order.version,
      note: 'x',
      lines: [{ lineId: first.id, quantity: first.requestedQuantity }],
    });
    expect(nothingReduced.status).toBe(422);
    expect((nothingReduced.body as ErrorBody).details?.[0]?.message).toContain('NOTHING_REDUCED');
    const tooMany = await post({
      version: order.version,
      note: 'x',
      lines: [{ lineId: first.id, quantity: first.requestedQuantity + 1 }],
    });
    expect(tooMany.status).toBe(422);
    const unknownLine = await post({
      version: order.version,
      note: 'x',
      lines: [{ lineId: 999_999, quantity: 0 }],
    });
    expect(unknownLine.status).toBe(422);
    const blankNote = await post({
      version: order.version,
      note: '   ',
      lines: [{ lineId: first.id, quantity: 1 }],
    });
    expect(blankNote.status).toBe(422);
    expect((blankNote.body as ErrorBody).details?.[0]?.path).toBe('/note');
    expect(await historyCount(t, order.id)).toBe(order.history.length);

    const confirmed = await walk(t, order, [[tokens.warehouse, 'confirmed']]);
    const late = await t.post(`/orders/set/${order.id}/confirm-partial`, {
      token: tokens.warehouse,
      json: { version: confirmed.version, note: 'x', lines: [{ lineId: first.id, quantity: 1 }] },
    });
    expect(late.status).toBe(409);
    expect((late.body as ErrorBody).code).toBe('TRANSITION_NOT_ALLOWED');
  });
});

describe('decline, cancel and comments', () => {
  it('the warehouse declines with a reason; a blank reason is 422; after sending it is 409', async () => {
    const order = await placeOrder(t, PARTNER);
    const blank = await t.post(`/orders/set/${order.id}/decline`, {
      token: tokens.warehouse,
      query: { comment: '  ', version: order.version },
    });
    expect(blank.status).toBe(422);
    expect((blank.body as ErrorBody).code).toBe('VALIDATION_FAILED');
    const declined = await t.post<Order>(`/orders/set/${order.id}/decline`, {
      token: tokens.warehouse,
      query: { comment: 'Duplicate order', version: order.version },
    });
    expect(declined.status).toBe(200);
    expect(declined.body.status).toBe('cancelled_by_warehouse');
    expect(declined.body.cancelReason).toBe('Duplicate order');
    expect(declined.body.history.at(-1)).toMatchObject({ event: 'DECLINE', comment: 'Duplicate order' });

    const sent = await walk(t, await placeOrder(t, PARTNER, { delivery: true }), [
      [tokens.warehouse, 'checking'],
      [tokens.warehouse, 'confirmed'],
      [tokens.warehouse, 'prepared'],
      [tokens.warehouse, 'ready'],
      [tokens.partner, 'delivery_requested'],
      [tokens.warehouse, 'delivery_processing'],
      [tokens.warehouse, 'sent'],
    ]);
    const late = await t.post(`/orders/set/${sent.id}/decline`, {
      token: tokens.warehouse,
      query: { comment: 'Too late', version: sent.version },
    });
    expect(late.status).toBe(409);
    const asPartner = await t.post(`/orders/set/${sent.id}/decline`, {
      token: tokens.partner,
      query: { comment: 'x', version: sent.version },
    });
    expect(asPartner.status).toBe(403);
  });

  it('the distributor cancels before preparation but not after', async () => {
    const order = await placeOrder(t, PARTNER);
    const confirmed = await walk(t, order, [
      [tokens.warehouse, 'checking'],
      [tokens.warehouse, 'confirmed'],
    ]);
    const prepared = await walk(t, confirmed, [[tokens.warehouse, 'prepared']]);
    const tooLate = await setStatus(t, tokens.partner, prepared, 'cancelled_by_distributor');
    expect(tooLate.status).toBe(409);

    const other = await placeOrder(t, PARTNER);
    const cancelled = await setStatus(
      t,
      tokens.partner,
      other,
      'cancelled_by_distributor',
      'Changed my mind',
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      status: 'cancelled_by_distributor',
      cancelReason: 'Changed my mind',
    });
    expect(cancelled.body.history.at(-1)?.event).toBe('CANCEL');
  });

  it('both sides comment at any state; each comment is a history entry and a new version', async () => {
    const order = await placeOrder(t, PARTNER);
    const first = await t.post<Order>(`/orders/set/${order.id}/comment`, {
      token: tokens.partner,
      query: { comment: 'Gift wrap please', version: order.version },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      comment: 'Gift wrap please',
      version: order.version + 1,
      status: order.status,
    });
    const second = await t.post<Order>(`/orders/set/${order.id}/comment`, {
      token: tokens.warehouse,
      query: { comment: 'Will do', version: first.body.version },
    });
    expect(second.status).toBe(200);
    expect(second.body.comment).toBe('Will do');
    expect(
      second.body.history.slice(-2).map((entry) => [entry.event, entry.comment, entry.actor?.role]),
    ).toEqual([
      ['COMMENT', 'Gift wrap please', 'partner'],
      ['COMMENT', 'Will do', 'warehouse'],
    ]);
    const stale = await t.post(`/orders/set/${order.id}/comment`, {
      token: tokens.partner,
      query: { comment: 'x', version: order.version },
    });
    expect(stale.status).toBe(409);
    expect((stale.body as ErrorBody).code).toBe('VERSION_CONFLICT');
  });
});

describe('two people, one order', () => {
  it('a stale version is 409 with the current order, and nothing changes', async () => {
    const order = await placeOrder(t, PARTNER);
    const other = await tokenFor(t, WAREHOUSE_2);
    const winner = await setStatus(t, tokens.warehouse, order, 'checking');
    expect(winner.status).toBe(200);
    const versionBefore = winner.body.version;
    const historyBefore = await historyCount(t, order.id);

    const loser = await setStatus(t, other, order, 'checking');
    expect(loser.status).toBe(409);
    const body = loser.body as unknown as ErrorBody;
    expect(body.code).toBe('VERSION_CONFLICT');
    expect(body.order).toEqual(winner.body);
    const declineStale = await t.post(`/orders/set/${order.id}/decline`, {
      token: other,
      query: { comment: 'x', version: order.version },
    });
    expect(declineStale.status).toBe(409);

    const row = await t.db
      .selectFrom('orders')
      .select(['version', 'status'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ version: versionBefore, status: 'checking' });
    expect(await historyCount(t, order.id)).toBe(historyBefore);
  });
});

describe('ownership', () => {
  it('hides other accounts’ orders and other warehouses’ orders (404)', async () => {
    const mine = await placeOrder(t, PARTNER);
    const userToken = await tokenFor(t, USER);
    const balti = await tokenFor(t, BALTI_STAFF);
    expect((await t.get(`/orders/get/${mine.id}`, { token: userToken })).status).toBe(404);
    expect((await t.get(`/orders/get/${mine.id}`, { token: balti })).status).toBe(404);
    expect((await t.get(`/orders/get/${mine.id}`, { token: tokens.warehouse })).status).toBe(200);
    expect((await t.get('/orders/get/99999999', { token: tokens.partner })).status).toBe(404);
    expect((await t.get(`/orders/get/${mine.id}`)).status).toBe(401);

    expect((await setStatus(t, userToken, mine, 'cancelled_by_distributor')).status).toBe(404);
    expect((await setStatus(t, balti, mine, 'checking')).status).toBe(404);
    const foreignDecline = await t.post(`/orders/set/${mine.id}/decline`, {
      token: balti,
      query: { comment: 'x', version: mine.version },
    });
    expect(foreignDecline.status).toBe(404);
    expect(
      (
        await t.post(`/orders/set/${mine.id}/comment`, {
          token: userToken,
          query: { comment: 'x', version: mine.version },
        })
      ).status,
    ).toBe(404);
    const untouched = await t.db
      .selectFrom('orders')
      .select('version')
      .where('id', '=', mine.id)
      .executeTakeFirstOrThrow();
    expect(untouched.version).toBe(mine.version);
  });

  it('a partner_warehouse acts as warehouse and as distributor on their own order at their own warehouse', async () => {
    const pw = await tokenFor(t, PARTNER_WAREHOUSE);
    const own = await placeOrder(t, PARTNER_WAREHOUSE);
    expect(own.warehouse.id).toBe(2);
    const checking = await setStatus(t, pw, own, 'checking');
    expect(checking.status).toBe(200);
    expect(checking.body.history.at(-1)?.actor?.role).toBe('partner_warehouse');
    const cancelled = await setStatus(t, pw, checking.body, 'cancelled_by_distributor');
    expect(cancelled.status).toBe(200);
    // Warehouse 1's orders are not theirs.
    const other = await placeOrder(t, PARTNER);
    expect((await t.get(`/orders/get/${other.id}`, { token: pw })).status).toBe(404);
  });
});

describe('the payment state changes only from the provider side', () => {
  it('payment events are not status targets of anyone', async () => {
    const order = await placeOrder(t, PARTNER, { paymentMethod: 'card' });
    const confirmed = await walk(t, order, [
      [tokens.warehouse, 'checking'],
      [tokens.warehouse, 'confirmed'],
    ]);
    const same = await setStatus(t, tokens.partner, confirmed, 'confirmed');
    expect(same.status).toBe(409);
    const row = await t.db
      .selectFrom('orders')
      .select('payment_state')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row.payment_state).toBe('need_pay');
  });
});

/**
 * Refunds: a paid order declined, cancelled (or closed before a late success landed) is refunded in full through
 * the acquirer, by the refunds job, exactly once; a failing refund is retried and staff see why; the order page and
 * its history show it, and the customer is told.
 */
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import type { Config } from '#server/config.ts';
import { paymentProviderFor } from '#server/payments/provider.ts';
import { processRefunds } from '#server/payments/refunds.ts';
import type { Order } from '../routes/orders/support.ts';
import { deliverCallbacks, payCard, sandboxCheckout, setStatus, walk } from '../routes/orders/support.ts';
import { usePaymentsApp } from './fixture.ts';

const { t, tokens, confirmedCardOrder, read, pay } = usePaymentsApp();

const REFUNDS = 'payments.refunds';

/** A port nothing listens on (taken from the system, then let go). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

async function paidOrder(): Promise<{ order: Order; paymentId: string }> {
  const order = await confirmedCardOrder();
  const { session } = await payCard(t, tokens.partner, order.id, 'pay');
  const paid = await read(order.id);
  expect(paid.paymentState).toBe('paid');
  return { order: paid, paymentId: session.paymentId };
}

/** Counts the refund requests the sandbox receives (its API, as maib would see them). */
function refundCalls(): { count: () => number; stop: () => void } {
  let count = 0;
  const listener = (request: { url?: string; method?: string }) => {
    if (request.method === 'POST' && request.url === '/maib-sandbox/v1/refund') count += 1;
  };
  t.app.server.on('request', listener);
  return { count: () => count, stop: () => t.app.server.off('request', listener) };
}

describe('a paid order that will not be delivered is refunded', () => {
  it('declined after it was paid: one refund call, state refunded, shown on the order and in its history, customer told', async () => {
    const { order, paymentId } = await paidOrder();
    const calls = refundCalls();
    const declined = await t.post<Order>(`/orders/set/${order.id}/decline`, {
      token: tokens.warehouse,
      query: { comment: 'Damaged in the warehouse', version: order.version },
    });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({
      status: 'cancelled_by_warehouse',
      paymentState: 'refund_pending',
      displayStatus: 'declined',
    });
    expect(declined.body.refunds).toEqual([
      expect.objectContaining({
        amount: order.finalCost,
        currency: 'MDL',
        reason: 'order_cancelled',
        state: 'pending',
        refundedAt: null,
      }),
    ]);

    await t.app.jobs.runNow(REFUNDS);
    await t.app.jobs.runNow(REFUNDS);
    calls.stop();
    expect(calls.count()).toBe(1);

    const refunded = await read(order.id);
    expect(refunded.paymentState).toBe('refunded');
    expect(refunded.refunds).toEqual([
      expect.objectContaining({
        amount: order.finalCost,
        state: 'refunded',
        refundedAt: expect.any(String),
        attempts: null,
        lastError: null,
      }),
    ]);
    expect(refunded.history.at(-1)).toMatchObject({
      event: 'PAYMENT_REFUNDED',
      actor: null,
      to: 'cancelled_by_warehouse',
    });
    const staffView = await read(order.id, tokens.warehouse);
    expect(staffView.refunds[0]).toMatchObject({ attempts: 1, lastError: null, nextAttemptAt: null });

    const sandbox = await t.db
      .selectFrom('maib_sandbox_payments as s')
      .innerJoin('payments as p', 'p.provider_pay_id', 's.pay_id')
      .select('s.refund_amount')
      .where('p.id', '=', paymentId)
      .executeTakeFirstOrThrow();
    expect(sandbox.refund_amount).toBe(order.finalCost);
    const messages = await t.db
      .selectFrom('messages')
      .select(['event', 'data'])
      .where('event', '=', 'order.refunded')
      .where('user_id', '=', refunded.customer.id)
      .execute();
    expect(messages).toContainEqual({
      event: 'order.refunded',
      data: { orderId: order.id, amount: order.finalCost, currency: 'MDL' },
    });
  });

  it('cancelled by the distributor after paying: refunded the same way', async () => {
    const { order } = await paidOrder();
    const cancelled = await setStatus(
      t,
      tokens.partner,
      order,
      'cancelled_by_distributor',
      'Changed my mind',
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.paymentState).toBe('refund_pending');
    await t.app.jobs.runNow(REFUNDS);
    expect((await read(order.id)).paymentState).toBe('refunded');
  });

  it('replaying the decline cannot request a second refund (one row per payment)', async () => {
    const { order } = await paidOrder();
    const declined = await t.post<Order>(`/orders/set/${order.id}/decline`, {
      token: tokens.warehouse,
      query: { comment: 'No stock after all', version: order.version },
    });
    const again = await t.post<Order>(`/orders/set/${order.id}/decline`, {
      token: tokens.warehouse,
      query: { comment: 'No stock after all', version: declined.body.version },
    });
    expect(again.status).toBe(409);
    const rows = await t.db
      .selectFrom('payment_refunds')
      .select('id')
      .where('order_id', '=', order.id)
      .execute();
    expect(rows).toHaveLength(1);
    await t.app.jobs.runNow(REFUNDS);
    expect((await read(order.id)).paymentState).toBe('refunded');
  });

  it('a refund the acquirer cannot take is retried later, and staff see why (the customer does not)', async () => {
    const { order } = await paidOrder();
    await t.post<Order>(`/orders/set/${order.id}/decline`, {
      token: tokens.warehouse,
      query: { comment: 'Damaged', version: order.version },
    });
    // maib is down: nothing listens where the provider asks.
    const down: Config = {
      ...t.config,
      payments: {
        ...t.config.payments,
        apiUrl: `http://127.0.0.1:${await closedPort()}/v1`,
        timeoutMs: 2000,
      },
    };
    const report = await processRefunds(
      t.db,
      paymentProviderFor(down),
      { publicUrl: t.config.publicUrl, lang: 'en' },
      new AbortController().signal,
    );
    expect(report).toEqual({ refunded: 0, failed: 1 });

    const staff = await read(order.id, tokens.warehouse);
    expect(staff.paymentState).toBe('refund_pending');
    expect(staff.refunds[0]).toMatchObject({
      state: 'pending',
      attempts: 1,
      lastError: expect.stringMatching(/ECONNREFUSED/),
    });
    expect(Date.parse(staff.refunds[0]?.nextAttemptAt ?? '')).toBeGreaterThan(Date.now());
    const customer = await read(order.id);
    expect(customer.refunds[0]).toMatchObject({
      state: 'pending',
      attempts: null,
      lastError: null,
      nextAttemptAt: null,
    });

    // Not due yet: the job leaves it; once due, the acquirer takes it.
    await t.app.jobs.runNow(REFUNDS);
    expect((await read(order.id)).paymentState).toBe('refund_pending');
    await t.db
      .updateTable('payment_refunds')
      .set({ next_attempt_at: new Date() })
      .where('order_id', '=', order.id)
      .execute();
    await t.app.jobs.runNow(REFUNDS);
    const refunded = await read(order.id, tokens.warehouse);
    expect(refunded.paymentState).toBe('refunded');
    expect(refunded.refunds[0]).toMatchObject({ state: 'refunded', attempts: 2, lastError: null });
  });

  it('a request whose answer was lost is safe to send again: maib answers REVERSED and it counts as refunded', async () => {
    const { order, paymentId } = await paidOrder();
    await t.post<Order>(`/orders/set/${order.id}/decline`, {
      token: tokens.warehouse,
      query: { comment: 'Damaged', version: order.version },
    });
    // The acquirer refunded, but the process died before it recorded the answer.
    const provider = t.app.payments;
    const payId =
      (
        await t.db
          .selectFrom('payments')
          .select('provider_pay_id')
          .where('id', '=', paymentId)
          .executeTakeFirstOrThrow()
      ).provider_pay_id ?? '';
    expect((await provider.refund(payId, order.finalCost)).status).toBe('OK');
    await t.app.jobs.runNow(REFUNDS);
    const refunded = await read(order.id, tokens.warehouse);
    expect(refunded.paymentState).toBe('refunded');
    const row = await t.db
      .selectFrom('payment_refunds')
      .select('provider_status')
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row.provider_status).toBe('REVERSED');
  });
});

describe('money that arrives for an order that cannot take it goes back', () => {
  it('the customer pays after the warehouse declined: the success is recorded, then refunded', async () => {
    const order = await confirmedCardOrder();
    const session = await pay(order.id);
    const declined = await t.post<Order>(`/orders/set/${order.id}/decline`, {
      token: tokens.warehouse,
      query: { comment: 'Closed for inventory', version: order.version },
    });
    expect(declined.body.paymentState).toBe('need_pay');
    await sandboxCheckout(t, session.body.paymentUrl, 'pay');
    await deliverCallbacks(t);
    const owed = await read(order.id);
    expect(owed).toMatchObject({ status: 'cancelled_by_warehouse', paymentState: 'refund_pending' });
    expect(owed.history.at(-1)).toMatchObject({ event: 'PAYMENT_PAID', from: 'cancelled_by_warehouse' });
    await t.app.jobs.runNow(REFUNDS);
    expect((await read(order.id)).paymentState).toBe('refunded');
  });

  it('two attempts both paid: the order is paid once, the second payment is refunded', async () => {
    const order = await confirmedCardOrder();
    const first = await pay(order.id);
    const second = await pay(order.id);
    await sandboxCheckout(t, second.body.paymentUrl, 'pay');
    await sandboxCheckout(t, first.body.paymentUrl, 'pay');
    await deliverCallbacks(t);
    const paid = await read(order.id);
    expect(paid.paymentState).toBe('paid');
    expect(paid.history.map((entry) => entry.event).filter((event) => /PAYMENT/.test(event))).toEqual([
      'PAYMENT_PAID',
      'EXTRA_PAYMENT',
    ]);
    expect(paid.refunds).toEqual([
      expect.objectContaining({ reason: 'extra_payment', state: 'pending', amount: order.finalCost }),
    ]);
    await t.app.jobs.runNow(REFUNDS);
    const after = await read(order.id);
    expect(after.paymentState).toBe('paid');
    expect(after.refunds[0]?.state).toBe('refunded');
    expect(after.history.at(-1)?.event).toBe('EXTRA_PAYMENT_REFUNDED');
    // The order goes on: it is paid once.
    expect((await walk(t, after, [[tokens.warehouse, 'prepared']])).status).toBe('prepared');
  });
});

describe('the refunds job is one across processes', () => {
  it('a second app on the same database finds nothing left to refund', async () => {
    const { order } = await paidOrder();
    await t.post<Order>(`/orders/set/${order.id}/decline`, {
      token: tokens.warehouse,
      query: { comment: 'Damaged', version: order.version },
    });
    const other = await buildApp({ config: t.config, database: t.database, logger: false });
    await other.ready();
    const calls = refundCalls();
    try {
      await Promise.all([t.app.jobs.runNow(REFUNDS), other.jobs.runNow(REFUNDS)]);
      await other.jobs.runNow(REFUNDS);
    } finally {
      calls.stop();
      await other.close();
    }
    expect(calls.count()).toBe(1);
    expect((await read(order.id)).paymentState).toBe('refunded');
  });
});

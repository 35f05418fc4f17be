/**
 * Reconciliation, and the acquirer being away: an attempt whose callback never came is asked about with `pay-info`
 * and the answer is applied like a callback; when maib is down, slow or refuses, starting a payment answers a clear
 * error, nothing is paid, and paying can be tried again.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../routes/orders/support.ts';
import { sandboxCheckout } from '../routes/orders/support.ts';
import { usePaymentsApp } from './fixture.ts';

const { t, confirmedCardOrder, read, pay, payIdOf, callbacksOf } = usePaymentsApp();

const RECONCILE = 'payments.reconcile';

/** "N minutes later": the attempt is due for reconciliation now. */
async function dueNow(paymentId: string): Promise<void> {
  await t.db
    .updateTable('payments')
    .set({ next_check_at: new Date(Date.now() - 1000) })
    .where('id', '=', paymentId)
    .execute();
}

/** The callback never arrives (maib gave up on an unreachable portal, or it was lost). */
async function loseCallbacks(payId: string): Promise<void> {
  await t.db.deleteFrom('maib_sandbox_callbacks').where('pay_id', '=', payId).execute();
}

async function attempt(paymentId: string) {
  return t.db.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirstOrThrow();
}

describe('reconciliation asks pay-info about an attempt without a callback', () => {
  it('a lost callback: the customer paid, reconciliation finds it and the order is paid', async () => {
    const order = await confirmedCardOrder();
    const session = await pay(order.id);
    await sandboxCheckout(t, session.body.paymentUrl, 'pay');
    const payId = await payIdOf(session.body.paymentId);
    await loseCallbacks(payId);

    // Not due yet (the callback may still come): nothing is asked.
    await t.app.jobs.runNow(RECONCILE);
    expect((await attempt(session.body.paymentId)).checks).toBe(0);
    expect((await read(order.id)).paymentState).toBe('need_pay');

    await dueNow(session.body.paymentId);
    await t.app.jobs.runNow(RECONCILE);
    const paid = await read(order.id);
    expect(paid.paymentState).toBe('paid');
    expect(paid.history.at(-1)?.event).toBe('PAYMENT_PAID');
    expect(await attempt(session.body.paymentId)).toMatchObject({
      state: 'paid',
      settled_by: 'reconciliation',
      status: 'OK',
    });
    const message = await t.db
      .selectFrom('messages')
      .select('key')
      .where('key', '=', `order.payment_received:${session.body.paymentId}`)
      .execute();
    expect(message).toHaveLength(1);

    // The callback arriving late changes nothing more.
    await t.app.jobs.runNow(RECONCILE);
    expect((await read(order.id)).version).toBe(paid.version);
  });

  it('a lost decline: reconciliation records the failure', async () => {
    const order = await confirmedCardOrder();
    const session = await pay(order.id);
    await sandboxCheckout(t, session.body.paymentUrl, 'decline');
    await loseCallbacks(await payIdOf(session.body.paymentId));
    await dueNow(session.body.paymentId);
    await t.app.jobs.runNow(RECONCILE);
    const failed = await read(order.id);
    expect(failed.paymentState).toBe('pay_failed');
    expect(failed.history.at(-1)).toMatchObject({ event: 'PAYMENT_FAILED', comment: 'Insufficient funds' });
  });

  it('still on the checkout page: asked again later; after maib’s ten minutes, TIMEOUT closes the attempt', async () => {
    const order = await confirmedCardOrder();
    const session = await pay(order.id);
    const payId = await payIdOf(session.body.paymentId);
    await dueNow(session.body.paymentId);
    await t.app.jobs.runNow(RECONCILE);
    const open = await attempt(session.body.paymentId);
    expect(open).toMatchObject({ state: 'pending', checks: 1, status: 'CREATED', last_check_error: null });
    expect(open.next_check_at?.getTime()).toBeGreaterThan(Date.now() + 55_000);
    expect((await read(order.id)).paymentLink).toBe(session.body.paymentUrl);

    await t.db
      .updateTable('maib_sandbox_payments')
      .set({ created_at: new Date(Date.now() - 11 * 60_000) })
      .where('pay_id', '=', payId)
      .execute();
    await dueNow(session.body.paymentId);
    await t.app.jobs.runNow(RECONCILE);
    expect(await attempt(session.body.paymentId)).toMatchObject({
      state: 'cancelled',
      status: 'TIMEOUT',
      settled_by: 'reconciliation',
    });
    const lapsed = await read(order.id);
    expect(lapsed).toMatchObject({ paymentState: 'need_pay', paymentLink: null });
    expect(lapsed.history.at(-1)?.event).toBe('PAYMENT_CANCELLED');
    expect(await callbacksOf(payId)).toEqual([]);
  });

  it('an answer that does not fit the payment is not applied', async () => {
    const order = await confirmedCardOrder();
    const session = await pay(order.id);
    await sandboxCheckout(t, session.body.paymentUrl, 'pay');
    const payId = await payIdOf(session.body.paymentId);
    await loseCallbacks(payId);
    await t.db
      .updateTable('maib_sandbox_payments')
      .set({ amount: 100 })
      .where('pay_id', '=', payId)
      .execute();
    await dueNow(session.body.paymentId);
    await t.app.jobs.runNow(RECONCILE);
    expect((await read(order.id)).paymentState).toBe('need_pay');
    expect(await attempt(session.body.paymentId)).toMatchObject({
      state: 'pending',
      checks: 1,
      last_check_error: 'pay-info does not match the payment',
    });
  });
});

describe('when maib is away or refuses, nothing is paid and paying can be tried again', () => {
  const sockets = new Set<Socket>();
  let silent: Server | null = null;
  const apiUrl = () => t.config.payments.apiUrl;

  afterEach(async () => {
    t.config.payments.apiUrl = undefined;
    t.config.payments.timeoutMs = 20_000;
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => (silent === null ? resolve() : silent.close(() => resolve())));
    silent = null;
  });

  /** A server that takes connections and never answers (maib hanging). */
  async function hangingApi(): Promise<string> {
    silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent?.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    if (typeof address !== 'object' || address === null) throw new Error('no port');
    return `http://127.0.0.1:${address.port}/v1`;
  }

  it('down or slow: 503 PAYMENT_PROVIDER_UNAVAILABLE within the time-out, the order still needs paying', async () => {
    const order = await confirmedCardOrder();
    t.config.payments.apiUrl = await hangingApi();
    t.config.payments.timeoutMs = 1500;
    expect(apiUrl()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const started = Date.now();
    const answer = await pay(order.id);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(answer.status).toBe(503);
    expect((answer.body as unknown as ErrorBody).code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    expect(answer.headers['retry-after']).toBe('30');
    const after = await read(order.id);
    expect(after).toMatchObject({ paymentState: 'need_pay', paymentLink: null });
    const attempts = await t.db
      .selectFrom('payments')
      .select(['state', 'last_check_error'])
      .where('order_id', '=', order.id)
      .execute();
    expect(attempts).toEqual([
      { state: 'cancelled', last_check_error: expect.stringMatching(/no answer within 1500 ms/) },
    ]);

    // maib is back: the same Pay works.
    t.config.payments.apiUrl = undefined;
    t.config.payments.timeoutMs = 20_000;
    expect((await pay(order.id)).status).toBe(200);
  });

  it('maib refuses the request: 502 PAYMENT_PROVIDER_ERROR, nothing paid', async () => {
    const order = await confirmedCardOrder();
    // maib takes MDL, EUR and USD only.
    await t.db.updateTable('orders').set({ currency: 'GBP' }).where('id', '=', order.id).execute();
    const answer = await pay(order.id);
    expect(answer.status).toBe(502);
    expect((answer.body as unknown as ErrorBody).code).toBe('PAYMENT_PROVIDER_ERROR');
    expect((await read(order.id)).paymentState).toBe('need_pay');
  });

  it('an attempt maib never answered is closed by reconciliation (nothing to ask)', async () => {
    const order = await confirmedCardOrder();
    const now = new Date();
    await t.db
      .insertInto('payments')
      .values({
        id: 'pay_unanswered_attempt_0001',
        order_id: order.id,
        amount: order.finalCost,
        created_at: new Date(now.getTime() - 60 * 60_000),
      })
      .execute();
    await t.app.jobs.runNow(RECONCILE);
    expect(await attempt('pay_unanswered_attempt_0001')).toMatchObject({
      state: 'cancelled',
      provider_pay_id: null,
    });
    expect((await read(order.id)).paymentState).toBe('need_pay');
  });
});

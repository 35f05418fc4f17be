/**
 * The acquirer's callback (`POST /api/v3/payment/callback`): only a verified one changes the payment, once however
 * often or however concurrently it comes; every bad one is refused in the contract's error shape, never a 500,
 * changes nothing, and raises the alert (a log line and `mlm_payment_callbacks_total`).
 */
import { describe, expect, it } from 'vitest';
import { maibSignature } from '#server/payments/maib/signature.ts';
import type { ErrorBody, Order } from '../routes/orders/support.ts';
import { deliverCallbacks, sandboxCheckout } from '../routes/orders/support.ts';
import { usePaymentsApp } from './fixture.ts';

const { t, tokens, confirmedCardOrder, read, pay, payIdOf, callbacksOf, postCallback } = usePaymentsApp();

interface Notification {
  result: Record<string, unknown>;
  signature: string;
}

/** A card order paid on the sandbox's page whose callback was written but not yet delivered. */
async function paidAtTheAcquirer(): Promise<{
  order: Order;
  paymentId: string;
  payId: string;
  body: string;
}> {
  const order = await confirmedCardOrder();
  const session = await pay(order.id);
  await sandboxCheckout(t, session.body.paymentUrl, 'pay');
  const payId = await payIdOf(session.body.paymentId);
  const [callback] = await callbacksOf(payId);
  if (callback === undefined) throw new Error('no callback was written');
  // This test delivers it itself: the sandbox's copy is marked sent so its job leaves it alone.
  await t.db
    .updateTable('maib_sandbox_callbacks')
    .set({ delivered_at: new Date() })
    .where('id', '=', callback.id)
    .execute();
  return { order, paymentId: session.body.paymentId, payId, body: callback.body };
}

const resign = (result: Record<string, unknown>, key = t.config.payments.signatureKey): string =>
  JSON.stringify({ result, signature: maibSignature(result, key) });

async function counted(outcome: string): Promise<number> {
  const metric = await t.app.metrics.getSingleMetric('mlm_payment_callbacks_total')?.get();
  return metric?.values.find((value) => value.labels.outcome === outcome)?.value ?? 0;
}

async function historyEvents(orderId: number): Promise<string[]> {
  const rows = await t.db
    .selectFrom('order_history')
    .select('event')
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.event);
}

describe('a verified callback', () => {
  it('20 concurrent copies of one callback: all answered 200, one paid, one history entry, one message', async () => {
    const { order, paymentId, body } = await paidAtTheAcquirer();
    const before = await historyEvents(order.id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => postCallback(body)));
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(answers[0]?.body).toEqual({ ok: true });
    const after = await historyEvents(order.id);
    expect(after).toEqual([...before, 'PAYMENT_PAID']);
    const paid = await read(order.id);
    expect(paid.paymentState).toBe('paid');
    expect(paid.version).toBe(order.version + 1);
    const messages = await t.db
      .selectFrom('messages')
      .select('key')
      .where('key', '=', `order.payment_received:${paymentId}`)
      .execute();
    expect(messages).toHaveLength(1);

    // Ten more, one after the other: still once.
    for (let copy = 0; copy < 10; copy += 1) expect((await postCallback(body)).status).toBe(200);
    expect(await historyEvents(order.id)).toEqual(after);
    expect(await counted('duplicate')).toBeGreaterThanOrEqual(29);
  });

  it('the sandbox’s own delivery lands the same way (its job, over HTTP, to the Callback URL)', async () => {
    const order = await confirmedCardOrder();
    const session = await pay(order.id);
    await sandboxCheckout(t, session.body.paymentUrl, 'pay');
    await deliverCallbacks(t);
    await deliverCallbacks(t);
    const [callback] = await callbacksOf(await payIdOf(session.body.paymentId));
    expect(callback).toMatchObject({ delivered: true, attempts: 1 });
    expect((await read(order.id)).paymentState).toBe('paid');
  });
});

describe('a bad callback is refused, changes nothing, and raises the alert', () => {
  async function expectRefused(
    body: string,
    status: number,
    code: ErrorBody['code'],
    order: Order,
    outcome: string,
    contentType?: string,
  ): Promise<void> {
    const alerts = await counted(outcome);
    const before = await read(order.id);
    const answer = await postCallback(body, contentType);
    expect({ status: answer.status, code: (answer.body as ErrorBody).code }).toEqual({ status, code });
    expect(answer.headers['content-type']).toMatch(/application\/json/);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect((answer.body as ErrorBody).translations.ru).toBeTruthy();
    expect(await read(order.id)).toEqual(before);
    expect(await counted(outcome)).toBe(alerts + 1);
  }

  it('a forged signature (another key, an altered value, none at all)', async () => {
    const { order, body } = await paidAtTheAcquirer();
    const genuine = JSON.parse(body) as Notification;
    await expectRefused(
      resign(genuine.result, 'not-the-signature-key'),
      401,
      'SIGNATURE_INVALID',
      order,
      'signature',
    );
    await expectRefused(
      JSON.stringify({ ...genuine, result: { ...genuine.result, amount: 1 } }),
      401,
      'SIGNATURE_INVALID',
      order,
      'signature',
    );
    await expectRefused(
      JSON.stringify({ ...genuine, signature: 'AAAA' }),
      401,
      'SIGNATURE_INVALID',
      order,
      'signature',
    );
    await expectRefused(
      JSON.stringify({ result: genuine.result }),
      400,
      'VALIDATION_FAILED',
      order,
      'invalid',
    );
    expect((await read(order.id)).paymentState).toBe('need_pay');
    // The genuine one still pays.
    expect((await postCallback(body)).status).toBe(200);
    expect((await read(order.id)).paymentState).toBe('paid');
  });

  it('signed but not this payment’s: amount, currency, order; a missing field; an unknown payId', async () => {
    const { order, body, payId } = await paidAtTheAcquirer();
    const { result } = JSON.parse(body) as Notification;
    await expectRefused(resign({ ...result, amount: 1.01 }), 422, 'PAYMENT_MISMATCH', order, 'mismatch');
    await expectRefused(resign({ ...result, currency: 'EUR' }), 422, 'PAYMENT_MISMATCH', order, 'mismatch');
    await expectRefused(
      resign({ ...result, orderId: String(order.id + 1) }),
      422,
      'PAYMENT_MISMATCH',
      order,
      'mismatch',
    );
    const { amount: _amount, ...withoutAmount } = result;
    await expectRefused(resign(withoutAmount), 422, 'VALIDATION_FAILED', order, 'invalid');
    const { payId: _payId, ...withoutPayId } = result;
    await expectRefused(resign(withoutPayId), 400, 'VALIDATION_FAILED', order, 'invalid');
    await expectRefused(
      resign({ ...result, payId: payId.replace(/^.{8}/, '00000000') }),
      404,
      'NOT_FOUND',
      order,
      'unknown_payment',
    );
    expect((await read(order.id)).paymentState).toBe('need_pay');
  });

  it('not JSON, another content type, a 10 MB body', async () => {
    const { order } = await paidAtTheAcquirer();
    await expectRefused('{"result": {', 400, 'VALIDATION_FAILED', order, 'invalid');
    await expectRefused(
      'result=1&signature=2',
      415,
      'VALIDATION_FAILED',
      order,
      'invalid',
      'application/x-www-form-urlencoded',
    );
    await expectRefused('just text', 415, 'VALIDATION_FAILED', order, 'invalid', 'text/plain');
    const huge = JSON.stringify({
      result: { payId: 'x', status: 'OK', pad: 'x'.repeat(10 * 1024 * 1024) },
      signature: 'x',
    });
    await expectRefused(huge, 413, 'VALIDATION_FAILED', order, 'invalid');
  });

  it('a success replayed after the payment was refunded', async () => {
    const { order, body } = await paidAtTheAcquirer();
    expect((await postCallback(body)).status).toBe(200);
    const paid = await read(order.id);
    const declined = await t.post<Order>(`/orders/set/${order.id}/decline`, {
      token: tokens.warehouse,
      query: { comment: 'Closed for inventory', version: paid.version },
    });
    expect(declined.status).toBe(200);
    expect(declined.body.paymentState).toBe('refund_pending');
    await t.app.jobs.runNow('payments.refunds');
    const refunded = await read(order.id);
    expect(refunded.paymentState).toBe('refunded');
    await expectRefused(body, 409, 'CALLBACK_STALE', refunded, 'stale');
  });
});

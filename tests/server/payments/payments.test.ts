/**
 * Card payments end to end on the server: `POST /payment/pay` asks the acquirer (the local maib sandbox, over HTTP,
 * through the adapter production uses), the customer acts on its checkout page, the sandbox's signed callback is
 * delivered by its job, and only that changes the order.
 */
import { describe, expect, it } from 'vitest';
import type { ErrorBody } from '../routes/orders/support.ts';
import {
  PARTNER,
  UNCONFIRMED,
  USER,
  deliverCallbacks,
  placeOrder,
  postMultipart,
  sandboxCheckout,
  tokenFor,
  walk,
} from '../routes/orders/support.ts';
import { usePaymentsApp } from './fixture.ts';

const { t, tokens, confirmedCardOrder, read, pay, payIdOf, callbacksOf } = usePaymentsApp();

const messagesOf = (orderId: number, event: string) =>
  t.db
    .selectFrom('messages')
    .select(['key', 'data'])
    .where('event', '=', event)
    .where(({ ref }) => ref('data', '->>').key('orderId'), '=', String(orderId))
    .execute();

describe('POST /payment/pay', () => {
  it('asks the acquirer for a payment and answers its checkout page; the order is not paid by that', async () => {
    const order = await confirmedCardOrder({ delivery: true });
    const session = await pay(order.id, { locale: 'ro', meta: '{"source":"checkout"}' });
    expect(session.status).toBe(200);
    expect(session.body.state).toBe('pending');
    expect(session.body.paymentId).toMatch(/^pay_[A-Za-z0-9_-]{32}$/);
    const payId = await payIdOf(session.body.paymentId);
    expect(payId).toMatch(/^[0-9a-f-]{36}$/);
    expect(session.body.paymentUrl).toBe(`${t.config.publicUrl}/maib-sandbox/checkout/${payId}`);

    // What maib was asked: the documented fields, money as decimals, the portal's URLs.
    const asked = await t.db
      .selectFrom('maib_sandbox_payments')
      .selectAll()
      .where('pay_id', '=', payId)
      .executeTakeFirstOrThrow();
    expect(asked).toMatchObject({
      order_id: String(order.id),
      amount: order.finalCost,
      currency: 'MDL',
      client_ip: '127.0.0.1',
      language: 'ro',
      description: `Comanda nr. ${order.number}`,
      delivery: order.deliveryPrice,
      callback_url: `${t.config.publicUrl}/api/v3/payment/callback`,
      ok_url: `${t.config.publicUrl}/payment/success`,
      fail_url: `${t.config.publicUrl}/payment/cancel`,
      status: 'CREATED',
    });
    const items = asked.items as Array<{ price: number; quantity: number }>;
    expect(
      items.reduce((sum, item) => sum + Math.round(item.price * 100) * item.quantity, 0) +
        order.deliveryPrice,
    ).toBe(order.finalCost);
    const row = await t.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', session.body.paymentId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      order_id: order.id,
      state: 'pending',
      amount: order.finalCost,
      language: 'ro',
      meta: { source: 'checkout' },
    });

    const seen = await read(order.id);
    expect(seen.paymentState).toBe('need_pay');
    expect(seen.paymentLink).toBe(session.body.paymentUrl);
  });

  it('maps the portal’s five languages onto maib’s three (uk → ru, it → en)', async () => {
    const order = await confirmedCardOrder();
    for (const [locale, language] of [
      ['uk', 'ru'],
      ['it', 'en'],
      ['en', 'en'],
    ] as const) {
      const session = await pay(order.id, { locale });
      const row = await t.db
        .selectFrom('maib_sandbox_payments')
        .select('language')
        .where('pay_id', '=', await payIdOf(session.body.paymentId))
        .executeTakeFirstOrThrow();
      expect(row.language).toBe(language);
    }
  });

  it('refuses cash orders, unconfirmed amounts, paid orders (409), others’ orders (404), unconfirmed e-mail (403), bad meta (422)', async () => {
    const cash = await walk(t, await placeOrder(t, PARTNER, { paymentMethod: 'cash' }), [
      [tokens.warehouse, 'checking'],
      [tokens.warehouse, 'confirmed'],
    ]);
    const cashAnswer = await pay(cash.id);
    expect(cashAnswer.status).toBe(409);
    expect((cashAnswer.body as unknown as ErrorBody).code).toBe('PAYMENT_NOT_ALLOWED');
    expect((await pay((await placeOrder(t, PARTNER, { paymentMethod: 'card' })).id)).status).toBe(409);

    const card = await confirmedCardOrder();
    expect((await pay(card.id, {}, await tokenFor(t, USER))).status).toBe(404);
    expect((await pay(card.id, {}, tokens.warehouse)).status).toBe(404);
    const unconfirmed = await pay(card.id, {}, await tokenFor(t, UNCONFIRMED));
    expect(unconfirmed.status).toBe(403);
    expect((unconfirmed.body as unknown as ErrorBody).code).toBe('EMAIL_NOT_CONFIRMED');
    expect((await pay(card.id, { meta: '[1,2]' })).status).toBe(422);
    expect((await postMultipart(t, '/payment/pay', undefined, { orderId: String(card.id) })).status).toBe(
      401,
    );
    expect(await t.db.selectFrom('payments').select('id').where('order_id', '=', card.id).execute()).toEqual(
      [],
    );

    const session = await pay(card.id);
    await sandboxCheckout(t, session.body.paymentUrl, 'pay');
    await deliverCallbacks(t);
    expect((await pay(card.id)).status).toBe(409);
  });
});

describe('the acquirer’s checkout page (sandbox)', () => {
  it('shows the amount and the four outcomes in the payment’s language, under its own policy, without script', async () => {
    const order = await confirmedCardOrder();
    const session = await pay(order.id, { locale: 'ro' });
    const path = new URL(session.body.paymentUrl).pathname;
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(String(page.headers['content-type'])).toContain('text/html');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`form-action 'self' ${t.config.publicUrl}`);
    expect(csp).not.toContain('unsafe-inline');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.body).not.toContain('<script');
    expect(page.body).toContain('<html lang="ro">');
    expect(page.body).toContain('Plata cu cardul');
    expect(page.body).toContain(`Comanda nr. ${order.number}`);
    for (const action of ['pay', 'decline', 'threeds', 'cancel']) {
      expect(page.body).toContain(`name="action" value="${action}"`);
    }
    for (const lang of ['ru', 'ro', 'en', 'uk', 'it']) expect(page.body).toContain(`hreflang="${lang}"`);
    const ukrainian = await t.app.inject({ method: 'GET', url: `${path}?lang=uk` });
    expect(ukrainian.body).toContain('<html lang="uk">');
    expect(ukrainian.body).toContain('Оплата карткою');
    expect(
      (await t.app.inject({ method: 'GET', url: '/maib-sandbox/checkout/not-a-payment' })).statusCode,
    ).toBe(404);
  });

  it('pays: back to /payment/success with payId and orderId, and only the signed callback pays the order', async () => {
    const order = await confirmedCardOrder();
    const session = await pay(order.id);
    const payId = await payIdOf(session.body.paymentId);
    const back = await sandboxCheckout(t, session.body.paymentUrl, 'pay');
    expect(back.status).toBe(303);
    expect(back.headers.location).toBe(
      `${t.config.publicUrl}/payment/success?payId=${payId}&orderId=${order.id}`,
    );
    // Back from the page, nothing is paid yet: the return URL proves nothing.
    expect((await read(order.id)).paymentState).toBe('need_pay');

    const [callback] = await callbacksOf(payId);
    expect(callback?.delivered).toBe(false);
    await deliverCallbacks(t);
    expect((await callbacksOf(payId))[0]).toMatchObject({ delivered: true, attempts: 1 });

    const paid = await read(order.id);
    expect(paid.paymentState).toBe('paid');
    expect(paid.displayStatus).toBe('paid');
    expect(paid.paymentLink).toBeNull();
    expect(paid.history.at(-1)).toMatchObject({
      event: 'PAYMENT_PAID',
      actor: null,
      from: 'confirmed',
      to: 'confirmed',
    });
    const attempt = await t.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', session.body.paymentId)
      .executeTakeFirstOrThrow();
    expect(attempt).toMatchObject({
      state: 'paid',
      status: 'OK',
      status_code: '000',
      card_number: '510218******1124',
      settled_by: 'callback',
    });
    expect(await messagesOf(order.id, 'order.payment_received')).toEqual([
      { key: `order.payment_received:${session.body.paymentId}`, data: { orderId: order.id } },
    ]);
    // The finished transaction's page says so and offers the way back.
    const page = await t.app.inject({ method: 'GET', url: new URL(session.body.paymentUrl).pathname });
    expect(page.body).not.toContain('name="action"');
    expect(page.body).toContain('role="status"');
    const again = await sandboxCheckout(t, session.body.paymentUrl, 'decline');
    expect(again.status).toBe(409);
    expect((await read(order.id)).paymentState).toBe('paid');
  });

  it('the bank declines: pay_failed with the reason, the customer is told, and paying again works', async () => {
    const order = await confirmedCardOrder();
    const first = await pay(order.id);
    const back = await sandboxCheckout(t, first.body.paymentUrl, 'decline');
    expect(new URL(String(back.headers.location)).pathname).toBe('/payment/cancel');
    await deliverCallbacks(t);
    const failed = await read(order.id);
    expect(failed.paymentState).toBe('pay_failed');
    expect(failed.displayStatus).toBe('pay_failed');
    expect(failed.history.at(-1)).toMatchObject({ event: 'PAYMENT_FAILED', comment: 'Insufficient funds' });
    expect(await messagesOf(order.id, 'order.payment_failed')).toEqual([
      {
        key: `order.payment_failed:${first.body.paymentId}`,
        data: { orderId: order.id, reason: 'Insufficient funds' },
      },
    ]);
    const prepare = await t.post(`/orders/set/${order.id}/status`, {
      token: tokens.warehouse,
      query: { status: 'prepared', version: failed.version },
    });
    expect(prepare.status).toBe(409);

    const second = await pay(order.id);
    expect(second.status).toBe(200);
    const retried = await read(order.id);
    expect(retried.paymentState).toBe('need_pay');
    expect(retried.history.at(-1)).toMatchObject({ event: 'PAYMENT_RETRY', actor: { role: 'partner' } });
    await sandboxCheckout(t, second.body.paymentUrl, 'pay');
    await deliverCallbacks(t);
    const paid = await read(order.id);
    expect(paid.paymentState).toBe('paid');
    expect((await walk(t, paid, [[tokens.warehouse, 'prepared']])).status).toBe('prepared');
  });

  it('3-D Secure fails: pay_failed with the acquirer’s words', async () => {
    const order = await confirmedCardOrder();
    const session = await pay(order.id);
    await sandboxCheckout(t, session.body.paymentUrl, 'threeds');
    await deliverCallbacks(t);
    const failed = await read(order.id);
    expect(failed.paymentState).toBe('pay_failed');
    expect(failed.history.at(-1)?.comment).toBe('3-D Secure authentication failed');
    const attempt = await t.db
      .selectFrom('payments')
      .select(['state', 'three_ds'])
      .where('id', '=', session.body.paymentId)
      .executeTakeFirstOrThrow();
    expect(attempt).toEqual({ state: 'failed', three_ds: 'NOT_AUTHENTICATED' });
  });

  it('cancel: back to /payment/cancel, nothing is sent, the order still needs paying and can be paid', async () => {
    const order = await confirmedCardOrder();
    const first = await pay(order.id);
    const back = await sandboxCheckout(t, first.body.paymentUrl, 'cancel');
    expect(back.status).toBe(303);
    expect(new URL(String(back.headers.location)).pathname).toBe('/payment/cancel');
    expect(await callbacksOf(await payIdOf(first.body.paymentId))).toEqual([]);
    expect((await read(order.id)).paymentState).toBe('need_pay');
    const second = await pay(order.id);
    await sandboxCheckout(t, second.body.paymentUrl, 'pay');
    await deliverCallbacks(t);
    expect((await read(order.id)).paymentState).toBe('paid');
  });
});

describe('no way around the acquirer', () => {
  it('the old stand-in is gone: no outcome endpoint, no provider page', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await t.app.inject({
        method,
        url: '/api/v3/payment/provider/pay_en_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        ...(method === 'POST' ? { payload: 'outcome=paid' } : {}),
      });
      expect(response.statusCode).toBe(404);
    }
  });
});

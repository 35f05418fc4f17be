import { describe, expect, it } from 'vitest';
import {
  PARTNER,
  UNCONFIRMED,
  USER,
  placeOrder,
  postMultipart,
  providerSubmit,
  tokenFor,
  walk,
  type ErrorBody,
  type Order,
  type PaymentSession,
} from './support.ts';
import { useOrdersApp } from './fixture.ts';

const { t, tokens } = useOrdersApp();

async function confirmedCardOrder(): Promise<Order> {
  const order = await placeOrder(t, PARTNER, { paymentMethod: 'card' });
  return walk(t, order, [
    [tokens.warehouse, 'checking'],
    [tokens.warehouse, 'confirmed'],
  ]);
}

const pay = (orderId: number, fields: Record<string, string> = {}, token = tokens.partner) =>
  postMultipart<PaymentSession>(t, '/payment/pay', token, { orderId: String(orderId), ...fields });

const read = async (id: number): Promise<Order> =>
  (await t.get<Order>(`/orders/get/${id}`, { token: tokens.partner })).body;

describe('POST /payment/pay', () => {
  it('opens an attempt for the customer’s confirmed card order and links its provider page', async () => {
    const order = await confirmedCardOrder();
    const session = await pay(order.id, { locale: 'ro', meta: '{"source":"checkout"}' });
    expect(session.status).toBe(200);
    expect(session.body.state).toBe('pending');
    expect(session.body.paymentId).toMatch(/^pay_ro_[A-Za-z0-9_-]{32}$/);
    expect(session.body.paymentUrl).toBe(
      `http://127.0.0.1:8080/api/v3/payment/provider/${session.body.paymentId}`,
    );
    const row = await t.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', session.body.paymentId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      order_id: order.id,
      state: 'pending',
      amount: order.finalCost,
      currency: 'MDL',
    });

    // A second attempt replaces the first.
    const again = await pay(order.id);
    expect(again.status).toBe(200);
    const first = await t.db
      .selectFrom('payments')
      .select('state')
      .where('id', '=', session.body.paymentId)
      .executeTakeFirstOrThrow();
    expect(first.state).toBe('cancelled');
    expect((await read(order.id)).paymentLink).toBe(again.body.paymentUrl);
  });

  it('refuses cash orders, unconfirmed amounts, paid orders (409), others’ orders (404), unconfirmed e-mail (403), bad meta (422)', async () => {
    const cash = await walk(t, await placeOrder(t, PARTNER, { paymentMethod: 'cash' }), [
      [tokens.warehouse, 'checking'],
      [tokens.warehouse, 'confirmed'],
    ]);
    const cashAnswer = await pay(cash.id);
    expect(cashAnswer.status).toBe(409);
    expect((cashAnswer.body as unknown as ErrorBody).code).toBe('PAYMENT_NOT_ALLOWED');

    const unconfirmedAmount = await placeOrder(t, PARTNER, { paymentMethod: 'card' });
    expect((await pay(unconfirmedAmount.id)).status).toBe(409);

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

    const session = await pay(card.id);
    await providerSubmit(t, session.body.paymentUrl, 'paid');
    const paidAgain = await pay(card.id);
    expect(paidAgain.status).toBe(409);
  });
});

describe('the provider page', () => {
  it('shows the amount and three buttons under its own policy, in the chosen language', async () => {
    const order = await confirmedCardOrder();
    const session = await pay(order.id, { locale: 'ro' });
    const path = new URL(session.body.paymentUrl).pathname.replace('/api/v3', '');
    const page = await t.get<string>(path);
    expect(page.status).toBe(200);
    expect(String(page.headers['content-type'])).toContain('text/html');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self' http://127.0.0.1:8080");
    expect(csp).not.toContain('unsafe-inline');
    expect(page.text).not.toContain('<script');
    expect(page.text).toContain('<html lang="ro">');
    expect(page.text).toContain('Plata cu cardul');
    expect(page.text).toContain(order.number);
    for (const outcome of ['paid', 'failed', 'cancelled']) {
      expect(page.text).toContain(`name="outcome" value="${outcome}"`);
    }
    expect(page.text).toMatch(new RegExp(`<form method="post" action="${session.body.paymentId}">`));
    expect((await t.get('/payment/provider/pay_en_unknownunknownunknown1234')).status).toBe(404);
  });

  it('records the outcome once: paid changes the order, a second submit is 409 and changes nothing', async () => {
    const order = await confirmedCardOrder();
    const session = await pay(order.id);
    const back = await providerSubmit(t, session.body.paymentUrl, 'paid');
    expect(back.status).toBe(303);
    const paid = await read(order.id);
    expect(paid.paymentState).toBe('paid');

    const second = await providerSubmit(t, session.body.paymentUrl, 'failed');
    expect(second.status).toBe(409);
    expect(await read(order.id)).toEqual(paid);
    const page = await t.get<string>(new URL(session.body.paymentUrl).pathname.replace('/api/v3', ''));
    expect(page.text).not.toContain('name="outcome"');
    expect(page.text).toContain('role="status"');
  });

  it('cancel leaves need_pay; failure gives pay_failed; paying again retries and then succeeds', async () => {
    const order = await confirmedCardOrder();
    const first = await pay(order.id);
    const cancelled = await providerSubmit(t, first.body.paymentUrl, 'cancelled');
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.location).toBe(
      `http://127.0.0.1:8080/payment/cancel?orderId=${order.id}&outcome=cancelled`,
    );
    const afterCancel = await read(order.id);
    expect(afterCancel.paymentState).toBe('need_pay');
    expect(afterCancel.status).toBe('confirmed');
    expect(afterCancel.history.at(-1)?.event).toBe('PAYMENT_CANCELLED');
    expect(afterCancel.paymentLink).toBeNull();

    const second = await pay(order.id);
    const failed = await providerSubmit(t, second.body.paymentUrl, 'failed');
    expect(failed.headers.location).toBe(
      `http://127.0.0.1:8080/payment/cancel?orderId=${order.id}&outcome=failed`,
    );
    const afterFail = await read(order.id);
    expect(afterFail.paymentState).toBe('pay_failed');
    expect(afterFail.displayStatus).toBe('pay_failed');
    const prepare = await t.post(`/orders/set/${order.id}/status`, {
      token: tokens.warehouse,
      query: { status: 'prepared', version: afterFail.version },
    });
    expect(prepare.status).toBe(409);

    const third = await pay(order.id);
    expect(third.status).toBe(200);
    const retried = await read(order.id);
    expect(retried.paymentState).toBe('need_pay');
    expect(retried.history.at(-1)).toMatchObject({ event: 'PAYMENT_RETRY', actor: { role: 'partner' } });
    await providerSubmit(t, third.body.paymentUrl, 'paid');
    const paid = await read(order.id);
    expect(paid.paymentState).toBe('paid');
    const payments = await t.db
      .selectFrom('payments')
      .select('state')
      .where('order_id', '=', order.id)
      .orderBy('created_at')
      .execute();
    expect(payments.map((row) => row.state)).toEqual(['cancelled', 'failed', 'paid']);
    const prepared = await walk(t, paid, [[tokens.warehouse, 'prepared']]);
    expect(prepared.status).toBe('prepared');
  });

  it('a success that arrives after the warehouse declined the order is not recorded as paid', async () => {
    const order = await confirmedCardOrder();
    const session = await pay(order.id);
    const declined = await t.post<Order>(`/orders/set/${order.id}/decline`, {
      token: tokens.warehouse,
      query: { comment: 'Closed for inventory', version: order.version },
    });
    expect(declined.status).toBe(200);
    const back = await providerSubmit(t, session.body.paymentUrl, 'paid');
    expect(back.headers.location).toBe(
      `http://127.0.0.1:8080/payment/cancel?orderId=${order.id}&outcome=cancelled`,
    );
    const after = await read(order.id);
    expect(after.status).toBe('cancelled_by_warehouse');
    expect(after.paymentState).toBe('need_pay');
    const row = await t.db
      .selectFrom('payments')
      .select('state')
      .where('id', '=', session.body.paymentId)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('cancelled');
  });
});

/**
 * The payment tests' setup: the orders app listening on a free port (paying asks the acquirer's sandbox on the
 * server's own origin, over HTTP, with the adapter production uses), the demo partner's and staff's tokens, and
 * helpers for a confirmed card order, its reads, and the acquirer's callbacks as the sandbox signed them.
 */
import type { TestApp, TestResponse } from '#tests/support/server/app.ts';
import { useOrdersApp } from '../routes/orders/fixture.ts';
import {
  PARTNER,
  placeOrder,
  postMultipart,
  walk,
  type Order,
  type PaymentSession,
} from '../routes/orders/support.ts';

export interface PaymentsFixture {
  readonly t: TestApp;
  readonly tokens: { readonly partner: string; readonly warehouse: string };
  confirmedCardOrder(options?: { delivery?: boolean }): Promise<Order>;
  read(orderId: number, token?: string): Promise<Order>;
  pay(
    orderId: number,
    fields?: Record<string, string>,
    token?: string,
  ): Promise<TestResponse<PaymentSession>>;
  /** The notifications the sandbox wrote for a payment, oldest first (the exact signed bodies). */
  callbacksOf(
    payId: string,
  ): Promise<Array<{ id: number; body: string; delivered: boolean; attempts: number }>>;
  /** POSTs a body to the Callback URL as maib does (JSON unless another content type is given). */
  postCallback(body: string, contentType?: string): Promise<TestResponse<unknown>>;
  /** maib's `payId` of an attempt. */
  payIdOf(paymentId: string): Promise<string>;
}

export function usePaymentsApp(): PaymentsFixture {
  const { t, tokens } = useOrdersApp({ listen: true });
  const read = async (orderId: number, token = tokens.partner): Promise<Order> => {
    const response = await t.get<Order>(`/orders/get/${orderId}`, { token });
    if (response.status !== 200) throw new Error(`order ${orderId}: ${response.status} ${response.text}`);
    return response.body;
  };
  return {
    t,
    tokens,
    read,
    async confirmedCardOrder(options = {}) {
      const order = await placeOrder(t, PARTNER, {
        paymentMethod: 'card',
        delivery: options.delivery === true,
      });
      return walk(t, order, [
        [tokens.warehouse, 'checking'],
        [tokens.warehouse, 'confirmed'],
      ]);
    },
    pay: (orderId, fields = {}, token = tokens.partner) =>
      postMultipart<PaymentSession>(t, '/payment/pay', token, { orderId: String(orderId), ...fields }),
    async callbacksOf(payId) {
      const rows = await t.db
        .selectFrom('maib_sandbox_callbacks')
        .select(['id', 'body', 'delivered_at', 'attempts'])
        .where('pay_id', '=', payId)
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        body: row.body,
        delivered: row.delivered_at !== null,
        attempts: row.attempts,
      }));
    },
    async postCallback(body, contentType = 'application/json') {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v3/payment/callback',
        headers: { 'content-type': contentType },
        payload: body,
      });
      const text = response.body;
      const json = /json/.test(String(response.headers['content-type'] ?? '')) && text !== '';
      return {
        status: response.statusCode,
        headers: response.headers,
        body: json ? (JSON.parse(text) as unknown) : text,
        text,
      };
    },
    async payIdOf(paymentId) {
      const row = await t.db
        .selectFrom('payments')
        .select('provider_pay_id')
        .where('id', '=', paymentId)
        .executeTakeFirstOrThrow();
      if (row.provider_pay_id === null) throw new Error(`payment ${paymentId} has no payId`);
      return row.provider_pay_id;
    },
  };
}

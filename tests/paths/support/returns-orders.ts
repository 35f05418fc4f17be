// The set-up both levels of the return paths that act on a real server need: an order of the path's input walked to
// `completed` as its people do (confirmed, paid by card on the acquirer's sandbox page when it is a card order,
// prepared, handed over with its code, completed), and the return of its lines the path starts from.
import type { APIRequestContext } from '@playwright/test';
import type { Return, ReturnInput } from '../../../machines/returns/returns.types';
import { type ApiOrder, WAREHOUSE_STAFF, createOrder } from '../../e2e/warehouse/order-support';
import { API_PREFIX, bearer, cachedToken, expect } from '../../e2e/support/fixtures';

async function body<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok()) throw new Error(`${what}: HTTP ${response.status()} ${JSON.stringify(json)}`);
  return json as T;
}

export async function completedOrderFor(
  request: APIRequestContext,
  distributor: string,
  input: ReturnInput,
  offset: number,
): Promise<ApiOrder> {
  const { order } = await createOrder(request, distributor, {
    paymentMethod: input.paymentMethod,
    deliveryType: 'pickup',
    quantities: input.lines.map((line) => line.requested),
    productOffset: offset,
  });
  const staff = bearer(await cachedToken(request, WAREHOUSE_STAFF));
  const customer = bearer(await cachedToken(request, distributor));
  const read = async () =>
    body<ApiOrder>(await request.get(`${API_PREFIX}/orders/get/${order.id}`, { headers: customer }), 'order');
  const step = async (status: string, headers: Record<string, string>) => {
    const { version } = await read();
    await body(
      await request.post(`${API_PREFIX}/orders/set/${order.id}/status`, {
        headers,
        params: { status, version },
      }),
      status,
    );
  };
  await step('checking', staff);
  await step('confirmed', staff);
  if (input.paymentMethod === 'card') {
    const session = await body<{ paymentUrl: string }>(
      await request.post(`${API_PREFIX}/payment/pay`, {
        headers: customer,
        multipart: { orderId: String(order.id) },
      }),
      'payment/pay',
    );
    const paid = await request.post(session.paymentUrl, { form: { action: 'pay' }, maxRedirects: 0 });
    expect(paid.status()).toBe(303);
    await expect.poll(async () => (await read()).paymentState, { timeout: 30_000 }).toBe('paid');
  }
  await step('prepared', staff);
  await step('ready', staff);
  await step('pickup_requested', customer);
  const { version, handoverCode } = await read();
  await body(
    await request.post(`${API_PREFIX}/orders/set/${order.id}/hand-over`, {
      headers: staff,
      data: { version, code: handoverCode },
    }),
    'hand-over',
  );
  await step('completed', staff);
  return read();
}

/** `POST /orders/{orderId}/returns` of every line of the input, as the distributor. */
export async function requestReturnFor(
  request: APIRequestContext,
  distributor: string,
  orderId: number,
  input: ReturnInput,
  products: ReadonlyMap<number, number>,
): Promise<Return> {
  return body<Return>(
    await request.post(`${API_PREFIX}/orders/${orderId}/returns`, {
      headers: {
        ...bearer(await cachedToken(request, distributor)),
        'Idempotency-Key': `paths-${orderId}-r`,
      },
      data: {
        reason: 'faulty',
        lines: input.lines.map((line) => ({
          productId: products.get(line.productId),
          quantity: line.requested,
        })),
      },
    }),
    'request return',
  );
}

/**
 * Helpers for the order route tests: an app with only the order handlers (tokens are signed directly, so the
 * account routes need not exist), carts filled in the database, multipart and form requests.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { components } from '#openapi/schema.d.ts';
import { signAccessToken } from '#server/auth/token.ts';
import { orderHandlers } from '#server/routes/orders/index.ts';
import { SANDBOX_CALLBACKS_JOB } from '#server/payments/sandbox/callbacks.ts';
import { startTestApp, type TestApp, type TestResponse } from '#tests/support/server/app.ts';

export type Order = components['schemas']['Order'];
export type OrderSummaryPage = components['schemas']['OrderSummaryPage'];
export type WarehouseOrderPage = components['schemas']['WarehouseOrderPage'];
export type ErrorBody = components['schemas']['Error'];
export type PaymentSession = components['schemas']['PaymentSession'];

export const PARTNER = 'partner@demo.test';
export const WAREHOUSE = 'warehouse@demo.test';
export const WAREHOUSE_2 = 'warehouse2@demo.test';
export const PARTNER_WAREHOUSE = 'pw@demo.test';
export const USER = 'user@demo.test';
export const UNCONFIRMED = 'unconfirmed@demo.test';
export const BALTI_STAFF = 'sklad.balti@demo.test';

/** The orders app; `listen` for tests that pay (the server asks the acquirer's sandbox on its own origin). */
export async function startOrdersApp(options: { listen?: boolean } = {}): Promise<TestApp> {
  return startTestApp({
    handlers: orderHandlers,
    allowMissingHandlers: true,
    listen: options.listen === true,
  });
}

export async function userId(t: TestApp, email: string): Promise<number> {
  const row = await t.db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A valid access token for a seeded account (as `POST /users/login` would sign it). */
export async function tokenFor(t: TestApp, email: string): Promise<string> {
  const user = await t.db
    .selectFrom('users')
    .select(['id', 'is_warehouse', 'is_partner', 'session_version'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirstOrThrow();
  return signAccessToken(
    { userId: user.id, wh: user.is_warehouse, par: user.is_partner, sessionVersion: user.session_version },
    t.config,
  );
}

/** Replaces the user's cart with these (product id, quantity) lines. */
export async function fillCart(
  t: TestApp,
  uid: number,
  lines: ReadonlyArray<[number, number]>,
): Promise<void> {
  await t.db.deleteFrom('carts').where('user_id', '=', uid).execute();
  if (lines.length === 0) return;
  await t.db
    .insertInto('carts')
    .values(
      lines.map(([productId, quantity], index) => ({
        user_id: uid,
        product_id: productId,
        quantity,
        added_at: new Date(Date.now() - (lines.length - index) * 1000),
      })),
    )
    .execute();
}

/**
 * Products with at least `minStock` units available at a warehouse (1C's quantity − what orders not yet in 1C
 * hold; docs/adr/0091-stock-per-warehouse.md), lowest ids first; `stock` is that figure.
 */
export async function stockedProducts(t: TestApp, count: number, minStock = 20, warehouseId = 1) {
  return stockedQuery(t, warehouseId)
    .where(sql<number>`s.quantity - s.held`, '>=', minStock)
    .orderBy('p.id')
    .limit(count)
    .execute();
}

function stockedQuery(t: TestApp, warehouseId: number) {
  return t.db
    .selectFrom('products as p')
    .innerJoin('warehouse_stock as s', (join) =>
      join.onRef('s.product_id', '=', 'p.id').on('s.warehouse_id', '=', warehouseId),
    )
    .select([
      'p.id',
      'p.sku',
      'p.price',
      'p.promo_price',
      'p.is_promotion',
      'p.points',
      sql<number>`s.quantity - s.held`.as('stock'),
    ])
    .where('p.is_active', '=', true)
    .where('p.price', '>', 0);
}

export async function promotedProduct(t: TestApp, warehouseId = 1) {
  return stockedQuery(t, warehouseId)
    .where('p.is_promotion', '=', true)
    .where('p.promo_price', 'is not', null)
    .where(sql<number>`s.quantity - s.held`, '>=', 20)
    .orderBy('p.id')
    .executeTakeFirstOrThrow();
}

/** What a warehouse has available of each product now (1C's quantity − holds, never below 0). */
export async function availableAt(
  t: TestApp,
  warehouseId: number,
  productIds: readonly number[],
): Promise<Map<number, number>> {
  const rows = await t.db
    .selectFrom('warehouse_stock')
    .select(['product_id', 'quantity', 'held'])
    .where('warehouse_id', '=', warehouseId)
    .where('product_id', 'in', [...productIds])
    .execute();
  return new Map(rows.map((row) => [row.product_id, Math.max(0, row.quantity - row.held)]));
}

/** What a warehouse's open orders not yet in 1C hold of each product. */
export async function heldAt(
  t: TestApp,
  warehouseId: number,
  productIds: readonly number[],
): Promise<Map<number, number>> {
  const rows = await t.db
    .selectFrom('warehouse_stock')
    .select(['product_id', 'held'])
    .where('warehouse_id', '=', warehouseId)
    .where('product_id', 'in', [...productIds])
    .execute();
  return new Map(rows.map((row) => [row.product_id, row.held]));
}

export const newKey = (): string => `test-${randomBytes(12).toString('hex')}`;

export async function firstPickupPoint(t: TestApp, warehouseId: number): Promise<number> {
  const row = await t.db
    .selectFrom('pickup_points')
    .select('id')
    .where('warehouse_id', '=', warehouseId)
    .where('is_active', '=', true)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function firstAddress(t: TestApp, uid: number): Promise<number> {
  const row = await t.db
    .selectFrom('addresses')
    .select('id')
    .where('user_id', '=', uid)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type CreateBody = components['schemas']['CreateOrderRequest'];

export async function createOrder(
  t: TestApp,
  token: string,
  body: CreateBody,
  key = newKey(),
): Promise<TestResponse<Order>> {
  return t.post<Order>('/orders/create', { token, json: body, headers: { 'Idempotency-Key': key } });
}

/** Fills the cart of `email` and places an order; answers the created order. */
export async function placeOrder(
  t: TestApp,
  email: string,
  options: {
    lines?: ReadonlyArray<[number, number]>;
    delivery?: boolean;
    paymentMethod?: 'cash' | 'card';
  } = {},
): Promise<Order> {
  const uid = await userId(t, email);
  const token = await tokenFor(t, email);
  const lines =
    options.lines ?? (await stockedProducts(t, 2)).map((p, index): [number, number] => [p.id, index + 2]);
  await fillCart(t, uid, lines);
  const user = await t.db
    .selectFrom('users')
    .select('warehouse_id')
    .where('id', '=', uid)
    .executeTakeFirstOrThrow();
  const paymentMethod = options.paymentMethod ?? 'cash';
  // A card order needs the terms accepted at checkout.
  const terms = paymentMethod === 'card' ? { acceptTerms: true } : {};
  const body: CreateBody = options.delivery
    ? { deliveryType: 'delivery', addressId: await firstAddress(t, uid), paymentMethod, ...terms }
    : {
        deliveryType: 'pickup',
        pickupPointId: await firstPickupPoint(t, user.warehouse_id ?? 1),
        paymentMethod,
        ...terms,
      };
  const response = await createOrder(t, token, body);
  if (response.status !== 201) throw new Error(`order creation failed: ${response.status} ${response.text}`);
  return response.body;
}

/** `POST /orders/set/{id}/status?status=X&version=N`. */
export async function setStatus(
  t: TestApp,
  token: string,
  order: Pick<Order, 'id' | 'version'>,
  status: Order['status'],
  comment?: string,
): Promise<TestResponse<Order>> {
  return t.post<Order>(`/orders/set/${order.id}/status`, {
    token,
    query: { status, version: order.version, ...(comment === undefined ? {} : { comment }) },
  });
}

/** Steps an order through target statuses, each by the given token; fails loudly on a refusal. */
export async function walk(
  t: TestApp,
  start: Order,
  steps: ReadonlyArray<[string, Order['status']]>,
): Promise<Order> {
  let order = start;
  for (const [token, status] of steps) {
    const response = await setStatus(t, token, order, status);
    if (response.status !== 200) throw new Error(`→ ${status} refused: ${response.status} ${response.text}`);
    order = response.body;
  }
  return order;
}

/** A multipart/form-data request (payment). */
export async function postMultipart<T>(
  t: TestApp,
  path: string,
  token: string | undefined,
  fields: Record<string, string>,
): Promise<TestResponse<T>> {
  const boundary = `----orders-test-${randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const payload = `${parts.join('')}--${boundary}--\r\n`;
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v3${path}`,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    payload,
  });
  const text = response.body;
  const json = /json/.test(String(response.headers['content-type'] ?? '')) && text !== '';
  return {
    status: response.statusCode,
    headers: response.headers,
    body: (json ? JSON.parse(text) : text) as T,
    text,
  };
}

/** What the customer does on the acquirer's (sandbox) checkout page, as the browser's form posts it. */
export type CheckoutAction = 'pay' | 'decline' | 'threeds' | 'cancel';

/** Submits the sandbox's checkout page (the `paymentUrl` of `POST /payment/pay`); answers its redirect. */
export async function sandboxCheckout(
  t: TestApp,
  paymentUrl: string,
  action: CheckoutAction,
): Promise<TestResponse<string>> {
  const url = new URL(paymentUrl);
  const response = await t.app.inject({
    method: 'POST',
    url: `${url.pathname}${url.search}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `action=${action}`,
  });
  return { status: response.statusCode, headers: response.headers, body: response.body, text: response.body };
}

/** Sends the sandbox's due callbacks to the portal (its periodic job, run now). */
export async function deliverCallbacks(t: TestApp): Promise<void> {
  await t.app.jobs.runNow(SANDBOX_CALLBACKS_JOB);
}

/** Starts a payment of the customer's order and takes `action` on the acquirer's page; delivers the callback. */
export async function payCard(
  t: TestApp,
  token: string,
  orderId: number,
  action: CheckoutAction = 'pay',
): Promise<{ session: PaymentSession; back: TestResponse<string> }> {
  const session = await postMultipart<PaymentSession>(t, '/payment/pay', token, { orderId: String(orderId) });
  if (session.status !== 200) throw new Error(`payment refused: ${session.status} ${session.text}`);
  const back = await sandboxCheckout(t, session.body.paymentUrl, action);
  await deliverCallbacks(t);
  return { session: session.body, back };
}

export async function historyCount(t: TestApp, orderId: number): Promise<number> {
  const row = await t.db
    .selectFrom('order_history')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** True when `items` run newest first (by `createdAt`, then by `id` among equal times), as the order lists sort. */
export const newestFirst = (items: ReadonlyArray<{ createdAt: string; id: number }>): boolean =>
  items.every((item, index) => {
    const previous = items[index - 1];
    return (
      previous === undefined ||
      previous.createdAt > item.createdAt ||
      (previous.createdAt === item.createdAt && previous.id > item.id)
    );
  });

// Helpers of the checkout browser tests: partner@demo.test's bag filled through the API, its orders counted, a
// card order confirmed by the warehouse (so its amount is due), the payment provider's page, and the interface
// texts in the page's own language (read from the catalogs, so assertions read what the user reads).
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { components } from '#openapi/schema.d.ts';
import { tr, isLocale, type Locale } from '../shell/shell-support';
import { API_PREFIX, bearer, cachedToken, expect } from '../support/fixtures';

export type ApiOrder = components['schemas']['Order'];
type Product = components['schemas']['Product'];
type Cart = components['schemas']['Cart'];
type OrderSummaryPage = components['schemas']['OrderSummaryPage'];

/** The account whose bag and orders the checkout tests use (no other test writes to it). */
export const PARTNER = 'partner@demo.test';
export const UNCONFIRMED = 'unconfirmed@demo.test';
export const WAREHOUSE = 'warehouse@demo.test';

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok()) throw new Error(`${what}: HTTP ${response.status()} ${JSON.stringify(body)}`);
  return body as T;
}

let stocked: Product[] | null = null;

/** Products with points and plenty of stock. */
async function stockedProducts(request: APIRequestContext, token: string): Promise<Product[]> {
  if (stocked !== null) return stocked;
  const body = await json<{ items: Product[] }>(
    await request.get(`${API_PREFIX}/goods`, {
      params: { page: 1, pageSize: 100, category: 'with_points' },
      headers: bearer(token),
    }),
    'list goods',
  );
  stocked = body.items.filter((product) => product.stock >= 50).slice(0, 5);
  if (stocked.length < 2) throw new Error('the demo catalogue has too few stocked products');
  return stocked;
}

/** Empties the account's bag and puts `lines` products in it (quantities 2, 1, ...): the bag every test starts from. */
export async function fillBag(request: APIRequestContext, email = PARTNER, lines = 2): Promise<Cart> {
  const token = await cachedToken(request, email);
  const cart = await json<Cart>(
    await request.get(`${API_PREFIX}/orders/cart`, { headers: bearer(token) }),
    'cart',
  );
  for (const item of cart.items) {
    await json(
      await request.post(`${API_PREFIX}/orders/cart/remove-from-cart`, {
        data: { productId: item.productId },
        headers: bearer(token),
      }),
      'remove from cart',
    );
  }
  const products = await stockedProducts(request, token);
  let result = cart;
  for (const [index, product] of products.slice(0, lines).entries()) {
    result = await json<Cart>(
      await request.post(`${API_PREFIX}/orders/cart/add-to-cart`, {
        data: { productId: product.id, quantity: index === 0 ? 2 : 1, mode: 'set' },
        headers: bearer(token),
      }),
      'add to cart',
    );
  }
  return result;
}

export async function readCart(request: APIRequestContext, email = PARTNER): Promise<Cart> {
  const token = await cachedToken(request, email);
  return json<Cart>(await request.get(`${API_PREFIX}/orders/cart`, { headers: bearer(token) }), 'cart');
}

/** How many orders the account has (all tabs). */
export async function countOrders(request: APIRequestContext, email = PARTNER): Promise<number> {
  const token = await cachedToken(request, email);
  const page = await json<OrderSummaryPage>(
    await request.get(`${API_PREFIX}/orders/get/list/user`, {
      params: { pageSize: 1 },
      headers: bearer(token),
    }),
    'list orders',
  );
  return page.total;
}

/** The account's newest orders (first page, newest first). */
export async function newestOrders(request: APIRequestContext, email = PARTNER, pageSize = 20) {
  const token = await cachedToken(request, email);
  return (
    await json<OrderSummaryPage>(
      await request.get(`${API_PREFIX}/orders/get/list/user`, {
        params: { pageSize },
        headers: bearer(token),
      }),
      'list orders',
    )
  ).items;
}

export async function readOrder(request: APIRequestContext, id: number, email = PARTNER): Promise<ApiOrder> {
  const token = await cachedToken(request, email);
  return json<ApiOrder>(
    await request.get(`${API_PREFIX}/orders/get/${id}`, { headers: bearer(token) }),
    'order',
  );
}

/** The warehouse checks and confirms the order: a card order's amount is then final and due (`need_pay`). */
export async function confirmByWarehouse(request: APIRequestContext, id: number): Promise<ApiOrder> {
  const token = await cachedToken(request, WAREHOUSE);
  let order = await json<ApiOrder>(
    await request.get(`${API_PREFIX}/orders/get/${id}`, { headers: bearer(token) }),
    'warehouse reads order',
  );
  for (const status of ['checking', 'confirmed'] as const) {
    order = await json<ApiOrder>(
      await request.post(`${API_PREFIX}/orders/set/${id}/status`, {
        params: { status, version: order.version },
        headers: bearer(token),
      }),
      `warehouse sets ${status}`,
    );
  }
  return order;
}

/** The language the page shows (its `<html lang>`). */
export async function pageLocale(page: Page): Promise<Locale> {
  const lang = await page.locator('html').getAttribute('lang');
  return isLocale(lang) ? lang : 'ru';
}

/** `t('English source')` in the page's language. */
export async function texts(page: Page): Promise<(id: string) => string> {
  const locale = await pageLocale(page);
  return (id: string) => (locale === 'en' ? id : tr(locale, id));
}

/** The payment provider's page: press pay, fail or cancel. */
export async function providerOutcome(page: Page, outcome: 'paid' | 'failed' | 'cancelled'): Promise<void> {
  await expect(page).toHaveURL(/\/api\/v3\/payment\/provider\//);
  await page.locator(`button[name="outcome"][value="${outcome}"]`).click();
}

/** The checkout section's current step (`data-step`), or `bag` when there is none. */
export async function checkoutStep(page: Page): Promise<string> {
  const section = page.locator('section.checkout');
  if ((await section.count()) === 0) return 'bag';
  return (await section.getAttribute('data-step')) ?? 'bag';
}

export async function expectStep(page: Page, step: string): Promise<void> {
  if (step === 'bag') {
    await expect(page.locator('section.checkout')).toHaveCount(0);
  } else {
    await expect(page.locator('section.checkout')).toHaveAttribute('data-step', step);
  }
}

/** The order id of the "View the order" link of the placed or failed notice. */
export async function placedOrderId(page: Page): Promise<number> {
  const link: Locator = page.locator('section.checkout a[href^="/my-orders/"]').first();
  const href = (await link.getAttribute('href')) ?? '';
  const id = Number(href.split('/').pop());
  if (!Number.isInteger(id) || id <= 0) throw new Error(`no order link in the checkout: ${href}`);
  return id;
}

/** Places an order of the current bag through the API (pickup at the first pickup point, cash unless told). */
export async function apiPlaceOrder(
  request: APIRequestContext,
  paymentMethod: 'cash' | 'card' = 'cash',
  email = PARTNER,
): Promise<ApiOrder> {
  const token = await cachedToken(request, email);
  const params = await json<components['schemas']['OrderParams']>(
    await request.get(`${API_PREFIX}/users/warehouses/get-order-params`, { headers: bearer(token) }),
    'order params',
  );
  const point = params.pickupPoints[0];
  if (point === undefined) throw new Error('no pickup point');
  return json<ApiOrder>(
    await request.post(`${API_PREFIX}/orders/create`, {
      data: { deliveryType: 'pickup', pickupPointId: point.id, paymentMethod },
      headers: {
        ...bearer(token),
        'Idempotency-Key': `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`,
      },
    }),
    'create order',
  );
}

/** The account's interface language (`GET /users/me`), which the app applies after signing in. */
export async function userLocale(request: APIRequestContext, email = PARTNER): Promise<Locale> {
  const token = await cachedToken(request, email);
  const me = await json<{ lang: string }>(
    await request.get(`${API_PREFIX}/users/me`, { headers: bearer(token) }),
    'me',
  );
  return isLocale(me.lang) ? me.lang : 'ru';
}

/** Waits until the page shows the account's language, then answers its texts. */
export async function textsOf(page: Page, request: APIRequestContext, email = PARTNER) {
  const locale = await userLocale(request, email);
  await expect(page.locator('html')).toHaveAttribute('lang', locale, { timeout: 15_000 });
  return (id: string) => (locale === 'en' ? id : tr(locale, id));
}

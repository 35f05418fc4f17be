// Real orders for the order-lifecycle browser tests: made through the API (cart, then POST /orders/create) by
// distributors of warehouse 1 that no other test uses, one per parallel worker and test file, so carts never
// collide. Also: sessions in browser contexts, the order page's state, and the acquirer's (sandbox) checkout page.
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import type { components } from '#openapi/schema.d.ts';
import { API_PREFIX, baseURL, bearer, cachedToken, expect } from '../support/fixtures';

export type ApiOrder = components['schemas']['Order'];

export const WAREHOUSE_STAFF = 'warehouse@demo.test';
export const WAREHOUSE_STAFF_2 = 'warehouse2@demo.test';

/**
 * Distributors of warehouse 1 (seeded downline members with a confirmed e-mail) reserved for these tests:
 * `paths` for tests/paths/order-lifecycle.spec.ts, `e2e` for tests/e2e/warehouse, indexed by parallel worker.
 */
const DISTRIBUTORS = {
  paths: [
    'corina.bivol@demo.test',
    'galina.gutu@demo.test',
    'aurelia.bivol@demo.test',
    'daniela.gutu@demo.test',
  ],
  e2e: [
    'igor.sevcenko@demo.test',
    'gheorghe.cebotari@demo.test',
    'valentina.gutu@demo.test',
    'natalia.ursu@demo.test',
  ],
} as const;

/** True for the distributors reserved above: tests create their orders and move them through the lifecycle. */
export function isTestDistributor(email: string): boolean {
  return Object.values(DISTRIBUTORS).some((pool: readonly string[]) => pool.includes(email));
}

export function distributorFor(pool: keyof typeof DISTRIBUTORS, parallelIndex: number): string {
  const list = DISTRIBUTORS[pool];
  const email = list[parallelIndex % list.length];
  if (email === undefined) throw new Error(`no distributor for worker ${parallelIndex}`);
  return email;
}

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok()) throw new Error(`${what}: HTTP ${response.status()} ${JSON.stringify(body)}`);
  return body as T;
}

type Product = components['schemas']['Product'];

const productCache = new Map<string, Product[]>();

/** Products with the most stock (the lines of test orders come from these). */
async function stockedProducts(request: APIRequestContext, token: string): Promise<Product[]> {
  const cached = productCache.get('all');
  if (cached) return cached;
  const all: Product[] = [];
  for (const page of [1, 2]) {
    const body = await json<{ items: Product[] }>(
      await request.get(`${API_PREFIX}/goods`, { params: { page, pageSize: 100 }, headers: bearer(token) }),
      'list goods',
    );
    all.push(...body.items);
  }
  const sorted = all.filter((product) => product.stock >= 60).sort((a, b) => b.stock - a.stock);
  productCache.set('all', sorted);
  return sorted;
}

export interface OrderSpec {
  paymentMethod: 'cash' | 'card';
  deliveryType: 'pickup' | 'delivery';
  /** Quantities of the lines, in order. */
  quantities: readonly number[];
  /** Which stocked products to use (rotates so parallel tests spread over products). */
  productOffset?: number;
  comment?: string;
}

export interface CreatedOrder {
  order: ApiOrder;
  /** The order's line ids in the order of `quantities`. */
  lineIds: number[];
}

/** Empties the distributor's cart, fills it, and places the order (as the checkout would). */
export async function createOrder(
  request: APIRequestContext,
  email: string,
  spec: OrderSpec,
): Promise<CreatedOrder> {
  const token = await cachedToken(request, email);
  const headers = bearer(token);
  const cart = await json<components['schemas']['Cart']>(
    await request.get(`${API_PREFIX}/orders/cart`, { headers }),
    'get cart',
  );
  for (const item of cart.items) {
    await json(
      await request.post(`${API_PREFIX}/orders/cart/remove-from-cart`, {
        headers,
        data: { productId: item.productId },
      }),
      'empty cart',
    );
  }
  const products = await stockedProducts(request, token);
  const offset = spec.productOffset ?? 0;
  const chosen = spec.quantities.map((_, index) => {
    const product = products[(offset + index) % products.length];
    if (!product) throw new Error('no stocked product');
    return product;
  });
  for (const [index, product] of chosen.entries()) {
    await json(
      await request.post(`${API_PREFIX}/orders/cart/add-to-cart`, {
        headers,
        data: { productId: product.id, quantity: spec.quantities[index] ?? 1, mode: 'set' },
      }),
      'add to cart',
    );
  }
  let body: Record<string, unknown>;
  if (spec.deliveryType === 'delivery') {
    body = {
      deliveryType: 'delivery',
      addressId: await addressOf(request, headers),
      paymentMethod: spec.paymentMethod,
    };
    // A card order needs the terms accepted at checkout (maib's rule for merchants).
    if (spec.paymentMethod === 'card') body.acceptTerms = true;
  } else {
    const params = await json<components['schemas']['OrderParams']>(
      await request.get(`${API_PREFIX}/users/warehouses/get-order-params`, { headers }),
      'order params',
    );
    const point = params.pickupPoints[0];
    if (!point) throw new Error(`${email} has no pickup point`);
    body = { deliveryType: 'pickup', pickupPointId: point.id, paymentMethod: spec.paymentMethod };
    if (spec.paymentMethod === 'card') body.acceptTerms = true;
  }
  if (spec.comment !== undefined) body.comment = spec.comment;
  const order = await json<ApiOrder>(
    await request.post(`${API_PREFIX}/orders/create`, {
      headers: { ...headers, 'Idempotency-Key': `e2e-${randomUUID()}` },
      data: body,
    }),
    'create order',
  );
  const lineIds = chosen.map((product) => {
    const line = order.lines.find((candidate) => candidate.productId === product.id);
    if (!line) throw new Error(`order ${order.id} has no line of product ${product.id}`);
    return line.id;
  });
  return { order, lineIds };
}

async function addressOf(request: APIRequestContext, headers: Record<string, string>): Promise<number> {
  const list = await json<Array<{ id: number }>>(
    await request.get(`${API_PREFIX}/users/addresses`, { headers }),
    'addresses',
  );
  const first = list[0];
  if (first) return first.id;
  const created = await json<{ id: number }>(
    await request.post(`${API_PREFIX}/users/address/new`, {
      headers,
      data: { postIndex: 'MD-2001', city: 'Chișinău', street: 'Str. Ismail', house: '33', isDefault: true },
    }),
    'new address',
  );
  return created.id;
}

export async function fetchOrder(request: APIRequestContext, email: string, id: number): Promise<ApiOrder> {
  const token = await cachedToken(request, email);
  return json<ApiOrder>(
    await request.get(`${API_PREFIX}/orders/get/${id}`, { headers: bearer(token) }),
    'get order',
  );
}

/** A browser context whose app session is `email` (the token cookie, as the app writes it). */
export async function contextAs(
  browser: Browser,
  request: APIRequestContext,
  email: string,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    locale: 'ru-RU',
    timezoneId: 'Europe/Chisinau',
  });
  const token = await cachedToken(request, email);
  await context.addCookies([{ name: 'token', value: token, url: baseURL(), sameSite: 'Lax' }]);
  return context;
}

export const warehouseOrderPath = (id: number) => `/my-orders-warehouse/${id}`;
export const myOrderPath = (id: number) => `/my-orders/${id}`;

/** The page's event stream is open (the app asked for a ticket and the stream answered). */
export async function streamOpen(page: Page): Promise<void> {
  await page.waitForResponse(
    (response) => response.url().includes('/api/v3/events?') && response.status() === 200,
    {
      timeout: 15_000,
    },
  );
}

/** Opens an order page and waits until the order is shown. */
export async function openOrder(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('.order-detail')).toBeVisible({ timeout: 15_000 });
}

/** The lifecycle status, payment state and version the page shows. */
export async function shownState(page: Page): Promise<{ status: string; payment: string; version: number }> {
  const detail = page.locator('.order-detail');
  return {
    status: (await detail.getAttribute('data-order-status')) ?? '',
    payment: (await detail.getAttribute('data-payment-state')) ?? '',
    version: Number(await detail.getAttribute('data-order-version')),
  };
}

/** Clicks an action button and waits for the order to reach `status` on the page. */
export async function clickAction(page: Page, action: string, status?: string): Promise<void> {
  await page.locator(`[data-action="${action}"]`).click();
  if (status !== undefined)
    await expect(page.locator('.order-detail')).toHaveAttribute('data-order-status', status);
}

/**
 * What the customer does on the acquirer's checkout page (the local maib sandbox): pay, the bank declines,
 * 3-D Secure fails, or cancel; then waits to be back in the app (maib's okUrl / failUrl).
 */
export async function submitCheckoutPage(
  page: Page,
  action: 'pay' | 'decline' | 'threeds' | 'cancel',
): Promise<void> {
  await page.waitForURL(/\/maib-sandbox\/checkout\//);
  await page.locator(`button[name="action"][value="${action}"]`).click();
  await page.waitForURL(/\/payment\/(success|cancel)/);
}

/** Moves an order through the API (test set-up), as `email`, with the order's current version. */
export async function apiStatus(
  request: APIRequestContext,
  email: string,
  id: number,
  status: string,
  comment?: string,
): Promise<ApiOrder> {
  const token = await cachedToken(request, email);
  const current = await fetchOrder(request, email, id);
  return json<ApiOrder>(
    await request.post(`${API_PREFIX}/orders/set/${id}/status`, {
      headers: bearer(token),
      params: { status, version: current.version, ...(comment === undefined ? {} : { comment }) },
    }),
    `set ${status}`,
  );
}

/** The interface language of an account (its stored `lang`). */
export async function languageOf(
  request: APIRequestContext,
  email: string,
): Promise<'ru' | 'en' | 'ro' | 'uk' | 'it'> {
  const token = await cachedToken(request, email);
  const me = await json<{ lang: 'ru' | 'en' | 'ro' | 'uk' | 'it' }>(
    await request.get(`${API_PREFIX}/users/me`, { headers: bearer(token) }),
    'me',
  );
  return me.lang;
}

/** Presses Tab until the focused element matches `selector` (keyboard-only navigation); fails after `limit`. */
export async function tabTo(page: Page, selector: string, limit = 80): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(
      (target) => document.activeElement?.matches(target) ?? false,
      selector,
    );
    if (focused) return;
  }
  throw new Error(`${selector} was not reached with ${limit} Tab presses`);
}

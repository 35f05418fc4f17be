// More screens rendered on the server (docs/adr/0145-every-screen-server-rendered.md): My orders, an order's page
// for the distributor and for the warehouse, a return, a member's card, a client, Promotions and the wishlist come
// in the HTML with their data and paint with every script of the app held back; the app then takes the same DOM
// over (the element the server rendered is the one it runs), with no console error (a hydration that did not match
// reports one) and without asking for the screen's data again.
import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { API_PREFIX, bearer, cachedToken, expect, startSession, test } from '../support/fixtures';
import { apiStatus, createOrder, distributorFor, WAREHOUSE_STAFF } from '../warehouse/order-support';
import { tr } from './shell-support';
import { apiRequests, appStarted, collectErrors, holdAppCode, returningBrowser } from './prerender-support';

interface Screen {
  name: string;
  email: string;
  /**
   * The address to open, found through the API as the visitor (an order, a member, a client of theirs), or made
   * for the test (a return).
   */
  path: (read: <T>(path: string) => Promise<T>, setUp: SetUp) => Promise<string>;
  title: (path: string) => string | RegExp;
  /** An element of the screen's data: it is in the HTML, and the app keeps it. */
  first: string;
  /**
   * Reads the page brings with it (the app sends none of them before the live stream opens); one ending in `/`
   * stands for every read below it.
   */
  reads: (path: string) => string[];
}

interface Page<T> {
  items: T[];
}

interface SetUp {
  request: APIRequestContext;
  parallelIndex: number;
}

/**
 * A return requested of a completed cash order of a test distributor (the demo has none): one unit of its first
 * line, unopened. Its page is the warehouse's.
 */
async function requestedReturn({ request, parallelIndex }: SetUp): Promise<string> {
  const buyer = distributorFor('e2e', parallelIndex);
  const { order } = await createOrder(request, buyer, {
    paymentMethod: 'cash',
    deliveryType: 'delivery',
    quantities: [1],
    productOffset: 44,
  });
  for (const status of ['checking', 'confirmed', 'prepared', 'ready'])
    await apiStatus(request, WAREHOUSE_STAFF, order.id, status);
  await apiStatus(request, buyer, order.id, 'delivery_requested');
  for (const status of ['delivery_processing', 'sent', 'in_delivery'])
    await apiStatus(request, WAREHOUSE_STAFF, order.id, status);
  await apiStatus(request, buyer, order.id, 'received');
  const completed = await apiStatus(request, WAREHOUSE_STAFF, order.id, 'completed');
  const line = completed.lines[0];
  const answer = await request.post(`${API_PREFIX}/orders/${order.id}/returns`, {
    headers: { ...bearer(await cachedToken(request, buyer)), 'Idempotency-Key': `ssr-${randomUUID()}` },
    data: { reason: 'unopened', lines: [{ productId: line?.productId, quantity: 1 }] },
  });
  expect(answer.status(), 'return requested').toBe(201);
  const created = (await answer.json()) as { id: number };
  return `/my-orders-warehouse/returns/${created.id}`;
}

const idOf = (path: string) => path.split('/')[2] ?? '';

const SCREENS: Screen[] = [
  {
    name: 'My orders',
    email: 'partner@demo.test',
    path: () => Promise.resolve('/my-orders?tab=closed'),
    title: () => tr('ru', 'Orders'),
    first: 'main tr[data-order-id] a[href^="/my-orders/"]',
    reads: () => ['/orders/get/list/user'],
  },
  {
    // The current tab: its rows that can be paid have a Pay button, which reads the order itself.
    name: 'My orders, current',
    email: 'partner@demo.test',
    path: () => Promise.resolve('/my-orders'),
    title: () => tr('ru', 'Orders'),
    first: 'main tr[data-order-id] a[href^="/my-orders/"]',
    reads: () => ['/orders/get/list/user', '/orders/get/'],
  },
  {
    name: "a distributor's received order",
    email: 'partner@demo.test',
    path: async (read) => {
      const closed = await read<Page<{ id: number }>>('/orders/get/list/user?tab=closed&page=1&pageSize=20');
      return `/my-orders/${closed.items[0]?.id}`;
    },
    title: () => new RegExp(`^${tr('ru', 'Order No. {0}').replace('{0}', '\\S+')}$`),
    first: 'main tr[data-line-id]',
    // The order, its returns (a received order can have some) and the pickup threshold.
    reads: (path) => [
      `/orders/get/${idOf(path)}`,
      `/orders/${idOf(path)}/returns`,
      '/users/warehouses/get-order-params',
    ],
  },
  {
    name: "the warehouse's order",
    email: 'warehouse@demo.test',
    path: async (read) => {
      const queue = await read<Page<{ id: number }>>('/orders/get/list/warehouse?tab=new&page=1&pageSize=20');
      return `/my-orders-warehouse/${queue.items[0]?.id}`;
    },
    title: () => new RegExp(`^${tr('ru', 'Order No. {0}').replace('{0}', '\\S+')}$`),
    first: 'main tr[data-line-id]',
    reads: (path) => [`/orders/get/${idOf(path)}`],
  },
  {
    name: "a member's card",
    email: 'partner@demo.test',
    path: async (read) => {
      const network = await read<{ children: Page<{ id: number; childrenCount: number }> }>(
        '/users/my-network?page=1&pageSize=50',
      );
      const withTeam = network.children.items.find((child) => child.childrenCount > 0);
      return `/my-distributers/${withTeam?.id ?? network.children.items[0]?.id}`;
    },
    title: () => /\S/,
    first: 'main table[data-table="volume-history"] tbody tr[data-month]',
    reads: (path) => [`/users/my-network/${idOf(path)}`],
  },
  {
    name: 'a client',
    email: 'partner@demo.test',
    path: async (read) => {
      const clients = await read<Page<{ id: number }>>('/users/clients?page=1&pageSize=20');
      return `/client-base/${clients.items[0]?.id}`;
    },
    title: () => /\S/,
    first: 'main section[aria-labelledby="client-contacts"] dl',
    reads: (path) => [`/users/clients/${idOf(path)}`],
  },
  {
    name: "the warehouse's return",
    email: WAREHOUSE_STAFF,
    path: (_read, setUp) => requestedReturn(setUp),
    title: () => new RegExp(`^${tr('ru', 'Return {0}').replace('{0}', '\\S+')}$`),
    first: 'main [data-return-status="requested"]',
    reads: (path) => [`/returns/${path.split('/')[3] ?? ''}`],
  },
  {
    name: 'Promotions and Ratings',
    email: 'partner@demo.test',
    path: () => Promise.resolve('/promotions'),
    title: () => tr('ru', 'Promotions and Ratings'),
    first: 'main article[data-product-id]',
    reads: () => ['/goods/promotions', '/goods/ratings', '/orders/wishlist', '/orders/cart'],
  },
  {
    name: 'the wishlist',
    email: 'partner@demo.test',
    path: () => Promise.resolve('/wishlist'),
    title: () => tr('ru', 'Wishlist'),
    first: 'main article[data-product-id]',
    reads: () => ['/orders/wishlist', '/orders/cart'],
  },
];

function reader(request: APIRequestContext, token: string) {
  return async <T>(path: string): Promise<T> => {
    const answer = await request.get(`${API_PREFIX}${path}`, { headers: bearer(token) });
    expect(answer.status(), path).toBe(200);
    return (await answer.json()) as T;
  };
}

for (const screen of SCREENS) {
  test(`${screen.name} paints from the HTML before any JavaScript, and the app takes the same screen over`, async ({
    page,
    request,
  }) => {
    const token = await startSession(page, request, screen.email);
    const path = await screen.path(reader(request, token), {
      request,
      parallelIndex: test.info().parallelIndex,
    });
    expect(path).not.toMatch(/undefined/);
    await returningBrowser(page.context());
    const errors = collectErrors(page);
    const sent = apiRequests(page);
    const release = await holdAppCode(page);
    await page.goto(path, { waitUntil: 'commit' });
    // No JavaScript of the app has run: the screen and its data are the server's.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(screen.title(path));
    const first = page.locator(screen.first).first();
    await expect(first).toBeVisible();
    await page.evaluate((selector) => {
      (window as unknown as { __serverElement: Element | null }).__serverElement =
        document.querySelector(selector);
    }, screen.first);
    expect(sent, 'nothing is asked before the app runs').toEqual([]);
    release();
    await appStarted(page);
    await page.waitForLoadState('networkidle').catch(() => undefined);
    expect(
      await page.evaluate(
        (selector) =>
          document.querySelector(selector) ===
          (window as unknown as { __serverElement: Element | null }).__serverElement,
        screen.first,
      ),
      'the server-rendered element is kept',
    ).toBe(true);
    // Until the live stream opens (a change made after it is rightly read again), the screen's reads came with
    // the page.
    const streamOpened = sent.findIndex((sentPath) => sentPath.startsWith('/events?'));
    const hydrating = streamOpened === -1 ? sent : sent.slice(0, streamOpened);
    for (const read of screen.reads(path))
      expect(
        hydrating.filter((sentPath) =>
          // A read ending in `/` stands for every read below it (any order's).
          read.endsWith('/')
            ? sentPath.startsWith(read)
            : sentPath === read || sentPath.startsWith(`${read}?`),
        ),
        `${read} came with the page`,
      ).toEqual([]);
    expect(errors).toEqual([]);
    // And it is the app: a link of the menu navigates in place.
    await page
      .getByRole('link', { name: tr('ru', 'Personal data') })
      .first()
      .click();
    await expect(page).toHaveURL(/\/personal$/);
  });
}

test("an order that is not the visitor's is left to the browser, which says it is not found", async ({
  page,
  request,
}) => {
  const token = await startSession(page, request, 'partner@demo.test');
  await returningBrowser(page.context());
  // The order's read fails on the server: rendered there as 'Not Found', the page would carry no data for the
  // browser's first render, which would differ; so the page comes as it is.
  const html = await (
    await request.get('/my-orders/999999', { headers: { cookie: `token=${token}` } })
  ).text();
  expect(html).not.toContain('id="portal-prerendered"');
  expect(html).toContain('<div id="root"></div>');
  await page.goto('/my-orders/999999');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('ru', 'Not Found'));
});

test("a comment typed on a server-rendered order before the app takes over is kept, and sent with the app's button", async ({
  page,
  request,
}) => {
  const token = await startSession(page, request, 'partner@demo.test');
  const closed = await reader(
    request,
    token,
  )<Page<{ id: number }>>('/orders/get/list/user?tab=closed&page=1&pageSize=20');
  const id = closed.items[1]?.id ?? closed.items[0]?.id;
  await returningBrowser(page.context());
  const errors = collectErrors(page);
  const release = await holdAppCode(page);
  await page.goto(`/my-orders/${id}`, { waitUntil: 'commit' });
  const field = page.getByRole('textbox', { name: tr('ru', 'Comment on the order') });
  const text = `Typed before the app ${Date.now()}`;
  await field.fill(text);
  release();
  await appStarted(page);
  // Hydration put the field back at the machine's comment; the form took the typed text as its own.
  await expect(field).toHaveValue(text);
  await page.getByRole('button', { name: tr('ru', 'Add comment') }).click();
  await expect(page.locator('main').getByText(text).first()).toBeVisible();
  const order = await reader(request, token)<{ comment: string | null }>(`/orders/get/${id}`);
  expect(order.comment).toBe(text);
  expect(errors).toEqual([]);
});

/**
 * The signed-in screens the server renders since ADR 0145 (docs/adr/0145-every-screen-server-rendered.md), with
 * the real renderer: My orders, an order's page for either role, a member's card, a client, the wishlist — each
 * with its data in the HTML — and a page whose read fails, sent as it is for the browser to render.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summaryCanPay } from '../../machines/checkout/checkout.payment-result.rules.ts';
import type { components } from '../../openapi/schema.d.ts';
import { startTestApp, type TestApp } from '../support/server/app.ts';
import { buildRenderer, INDEX, prerenderDirs, rootOf, stateOf } from '../support/server/prerender.ts';

const { work: WORK, spa: SPA, renderer: RENDERER } = prerenderDirs('prerender-screens-test');

type OrderSummary = components['schemas']['OrderSummary'];

let t: TestApp;
let partner: string;
let warehouse: string;

beforeAll(async () => {
  await buildRenderer(SPA);
  // Generous: these tests are about what a render holds, on a machine that may be busy.
  t = await startTestApp({ config: { appDist: SPA, prerenderEntry: RENDERER, prerenderTimeoutMs: 20_000 } });
  partner = await t.login('partner@demo.test');
  warehouse = await t.login('warehouse@demo.test');
}, 120_000);

afterAll(async () => {
  await t?.close();
  rmSync(WORK, { recursive: true, force: true });
});

const page = (url: string, cookie: string) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', cookie } });

describe('the other signed-in screens (ADR 0145)', () => {
  const cookie = (token: string) => `token=${token}; lang=en; tz=Europe%2FChisinau`;
  const cachedKeys = (html: string) =>
    stateOf(html)?.queries?.queries.map((query) => JSON.stringify(query.queryKey)) ?? [];

  it("My orders and a distributor's order: the tab's page, and the order with its lines and returns", async () => {
    const closed = await t.get<{ items: Array<{ id: number; number: string }> }>('/orders/get/list/user', {
      token: partner,
      query: { tab: 'closed', page: 1, pageSize: 20 },
    });
    const order = closed.body.items[0];
    expect(order).toBeDefined();
    const list = await page('/my-orders?tab=closed', cookie(partner));
    expect(rootOf(list.body)).toContain(`data-order-id="${order?.id}"`);
    // A list shows moments: it is rendered in the visitor's zone.
    expect(stateOf(list.body)?.timeZone).toBe('Europe/Chisinau');

    const detail = await page(`/my-orders/${order?.id}`, cookie(partner));
    expect(detail.statusCode).toBe(200);
    const root = rootOf(detail.body);
    expect(root).toContain(`Order No. ${order?.number}`);
    expect(root).toMatch(/data-line-id="/);
    const keys = cachedKeys(detail.body);
    expect(keys.some((key) => key.includes('returns'))).toBe(true);
    expect(keys).toContain(JSON.stringify(['account', 'order-params']));
  });

  it('My orders: each order of the page that can be paid comes with it (its Pay button reads the order)', async () => {
    const current = await t.get<{ items: OrderSummary[] }>('/orders/get/list/user', {
      token: partner,
      query: { tab: 'current', page: 1, pageSize: 20 },
    });
    const payable = current.body.items.filter(summaryCanPay).map((order) => order.id);
    const keys = cachedKeys((await page('/my-orders', cookie(partner))).body);
    const details = keys.filter((key) => key.startsWith('["orders","detail",'));
    expect(details.sort()).toEqual(payable.map((id) => JSON.stringify(['orders', 'detail', id])).sort());
    // The demo's partner has some (card orders awaiting payment): the check is not empty.
    expect(payable.length).toBeGreaterThan(0);
  });

  it("the warehouse's order page", async () => {
    const queue = await t.get<{ items: Array<{ id: number; number: string }> }>(
      '/orders/get/list/warehouse',
      {
        token: warehouse,
        query: { tab: 'new', page: 1, pageSize: 20 },
      },
    );
    const order = queue.body.items[0];
    const answer = await page(`/my-orders-warehouse/${order?.id}`, cookie(warehouse));
    expect(rootOf(answer.body)).toContain(`Order No. ${order?.number}`);
    expect(rootOf(answer.body)).toMatch(/data-line-id="/);
  });

  it("a member's card with their last 12 months, and a client with their orders", async () => {
    const network = await t.get<{ children: { items: Array<{ id: number; fullName: string }> } }>(
      '/users/my-network',
      { token: partner, query: { page: 1, pageSize: 5 } },
    );
    const member = network.body.children.items[0];
    const card = await page(`/my-distributers/${member?.id}`, cookie(partner));
    expect(rootOf(card.body)).toContain(member?.fullName);
    expect(rootOf(card.body)).toContain('data-table="volume-history"');

    const clients = await t.get<{ items: Array<{ id: number; fullName: string }> }>('/users/clients', {
      token: partner,
      query: { page: 1, pageSize: 5 },
    });
    const client = clients.body.items[0];
    const answer = await page(`/client-base/${client?.id}`, cookie(partner));
    expect(rootOf(answer.body)).toContain(client?.fullName);
  });

  it('the wishlist with its products', async () => {
    const wishlist = await t.get<{ items: Array<{ id: number }> }>('/orders/wishlist', { token: partner });
    const answer = await page('/wishlist', cookie(partner));
    expect(wishlist.body.items.length).toBeGreaterThan(0);
    expect(rootOf(answer.body)).toContain(`data-product-id="${wishlist.body.items[0]?.id}"`);
  });
});

describe('a screen whose read fails', () => {
  it("is sent as it is: an order that is not the visitor's, rendered as 'Not Found', would differ from the browser's first render", async () => {
    const answer = await page('/my-orders/999999', `token=${partner}; tz=UTC`);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe(INDEX);
  });
});

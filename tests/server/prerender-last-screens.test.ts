/**
 * The last signed-in screens the server renders (docs/adr/0151-the-last-screens-rendered-by-the-server.md), with the
 * real renderer: My Network's tree and list, the 1C exchange, Personal data and the shopping bag, each with its data
 * in the HTML and in the cache the page carries.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../openapi/schema.d.ts';
import { startTestApp, type TestApp } from '../support/server/app.ts';
import { buildRenderer, prerenderDirs, rootOf, stateOf } from '../support/server/prerender.ts';

const { work: WORK, spa: SPA, renderer: RENDERER } = prerenderDirs('prerender-last-screens-test');

type NetworkView = components['schemas']['NetworkView'];

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

const cookie = (token: string) => `token=${token}; lang=en; tz=Europe%2FChisinau`;
const page = (url: string, token: string) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', cookie: cookie(token) } });
const cachedKeys = (html: string) =>
  stateOf(html)?.queries?.queries.map((query) => JSON.stringify(query.queryKey)) ?? [];
/** React writes `&`, `<`, `>` and quotes of text as entities. */
const escaped = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

describe('My Network (ADR 0151)', () => {
  it("the tree's first view: the viewer's card, drawn from the root and first page the page carries", async () => {
    const view = await t.get<NetworkView>('/users/my-network', {
      token: partner,
      query: { page: 1, pageSize: 50 },
    });
    const answer = await page('/my-distributers?view=tree', partner);
    expect(answer.statusCode).toBe(200);
    const root = rootOf(answer.body);
    expect(root).toContain('role="tree"');
    expect(root).toMatch(/role="treeitem"[^>]*aria-level="1"/);
    expect(root).toContain(escaped(view.body.node.fullName));
    expect(root).not.toContain('gchart--loading');
    const tree = stateOf(answer.body)?.queries?.queries.find(
      (query) => JSON.stringify(query.queryKey) === JSON.stringify(['network', 'tree', 'me', 50]),
    );
    expect((tree?.state.data as NetworkView | undefined)?.children.total).toBe(view.body.children.total);
  });

  it("from a member's root: their card, and the breadcrumb's line from the viewer down to them", async () => {
    const view = await t.get<NetworkView>('/users/my-network', {
      token: partner,
      query: { page: 1, pageSize: 50 },
    });
    const member = view.body.children.items.find((child) => child.childrenCount > 0);
    expect(member).toBeDefined();
    const answer = await page(`/my-distributers?view=tree&root=${member?.id}`, partner);
    const root = rootOf(answer.body);
    expect(root).toMatch(/<nav class="gchart__crumbs"[\s\S]*aria-current="page"/);
    expect(root.match(new RegExp(escaped(member?.fullName ?? '-'), 'g'))?.length).toBeGreaterThanOrEqual(2);
    expect(cachedKeys(answer.body)).toContain(JSON.stringify(['network', 'node', member?.id, 'path']));
  });

  it('the list view: the page of the downline the address asks for', async () => {
    const list = await t.get<{ items: Array<{ id: number; fullName: string }> }>('/users/my-network/search', {
      token: partner,
      query: { page: 1, pageSize: 20, sort: 'signingDate', order: 'desc' },
    });
    const answer = await page('/my-distributers', partner);
    expect(rootOf(answer.body)).toContain(escaped(list.body.items[0]?.fullName ?? '-'));
  });
});

describe('the 1C exchange (ADR 0151)', () => {
  it("the warehouse's orders on their way to 1C and the catalogue imports", async () => {
    const overview = await t.get<components['schemas']['ExchangeOverview']>('/exchange/1c/runs', {
      token: warehouse,
    });
    const answer = await page('/exchange-1c', warehouse);
    const root = rootOf(answer.body);
    expect(root).toContain('1C exchange');
    expect(root).toMatch(new RegExp(`data-field="queued">${overview.body.orders.queued}<`));
    if (overview.body.runs.length === 0) expect(root).toContain('No import yet');
    else expect(root).toContain(`data-run="${overview.body.runs[0]?.id}"`);
    expect(root).not.toContain('aria-busy="true"');
  });
});

describe('Personal data (ADR 0151)', () => {
  it('the profile fields with their values, the address book and the message choices', async () => {
    const me = await t.get<{ fullName: string; phone: string | null }>('/users/me', { token: partner });
    const addresses = await t.get<Array<{ id: number }>>('/users/addresses', { token: partner });
    const answer = await page('/personal', partner);
    expect(answer.statusCode).toBe(200);
    const root = rootOf(answer.body);
    // The fields carry their values (react-hook-form's fields are uncontrolled: `defaultValue`).
    expect(root).toMatch(new RegExp(`id="profile-full-name"[^>]*value="${escaped(me.body.fullName)}"`));
    expect(addresses.body.length).toBeGreaterThan(0);
    expect(root).toContain(`data-address="${addresses.body[0]?.id}"`);
    expect(root).toContain('data-topic="orders"');
    // What depends on the browser is drawn after the take-over: the invitation link's origin, its QR code.
    expect(root).toMatch(/id="invite-link"[^>]*value="\/join\//);
    expect(root).toContain('invite-qr__placeholder');
    expect(root).not.toContain('data-action="share-link"');
  });
});

describe('the shopping bag (ADR 0151)', () => {
  it("the bag's lines and totals, and what the checkout starts from", async () => {
    const goods = await t.get<{ items: Array<{ id: number; stock: number; name: Record<string, string> }> }>(
      '/goods',
      { token: partner, query: { page: 1, pageSize: 50 } },
    );
    const product = goods.body.items.find((item) => item.stock > 5);
    expect(product).toBeDefined();
    const added = await t.post('/orders/cart/add-to-cart', {
      token: partner,
      json: { productId: product?.id, quantity: 2, mode: 'set' },
    });
    expect(added.status).toBe(200);
    const answer = await page('/shopping-bag', partner);
    const root = rootOf(answer.body);
    expect(root).toContain(escaped(product?.name.en ?? '-'));
    expect(root).toContain('class="bag-line"');
    expect(root).toContain('Proceed to checkout');
    const keys = cachedKeys(answer.body);
    expect(keys).toContain(JSON.stringify(['account', 'order-params']));
    expect(keys.some((key) => key.includes('addresses'))).toBe(true);
  });
});

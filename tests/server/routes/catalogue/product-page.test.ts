// A product's page (docs/adr/0137-product-pages.md): `GET /goods/{id}/details` gives the product, its content, its
// family's variants and what is often bought with it; the page's address carries the product's title and preview
// tags for any visitor, and sends another slug to the canonical one.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '#openapi/schema.d.ts';
import { catalogueHandlers } from '#server/routes/catalogue/index.ts';
import { startTestApp, type TestApp } from '#tests/support/server/app.ts';
import { tokenFor, type ApiError } from './support.ts';

type ProductDetails = components['schemas']['ProductDetails'];

let t: TestApp;
let token: string;
let spaDir: string;

const idOf = async (sku: string) =>
  (await t.db.selectFrom('products').select('id').where('sku', '=', sku).executeTakeFirstOrThrow()).id;

async function details(id: number | string): Promise<ProductDetails> {
  const response = await t.get<ProductDetails>(`/goods/${id}/details`, { token });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

beforeAll(async () => {
  spaDir = mkdtempSync(join(tmpdir(), 'product-page-'));
  writeFileSync(
    join(spaDir, 'index.html'),
    '<!doctype html><html lang="ru"><head><meta name="description" content="The portal." /><title>Distributor portal</title></head><body><div id="root"></div></body></html>',
  );
  t = await startTestApp({
    handlers: catalogueHandlers,
    allowMissingHandlers: true,
    config: { appDist: spaDir },
  });
  token = await tokenFor(t, 'partner@demo.test');
});
afterAll(async () => {
  await t.close();
  rmSync(spaDir, { recursive: true, force: true });
});

describe('GET /goods/{id}/details', () => {
  it('gives a shade its family of shades, its content and a slug from its English name', async () => {
    const page = await details(await idOf('MK-1002'));
    expect(page.product.sku).toBe('MK-1002');
    expect(page.product.slug).toMatch(/^vellura-lipstick-[a-z-]+$/);
    expect(page.product.slug).toBe(
      page.product.name.en
        .normalize('NFKD')
        .replace(/\p{M}/gu, '')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-'),
    );
    // The five shades of the line's lipstick, this one current, each with its colour.
    const family = await t.db
      .selectFrom('products')
      .select(['id', 'sku', 'variant', 'swatch'])
      .where('family', '=', 'MK-LS-Vellura')
      .orderBy('sku')
      .execute();
    expect(family).toHaveLength(5);
    expect(page.variants.map((variant) => variant.id)).toEqual(family.map((row) => row.id));
    expect(page.variants.filter((variant) => variant.isCurrent).map((variant) => variant.id)).toEqual([
      page.product.id,
    ]);
    for (const [index, variant] of page.variants.entries()) {
      expect(variant.swatch).toMatch(/^#[0-9a-f]{6}$/);
      expect(variant.label).toEqual(family[index]?.variant);
    }
    expect(page.volumeMl).toBeNull();
    expect(page.ingredients).toContain('Ricinus Communis Seed Oil');
    expect(page.howToUse?.en).toMatch(/lips/);
    expect(Object.keys(page.howToUse ?? {}).sort()).toEqual(['en', 'it', 'ro', 'ru', 'uk']);
  });

  it('gives a fragrance its formats with their volumes, and a care product no picker', async () => {
    const perfume = await details(await idOf('PF-2061'));
    expect(perfume.product.category).toBe('perfumery');
    expect(perfume.variants.length).toBeGreaterThanOrEqual(2);
    expect(perfume.variants.every((variant) => variant.swatch === null)).toBe(true);
    expect(perfume.volumeMl).toBeGreaterThan(0);
    expect(perfume.variants.find((variant) => variant.isCurrent)?.label.en).toContain(
      `${perfume.volumeMl} ml`,
    );

    const care = await details(await idOf('FC-3101'));
    expect(care.product.category).toBe('facial_care');
    expect(care.variants).toEqual([]);
    expect(care.volumeMl === null || care.volumeMl > 0).toBe(true);
  });

  it('says whether each variant can be bought at the caller’s warehouse', async () => {
    const id = await idOf('MK-1003');
    const warehouse = await t.db
      .selectFrom('users')
      .select('warehouse_id')
      .where('email', '=', 'partner@demo.test')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('warehouse_stock')
      .set({ quantity: 0, held: 0 })
      .where('product_id', '=', id)
      .where('warehouse_id', '=', warehouse.warehouse_id ?? 0)
      .execute();
    const page = await details(await idOf('MK-1001'));
    expect(page.variants.find((variant) => variant.id === id)?.available).toBe(false);
    expect(page.variants.find((variant) => variant.isCurrent)?.available).toBe(page.product.stock > 0);
  });

  it('suggests what the latest orders holding it also held, never its own family nor what is not sold', async () => {
    const id = await idOf('MK-1001');
    const rows = await t.db
      .selectFrom('order_lines as mine')
      .innerJoin('order_lines as other', 'other.order_id', 'mine.order_id')
      .innerJoin('products', 'products.id', 'other.product_id')
      .select(['other.product_id', 'products.family', 'products.is_active'])
      .where('mine.product_id', '=', id)
      .where('other.product_id', '<>', id)
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    const page = await details(id);
    expect(page.boughtWith.length).toBeGreaterThan(0);
    expect(page.boughtWith.length).toBeLessThanOrEqual(4);
    const together = new Set(rows.map((row) => row.product_id));
    for (const other of page.boughtWith) {
      expect(together.has(other.id)).toBe(true);
      expect(other.id).not.toBe(id);
      expect(other.isActive).toBe(true);
      expect(other.stock).toBeGreaterThan(0);
      expect(rows.find((row) => row.product_id === other.id)?.family).not.toBe('MK-LS-Vellura');
    }
    // Most often first: the first suggestion shares at least as many orders as the last.
    const count = (productId: number) => rows.filter((row) => row.product_id === productId).length;
    expect(count(page.boughtWith[0]?.id ?? 0)).toBeGreaterThanOrEqual(count(page.boughtWith.at(-1)?.id ?? 0));
  });

  it('shows a product no longer sold as such, and answers 404 and 400 in the error shape', async () => {
    const id = await idOf('MK-1004');
    await t.db
      .updateTable('products')
      .set({ is_active: false, inactive_reason: 'deleted_in_1c' })
      .where('id', '=', id)
      .execute();
    const gone = await details(id);
    expect(gone.product).toMatchObject({ isActive: false, stock: 0, inactiveReason: 'deleted_in_1c' });
    // Its family still lists it on its own page, and leaves it out on the others'.
    expect(gone.variants.some((variant) => variant.id === id && !variant.available)).toBe(true);
    const sibling = await details(await idOf('MK-1005'));
    expect(sibling.variants.some((variant) => variant.id === id)).toBe(false);

    const missing = await t.get<ApiError>('/goods/999999/details', { token });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('NOT_FOUND');
    const bad = await t.get<ApiError>('/goods/abc/details', { token });
    expect(bad.status).toBe(400);
    const anonymous = await t.get<ApiError>(`/goods/${id}/details`);
    expect(anonymous.status).toBe(401);
  });
});

describe('the page at /products/{id}-{slug}', () => {
  it('carries the product’s title and preview tags in the page’s language, without a session', async () => {
    const id = await idOf('PF-2061');
    const { product } = await details(id);
    // The app's language cookie decides; the browser's Accept-Language does not (server/http/page-language.ts).
    const page = await t.app.inject({
      method: 'GET',
      url: `/products/${id}-${product.slug}`,
      headers: { accept: 'text/html', 'accept-language': 'ro-RO,ro;q=0.9', cookie: 'lang=en-GB' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toBeDefined();
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const escaped = (text: string) => text.replaceAll('&', '&amp;').replaceAll("'", '&#39;');
    expect(page.body).toContain(`<title>${escaped(product.name.en)}</title>`);
    expect(page.body).toContain(`<meta property="og:title" content="${escaped(product.name.en)}" />`);
    expect(page.body).toContain(`<meta property="og:image" content="${product.imageUrl}" />`);
    expect(page.body).toContain(
      `<meta property="og:url" content="${new URL(`/products/${id}-${product.slug}`, t.config.publicUrl).href}" />`,
    );
    expect(page.body).toContain('<meta property="og:locale" content="en_GB" />');
    const description = /<meta property="og:description" content="([^"]*)"/.exec(page.body)?.[1] ?? '';
    expect(description.length).toBeGreaterThan(20);
    expect(description.length).toBeLessThanOrEqual(220);
    // One description, the product's; the page's own is replaced.
    expect(page.body.match(/<meta name="description"/g)).toHaveLength(1);
    expect(page.body).not.toContain('The portal.');

    // No cookie (a first visit, a messenger fetching a preview): Russian, as the app paints it, whatever
    // Accept-Language says.
    const russian = await t.app.inject({
      method: 'GET',
      url: `/products/${id}-${product.slug}`,
      headers: { accept: 'text/html', 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect(russian.body).toContain(`<title>${escaped(product.name.ru)}</title>`);
    expect(russian.body).toContain('<meta property="og:locale" content="ru_RU" />');
    expect(String(russian.headers.vary)).not.toContain('Accept-Language');
  });

  it('sends another slug or none to the canonical address, and a missing product is a 404 page', async () => {
    const id = await idOf('MK-1001');
    const { product } = await details(id);
    for (const path of [`/products/${id}`, `/products/${id}-old-name`]) {
      const moved = await t.app.inject({
        method: 'GET',
        url: `${path}?from=chat`,
        headers: { accept: 'text/html' },
      });
      expect(moved.statusCode, path).toBe(301);
      expect(moved.headers.location).toBe(`/products/${id}-${product.slug}?from=chat`);
    }
    const missing = await t.app.inject({
      method: 'GET',
      url: '/products/999999-nothing',
      headers: { accept: 'text/html' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<div id="root">');
    const huge = await t.app.inject({
      method: 'GET',
      url: '/products/9999999999999999-x',
      headers: { accept: 'text/html' },
    });
    expect(huge.statusCode).toBe(404);
    // Not a product address: the app's page as it is.
    const other = await t.app.inject({
      method: 'GET',
      url: '/products/x-1',
      headers: { accept: 'text/html' },
    });
    expect(other.statusCode).toBe(200);
    expect(other.body).toContain('<title>Distributor portal</title>');
  });
});

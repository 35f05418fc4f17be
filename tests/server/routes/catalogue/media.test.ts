import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSvg, shapeFor } from '#server/media/product-image.ts';
import type { TestApp } from '#tests/support/server/app.ts';
import { startCatalogueApp, tokenFor, type ProductPage } from './support.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startCatalogueApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /media/products/{sku}.svg', () => {
  it("serves the picture at a product's imageUrl: SVG, cacheable for a day, no token needed", async () => {
    const token = await tokenFor(t, 'partner@demo.test');
    // A product 1C sent no picture for has the generated one.
    const listed = (await t.get<ProductPage>('/goods?pageSize=100', { token })).body.items;
    const product = listed.find((item) => item.imageUrl.includes('/media/products/'));
    if (product === undefined) throw new Error('every product on the page has a picture from 1C');
    const url = new URL(product.imageUrl);
    expect(url.origin).toBe(new URL(t.config.publicUrl).origin);

    const response = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(response.body).toContain(product.sku);
    expect(response.body).not.toMatch(/<script|javascript:|href=/i);
    expect(response.body).toBe(
      productSvg({ sku: product.sku, category: product.category, name: product.name.en }),
    );

    const etag = response.headers.etag;
    expect(typeof etag).toBe('string');
    const again = await t.app.inject({
      method: 'GET',
      url: url.pathname,
      headers: { 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('is 404 (Error shape) for an unknown SKU or a name that is not a SKU picture', async () => {
    for (const path of [
      '/media/products/NOPE-1.svg',
      '/media/products/MK-1001.png',
      '/media/products/..%2Fsecret.svg',
    ]) {
      const response = await t.app.inject({ method: 'GET', url: path });
      expect(response.statusCode, path).toBe(404);
      expect(JSON.parse(response.body)).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    }
  });

  it('draws a package that fits the product and colours it by category', () => {
    expect(shapeFor({ sku: 'X', category: 'makeup', name: 'Opalia Lipstick, Coral' })).toBe('lipstick');
    expect(
      shapeFor({ sku: 'X', category: 'perfumery', name: 'Nuit Bleue Eau de parfum for her, 50 ml' }),
    ).toBe('flacon');
    expect(
      shapeFor({ sku: 'X', category: 'perfumery', name: 'Nuit Bleue Perfumed body lotion for her, 200 ml' }),
    ).toBe('pump');
    expect(shapeFor({ sku: 'X', category: 'facial_care', name: 'Day cream Aqua Vitae, 50 ml' })).toBe('jar');
    expect(shapeFor({ sku: 'X', category: 'facial_care', name: 'Serum Herba Pura, 30 ml' })).toBe('dropper');
    const makeup = productSvg({ sku: 'A-1', category: 'makeup', name: 'Vellura Lipstick' });
    const care = productSvg({ sku: 'A-1', category: 'facial_care', name: 'Vellura Lipstick' });
    expect(makeup).not.toBe(care);
    expect(productSvg({ sku: 'A-1', category: 'makeup', name: '<b>&"x"' })).toContain(
      '&#60;b&#62;&#38;&#34;x&#34;',
    );
  });
});

// A shop's page head (server/http/shop-head.ts, docs/adr/0147-the-storefront-and-client-checkout.md): a shared
// `/s/{alias}` or `/s/{alias}/p/{id}` link carries the shop's or the product's title and Open Graph tags in
// `<head>`, in the visitor's language, without a session; a shop or product that does not exist is a 404 page.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/server/app.ts';

let t: TestApp;
let spaDir: string;

beforeAll(async () => {
  spaDir = mkdtempSync(join(tmpdir(), 'shop-head-'));
  writeFileSync(
    join(spaDir, 'index.html'),
    '<!doctype html><html lang="ru"><head><meta name="description" content="The portal." /><title>Distributor portal</title></head><body><div id="root"></div></body></html>',
  );
  t = await startTestApp({ allowMissingHandlers: true, handlers: {}, config: { appDist: spaDir } });
});
afterAll(async () => {
  await t.close();
  rmSync(spaDir, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
const escaped = (text: string) => text.replaceAll('&', '&amp;').replaceAll("'", '&#39;');

describe('the page at /s/{alias}', () => {
  it("carries the shop's title and preview in <head>, in the page's language, by alias or PRN", async () => {
    const owner = await t.db
      .selectFrom('users')
      .select(['full_name', 'prn'])
      .where('alias', '=', 'elena-ciobanu')
      .executeTakeFirstOrThrow();
    const english = await page('/s/elena-ciobanu', { cookie: 'lang=en', 'accept-language': 'it' });
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-security-policy']).toBeDefined();
    const head = headOf(english.body);
    expect(head).toContain(`<title>${escaped(`${owner.full_name}'s shop`)}</title>`);
    expect(head).toContain(`<meta property="og:title" content="${escaped(`${owner.full_name}'s shop`)}" />`);
    expect(head).toContain(
      `<meta property="og:url" content="${new URL('/s/elena-ciobanu', t.config.publicUrl).href}" />`,
    );
    expect(head).toContain('<meta property="og:locale" content="en_GB" />');
    expect(head.match(/<meta name="description"/g)).toHaveLength(1);
    expect(head).not.toContain('The portal.');

    // The PRN opens the same shop; the canonical address is the alias. Without the app's cookie the page is the
    // app's default, Russian, whatever Accept-Language says (server/http/page-language.ts).
    const russian = await page(`/s/${owner.prn?.toLowerCase() ?? ''}`, { 'accept-language': 'en' });
    expect(russian.statusCode).toBe(200);
    expect(headOf(russian.body)).toContain(`<title>Магазин: ${owner.full_name}</title>`);
    expect(headOf(russian.body)).toContain('/s/elena-ciobanu" />');
  });

  it("carries a product's name, description and picture on the shop's product page", async () => {
    const product = await t.db
      .selectFrom('products')
      .select(['id', 'name'])
      .where('is_active', '=', true)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const answer = await page(`/s/elena-ciobanu/p/${product.id}`, { cookie: 'lang=en' });
    expect(answer.statusCode).toBe(200);
    const head = headOf(answer.body);
    expect(head).toContain(`<meta property="og:type" content="product" />`);
    expect(head).toMatch(new RegExp(`<title>${escaped(product.name.en)} · [^<]+</title>`));
    expect(head).toMatch(/<meta property="og:image" content="[^"]+" \/>/);
    expect(head).toContain(`/s/elena-ciobanu/p/${product.id}" />`);
  });

  it('is a 404 page for a shop or a product that does not exist', async () => {
    for (const url of ['/s/nobody-by-this-name', '/s/NOBODY', '/s/elena-ciobanu/p/999999']) {
      const missing = await page(url);
      expect(missing.statusCode, url).toBe(404);
      expect(missing.body, url).toContain('<div id="root">');
      expect(headOf(missing.body), url).not.toContain('og:title');
    }
    // A broken percent-encoding is refused before any page (the server's bad-input pipeline).
    expect((await page('/s/%E0%A4%A')).statusCode).toBe(400);
    // Not a shop address: the app's page as it is.
    const other = await page('/s/elena-ciobanu/elsewhere');
    expect(other.statusCode).toBe(200);
    expect(headOf(other.body)).toContain('<title>Distributor portal</title>');
  });
});

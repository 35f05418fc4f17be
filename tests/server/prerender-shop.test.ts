/**
 * A distributor's storefront rendered on the server (docs/adr/0147-the-storefront-and-client-checkout.md): for a
 * visitor without a token, with the shop's card and window in the HTML and in the cache the page carries, in the
 * visitor's language; an unknown shop renders its not-found page; a product page carries its title and preview
 * tags; the renderer built here by `vite build --ssr`, as tests/server/prerender.test.ts does.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/server/app.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const WORK = join(ROOT, '.tmp', `prerender-shop-test-${process.pid}`);
const SPA = join(WORK, 'app');
const RENDERER = join(`${SPA}-ssr`, 'server-entry.js');
const BOOT = `(function () { document.documentElement.dataset.boot = '1'; })();`;
const ENTRY = '<script type="module" crossorigin src="/assets/app-abc.js"></script>';
const INDEX = [
  '<!doctype html><html lang="ru"><head>',
  `<script>${BOOT}</script>`,
  ENTRY,
  '<title>portal</title></head><body><div id="root"></div></body></html>',
].join('');
const BOOT_MANIFEST = {
  version: 1,
  scriptHash: `sha256-${createHash('sha256').update(BOOT).digest('base64')}`,
  entryScripts: [{ src: '/assets/app-abc.js', tag: ENTRY }],
};

let t: TestApp;

beforeAll(async () => {
  mkdirSync(join(SPA, '.vite'), { recursive: true });
  writeFileSync(join(SPA, 'index.html'), INDEX);
  writeFileSync(join(SPA, '.vite', 'boot-manifest.json'), JSON.stringify(BOOT_MANIFEST));
  await build({
    configFile: join(ROOT, 'vite.config.ts'),
    root: ROOT,
    logLevel: 'silent',
    build: { ssr: 'src/prerender/server-entry.tsx', outDir: `${SPA}-ssr`, emptyOutDir: true },
  });
  t = await startTestApp({ config: { appDist: SPA, prerenderEntry: RENDERER, prerenderTimeoutMs: 20_000 } });
}, 180_000);

afterAll(async () => {
  await t?.close();
  rmSync(WORK, { recursive: true, force: true });
});

interface State {
  locale: string;
  user: unknown;
  queries: { queries: Array<{ queryKey: unknown[]; state: { data: unknown } }> } | null;
  answers: Record<string, unknown>;
}

const page = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { accept: 'text/html', ...headers, ...(cookie === undefined ? {} : { cookie }) },
  });

const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));

function stateOf(html: string): State | null {
  const match = /<script type="application\/json" id="portal-prerendered">([\s\S]*?)<\/script>/.exec(html);
  return match?.[1] === undefined ? null : (JSON.parse(match[1]) as State);
}

const rootOf = (html: string) => /<div id="root">([\s\S]*)<\/div><\/body>/.exec(html)?.[1] ?? '';

interface Good {
  id: number;
  price: number;
  inStock: boolean;
  name: { ru: string; en: string };
}

describe('the storefront for a visitor without a token', () => {
  it('comes in the HTML with the card and the window, and carries the cache the browser starts from', async () => {
    const goods = await t.get<{ items: Good[] }>('/public/shops/elena-ciobanu/goods', {
      query: { page: 1, pageSize: 12 },
    });
    const first = goods.body.items[0];
    if (first === undefined) throw new Error('the demo shop has products');
    const answer = await page('/s/elena-ciobanu', 'lang=en; tz=Europe%2FChisinau');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('private, no-cache');
    const html = answer.body;
    expect(html).toContain('<html lang="en"');
    const root = rootOf(html);
    expect(root).toMatch(/<h1[^>]*>Elena Ciobanu&#x27;s shop<\/h1>/);
    expect(root).toContain(`data-product-id="${first.id}"`);
    expect(root).toContain(`data-price="${first.price}"`);
    // The preview tags are the server's, in <head>, once: none in the body to disagree with them.
    expect(headOf(html)).toContain('<meta property="og:title" content="Elena Ciobanu&#39;s shop" />');
    expect(root).not.toContain('og:title');
    const state = stateOf(html);
    expect(state).toMatchObject({ locale: 'en', user: null, answers: {} });
    const keys = state?.queries?.queries.map((query) => JSON.stringify(query.queryKey)) ?? [];
    expect(keys).toContain(JSON.stringify(['shop', 'elena-ciobanu', 'card']));
    expect(keys.some((key) => key.startsWith('["shop","elena-ciobanu","goods"'))).toBe(true);
  });

  it('renders a product with its title, and an unknown shop as its not-found page', async () => {
    const goods = await t.get<{ items: Good[] }>('/public/shops/elena-ciobanu/goods', {
      query: { page: 1, pageSize: 12 },
    });
    const good = goods.body.items[0];
    if (good === undefined) throw new Error('the demo shop has products');
    const product = await page(`/s/elena-ciobanu/p/${good.id}`, 'lang=ru; tz=Europe%2FChisinau');
    const root = rootOf(product.body);
    expect(root).toContain(`<title>${good.name.ru.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}`);
    expect(headOf(product.body)).toMatch(/property="og:image" content="https?:\/\/[^"]+"/);
    expect(headOf(product.body)).toContain(
      `<meta property="og:title" content="${good.name.ru.replace(/&/g, '&amp;')}`,
    );
    expect(root).not.toContain('og:image');

    const unknown = await page('/s/nobody-has-this-shop', 'lang=en; tz=UTC');
    const missing = rootOf(unknown.body);
    expect(missing).toContain('data-shop="missing"');
    expect(missing).toMatch(/<h1[^>]*>Shop not found<\/h1>/);
    // The refusal goes with the page, so the browser shows the same without asking again.
    const refused = stateOf(unknown.body)?.queries?.queries.find(
      (query) => JSON.stringify(query.queryKey) === JSON.stringify(['shop', 'nobody-has-this-shop', 'card']),
    );
    expect(refused?.state).toMatchObject({ status: 'error', error: { status: 404 } });
  });

  it("is in one language with its preview: the app's cookie, else Russian, never Accept-Language", async () => {
    // A first visit (or a messenger) whose browser asks for English, with no cookie: the app would paint Russian,
    // so the server renders Russian and its preview says so too.
    const first = await page('/s/elena-ciobanu', undefined, { 'accept-language': 'en-GB,en;q=0.9' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('<html lang="ru"');
    expect(stateOf(first.body)?.locale).toBe('ru');
    expect(rootOf(first.body)).toMatch(/<h1[^>]*>Магазин: Elena Ciobanu<\/h1>/);
    expect(headOf(first.body)).toContain('<meta property="og:locale" content="ru_RU" />');
    expect(headOf(first.body)).toContain('<meta property="og:title" content="Магазин: Elena Ciobanu" />');
    expect(String(first.headers.vary)).not.toContain('Accept-Language');
    // The language the visitor chose in the app (its cookie) wins over the browser's: both are English.
    const chosen = await page('/s/elena-ciobanu', 'lang=en', { 'accept-language': 'ro-RO,ro;q=0.9' });
    expect(chosen.body).toContain('<html lang="en"');
    expect(stateOf(chosen.body)?.locale).toBe('en');
    expect(rootOf(chosen.body)).toMatch(/<h1[^>]*>Elena Ciobanu&#x27;s shop<\/h1>/);
    expect(headOf(chosen.body)).toContain('<meta property="og:locale" content="en_GB" />');
    expect(headOf(chosen.body)).toContain('<title>Elena Ciobanu&#39;s shop</title>');
  });

  it('is not rendered without a token for a signed-in screen', async () => {
    const answer = await page('/new-order', 'lang=en; tz=UTC');
    // The guards' redirect (ADR 0068), not a logged-out render of the screen.
    expect(answer.statusCode).toBe(302);
  });
});

/**
 * Serving like a CDN: built files sent pre-compressed (brotli, gzip) with `Vary`, hashed assets cached for a year,
 * `index.html` revalidated, source maps never served; API JSON compressed above a threshold when accepted.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { chooseEncoding, COMPRESS_THRESHOLD_BYTES } from '#server/http/compression.ts';
import { CONTENT_SECURITY_POLICY } from '#server/http/security-headers.ts';
import { startTestApp, type TestApp } from '../../support/server/app.ts';

const APP_JS = `console.log(${JSON.stringify('app '.repeat(200))});`;
const BOOT = `(function () { document.documentElement.dataset.boot = '1'; })();`;
const INDEX = `<!doctype html><script>${BOOT}</script><title>portal</title><div id="root"></div>${'<!-- pad -->'.repeat(40)}`;

let t: TestApp;
let spaDir: string;
let warehouse: string;

beforeAll(async () => {
  spaDir = mkdtempSync(join(tmpdir(), 'delivery-spa-'));
  mkdirSync(join(spaDir, 'assets'));
  const files: Record<string, string> = { 'index.html': INDEX, 'assets/app-abc123.js': APP_JS };
  for (const [name, content] of Object.entries(files)) {
    writeFileSync(join(spaDir, name), content);
    writeFileSync(join(spaDir, `${name}.br`), brotliCompressSync(content));
    writeFileSync(join(spaDir, `${name}.gz`), gzipSync(content));
  }
  writeFileSync(join(spaDir, 'assets', 'app-abc123.js.map'), '{"version":3,"sources":["secret.ts"]}');
  // The build's boot manifest (scripts/vite/boot-script.ts): the inline script's hash as the build computed it.
  mkdirSync(join(spaDir, '.vite'));
  writeFileSync(
    join(spaDir, '.vite', 'boot-manifest.json'),
    JSON.stringify({
      version: 1,
      scriptHash: `sha256-${createHash('sha256').update(BOOT).digest('base64')}`,
      entryScripts: [],
    }),
  );
  t = await startTestApp({ config: { appDist: spaDir } });
  warehouse = await t.login('warehouse@demo.test');
});

afterAll(async () => {
  await t.close();
  rmSync(spaDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('static files', () => {
  it('sends the brotli or gzip file the browser accepts, with Vary, and the plain one otherwise', async () => {
    const br = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(String(br.headers['content-type'])).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(APP_JS);

    const gz = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(APP_JS);

    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
  });

  it('caches hashed assets for a year as immutable and makes index.html revalidate', async () => {
    const asset = await get('/assets/app-abc123.js', { 'accept-encoding': 'br' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await get('/dashboard', { accept: 'text/html', 'accept-encoding': 'br' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(INDEX);
  });

  it("lets the page's own inline script run by its hash, and no other inline script, on the page only", async () => {
    const hash = `'sha256-${createHash('sha256').update(BOOT).digest('base64')}'`;
    for (const url of ['/dashboard', '/index.html', '/']) {
      const page = await get(url, { accept: 'text/html' });
      expect(page.statusCode).toBe(200);
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain(`script-src 'self' ${hash};`);
      expect(csp.replace(` ${hash}`, '')).toBe(CONTENT_SECURITY_POLICY);
    }
    const api = await get('/api/v3/users/me');
    expect(api.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    const asset = await get('/assets/app-abc123.js');
    expect(asset.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  });

  it('never serves a source map', async () => {
    const map = await get('/assets/app-abc123.js.map', { 'accept-encoding': 'br' });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('secret.ts');
  });
});

describe('API answers', () => {
  const list = '/api/v3/orders/get/list/warehouse?pageSize=50';

  it('are compressed above the threshold when accepted, and equal the plain answer', async () => {
    const headers = { authorization: `Bearer ${warehouse}` };
    const plain = await get(list, headers);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);

    const br = await get(list, { ...headers, 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(JSON.parse(plain.body));
    expect(br.headers['x-content-type-options']).toBe('nosniff');

    const gz = await get(list, { ...headers, 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(JSON.parse(plain.body));
  });

  it('are sent as they are below the threshold and to a client that accepts no encoding', async () => {
    const small = await get('/api/v3/users/me', {
      authorization: `Bearer ${warehouse}`,
      'accept-encoding': 'br',
    });
    expect(small.statusCode).toBe(200);
    expect(small.body.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    const identity = await get(list, {
      authorization: `Bearer ${warehouse}`,
      'accept-encoding': 'identity',
    });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(identity.body)).toHaveProperty('items');
  });

  it('choose the encoding from Accept-Encoding with its weights', () => {
    expect(chooseEncoding(undefined)).toBeUndefined();
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0, identity')).toBeUndefined();
    expect(chooseEncoding('deflate')).toBeUndefined();
  });
});

import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '#server/auth/token.ts';
import { CONTENT_SECURITY_POLICY } from '#server/http/security-headers.ts';
import { startTestApp, TEST_JWT_SECRET, type TestApp } from '../../support/server/app.ts';
import { fixtureContract, fixtureHandlers, insertUser } from '../contract/fixture-contract.ts';

const PASSWORD = 'frame-pass-1';
const logLines: string[] = [];
const logStream = { write: (line: string) => void logLines.push(line) };

let t: TestApp;
let spaDir: string;
let partner: string;
let warehouse: string;
let partnerId: number;

function expectErrorShape(body: unknown, status: number, code: string): void {
  expect(body).toMatchObject({ status, code });
  const error = body as Record<string, unknown>;
  expect(typeof error.title).toBe('string');
  expect(typeof error.message).toBe('string');
  expect(Object.keys(error.translations as object).sort()).toEqual(['en', 'it', 'ro', 'ru', 'uk']);
  expect(JSON.stringify(body)).not.toMatch(/\bat .*\.ts:\d+|stack|node_modules/);
}

function expectSecurityHeaders(headers: Record<string, unknown>): void {
  expect(headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  expect(String(headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-frame-options']).toBe('DENY');
}

beforeAll(async () => {
  spaDir = mkdtempSync(join(tmpdir(), 'frame-spa-'));
  mkdirSync(join(spaDir, 'assets'));
  writeFileSync(join(spaDir, 'index.html'), '<!doctype html><title>portal</title><div id="root"></div>');
  writeFileSync(join(spaDir, 'assets', 'app-abc123.js'), 'console.log("app")');
  t = await startTestApp({
    contract: fixtureContract,
    handlers: fixtureHandlers,
    config: { appDist: spaDir, loginRateLimit: { max: 3, windowMs: 60_000 } },
    logStream,
    checkContract: false,
    extend: (app) => {
      app.post('/echo-log', async (request) => {
        request.log.info({ headers: request.headers, body: request.body }, 'echo');
        return { ok: true };
      });
    },
  });
  partnerId = await insertUser(t.db, {
    email: 'frame-partner@test.md',
    password: PASSWORD,
    wh: false,
    par: true,
  });
  await insertUser(t.db, { email: 'frame-warehouse@test.md', password: PASSWORD, wh: true, par: false });
  partner = await t.login('frame-partner@test.md', PASSWORD);
  warehouse = await t.login('Frame-Warehouse@test.md', PASSWORD);
});

afterAll(async () => {
  await t.close();
  rmSync(spaDir, { recursive: true, force: true });
});

describe('security headers', () => {
  it('are on API answers, errors, static files, the SPA fallback and 500s', async () => {
    const ok = await t.get('/things/5', { token: partner });
    expect(ok.status).toBe(200);
    expectSecurityHeaders(ok.headers);
    expect(ok.headers['cache-control']).toBe('no-store');

    expectSecurityHeaders((await t.get('/things/5')).headers);
    expectSecurityHeaders((await t.get('/no-such-call')).headers);
    expectSecurityHeaders((await t.get('/boom')).headers);

    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expectSecurityHeaders(asset.headers);

    const page = await t.app.inject({
      method: 'GET',
      url: '/my-orders/12?tab=closed',
      headers: { accept: 'text/html,*/*' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-cache');
    expectSecurityHeaders(page.headers);
  });
});

describe('not found', () => {
  it('answers the Error shape for an unknown API path, even when the client accepts HTML', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v3/orders/nope',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expectErrorShape(response.json(), 404, 'NOT_FOUND');
  });

  it('answers the Error shape for a missing file or a non-HTML request outside the API', async () => {
    const missing = await t.app.inject({
      method: 'GET',
      url: '/assets/missing.js',
      headers: { accept: '*/*' },
    });
    expect(missing.statusCode).toBe(404);
    expectErrorShape(missing.json(), 404, 'NOT_FOUND');
    const post = await t.app.inject({ method: 'POST', url: '/dashboard', headers: { accept: 'text/html' } });
    expect(post.statusCode).toBe(404);
    const json = await t.app.inject({
      method: 'GET',
      url: '/dashboard',
      headers: { accept: 'application/json' },
    });
    expect(json.statusCode).toBe(404);
    expectErrorShape(json.json(), 404, 'NOT_FOUND');
  });

  it('sends the app for a page asked for with Accept */* or no Accept at all (curl, link checkers)', async () => {
    for (const headers of [{ accept: '*/*' }, {}]) {
      for (const url of ['/', '/dashboard', '/my-orders/12?tab=closed']) {
        const page = await t.app.inject({ method: 'GET', url, headers });
        expect(page.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(200);
        expect(page.body).toContain('<div id="root">');
      }
    }
  });

  it('is what a handler throws for a missing object', async () => {
    const response = await t.get('/things/404', { token: partner });
    expect(response.status).toBe(404);
    expectErrorShape(response.body, 404, 'NOT_FOUND');
  });
});

describe('request validation from the contract', () => {
  it('converts path, query and header values to the schema types and applies defaults', async () => {
    const first = await t.get('/things/7', { token: partner, query: { tags: 'new' } });
    expect(first.body).toEqual({ id: 7, name: 'thing of partner', page: 1, tags: ['new'], trace: null });
    const second = await t.get('/things/7', {
      token: partner,
      query: { page: '3', tags: ['a', 'b'] },
      headers: { 'x-trace': 'abc' },
    });
    expect(second.body).toEqual({ id: 7, name: 'thing of partner', page: 3, tags: ['a', 'b'], trace: 'abc' });
  });

  it('refuses a bad path, query or header value with 400 VALIDATION_FAILED and details', async () => {
    const path = await t.get('/things/abc', { token: partner });
    expect(path.status).toBe(400);
    expectErrorShape(path.body, 400, 'VALIDATION_FAILED');
    expect(path.body).toMatchObject({ details: [{ location: 'path', path: '/id' }] });

    const query = await t.get('/things/1', { token: partner, query: { page: 0 } });
    expect(query.status).toBe(400);
    expect(query.body).toMatchObject({
      details: [{ location: 'query', path: '/page', message: 'must be >= 1' }],
    });

    const header = await t.get('/things/1', { token: partner, headers: { 'x-trace': 'far-too-long-value' } });
    expect(header.status).toBe(400);
    expect(header.body).toMatchObject({ details: [{ location: 'header', path: '/x-trace' }] });
  });

  it('checks JSON bodies strictly: types, required fields, extra fields', async () => {
    const headers = { 'idempotency-key': 'key-12345678' };
    const wrongType = await t.post('/things', {
      token: partner,
      headers,
      json: { name: 'a', quantity: '2' },
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body).toMatchObject({
      details: [{ location: 'body', path: '/quantity', message: 'must be integer' }],
    });

    const missing = await t.post('/things', { token: partner, headers, json: { extra: true } });
    expect(missing.status).toBe(400);
    const paths = (missing.body as { details: Array<{ path: string; message: string }> }).details.map(
      (d) => `${d.path} ${d.message}`,
    );
    expect(paths).toEqual(
      expect.arrayContaining(['/name is required', '/quantity is required', '/extra is not allowed']),
    );

    const noKey = await t.post('/things', { token: partner, json: { name: 'a', quantity: 1 } });
    expect(noKey.status).toBe(400);
    expect(noKey.body).toMatchObject({
      details: [{ location: 'header', path: '/idempotency-key', message: 'is required' }],
    });
  });

  it('refuses malformed JSON and a missing body with 400, a wrong content type with 415, an oversized body with 413', async () => {
    const base = {
      method: 'POST' as const,
      url: '/api/v3/things',
      headers: { authorization: `Bearer ${partner}`, 'idempotency-key': 'key-12345678' },
    };
    const malformed = await t.app.inject({
      ...base,
      headers: { ...base.headers, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(malformed.statusCode).toBe(400);
    expectErrorShape(malformed.json(), 400, 'VALIDATION_FAILED');
    expect(malformed.json()).toMatchObject({
      details: [{ location: 'body', message: 'the body is not valid JSON' }],
    });

    const empty = await t.app.inject(base);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      details: [{ location: 'body', message: 'a request body is required' }],
    });

    const form = await t.app.inject({
      ...base,
      headers: { ...base.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=a&quantity=1',
    });
    expect(form.statusCode).toBe(415);
    expect(form.json()).toMatchObject({ details: [{ location: 'header', path: '/content-type' }] });

    const xml = await t.app.inject({
      ...base,
      headers: { ...base.headers, 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expectErrorShape(xml.json(), 415, 'VALIDATION_FAILED');

    const huge = await t.app.inject({
      ...base,
      headers: { ...base.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(1_100_000), quantity: 1 }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ message: 'the body is too large' }],
    });
  });

  it('lets handlers refuse a valid body with 422 and a conflict with 409 plus extra fields', async () => {
    const headers = { 'idempotency-key': 'key-12345678' };
    const tooMany = await t.post('/things', { token: partner, headers, json: { name: 'a', quantity: 9 } });
    expect(tooMany.status).toBe(422);
    expectErrorShape(tooMany.body, 422, 'OUT_OF_STOCK');
    expect(tooMany.body).toMatchObject({
      details: [{ location: 'body', path: '/quantity', message: 'only 5 left' }],
    });

    const taken = await t.post('/things', { token: partner, headers, json: { name: 'taken', quantity: 1 } });
    expect(taken.status).toBe(409);
    expectErrorShape(taken.body, 409, 'VERSION_CONFLICT');
    expect(taken.body).toMatchObject({ thing: { id: 7, name: 'taken' } });

    const created = await t.post('/things', { token: partner, headers, json: { name: 'soap', quantity: 2 } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: 1, name: 'soap x2', page: 1, trace: 'key-12345678' });
  });
});

describe('authentication and roles', () => {
  it('is 401 UNAUTHORIZED without a token, with a malformed header or a forged token', async () => {
    const variants: Array<Record<string, string>> = [
      {},
      { authorization: partner },
      { authorization: `Basic ${partner}` },
      { authorization: 'Bearer a.b.c' },
    ];
    for (const headers of variants) {
      const response = await t.get('/things/1', { headers });
      expect(response.status).toBe(401);
      expectErrorShape(response.body, 401, 'UNAUTHORIZED');
    }
    const forged = await signAccessToken(
      { userId: partnerId, wh: true, par: true, sessionVersion: 1 },
      { jwtSecret: 'x'.repeat(40), tokenTtlSeconds: 60 },
    );
    expect((await t.get('/things/1', { token: forged })).status).toBe(401);
  });

  it('is 401 TOKEN_EXPIRED for an expired token', async () => {
    const expired = await signAccessToken(
      { userId: partnerId, wh: false, par: true, sessionVersion: 1 },
      { jwtSecret: TEST_JWT_SECRET, tokenTtlSeconds: 60 },
      { ttlSeconds: -1 },
    );
    const response = await t.get('/things/1', { token: expired });
    expect(response.status).toBe(401);
    expectErrorShape(response.body, 401, 'TOKEN_EXPIRED');
  });

  it('is 401 once the session version moves on, and for a user that no longer exists', async () => {
    const id = await insertUser(t.db, {
      email: 'frame-short@test.md',
      password: PASSWORD,
      wh: false,
      par: true,
    });
    const token = await t.login('frame-short@test.md', PASSWORD);
    expect((await t.get('/things/1', { token })).status).toBe(200);
    await t.db
      .updateTable('users')
      .set({ session_version: sql`session_version + 1` })
      .where('id', '=', id)
      .execute();
    const revoked = await t.get('/things/1', { token });
    expect(revoked.status).toBe(401);
    expectErrorShape(revoked.body, 401, 'UNAUTHORIZED');
    const fresh = await t.login('frame-short@test.md', PASSWORD);
    expect((await t.get('/things/1', { token: fresh })).status).toBe(200);
    await t.db.deleteFrom('users').where('id', '=', id).execute();
    expect((await t.get('/things/1', { token: fresh })).status).toBe(401);
  });

  it('is 403 FORBIDDEN for a role the operation does not list', async () => {
    const partnerOnWarehouse = await t.get('/warehouse-only', { token: partner });
    expect(partnerOnWarehouse.status).toBe(403);
    expectErrorShape(partnerOnWarehouse.body, 403, 'FORBIDDEN');
    const warehouseOnThing = await t.get('/things/1', { token: warehouse });
    expect(warehouseOnThing.status).toBe(403);
    expect((await t.get('/warehouse-only', { token: warehouse })).body).toEqual({ role: 'warehouse' });
  });

  it('checks the token before the body (no token and a bad body is still 401)', async () => {
    const response = await t.post('/things', { json: { nonsense: true } });
    expect(response.status).toBe(401);
  });

  it('refuses wrong credentials with 401 INVALID_CREDENTIALS, also as multipart form data', async () => {
    const wrong = await t.post('/users/login', {
      form: { email: 'frame-partner@test.md', password: 'nope' },
    });
    expect(wrong.status).toBe(401);
    expectErrorShape(wrong.body, 401, 'INVALID_CREDENTIALS');
    const form = new FormData();
    form.append('email', 'frame-partner@test.md');
    form.append('password', PASSWORD);
    const request = new Request('http://x', { method: 'POST', body: form });
    const multipart = await t.app.inject({
      method: 'POST',
      url: '/api/v3/users/login',
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(multipart.statusCode).toBe(200);
    expect(multipart.json()).toMatchObject({ token_type: 'Bearer' });
  });
});

describe('unexpected errors', () => {
  it('are 500 INTERNAL without the message or stack, and logged with the stack', async () => {
    const response = await t.get('/boom', { headers: { 'accept-language': 'ro-RO,ro;q=0.9,en;q=0.5' } });
    expect(response.status).toBe(500);
    expectErrorShape(response.body, 500, 'INTERNAL');
    expect(response.text).not.toContain('exploded');
    expect(response.text).not.toContain('/srv/secret');
    expect(response.body).toMatchObject({ title: 'Ceva nu a mers bine!' });
    const logged = logLines.find((line) => line.includes('database exploded'));
    expect(logged).toBeDefined();
    expect(logged).toContain('"stack"');
    expect(logged).toContain('"level":50');
  });
});

describe('non-JSON answers', () => {
  it('sends files with their content type and name', async () => {
    const response = await t.get('/export.csv');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="things.csv"; filename*=UTF-8''things.csv`,
    );
    expect(response.text).toBe('id;name\n1;Crème\n');
  });

  it('sends redirects and empty answers', async () => {
    const redirect = await t.get('/go');
    expect(redirect.status).toBe(303);
    expect(redirect.headers.location).toBe('http://127.0.0.1:8080/payment/success');
    const deleted = await t.delete('/things/3', { token: warehouse });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
  });

  it('reads multipart bodies: JSON-encoded objects, indexed arrays, files', async () => {
    const form = new FormData();
    form.append('orderId', '12');
    form.append('items[1]', JSON.stringify({ sku: 'B' }));
    form.append('items[0]', JSON.stringify({ sku: 'A' }));
    form.append('meta', JSON.stringify({ returnUrl: '/payment/success' }));
    form.append('receipt', new Blob(['receipt text'], { type: 'text/plain' }), 'receipt.txt');
    const request = new Request('http://x', { method: 'POST', body: form });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v3/upload',
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      body: {
        orderId: 12,
        items: [{ sku: 'A' }, { sku: 'B' }],
        meta: { returnUrl: '/payment/success' },
        receipt: 'receipt.txt',
      },
      files: [{ field: 'receipt', filename: 'receipt.txt', size: 12, text: 'receipt text' }],
    });
  });
});

describe('contract check of answers', () => {
  it('records an answer whose body breaks its schema', async () => {
    const before = t.violations.length;
    await t.get('/wrong-shape');
    const added = t.violations.slice(before);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      operationId: 'wrongShape',
      status: 200,
      problems: [{ path: '/id', message: 'must be integer' }],
    });
  });
});

describe('rate limit on login', () => {
  it('answers 429 RATE_LIMITED in the Error shape after the configured attempts per address and e-mail', async () => {
    const attempt = (email: string) => t.post('/users/login', { form: { email, password: 'wrong' } });
    for (let i = 0; i < 3; i += 1) expect((await attempt('limited@test.md')).status).toBe(401);
    const limited = await attempt('LIMITED@test.md');
    expect(limited.status).toBe(429);
    expectErrorShape(limited.body, 429, 'RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expectSecurityHeaders(limited.headers);
    expect((await attempt('someone-else@test.md')).status).toBe(401);
  });
});

describe('logs', () => {
  it('never hold tokens, passwords or secret query values', async () => {
    const secretPassword = 'Sup3r-Secret-Pa55';
    await t.post('/users/login', { form: { email: 'frame-partner@test.md', password: secretPassword } });
    await t.app.inject({ method: 'GET', url: `/?token=${partner}`, headers: { accept: 'text/html' } });
    await t.app.inject({
      method: 'POST',
      url: '/echo-log',
      headers: { authorization: `Bearer ${partner}`, cookie: `token=${partner}` },
      payload: { password: secretPassword, nested: { token: partner, access_token: partner } },
    });
    await t.get('/things/1', { token: partner });
    const text = logLines.join('');
    expect(text).toContain('"msg":"echo"');
    expect(text).toContain('[REDACTED]');
    expect(text).toContain('/?token=[REDACTED]');
    expect(text).not.toContain(partner);
    expect(text).not.toContain(partner.split('.')[2] ?? 'unreachable');
    expect(text).not.toContain(secretPassword);
  });
});

/**
 * Reproductions of what an independent fuzzer once found (500s and framework-shaped refusals) on the real
 * app: every bad input is a refusal in the Error shape with the security headers, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/server/app.ts';
import { expectRefusal } from '../../support/server/answers.ts';

let t: TestApp;
let partner: string;
let warehouse: string;
let orderId: number;

beforeAll(async () => {
  t = await startTestApp();
  partner = await t.login('partner@demo.test');
  warehouse = await t.login('warehouse@demo.test');
  const order = await t.db
    .selectFrom('orders')
    .select('id')
    .where('warehouse_id', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  orderId = order.id;
});

afterAll(async () => {
  await t.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('malformed bodies', () => {
  it('a multipart body without its closing boundary is refused, not a 500', async () => {
    const lang = await t.app.inject({
      method: 'POST',
      url: '/api/v3/users/lang',
      headers: { ...bearer(partner), 'content-type': 'multipart/form-data; boundary=b' },
      payload: '--b\r\nContent-Disposition: form-data; name="lang"\r\n\r\nen',
    });
    // The operation takes JSON only: refused before the body is read.
    expectRefusal(lang, 415);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v3/users/login',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      payload: '--b\r\nContent-Disposition: form-data; name="email"\r\n\r\npartner@demo.test',
    });
    expect(expectRefusal(login, 400).details).toEqual([
      { location: 'body', path: '', message: 'the multipart body is malformed' },
    ]);
  });

  it('multipart without a boundary is refused on login; the 1C file endpoint reads it as bytes', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v3/users/login',
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'email=partner@demo.test',
    });
    expectRefusal(login, 400);
    const file = await t.app.inject({
      method: 'POST',
      url: '/api/v3/exchange/1c?type=sale&mode=file&filename=a.xml',
      headers: { 'content-type': 'multipart/form-data' },
      payload: '<КоммерческаяИнформация/>',
    });
    // 1C nodes post files under whatever Content-Type their version writes, so the exchange reads every body as
    // bytes (server/routes/exchange/content-types.ts); without a session cookie it is then refused as unsigned.
    expectRefusal(file, 401, 'UNAUTHORIZED');
  });

  it('broken JSON is 400, an unknown content type 415, an oversized body 413', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/v3/users/update',
      headers: { ...bearer(partner), 'content-type': 'application/json' },
      payload: '{"fullName": ',
    });
    expectRefusal(broken, 400);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v3/users/update',
      headers: { ...bearer(partner), 'content-type': 'application/x-unknown' },
      payload: 'x',
    });
    expectRefusal(unknown, 415);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/v3/users/update',
      headers: { ...bearer(partner), 'content-type': 'application/json' },
      payload: JSON.stringify({ fullName: 'x'.repeat(1_100_000) }),
    });
    expectRefusal(huge, 413);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/v3/users/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=${'%'.repeat(70_000)}`,
    });
    expectRefusal(form, 413);
  });
});

describe('ids beyond what the database holds', () => {
  it('are refused by validation (the contract says int32, as the serial columns)', async () => {
    expectRefusal(
      await t.app.inject({ method: 'GET', url: '/api/v3/goods/2147483648', headers: bearer(partner) }),
      400,
    );
    expectRefusal(
      await t.app.inject({
        method: 'GET',
        url: '/api/v3/orders/get/9007199254740991',
        headers: bearer(partner),
      }),
      400,
    );
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/v3/orders/cart/add-to-cart',
      headers: bearer(partner),
      payload: { productId: 2147483648, quantity: 1 },
    });
    expect(expectRefusal(add, 400).details).toEqual(
      expect.arrayContaining([expect.objectContaining({ location: 'body', path: '/productId' })]),
    );
    // The largest one is simply not there.
    expectRefusal(
      await t.app.inject({ method: 'GET', url: '/api/v3/goods/2147483647', headers: bearer(partner) }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('text the database cannot store', () => {
  const nul = 'a\u0000b';

  it('NUL in a body, a query or a path is 400 with where it is', async () => {
    const address = await t.app.inject({
      method: 'POST',
      url: '/api/v3/users/address/new',
      headers: bearer(partner),
      payload: { postIndex: 'MD-2001', city: 'Chișinău', street: nul, house: '1' },
    });
    expect(expectRefusal(address, 400).details).toEqual([
      expect.objectContaining({ location: 'body', path: '/street' }),
    ]);
    const profile = await t.app.inject({
      method: 'POST',
      url: '/api/v3/users/update',
      headers: bearer(partner),
      payload: { fullName: 'Ab\u0000cd' },
    });
    expectRefusal(profile, 400);
    for (const [url, token] of [
      ['/api/v3/users/my-network/search?q=a%00b', partner],
      ['/api/v3/orders/get/list/warehouse?q=a%00b', warehouse],
      ['/api/v3/goods?q=a%00b', partner],
    ] as const) {
      const answer = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(expectRefusal(answer, 400).details).toEqual([
        expect.objectContaining({ location: 'query', path: '/q' }),
      ]);
    }
    const comment = await t.app.inject({
      method: 'POST',
      url: `/api/v3/orders/set/${orderId}/comment?comment=a%00b&version=1`,
      headers: bearer(warehouse),
    });
    expectRefusal(comment, 400);
  });

  it('an unpaired surrogate is refused too; a real emoji is fine', async () => {
    const lone = await t.app.inject({
      method: 'POST',
      url: '/api/v3/users/update',
      headers: { ...bearer(partner), 'content-type': 'application/json' },
      payload: '{"fullName":"Ab\\ud800cd"}',
    });
    expectRefusal(lone, 400);
    const emoji = await t.app.inject({
      method: 'POST',
      url: '/api/v3/users/update',
      headers: bearer(partner),
      payload: { fullName: 'Ana 😀 Popescu' },
    });
    expect(emoji.statusCode).toBe(200);
  });
});

describe('refusals the framework makes before any route', () => {
  it('an over-long path value is 414, bad percent-encoding 400, both in the Error shape', async () => {
    const long = await t.app.inject({ method: 'GET', url: `/api/v3/goods/${'9'.repeat(120)}` });
    const body = expectRefusal(long, 414);
    expect(JSON.stringify(body)).not.toContain('999999');
    expectRefusal(await t.app.inject({ method: 'GET', url: '/api/v3/goods/%C0%AE' }), 400);
    const percent = await t.app.inject({ method: 'GET', url: '/%' });
    expectRefusal(percent, 400);
    expect(percent.body).not.toContain("'%'");
  });
});

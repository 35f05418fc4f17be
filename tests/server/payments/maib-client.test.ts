/**
 * The maib adapter (server/payments/maib/client.ts) against the local sandbox over HTTP, as it talks to maib in
 * production: tokens, direct payment, pay-info, refund, maib's request checks and error shape, time-outs; and the
 * sandbox's signed callbacks with maib's retry schedule, received by a merchant server of the test's own.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MaibClient, MaibError, type MaibPayRequest } from '#server/payments/maib/client.ts';
import { verifyMaibSignature } from '#server/payments/maib/signature.ts';
import { sendDueCallbacks } from '#server/payments/sandbox/callbacks.ts';
import { useOrdersApp } from '../routes/orders/fixture.ts';

const { t } = useOrdersApp({ listen: true });

/** A merchant's server: records every notification and answers with the next status of `answers` (then 200). */
interface Merchant {
  url: string;
  received: Array<{ body: string; contentType: string | undefined; at: number }>;
  answers: number[];
  close(): Promise<void>;
}

async function merchant(): Promise<Merchant> {
  const received: Merchant['received'] = [];
  const answers: number[] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ body, contentType: request.headers['content-type'], at: Date.now() });
      response.statusCode = answers.shift() ?? 200;
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}/callback`,
    received,
    answers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let shop: Merchant;
beforeAll(async () => {
  shop = await merchant();
});
afterAll(async () => {
  await shop.close();
});

const sandboxApi = () => `${t.config.publicUrl}/maib-sandbox/v1`;

function client(
  overrides: { projectSecret?: string; now?: () => number; timeoutMs?: number; baseUrl?: string } = {},
) {
  return new MaibClient({
    baseUrl: () => overrides.baseUrl ?? sandboxApi(),
    project: {
      projectId: t.config.payments.projectId,
      projectSecret: overrides.projectSecret ?? t.config.payments.projectSecret,
    },
    timeoutMs: () => overrides.timeoutMs ?? 5000,
    ...(overrides.now === undefined ? {} : { now: overrides.now }),
  });
}

const payment = (overrides: Partial<MaibPayRequest> = {}): MaibPayRequest => ({
  amount: 1025,
  currency: 'MDL',
  clientIp: '135.250.245.121',
  language: 'en',
  description: 'Order No. 000123',
  orderId: '123',
  clientName: 'Customer Name',
  email: 'customer@gmail.com',
  phone: '069123456',
  delivery: 125,
  items: [
    { id: '10', name: 'Product 1', price: 250, quantity: 2 },
    { id: '11', name: 'Product 2', price: 400, quantity: 1 },
  ],
  callbackUrl: shop.url,
  okUrl: 'https://example.com/ok',
  failUrl: 'https://example.com/fail',
  ...overrides,
});

/** Requests the sandbox received, by path (what maib would see). */
function requestsTo(path: string): { count: () => number; stop: () => void } {
  let count = 0;
  const listener = (request: IncomingMessage) => {
    if (request.url === `/maib-sandbox/v1/${path}`) count += 1;
  };
  t.app.server.on('request', listener);
  return { count: () => count, stop: () => t.app.server.off('request', listener) };
}

async function checkout(payUrl: string, action: string): Promise<Response> {
  return fetch(payUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `action=${action}`,
    redirect: 'manual',
  });
}

describe('tokens', () => {
  it('refuses wrong project credentials as maib does (401, 11001)', async () => {
    const error = await client({ projectSecret: 'wrong' })
      .payInfo('f16a9006-128a-46bc-8e2a-77a6ee99df75')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MaibError);
    expect(error).toMatchObject({ kind: 'refused', httpStatus: 401, errorCode: '11001' });
  });

  it('asks for a token once while it is valid, then renews it with the refresh token', async () => {
    let now = Date.now();
    const adapter = client({ now: () => now });
    const tokens = requestsTo('generate-token');
    const { payId } = await adapter.pay(payment());
    await adapter.payInfo(payId);
    await adapter.payInfo(payId);
    expect(tokens.count()).toBe(1);
    now += 301_000; // past the access token's 300 s
    await adapter.payInfo(payId);
    tokens.stop();
    expect(tokens.count()).toBe(2);
  });
});

describe('a direct payment, its information and its refund', () => {
  it('pay → CREATED; the customer pays on the page → OK with card, RRN and approval; refund once, then REVERSED', async () => {
    const adapter = client();
    const created = await adapter.pay(payment());
    expect(created.payId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(created.orderId).toBe('123');
    expect(created.payUrl).toBe(`${t.config.publicUrl}/maib-sandbox/checkout/${created.payId}`);
    expect(await adapter.payInfo(created.payId)).toMatchObject({
      payId: created.payId,
      orderId: '123',
      status: 'CREATED',
      amount: 1025,
      currency: 'MDL',
      cardNumber: null,
    });
    await expect(adapter.refund(created.payId)).rejects.toMatchObject({
      kind: 'refused',
      errorCode: '12002',
    });

    const back = await checkout(created.payUrl, 'pay');
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`https://example.com/ok?payId=${created.payId}&orderId=123`);
    const paid = await adapter.payInfo(created.payId);
    expect(paid).toMatchObject({
      status: 'OK',
      statusCode: '000',
      statusMessage: 'Approved',
      threeDs: 'AUTHENTICATED',
    });
    expect(paid.cardNumber).toBe('510218******1124');
    expect(paid.rrn).toMatch(/^\d{12}$/);
    expect(paid.approval).toMatch(/^\d{6}$/);

    // The documentation's refund answer, then maib's "refunded once" answer.
    expect(await adapter.refund(created.payId, 1025)).toEqual({
      payId: created.payId,
      status: 'OK',
      statusCode: '400',
      statusMessage: 'Accepted',
      refundAmount: 1025,
    });
    expect((await adapter.refund(created.payId, 1025)).status).toBe('REVERSED');
    expect((await adapter.payInfo(created.payId)).refundAmount).toBe(1025);
  });

  it('the checkout page’s other outcomes: declined and 3-D Secure failed go to failUrl with maib’s statuses', async () => {
    const adapter = client();
    for (const [action, threeDs] of [
      ['decline', 'AUTHENTICATED'],
      ['threeds', 'NOT_AUTHENTICATED'],
    ] as const) {
      const { payId, payUrl } = await adapter.pay(payment());
      const back = await checkout(payUrl, action);
      expect(back.headers.get('location')).toBe(`https://example.com/fail?payId=${payId}&orderId=123`);
      expect(await adapter.payInfo(payId)).toMatchObject({ status: 'FAILED', threeDs });
    }
  });

  it('checks requests as maib does, in its error shape and codes', async () => {
    const adapter = client();
    const cases: Array<[Partial<MaibPayRequest>, string]> = [
      [{ amount: 50 }, '12014'], // below 1.00
      [{ currency: 'GBP' }, '12005'],
      [{ clientIp: 'not-an-ip' }, '12001'],
      [{ email: `${'a'.repeat(35)}@mail.md` }, '12007'],
      [{ description: 'x'.repeat(125) }, '12001'],
      [{ callbackUrl: 'ftp://example.com' }, '12001'],
    ];
    for (const [change, code] of cases) {
      const error = await adapter.pay(payment(change)).catch((e: unknown) => e);
      expect({ change, error }).toMatchObject({
        change,
        error: { kind: 'refused', httpStatus: 400, errorCode: code },
      });
    }
    const raw = await fetch(`${sandboxApi()}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer nope' },
      body: '{}',
    });
    expect(raw.status).toBe(401);
    expect(await raw.json()).toEqual({
      errors: [
        {
          errorCode: '11001',
          errorMessage: "Invalid credentials. Please check 'projectId' and 'projectSecret' parameters",
        },
      ],
      ok: false,
    });
    await expect(adapter.payInfo('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      kind: 'refused',
      httpStatus: 404,
    });
  });

  it('a maib that does not answer is `unavailable` once the time-out has passed', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    if (typeof address !== 'object' || address === null) throw new Error('no port');
    const started = Date.now();
    const error = await client({ baseUrl: `http://127.0.0.1:${address.port}/v1`, timeoutMs: 800 })
      .payInfo('f16a9006-128a-46bc-8e2a-77a6ee99df75')
      .catch((e: unknown) => e);
    silent.closeAllConnections();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
    expect(error).toMatchObject({ kind: 'unavailable', message: 'generate-token: no answer within 800 ms' });
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('the sandbox’s callbacks', () => {
  // The payments of the tests above owe callbacks too: delivered first, so each test sees only its own.
  beforeEach(async () => {
    await sendDueCallbacks(t.db, [], new AbortController().signal);
    shop.received.length = 0;
  });

  it('are signed as maib signs them, sent as JSON, and resent on maib’s schedule until the answer is 200', async () => {
    const adapter = client();
    const { payId, payUrl } = await adapter.pay(payment({ orderId: '777' }));
    await checkout(payUrl, 'pay');
    shop.received.length = 0;
    shop.answers.push(500, 503);
    const delays = [150, 300];
    const signal = new AbortController().signal;
    expect(await sendDueCallbacks(t.db, delays, signal)).toBe(0);
    expect(await sendDueCallbacks(t.db, delays, signal)).toBe(0); // not due again yet
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await sendDueCallbacks(t.db, delays, signal)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await sendDueCallbacks(t.db, delays, signal)).toBe(1);
    expect(await sendDueCallbacks(t.db, delays, signal)).toBe(0); // delivered: never again

    expect(shop.received).toHaveLength(3);
    const [first, second, third] = shop.received;
    expect(second?.body).toBe(first?.body);
    expect(third?.body).toBe(first?.body);
    expect(first?.contentType).toBe('application/json');
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(140);
    expect((third?.at ?? 0) - (second?.at ?? 0)).toBeGreaterThanOrEqual(290);
    const notification = JSON.parse(first?.body ?? '{}') as {
      result: Record<string, unknown>;
      signature: string;
    };
    expect(Object.keys(notification.result)).toEqual([
      'payId',
      'orderId',
      'status',
      'statusCode',
      'statusMessage',
      'threeDs',
      'rrn',
      'approval',
      'cardNumber',
      'amount',
      'currency',
    ]);
    expect(notification.result).toMatchObject({
      payId,
      orderId: '777',
      status: 'OK',
      amount: 10.25,
      currency: 'MDL',
    });
    expect(
      verifyMaibSignature(notification.result, notification.signature, t.config.payments.signatureKey),
    ).toBe(true);
    const row = await t.db
      .selectFrom('maib_sandbox_callbacks')
      .selectAll()
      .where('pay_id', '=', payId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attempts: 3, last_status: 200, gave_up_at: null });
  });

  it('give up after the last delay of the schedule', async () => {
    const adapter = client();
    const { payId, payUrl } = await adapter.pay(payment());
    await checkout(payUrl, 'decline');
    shop.answers.push(500, 500, 500);
    const signal = new AbortController().signal;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await sendDueCallbacks(t.db, [10, 10], signal);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    const row = await t.db
      .selectFrom('maib_sandbox_callbacks')
      .selectAll()
      .where('pay_id', '=', payId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attempts: 3, last_status: 500, delivered_at: null });
    expect(row.gave_up_at).not.toBeNull();
  });
});

/**
 * `checkauth` has an attempt limit (docs/adr/0121-limits-that-hold.md): per exchange login whatever the address
 * (a guesser rotating X-Forwarded-For behind a proxy gains nothing), with backoff; while blocked, the right
 * password is refused too; a real 1C that signs in ends its login's run of failures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/server/app.ts';
import { EXCHANGE_PASSWORD, EXCHANGE_USER, basic, exchangeCall } from './support.ts';
import { registerExchangeContentTypes } from '#server/routes/exchange/index.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({
    config: {
      exchangeUser: EXCHANGE_USER,
      exchangePassword: EXCHANGE_PASSWORD,
      trustProxy: 1,
      loginRateLimit: { max: 10, windowMs: 60_000, perAddressMax: 1000 },
    },
    extend: (app) => registerExchangeContentTypes(app),
  });
});
afterAll(async () => {
  await t.close();
});

const checkauth = (password: string, address: string) =>
  exchangeCall(t, 'checkauth', {
    headers: { authorization: basic(EXCHANGE_USER, password), 'x-forwarded-for': address },
  });

describe('checkauth attempts', () => {
  it('a guesser rotating its address gets 429 by the 11th wrong password, and the right one waits too', async () => {
    const ok = await checkauth(EXCHANGE_PASSWORD, '192.0.2.200');
    expect(ok.status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await checkauth(`guess-${i}`, `198.51.100.${i + 1}`)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(new Set(statuses.slice(10))).toEqual(new Set([429]));
    const blocked = await checkauth(EXCHANGE_PASSWORD, '192.0.2.200');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(blocked.text)).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
  });

  it('a login with bytes no database stores is counted, never a 500', async () => {
    const answer = await exchangeCall(t, 'checkauth', {
      headers: { authorization: `Basic ${Buffer.from('a\u0000b:x').toString('base64')}` },
    });
    expect(answer.status).toBe(401);
  });
});

/**
 * Limits that hold (docs/adr/0121-limits-that-hold.md): login and forgot-password are limited per account whatever
 * the address, per address across accounts, and the address behind a proxy is the one the proxy saw, never one a
 * client wrote. Counted in the database: two apps on one database (two processes) count the same attempts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/server/app.ts';

let a: TestApp;
let b: TestApp;
const limits = { loginRateLimit: { max: 3, windowMs: 60_000, perAddressMax: 5 } };

beforeAll(async () => {
  a = await startTestApp({ config: limits });
  b = await startTestApp({ config: limits, database: a.database });
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const attempt = (t: TestApp, email: string, headers: Record<string, string> = {}) =>
  t.post('/users/login', { form: { email, password: 'wrong' }, headers });

const multipartLogin = (t: TestApp, email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v3/users/login',
    headers: { 'content-type': 'multipart/form-data; boundary=x' },
    payload: [
      `--x\r\nContent-Disposition: form-data; name="email"\r\n\r\n${email}\r\n`,
      `--x\r\nContent-Disposition: form-data; name="password"\r\n\r\n${password}\r\n`,
      '--x--\r\n',
    ].join(''),
  });

describe('database rate limits', () => {
  it('count one account across processes', async () => {
    expect((await attempt(a, 'shared@test.md')).status).toBe(401);
    expect((await attempt(b, 'shared@test.md')).status).toBe(401);
    expect((await attempt(a, 'shared@test.md')).status).toBe(401);
    const limited = await attempt(b, 'SHARED@test.md');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limit one address across accounts, and count forgot-password apart', async () => {
    // 4 attempts were made from this address above; one more is allowed, then none for any account.
    expect((await attempt(a, 'first@test.md')).status).toBe(401);
    expect((await attempt(b, 'second@test.md')).status).toBe(429);
    const forgot = await a.post('/users/forgot-password', { json: { email: 'x@test.md' } });
    expect(forgot.status).toBe(200);
    const rows = await a.db.selectFrom('rate_limits').select(['key', 'hits']).orderBy('key').execute();
    expect(rows.find((row) => row.key === 'login|address|127.0.0.1')).toMatchObject({ hits: 0 });
    expect(rows.some((row) => row.key === 'forgotPassword|account|x@test.md')).toBe(true);
  });
});

describe('a multipart login', () => {
  it('is limited like an urlencoded one', async () => {
    const t = await startTestApp({ config: { loginRateLimit: { max: 10, windowMs: 60_000 } } });
    try {
      for (let i = 0; i < 10; i++)
        expect((await attempt(t, 'partner@demo.test')).status, `attempt ${i + 1}`).toBe(401);
      const eleventh = await multipartLogin(t, 'partner@demo.test', 'wrong');
      expect(eleventh.statusCode, eleventh.body).toBe(429);
      // The right password does not get through while the account is blocked.
      expect((await multipartLogin(t, 'partner@demo.test', 'demo1234')).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});

describe('behind a proxy', () => {
  it('an X-Forwarded-For-rotating guesser gets 429 by the 11th try on one account', async () => {
    const t = await startTestApp({
      config: { trustProxy: 1, loginRateLimit: { max: 10, windowMs: 60_000 } },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const forged = `203.0.113.${i + 1}`;
        statuses.push((await attempt(t, 'pw@demo.test', { 'x-forwarded-for': forged })).status);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(statuses[10]).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('counts the address the proxy appended, whatever the client wrote before it', async () => {
    for (const trustProxy of [1, ['127.0.0.0/8']] as const) {
      const t = await startTestApp({
        config: {
          trustProxy: trustProxy as number | string[],
          loginRateLimit: { max: 100, windowMs: 60_000, perAddressMax: 4 },
        },
      });
      try {
        const statuses: number[] = [];
        // One client (198.51.100.7, as the proxy at 127.0.0.1 saw it) tries one password on many accounts, each
        // time with a different made-up address of its own in front.
        for (let i = 0; i < 6; i++) {
          const headers = { 'x-forwarded-for': `10.9.8.${i}, 198.51.100.7` };
          statuses.push((await attempt(t, `victim${i}@test.md`, headers)).status);
        }
        expect(statuses, String(trustProxy)).toEqual([401, 401, 401, 401, 429, 429]);
        // Another client behind the same proxy is not affected.
        const other = await attempt(t, 'victim9@test.md', { 'x-forwarded-for': '198.51.100.8' });
        expect(other.status).toBe(401);
      } finally {
        await t.close();
      }
    }
    // Two apps start one after the other.
  }, 120_000);
});

describe('per account', () => {
  it('ends the run of failures when the owner signs in, and tells the owner of a burst once', async () => {
    const t = await startTestApp({
      config: { loginRateLimit: { max: 3, windowMs: 60_000, perAddressMax: 100 } },
    });
    try {
      const user = await t.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'user@demo.test')
        .executeTakeFirstOrThrow();
      for (let i = 0; i < 2; i++) expect((await attempt(t, 'user@demo.test')).status).toBe(401);
      await t.login('user@demo.test');
      // The two failures are forgotten: three more are allowed before the block.
      for (let i = 0; i < 3; i++) expect((await attempt(t, 'user@demo.test')).status).toBe(401);
      for (let i = 0; i < 3; i++) expect((await attempt(t, 'user@demo.test')).status).toBe(429);
      const told = await t.db
        .selectFrom('messages')
        .select(['event', 'data', 'key'])
        .where('user_id', '=', user.id)
        .where('event', '=', 'account.login_burst')
        .execute();
      expect(told).toHaveLength(1);
      expect(told[0]?.data).toMatchObject({ attempts: 4, since: expect.any(String) as string });
      // An unknown account is limited exactly alike, and no one is told.
      for (let i = 0; i < 3; i++) expect((await attempt(t, 'nobody@test.md')).status).toBe(401);
      expect((await attempt(t, 'nobody@test.md')).status).toBe(429);
      const all = await t.db
        .selectFrom('messages')
        .select('id')
        .where('event', '=', 'account.login_burst')
        .execute();
      expect(all).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it('limits forgot-password per account whatever the address', async () => {
    const t = await startTestApp({
      config: { trustProxy: 1, loginRateLimit: { max: 3, windowMs: 60_000, perAddressMax: 100 } },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const answer = await t.post('/users/forgot-password', {
          json: { email: 'partner@demo.test' },
          headers: { 'x-forwarded-for': `192.0.2.${i + 1}` },
        });
        statuses.push(answer.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await t.close();
    }
  });
});

/**
 * Login and forgot-password limits live in the database: two apps on one database (as two processes behind a load
 * balancer) count the same attempts, and one address cannot try many accounts.
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

const attempt = (t: TestApp, email: string) => t.post('/users/login', { form: { email, password: 'wrong' } });

describe('database rate limits', () => {
  it('count one e-mail across processes', async () => {
    expect((await attempt(a, 'shared@test.md')).status).toBe(401);
    expect((await attempt(b, 'shared@test.md')).status).toBe(401);
    expect((await attempt(a, 'shared@test.md')).status).toBe(401);
    const limited = await attempt(b, 'SHARED@test.md');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limit one address across e-mails, and forgot-password too', async () => {
    // 4 attempts were made from this address above; one more is allowed, then none for any e-mail.
    expect((await attempt(a, 'first@test.md')).status).toBe(401);
    expect((await attempt(b, 'second@test.md')).status).toBe(429);
    const forgot = await a.post('/users/forgot-password', { json: { email: 'x@test.md' } });
    expect(forgot.status).toBe(200);
    const rows = await a.db.selectFrom('rate_limits').select(['key', 'hits']).orderBy('key').execute();
    expect(rows.find((row) => row.key === 'login|127.0.0.1')?.hits).toBe(6);
    expect(rows.some((row) => row.key.startsWith('forgotPassword|127.0.0.1|x@test.md'))).toBe(true);
  });
});

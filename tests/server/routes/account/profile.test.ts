import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '#server/auth/password.ts';
import { DEMO_PASSWORD } from '#server/seed/accounts.ts';
import type { TestApp } from '#tests/support/server/app.ts';
import { ROLE_ACCOUNTS, expectError, payloadOf, startAccountApp, userIdOf, type Schemas } from './support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startAccountApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /users/me', () => {
  it.each(ROLE_ACCOUNTS)('answers $email as stored', async ({ email, role }) => {
    const token = await t.login(email);
    const me = await t.get<Schemas['Me']>('/users/me', { token });
    expect(me.status).toBe(200);
    const row = await t.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(me.body).toEqual({
      id: row.id,
      email: row.email,
      fullName: row.full_name,
      phone: row.phone,
      lang: row.lang,
      role,
      emailConfirmed: row.email_confirmed,
      prn: row.prn,
      alias: row.alias,
      warehouseId: row.warehouse_id,
      // None of these signed up in a shop (docs/adr/0146-the-shop-link.md).
      shop: null,
    });
  });

  it('gives distributors a PRN and staff none', async () => {
    const partner = await t.get<Schemas['Me']>('/users/me', { token: await t.login('partner@demo.test') });
    const staff = await t.get<Schemas['Me']>('/users/me', { token: await t.login('warehouse@demo.test') });
    expect(partner.body.prn).toMatch(/\S/);
    expect(staff.body.prn).toBeNull();
  });
});

describe('POST /users/lang', () => {
  it('stores the language and answers the updated user', async () => {
    const token = await t.login('warehouse@demo.test');
    const response = await t.post<Schemas['Me']>('/users/lang', { token, json: { lang: 'it' } });
    expect(response.status).toBe(200);
    expect(response.body.lang).toBe('it');
    const row = await t.db
      .selectFrom('users')
      .select('lang')
      .where('email', '=', 'warehouse@demo.test')
      .executeTakeFirstOrThrow();
    expect(row.lang).toBe('it');
    expect((await t.get<Schemas['Me']>('/users/me', { token })).body.lang).toBe('it');
  });

  it('refuses an unknown language (400) and a missing token (401)', async () => {
    const token = await t.login('warehouse@demo.test');
    expectError(await t.post('/users/lang', { token, json: { lang: 'de' } }), 400, 'VALIDATION_FAILED');
    expectError(await t.post('/users/lang', { json: { lang: 'en' } }), 401, 'UNAUTHORIZED');
  });
});

describe('POST /users/update', () => {
  it('changes only the given fields', async () => {
    const token = await t.login('user@demo.test');
    const before = (await t.get<Schemas['Me']>('/users/me', { token })).body;
    const named = await t.post<Schemas['Me']>('/users/update', {
      token,
      json: { fullName: '  Olga   Sârbu-Rusu ' },
    });
    expect(named.status).toBe(200);
    expect(named.body).toEqual({ ...before, fullName: 'Olga Sârbu-Rusu' });
    const phoned = await t.post<Schemas['Me']>('/users/update', {
      token,
      json: { phone: '+373 (69) 123-456', lang: 'uk' },
    });
    expect(phoned.body).toEqual({
      ...before,
      fullName: 'Olga Sârbu-Rusu',
      phone: '+373 (69) 123-456',
      lang: 'uk',
    });
    const cleared = await t.post<Schemas['Me']>('/users/update', { token, json: { phone: null } });
    expect(cleared.body.phone).toBeNull();
    const row = await t.db
      .selectFrom('users')
      .select(['full_name', 'phone', 'lang'])
      .where('id', '=', before.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ full_name: 'Olga Sârbu-Rusu', phone: null, lang: 'uk' });
  });

  it('refuses bad input: 400 by the contract, 422 for blank values', async () => {
    const token = await t.login('user@demo.test');
    expectError(await t.post('/users/update', { token, json: {} }), 400, 'VALIDATION_FAILED');
    expectError(
      await t.post('/users/update', { token, json: { email: 'x@demo.test' } }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await t.post('/users/update', { token, json: { phone: 'call me' } }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(await t.post('/users/update', { token, json: { fullName: 'A' } }), 400, 'VALIDATION_FAILED');
    const blank = expectError(
      await t.post('/users/update', { token, json: { fullName: '   ' } }),
      422,
      'VALIDATION_FAILED',
    );
    expect(blank.details?.[0]?.path).toBe('/fullName');
    const dashes = expectError(
      await t.post('/users/update', { token, json: { phone: '(--- )' } }),
      422,
      'VALIDATION_FAILED',
    );
    expect(dashes.details?.[0]?.path).toBe('/phone');
  });
});

describe('POST /users/new-password', () => {
  const body = (current: string, next: string, confirmation = next) => ({
    currentPassword: current,
    newPassword: next,
    newPasswordConfirmation: confirmation,
  });

  it('ends every other session, also the caller’s old token, and the fresh token works', async () => {
    const email = 'pw@demo.test';
    const userId = await userIdOf(t, email);
    const mine = await t.login(email);
    const otherDevice = await t.login(email);
    const response = await t.post<Schemas['AccessToken']>('/users/new-password', {
      token: mine,
      json: body(DEMO_PASSWORD, 'Changed-pass-7'),
    });
    expect(response.status).toBe(200);
    expect(response.body.token_type).toBe('Bearer');
    const row = await t.db
      .selectFrom('users')
      .select(['session_version', 'password_hash'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(payloadOf(response.body.access_token)).toMatchObject({
      sub: String(userId),
      sv: row.session_version,
      wh: true,
      par: true,
    });
    expect(payloadOf(mine).sv).toBe(row.session_version - 1);
    expect(await verifyPassword('Changed-pass-7', row.password_hash)).toBe(true);

    expectError(await t.get('/users/me', { token: mine }), 401, 'UNAUTHORIZED');
    expectError(await t.get('/users/me', { token: otherDevice }), 401, 'UNAUTHORIZED');
    const fresh = await t.get<Schemas['Me']>('/users/me', { token: response.body.access_token });
    expect(fresh.status).toBe(200);
    expect(fresh.body.id).toBe(userId);
    expectError(
      await t.post('/users/login', { form: { email, password: DEMO_PASSWORD } }),
      401,
      'INVALID_CREDENTIALS',
    );
    expect((await t.post('/users/login', { form: { email, password: 'Changed-pass-7' } })).status).toBe(200);
  });

  it('refuses a wrong current password with 422 INVALID_CURRENT_PASSWORD and keeps the session', async () => {
    const token = await t.login('partner@demo.test');
    expectError(
      await t.post('/users/new-password', { token, json: body('wrong-pass-1', 'Changed-pass-7') }),
      422,
      'INVALID_CURRENT_PASSWORD',
    );
    expect((await t.get('/users/me', { token })).status).toBe(200);
  });

  it('refuses a mismatched confirmation, an unchanged password and a weak one', async () => {
    const token = await t.login('partner@demo.test');
    const mismatch = expectError(
      await t.post('/users/new-password', {
        token,
        json: body(DEMO_PASSWORD, 'Changed-pass-7', 'Changed-pass-8'),
      }),
      422,
      'VALIDATION_FAILED',
    );
    expect(mismatch.details?.[0]?.path).toBe('/newPasswordConfirmation');
    const same = expectError(
      await t.post('/users/new-password', { token, json: body(DEMO_PASSWORD, DEMO_PASSWORD) }),
      422,
      'VALIDATION_FAILED',
    );
    expect(same.details?.[0]?.path).toBe('/newPassword');
    expectError(
      await t.post('/users/new-password', { token, json: body(DEMO_PASSWORD, 'short1') }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await t.post('/users/new-password', { json: body(DEMO_PASSWORD, 'Changed-pass-7') }),
      401,
      'UNAUTHORIZED',
    );
    // Nothing changed: the session and the password still work.
    expect((await t.get('/users/me', { token })).status).toBe(200);
    expect(
      (await t.post('/users/login', { form: { email: 'partner@demo.test', password: DEMO_PASSWORD } }))
        .status,
    ).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { urlTokenOf } from '#machines/auth/auth.rules.ts';
import { DEMO_PASSWORD } from '#server/seed/accounts.ts';
import type { TestApp } from '#tests/support/server/app.ts';
import {
  ROLE_ACCOUNTS,
  expectError,
  expiredTokenOf,
  outboxOf,
  payloadOf,
  startAccountApp,
  userIdOf,
  type Schemas,
} from './support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startAccountApp();
});
afterAll(async () => {
  await t.close();
});

describe('POST /users/login', () => {
  it.each(ROLE_ACCOUNTS)('signs in $email with the flags of its role', async ({ email, role }) => {
    const response = await t.post<Schemas['AccessToken']>('/users/login', {
      form: { email, password: DEMO_PASSWORD },
    });
    expect(response.status).toBe(200);
    expect(response.body.token_type).toBe('Bearer');
    const claims = payloadOf(response.body.access_token);
    const row = await t.db
      .selectFrom('users')
      .select(['id', 'is_warehouse', 'is_partner', 'session_version'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(claims).toMatchObject({
      sub: String(row.id),
      wh: row.is_warehouse,
      par: row.is_partner,
      sv: row.session_version,
    });
    expect(claims.exp).toBe(Number(claims.iat) + t.config.tokenTtlSeconds);
    const me = await t.get<Schemas['Me']>('/users/me', { token: response.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body.role).toBe(role);
    expect(me.body.email).toBe(email);
  });

  it('treats the e-mail case-insensitively and accepts multipart form data', async () => {
    const upper = await t.post<Schemas['AccessToken']>('/users/login', {
      form: { email: 'Partner@DEMO.test', password: DEMO_PASSWORD },
    });
    expect(upper.status).toBe(200);
    expect(payloadOf(upper.body.access_token).sub).toBe(String(await userIdOf(t, 'partner@demo.test')));

    const boundary = '----account-test';
    const payload = [
      `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\nuser@demo.test\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="password"\r\n\r\n${DEMO_PASSWORD}\r\n`,
      `--${boundary}--\r\n`,
    ].join('');
    const multipart = await t.app.inject({
      method: 'POST',
      url: '/api/v3/users/login',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(multipart.statusCode).toBe(200);
    expect(payloadOf((JSON.parse(multipart.body) as Schemas['AccessToken']).access_token).sub).toBe(
      String(await userIdOf(t, 'user@demo.test')),
    );
  });

  it('answers a wrong password and an unknown e-mail alike (401 INVALID_CREDENTIALS)', async () => {
    const wrong = await t.post('/users/login', {
      form: { email: 'partner@demo.test', password: 'demo12345' },
    });
    const unknown = await t.post('/users/login', {
      form: { email: 'nobody@demo.test', password: DEMO_PASSWORD },
    });
    const bodyA = expectError(wrong, 401, 'INVALID_CREDENTIALS');
    const bodyB = expectError(unknown, 401, 'INVALID_CREDENTIALS');
    expect(bodyA).toEqual(bodyB);
  });

  it('refuses a malformed form with 400, a JSON body with 415', async () => {
    expectError(
      await t.post('/users/login', { form: { email: 'partner@demo.test' } }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await t.post('/users/login', { form: { email: 'not-an-email', password: 'x' } }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await t.post('/users/login', { json: { email: 'partner@demo.test', password: DEMO_PASSWORD } }),
      415,
      'VALIDATION_FAILED',
    );
  });
});

describe('tokens on protected account routes', () => {
  it('is 401 without a token, with an expired one and with a forged one', async () => {
    expectError(await t.get('/users/me'), 401, 'UNAUTHORIZED');
    expectError(
      await t.get('/users/me', { token: await expiredTokenOf(t, 'user@demo.test') }),
      401,
      'TOKEN_EXPIRED',
    );
    const token = await t.login('user@demo.test');
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...payloadOf(token), wh: true })).toString('base64url');
    expectError(await t.get('/users/me', { token: `${header}.${forged}.${signature}` }), 401, 'UNAUTHORIZED');
  });

  it('signs in with a link token given with or without the Bearer prefix (spec section 3), never sent doubled', async () => {
    const token = await t.login('partner@demo.test');
    for (const linkToken of [token, `Bearer ${token}`, `bearer  ${token} `]) {
      const url = `/?token=${encodeURIComponent(linkToken)}`;
      const taken = urlTokenOf(url);
      expect(taken).toBe(token);
      const me = await t.get<Schemas['Me']>('/users/me', { token: taken ?? '' });
      expect(me.status).toBe(200);
      expect(me.body.email).toBe('partner@demo.test');
    }
    // What the app would send had it kept the prefix: refused in the error shape.
    expectError(await t.get('/users/me', { token: `Bearer ${token}` }), 401, 'UNAUTHORIZED');
  });
});

describe('POST /users/forgot-password', () => {
  it('answers reset_requested for any address and writes a link only for a known one', async () => {
    const before = await t.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const unknown = await t.post<Schemas['ForgotPasswordResult']>('/users/forgot-password', {
      json: { email: 'nobody@demo.test' },
    });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ result: 'reset_requested' });
    const after = await t.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));

    const known = await t.post('/users/forgot-password', { json: { email: 'USER@demo.test' } });
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    const [entry] = await outboxOf(t, await userIdOf(t, 'user@demo.test'), 'password_reset');
    expect(entry).toBeDefined();
    expect(entry?.payload).toMatchObject({
      email: 'user@demo.test',
      path: `/reset-pass?token=${entry?.token}`,
      url: `${t.config.publicUrl}/reset-pass?token=${entry?.token}`,
    });
    const lifetime = (entry?.expires_at.getTime() ?? 0) - (entry?.created_at.getTime() ?? 0);
    expect(lifetime).toBe(60 * 60 * 1000);
  });

  it('completes the reset end to end through the outbox and ends every session', async () => {
    const email = 'warehouse2@demo.test';
    const userId = await userIdOf(t, email);
    const oldToken = await t.login(email);
    expect((await t.post('/users/forgot-password', { json: { email } })).status).toBe(200);
    const [first] = await outboxOf(t, userId, 'password_reset');
    // A second request replaces the first link.
    expect((await t.post('/users/forgot-password', { json: { email } })).status).toBe(200);
    const [second] = await outboxOf(t, userId, 'password_reset');
    expect(second?.token).not.toBe(first?.token);
    const replaced = await t.post('/users/forgot-password', {
      json: { token: first?.token, password: 'Fresh-pass-1', passwordConfirmation: 'Fresh-pass-1' },
    });
    expectError(replaced, 422, 'INVALID_TOKEN');

    const mismatch = await t.post('/users/forgot-password', {
      json: { token: second?.token, password: 'Fresh-pass-1', passwordConfirmation: 'Fresh-pass-2' },
    });
    expect(expectError(mismatch, 422, 'VALIDATION_FAILED').details?.[0]?.path).toBe('/passwordConfirmation');

    const done = await t.post('/users/forgot-password', {
      json: { token: second?.token, password: 'Fresh-pass-1', passwordConfirmation: 'Fresh-pass-1' },
    });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ result: 'password_reset' });
    const [spent] = await outboxOf(t, userId, 'password_reset');
    expect(spent?.used_at).toBeInstanceOf(Date);

    expectError(await t.get('/users/me', { token: oldToken }), 401, 'UNAUTHORIZED');
    expectError(
      await t.post('/users/login', { form: { email, password: DEMO_PASSWORD } }),
      401,
      'INVALID_CREDENTIALS',
    );
    const fresh = await t.login(email, 'Fresh-pass-1');
    expect((await t.get('/users/me', { token: fresh })).status).toBe(200);

    const again = await t.post('/users/forgot-password', {
      json: { token: second?.token, password: 'Other-pass-2', passwordConfirmation: 'Other-pass-2' },
    });
    expectError(again, 422, 'INVALID_TOKEN');
  });

  it('refuses an expired, unknown or wrong-kind token with 422 INVALID_TOKEN', async () => {
    const userId = await userIdOf(t, 'pw@demo.test');
    await t.post('/users/forgot-password', { json: { email: 'pw@demo.test' } });
    const [entry] = await outboxOf(t, userId, 'password_reset');
    await t.db
      .updateTable('outbox')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', entry?.id ?? 0)
      .execute();
    const body = (token: string) => ({
      json: { token, password: 'Fresh-pass-1', passwordConfirmation: 'Fresh-pass-1' },
    });
    expectError(await t.post('/users/forgot-password', body(entry?.token ?? '')), 422, 'INVALID_TOKEN');
    expectError(
      await t.post('/users/forgot-password', body('pr_unknown-token-0123456789')),
      422,
      'INVALID_TOKEN',
    );
    const [confirmation] = await outboxOf(
      t,
      await userIdOf(t, 'unconfirmed@demo.test'),
      'email_confirmation',
    );
    expectError(
      await t.post('/users/forgot-password', body(confirmation?.token ?? '')),
      422,
      'INVALID_TOKEN',
    );
    const login = await t.post('/users/login', { form: { email: 'pw@demo.test', password: DEMO_PASSWORD } });
    expect(login.status).toBe(200);
  });

  it('refuses a weak password or a mixed body with 400', async () => {
    const weak = await t.post('/users/forgot-password', {
      json: { token: 'pr_abcdefghijklmnop', password: 'short1', passwordConfirmation: 'short1' },
    });
    expectError(weak, 400, 'VALIDATION_FAILED');
    const noDigit = await t.post('/users/forgot-password', {
      json: { token: 'pr_abcdefghijklmnop', password: 'lettersonly', passwordConfirmation: 'lettersonly' },
    });
    expectError(noDigit, 400, 'VALIDATION_FAILED');
    expectError(
      await t.post('/users/forgot-password', { json: { email: 'user@demo.test', token: 'x' } }),
      400,
      'VALIDATION_FAILED',
    );
  });
});

describe('e-mail confirmation', () => {
  it('confirms the seeded unconfirmed account with the link from the outbox', async () => {
    const email = 'unconfirmed@demo.test';
    const userId = await userIdOf(t, email);
    const token = await t.login(email);
    const me = await t.get<Schemas['Me']>('/users/me', { token });
    expect(me.body.emailConfirmed).toBe(false);

    const [seeded] = await outboxOf(t, userId, 'email_confirmation');
    const resent = await t.post<Schemas['ResendConfirmationResult']>('/users/confirm-email/resend', {
      token,
    });
    expect(resent.status).toBe(202);
    expect(resent.body).toEqual({ result: 'confirmation_sent' });
    const [latest] = await outboxOf(t, userId, 'email_confirmation');
    expect(latest?.token).not.toBe(seeded?.token);
    expect(latest?.payload).toMatchObject({ email, path: `/confirm-email?token=${latest?.token}` });
    // The earlier link stopped working.
    expectError(
      await t.post('/users/confirm-email', { json: { token: seeded?.token } }),
      422,
      'INVALID_TOKEN',
    );

    const confirmed = await t.post<Schemas['ConfirmEmailResult']>('/users/confirm-email', {
      json: { token: latest?.token },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ result: 'email_confirmed' });
    expect((await t.get<Schemas['Me']>('/users/me', { token })).body.emailConfirmed).toBe(true);
    expectError(
      await t.post('/users/confirm-email', { json: { token: latest?.token } }),
      422,
      'INVALID_TOKEN',
    );
    expectError(await t.post('/users/confirm-email/resend', { token }), 409, 'EMAIL_ALREADY_CONFIRMED');
  });

  it('refuses resend without a token and confirm with a malformed token', async () => {
    expectError(await t.post('/users/confirm-email/resend'), 401, 'UNAUTHORIZED');
    expectError(await t.post('/users/confirm-email', { json: { token: 'short' } }), 400, 'VALIDATION_FAILED');
    expectError(
      await t.post('/users/confirm-email', { json: { token: 'ec_unknown-token-0123456789' } }),
      422,
      'INVALID_TOKEN',
    );
  });
});

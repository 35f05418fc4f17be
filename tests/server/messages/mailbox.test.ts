// Without SMTP_URL, e-mail goes to the built-in mailbox: the development page lists it and shows it as the
// recipient would see it, so a new user can try a password reset end to end; in production the page is not there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config.ts';
import { startTestApp, type TestApp } from '#tests/support/server/app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the built-in mailbox', () => {
  it('keeps every e-mail and shows the list, the message as sent, its text and its source', async () => {
    const empty = await t.app.inject({ method: 'GET', url: '/dev/mailbox', headers: { cookie: 'lang=en' } });
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('No e-mail yet.');

    await t.db.updateTable('users').set({ lang: 'en' }).where('email', '=', 'user@demo.test').execute();
    await t.post('/users/forgot-password', { json: { email: 'user@demo.test' } });
    await t.app.messages.deliverDue();

    const list = await t.app.inject({ method: 'GET', url: '/dev/mailbox', headers: { cookie: 'lang=ru' } });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(list.headers['content-security-policy']).toMatch(/default-src 'none'.*frame-src 'self'/);
    expect(list.body).toContain('<html lang="ru">');
    expect(list.body).toContain('Встроенный почтовый ящик');
    expect(list.body).toContain('user@demo.test');
    // The seed's unconfirmed member has a confirmation waiting too, and one batch sends both in no fixed order.
    const id = /<td>user@demo\.test<\/td><td><a href="\/dev\/mailbox\/(\d+)"/.exec(list.body)?.[1];
    expect(id).toBeDefined();

    const view = await t.app.inject({
      method: 'GET',
      url: `/dev/mailbox/${id}`,
      headers: { cookie: 'lang=en' },
    });
    expect(view.statusCode).toBe(200);
    expect(view.body).toContain('Reset your password');
    expect(view.body).toMatch(
      /<iframe sandbox="allow-popups allow-popups-to-escape-sandbox"[^>]*src="\/dev\/mailbox\/\d+\/html"/,
    );
    expect(view.body).toMatch(/Message-ID<\/dt><dd>&lt;m\d+\.[0-9a-f]{16}@localhost&gt;/);

    const html = await t.app.inject({ method: 'GET', url: `/dev/mailbox/${id}/html` });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-security-policy']).toMatch(/default-src 'none'.*frame-ancestors 'self'/);
    expect(html.headers['x-frame-options']).toBe('SAMEORIGIN');
    const link = /href="(http:\/\/127\.0\.0\.1:8080\/reset-pass\?token=[^"]+)"/.exec(html.body)?.[1];
    expect(link).toBeDefined();

    // The link from the mailbox resets the password.
    const token = new URL(link?.replaceAll('&amp;', '&') ?? '').searchParams.get('token');
    const reset = await t.post('/users/forgot-password', {
      json: { token, password: 'mailbox-pass-1', passwordConfirmation: 'mailbox-pass-1' },
    });
    expect(reset.status).toBe(200);

    const raw = await t.app.inject({ method: 'GET', url: `/dev/mailbox/${id}/raw` });
    expect(raw.headers['content-type']).toMatch(/^message\/rfc822/);
    expect(raw.body).toMatch(/^Subject: Reset your password\r$/m);
    expect(raw.body).toMatch(/^To: .*<user@demo\.test>\r$/m);

    const missing = await t.app.inject({ method: 'GET', url: '/dev/mailbox/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('is not there in production, which refuses to start without a mail server', async () => {
    const production = await startTestApp({ config: { production: true } });
    try {
      for (const url of ['/dev/mailbox', '/dev/mailbox/1', '/dev/mailbox/1/html', '/dev/mailbox/1/raw']) {
        const answer = await production.app.inject({ method: 'GET', url });
        expect(answer.statusCode).toBe(404);
        expect(answer.json()).toMatchObject({ code: 'NOT_FOUND' });
        expect(answer.headers['x-content-type-options']).toBe('nosniff');
      }
    } finally {
      await production.close();
    }
    // The production mode (server/ops/production-mode.ts) names a missing mail server among its refusals.
    const refusal = (env: Record<string, string>): string => {
      try {
        loadConfig({ APP_ENV: 'production', JWT_SECRET: 'x'.repeat(40), ...env });
        return '';
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return String((error as Error).message);
      }
    };
    expect(refusal({})).toMatch(/SMTP_URL/);
    expect(refusal({ SMTP_URL: 'smtp://mail.example:587' })).not.toMatch(/SMTP_URL/);
  });
});

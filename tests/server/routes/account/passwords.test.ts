/**
 * Passwords by ASVS (docs/adr/0123-passwords-by-asvs.md): any characters from 8 to 128, no composition rules, the
 * most common passwords refused on every form that sets one; hashes are argon2id, and an older hash is replaced at
 * the next sign-in; a reset request takes as long for an unknown address as for a known one.
 */
import { scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/server/app.ts';
import { expectError, outboxOf, userIdOf, type Schemas } from './support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ config: { forgotPasswordMinMs: 150 } });
});
afterAll(async () => {
  await t.close();
});

const PASSPHRASE = 'correct horse battery staple';

const change = (token: string, current: string, next: string) =>
  t.post<Schemas['AccessToken']>('/users/new-password', {
    token,
    json: { currentPassword: current, newPassword: next, newPasswordConfirmation: next },
  });

describe('a new password', () => {
  it('password1 is refused as too common; a 28-character passphrase without a digit is accepted', async () => {
    const token = await t.login('partner@demo.test');
    const common = await change(token, 'demo1234', 'password1');
    const body = expectError(common, 422, 'PASSWORD_TOO_COMMON');
    expect(body.details).toEqual([expect.objectContaining({ location: 'body', path: '/newPassword' })]);
    for (const refused of ['Password1', 'qwerty123', 'iloveyou1', 'partner@demo.test'])
      expect((await change(token, 'demo1234', refused)).status, refused).toBe(422);
    const passphrase = await change(token, 'demo1234', PASSPHRASE);
    expect(passphrase.status).toBe(200);
    await t.login('partner@demo.test', PASSPHRASE);
  });

  it('takes any characters from 8 to 128, and no fewer', async () => {
    let token = await t.login('warehouse2@demo.test');
    let current = 'demo1234';
    for (const next of ['пароль-ёжика-в-тумане', '🐈🐈‍⬛ кіт і кішка', 'x'.repeat(128), 'Aa1!Aa1!']) {
      const answer = await change(token, current, next);
      expect(answer.status, next).toBe(200);
      token = answer.body.access_token;
      current = next;
    }
    expect((await change(token, current, 'short7!')).status).toBe(400);
    expect((await change(token, current, 'y'.repeat(129))).status).toBe(400);
  });

  it('is checked on the reset form too', async () => {
    const email = 'user@demo.test';
    expect((await t.post('/users/forgot-password', { json: { email } })).status).toBe(200);
    const [entry] = await outboxOf(t, await userIdOf(t, email), 'password_reset');
    const complete = (password: string) =>
      t.post('/users/forgot-password', {
        json: { token: entry?.token, password, passwordConfirmation: password },
      });
    const refused = expectError(await complete('12345678'), 422, 'PASSWORD_TOO_COMMON');
    expect(refused.details?.[0]?.path).toBe('/password');
    expect((await complete(PASSPHRASE)).status).toBe(200);
  });
});

describe('password hashes', () => {
  it('are argon2id, and an earlier scrypt hash is replaced at the next sign-in', async () => {
    const email = 'pw@demo.test';
    const salt = Buffer.from('0123456789abcdef');
    const legacy = [
      'scrypt',
      32768,
      8,
      1,
      salt.toString('base64'),
      scryptSync('demo1234', salt, 32, { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }).toString('base64'),
    ].join('$');
    await t.db.updateTable('users').set({ password_hash: legacy }).where('email', '=', email).execute();
    await t.login(email);
    const row = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    await t.login(email);
  });
});

describe('a reset request', () => {
  it('takes the same time for a known and an unknown address (50 pairs, medians within noise)', async () => {
    const time = async (email: string): Promise<number> => {
      const started = performance.now();
      const answer = await t.post('/users/forgot-password', { json: { email } });
      expect(answer.status).toBe(200);
      return performance.now() - started;
    };
    // Different accounts each time, so no per-account limit is reached; interleaved, so load weighs on both alike.
    const known = (await t.db.selectFrom('users').select('email').orderBy('id').limit(50).execute()).map(
      (row) => row.email,
    );
    const knownMs: number[] = [];
    const unknownMs: number[] = [];
    for (let i = 0; i < 50; i++) {
      // Alternating which goes first, so what one request leaves behind (a write still settling) weighs on both.
      if (i % 2 === 0) {
        knownMs.push(await time(known[i % known.length] ?? ''));
        unknownMs.push(await time(`nobody-${i}@nowhere.test`));
      } else {
        unknownMs.push(await time(`nobody-${i}@nowhere.test`));
        knownMs.push(await time(known[i % known.length] ?? ''));
      }
    }
    const quantile = (values: number[], q: number): number => {
      const sorted = [...values].sort((a, b) => a - b);
      return sorted[Math.round(q * (sorted.length - 1))] ?? 0;
    };
    const [k, u] = [quantile(knownMs, 0.5), quantile(unknownMs, 0.5)];
    // The noise of this run: half the wider interquartile range (a loaded machine widens it), at least 3 ms.
    const iqr = (values: number[]): number => quantile(values, 0.75) - quantile(values, 0.25);
    const noise = Math.max(3, Math.max(iqr(knownMs), iqr(unknownMs)) / 2);
    console.log(
      `forgot-password medians over 50 pairs: known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms, difference ${Math.abs(k - u).toFixed(1)} ms, noise ${noise.toFixed(1)} ms`,
    );
    expect(Math.abs(k - u)).toBeLessThan(noise);
    // Both wait for the floor; a known address's work never pushes it past.
    expect(Math.min(k, u)).toBeGreaterThanOrEqual(150);
  }, 60_000);
});

import { describe, expect, it } from 'vitest';
import { readBearerToken } from '#server/auth/authenticate.ts';
import { hashPassword, needsRehash, verifyPassword } from '#server/auth/password.ts';
import { apiRoleOf, roleOf } from '#server/auth/roles.ts';
import { signAccessToken, TokenError, verifyAccessToken } from '#server/auth/token.ts';

const config = { jwtSecret: 'frame-test-secret-0123456789-0123456789', tokenTtlSeconds: 3600 };
const cheap = { N: 1024, r: 8, p: 1 };

function decodePart(token: string, index: number): Record<string, unknown> {
  const part = token.split('.')[index] ?? '';
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}

async function reason(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'accepted';
  } catch (error) {
    return error instanceof TokenError ? error.reason : 'other';
  }
}

describe('passwords (scrypt)', () => {
  it('round-trips and refuses a wrong password', async () => {
    const hash = await hashPassword('correct horse 1', cheap);
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword('correct horse 1', hash)).toBe(true);
    expect(await verifyPassword('correct horse 2', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('salts every hash and normalises Unicode', async () => {
    const a = await hashPassword('пароль1', cheap);
    const b = await hashPassword('пароль1', cheap);
    expect(a).not.toBe(b);
    expect(await verifyPassword('Cre\u0300me1', await hashPassword('Crème1', cheap))).toBe(true);
  });

  it('uses the default cost when none is given and reports weaker hashes', async () => {
    const strong = await hashPassword('secret-1');
    expect(strong.startsWith('scrypt$32768$8$1$')).toBe(true);
    expect(needsRehash(strong)).toBe(false);
    expect(needsRehash(await hashPassword('secret-1', cheap))).toBe(true);
  });

  it('never matches a malformed or tampered hash', async () => {
    const hash = await hashPassword('secret-1', cheap);
    const parts = hash.split('$');
    const flipped = Buffer.from(parts[5] ?? '', 'base64');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(
      await verifyPassword('secret-1', [...parts.slice(0, 5), flipped.toString('base64')].join('$')),
    ).toBe(false);
    expect(await verifyPassword('secret-1', 'plain-text')).toBe(false);
    expect(await verifyPassword('secret-1', 'scrypt$99999999$8$1$AAAA$BBBB')).toBe(false);
    expect(await verifyPassword('secret-1', hash.replace('scrypt$1024', 'scrypt$1000'))).toBe(false);
  });
});

describe('access tokens (HS256)', () => {
  const subject = { userId: 42, wh: true, par: false, sessionVersion: 3 };

  it('signs the documented payload and verifies it', async () => {
    const now = new Date('2025-06-01T10:00:00Z');
    const token = await signAccessToken(subject, config, { now });
    expect(decodePart(token, 0)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const iat = now.getTime() / 1000;
    expect(decodePart(token, 1)).toEqual({ sub: '42', iat, exp: iat + 3600, wh: true, par: false, sv: 3 });
    expect(await verifyAccessToken(token, config, { now })).toEqual({ ...subject, iat, exp: iat + 3600 });
  });

  it('reports an expired token as expired', async () => {
    const token = await signAccessToken(subject, config, { ttlSeconds: -10 });
    expect(await reason(verifyAccessToken(token, config))).toBe('expired');
  });

  it('refuses a token signed with another secret, a changed payload or alg none', async () => {
    const token = await signAccessToken(subject, config);
    expect(
      await reason(verifyAccessToken(token, { jwtSecret: 'another-secret-0123456789-0123456789' })),
    ).toBe('invalid');

    const [header, , signature] = token.split('.');
    const promoted = Buffer.from(JSON.stringify({ ...decodePart(token, 1), par: true })).toString(
      'base64url',
    );
    expect(await reason(verifyAccessToken(`${header}.${promoted}.${signature}`, config))).toBe('invalid');

    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(await reason(verifyAccessToken(`${none}.${token.split('.')[1]}.`, config))).toBe('invalid');
    expect(await reason(verifyAccessToken('not.a.token', config))).toBe('invalid');
  });

  it('refuses a well-signed token whose payload lacks the flags', async () => {
    const { SignJWT } = await import('jose');
    const token = await new SignJWT({ wh: 'yes' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('42')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(config.jwtSecret));
    expect(await reason(verifyAccessToken(token, config))).toBe('invalid');
  });
});

describe('roles and the bearer header', () => {
  it('derives the role from wh and par as spec section 6 says', () => {
    expect(roleOf(true, true)).toBe('partner_warehouse');
    expect(roleOf(true, false)).toBe('warehouse');
    expect(roleOf(false, true)).toBe('partner');
    expect(roleOf(false, false)).toBe('user');
    expect(apiRoleOf('partner_warehouse')).toBe('PARTNER_WAREHOUSE');
    expect(apiRoleOf('user')).toBe('USER');
  });

  it('reads only "Bearer <jwt>"', () => {
    expect(readBearerToken(undefined)).toEqual({ kind: 'absent' });
    expect(readBearerToken('Bearer a.b.c')).toEqual({ kind: 'present', token: 'a.b.c' });
    expect(readBearerToken('bearer a.b.c')).toEqual({ kind: 'present', token: 'a.b.c' });
    expect(readBearerToken('a.b.c')).toEqual({ kind: 'malformed' });
    expect(readBearerToken('Basic dXNlcjpwYXNz')).toEqual({ kind: 'malformed' });
    expect(readBearerToken('Bearer ')).toEqual({ kind: 'malformed' });
  });
});

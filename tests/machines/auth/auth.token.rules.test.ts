import { describe, expect, it } from 'vitest';
import { isLoginPath, searchWithoutToken, urlTokenOf, errorCodeOf } from '#machines/auth/auth.rules.ts';
import { decodeTokenPayload, roleFromToken, validTokenPayload } from '#machines/auth/auth.token.rules.ts';
import { makeToken, NOW } from '../../support/auth.ts';

describe('decodeTokenPayload', () => {
  it('reads exp, wh, par and sub from a base64url payload, with or without the Bearer prefix', () => {
    // "ü" and "~~~" make the payload use the base64url-only characters - and _.
    const token = makeToken({ sub: 42, exp: 1_900_000_000, wh: true, par: false, name: 'Jürgen ~~~???' });
    expect(token.split('.')[1]).toMatch(/[-_]/);
    const expected = { sub: '42', exp: 1_900_000_000, wh: true, par: false };
    expect(decodeTokenPayload(token)).toEqual(expected);
    expect(decodeTokenPayload(`Bearer ${token}`)).toEqual(expected);
  });

  it.each([
    ['empty', ''],
    ['two parts', 'a.b'],
    ['not base64url', 'a.@@@.c'],
    ['not JSON', `a.${Buffer.from('not json').toString('base64url')}.c`],
    ['without exp', makeToken({ wh: true })],
    ['with a string exp', makeToken({ exp: '1900000000' })],
  ])('is null for a token %s', (_label, token) => {
    expect(decodeTokenPayload(token)).toBeNull();
  });

  it('is valid only while exp is later than now (spec section 5)', () => {
    const nowSeconds = NOW / 1000;
    expect(validTokenPayload(makeToken({ exp: nowSeconds + 1 }), NOW)).not.toBeNull();
    expect(validTokenPayload(makeToken({ exp: nowSeconds }), NOW)).toBeNull();
    expect(validTokenPayload(null, NOW)).toBeNull();
  });

  it('derives the role from wh/par (spec section 6)', () => {
    expect(roleFromToken(makeToken({ exp: 1, wh: true, par: true }))).toBe('partner_warehouse');
    expect(roleFromToken(makeToken({ exp: 1, wh: 1, par: 0 }))).toBe('warehouse');
    expect(roleFromToken(makeToken({ exp: 1, par: true }))).toBe('partner');
    expect(roleFromToken(makeToken({ exp: 1 }))).toBe('user');
    expect(roleFromToken('garbage')).toBe('unspecified');
    expect(roleFromToken(null)).toBe('unspecified');
  });
});

describe('URL and path rules', () => {
  it('reads the query token only on /', () => {
    expect(urlTokenOf('/?token=abc')).toBe('abc');
    expect(urlTokenOf('/?lang=ro&token=abc')).toBe('abc');
    expect(urlTokenOf('/?token=')).toBeNull();
    expect(urlTokenOf('/login?token=abc')).toBeNull();
    expect(urlTokenOf('/')).toBeNull();
  });

  it('removes only the token from a query string', () => {
    expect(searchWithoutToken('?token=abc')).toBe('');
    expect(searchWithoutToken('?lang=ro&token=abc')).toBe('?lang=ro');
  });

  it('knows the login paths', () => {
    expect(isLoginPath('/login')).toBe(true);
    expect(isLoginPath('/login/')).toBe(true);
    expect(isLoginPath('/reset-pass')).toBe(true);
    expect(isLoginPath('/')).toBe(false);
    expect(isLoginPath('/dashboard')).toBe(false);
  });

  it('counts a sign-up link as a signed-out page, not the paths around it', () => {
    expect(isLoginPath('/join/alice')).toBe(true);
    expect(isLoginPath('/join/MD1000042/')).toBe(true);
    expect(isLoginPath('/join')).toBe(false);
    expect(isLoginPath('/join/alice/more')).toBe(false);
  });

  it('turns failures into codes', () => {
    expect(errorCodeOf({ status: 401, code: 'INVALID_CREDENTIALS' })).toBe('INVALID_CREDENTIALS');
    expect(errorCodeOf({ status: 502 })).toBe('HTTP_502');
    expect(errorCodeOf(new Error('x'))).toBe('UNKNOWN');
  });
});

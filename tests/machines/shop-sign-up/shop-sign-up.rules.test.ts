import { describe, expect, it } from 'vitest';
import {
  cartBaseline,
  isLineRefusal,
  shopRefusalOf,
  transferQuantity,
} from '#machines/shop-sign-up/shop-sign-up.rules.ts';
import type { Cart } from '#machines/shop-sign-up/shop-sign-up.types.ts';
import type { ShopBagLine } from '#machines/shop-bag/shop-bag.types.ts';

describe('the client sign-up rules', () => {
  it('reads each refusal onto its field, or onto the form', () => {
    expect(shopRefusalOf({ status: 409, code: 'PHONE_TAKEN' }).fields).toEqual({ phone: 'PHONE_TAKEN' });
    expect(shopRefusalOf({ status: 422, code: 'PASSWORD_TOO_COMMON' }).fields).toEqual({
      password: 'PASSWORD_TOO_COMMON',
    });
    expect(
      shopRefusalOf({
        status: 422,
        code: 'VALIDATION_FAILED',
        details: [{ path: '/fullName' }, { path: '/birthDate' }, { path: '/email' }],
      }),
    ).toEqual({
      code: 'VALIDATION_FAILED',
      fields: { fullName: 'VALIDATION_FAILED', email: 'VALIDATION_FAILED' },
      form: null,
    });
    expect(shopRefusalOf({ status: 422, code: 'CHALLENGE_FAILED' })).toEqual({
      code: 'CHALLENGE_FAILED',
      fields: {},
      form: 'CHALLENGE_FAILED',
    });
    expect(shopRefusalOf({ status: 404 }).form).toBe('NOT_FOUND');
    expect(shopRefusalOf(new Error('boom')).form).toBe('UNKNOWN');
  });

  it('sets each line to what the cart held plus the bag, so a repeated move lands on the same number', () => {
    const baseline = cartBaseline({ items: [{ productId: 7, quantity: 3 }] } as unknown as Pick<
      Cart,
      'items'
    >);
    const line = { productId: 7, quantity: 2 } as ShopBagLine;
    expect(transferQuantity(line, baseline)).toBe(5);
    expect(transferQuantity(line, baseline)).toBe(5);
    expect(transferQuantity({ ...line, productId: 8 }, baseline)).toBe(2);
  });

  it('tells a refusal of the line from a failure of the connection or the session', () => {
    expect(isLineRefusal({ status: 409, code: 'OUT_OF_STOCK' })).toBe(true);
    expect(isLineRefusal({ status: 404 })).toBe(true);
    expect(isLineRefusal({ status: 401 })).toBe(false);
    expect(isLineRefusal({ status: 429 })).toBe(false);
    expect(isLineRefusal({ status: 503 })).toBe(false);
    expect(isLineRefusal({ code: 'NETWORK_ERROR' })).toBe(false);
  });
});

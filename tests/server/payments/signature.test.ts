import { describe, expect, it } from 'vitest';
import { maibSignature, signingString, verifyMaibSignature } from '#server/payments/maib/signature.ts';

/**
 * The worked example of maib's documentation ("Notifications on Callback URL", docs.maibmerchants.md): the final
 * response it shows, signed with the Signature Key of its PHP example, gives exactly its `signature`.
 */
const DOCS_NOTIFICATION = {
  result: {
    payId: 'f16a9006-128a-46bc-8e2a-77a6ee99df75',
    orderId: '123',
    status: 'OK',
    statusCode: '000',
    statusMessage: 'Approved',
    threeDs: 'AUTHENTICATED',
    rrn: '331711380059',
    approval: '327593',
    cardNumber: '510218******1124',
    amount: 10.25,
    currency: 'MDL',
  },
  signature: '5wHkZvm9lFeXxSeFF0ui2CnAp7pCEFSNmuHYFYJlC0s=',
};
const DOCS_SIGNATURE_KEY = '8508706b-3454-4733-8295-56e617c4abcf';

describe("maib's callback signature", () => {
  it('sorts the values by key and appends the key, as the documentation spells it out', () => {
    expect(signingString(DOCS_NOTIFICATION.result, DOCS_SIGNATURE_KEY)).toBe(
      '10.25:327593:510218******1124:MDL:123:f16a9006-128a-46bc-8e2a-77a6ee99df75:331711380059:OK:000:Approved:AUTHENTICATED:8508706b-3454-4733-8295-56e617c4abcf',
    );
  });

  it('gives the documentation’s signature for its sample result, and verifies it', () => {
    expect(maibSignature(DOCS_NOTIFICATION.result, DOCS_SIGNATURE_KEY)).toBe(DOCS_NOTIFICATION.signature);
    expect(
      verifyMaibSignature(DOCS_NOTIFICATION.result, DOCS_NOTIFICATION.signature, DOCS_SIGNATURE_KEY),
    ).toBe(true);
  });

  it('refuses the sample with one value changed, another key, or another signature', () => {
    const result = DOCS_NOTIFICATION.result;
    expect(
      verifyMaibSignature({ ...result, amount: 10.26 }, DOCS_NOTIFICATION.signature, DOCS_SIGNATURE_KEY),
    ).toBe(false);
    expect(
      verifyMaibSignature({ ...result, status: 'FAILED' }, DOCS_NOTIFICATION.signature, DOCS_SIGNATURE_KEY),
    ).toBe(false);
    expect(verifyMaibSignature(result, DOCS_NOTIFICATION.signature, 'another-key')).toBe(false);
    expect(
      verifyMaibSignature(result, '5wHkZvm9lFeXxSeFF0ui2CnAp7pCEFSNmuHYFYJlC0s', DOCS_SIGNATURE_KEY),
    ).toBe(false);
    expect(verifyMaibSignature(result, '', DOCS_SIGNATURE_KEY)).toBe(false);
  });

  it('does not depend on the order of the keys as they arrive', () => {
    const reversed = Object.fromEntries(Object.entries(DOCS_NOTIFICATION.result).reverse());
    expect(maibSignature(reversed, DOCS_SIGNATURE_KEY)).toBe(DOCS_NOTIFICATION.signature);
  });

  it('reads values as PHP does after json_decode: 10.00 is "10", true "1", false and null ""', () => {
    expect(signingString({ b: 10.0, a: true, c: false, d: null, e: 0.1 + 0.2 }, 'k')).toBe('1:10:::0.3:k');
  });

  it('flattens nested lists and objects in PHP’s key order (list index "10" before "2")', () => {
    const items = Array.from({ length: 11 }, (_, index) => ({ quantity: index, id: `p${index}` }));
    const flat = signingString({ items, amount: 5 }, 'k').split(':');
    expect(flat.slice(0, 3)).toEqual(['5', 'p0', '0']);
    // ksort(SORT_STRING) on 0..10: 0, 1, 10, 2, ...
    expect(flat.slice(3, 7)).toEqual(['p1', '1', 'p10', '10']);
    expect(flat.at(-1)).toBe('k');
  });
});

import { describe, expect, it } from 'vitest';
import {
  fieldOfPointer,
  isInvalidLink,
  refusalCodeOf,
  refusalOf,
} from '#machines/sign-up/sign-up.refusal.rules.ts';

describe('refusalOf: every refusal of POST /public/join on its field or on the form', () => {
  it.each([
    ['EMAIL_TAKEN', 409, 'email'],
    ['PHONE_TAKEN', 409, 'phone'],
    ['UNDER_AGE', 422, 'birthDate'],
    ['PASSWORD_TOO_COMMON', 422, 'password'],
  ])('%s goes on the %s field', (code, status, field) => {
    expect(refusalOf({ status, code, details: [] })).toEqual({
      code,
      fields: { [field]: code },
      form: null,
    });
  });

  it('CONSENT_REQUIRED goes on each checkbox its details name', () => {
    const refusal = refusalOf({
      status: 422,
      code: 'CONSENT_REQUIRED',
      details: [{ location: 'body', path: '/consents/ethics_code', message: 'must accept edition 2' }],
    });
    expect(refusal).toEqual({
      code: 'CONSENT_REQUIRED',
      fields: { 'consents.ethics_code': 'CONSENT_REQUIRED' },
      form: null,
    });
  });

  it('VALIDATION_FAILED goes on each field its details name, or on the form when they name none', () => {
    expect(
      refusalOf({
        status: 422,
        code: 'VALIDATION_FAILED',
        details: [
          { location: 'body', path: '/phone', message: 'x' },
          { location: 'body', path: '/warehouseId', message: 'x' },
          { location: 'body', path: '/unknown', message: 'x' },
        ],
      }),
    ).toEqual({
      code: 'VALIDATION_FAILED',
      fields: { phone: 'VALIDATION_FAILED', warehouseId: 'VALIDATION_FAILED' },
      form: null,
    });
    expect(refusalOf({ status: 400, code: 'VALIDATION_FAILED', details: [{ path: '/altcha' }] })).toEqual({
      code: 'VALIDATION_FAILED',
      fields: {},
      form: 'VALIDATION_FAILED',
    });
  });

  it.each([
    [{ status: 422, code: 'CHALLENGE_FAILED', details: [{ path: '/altcha' }] }, 'CHALLENGE_FAILED'],
    [{ status: 404, code: 'NOT_FOUND' }, 'NOT_FOUND'],
    [{ status: 404 }, 'NOT_FOUND'],
    [{ status: 429 }, 'RATE_LIMITED'],
    [{ status: 429, code: 'RATE_LIMITED' }, 'RATE_LIMITED'],
    [{ status: 500, code: 'NETWORK_ERROR' }, 'NETWORK_ERROR'],
    [{ status: 503 }, 'HTTP_503'],
    [new Error('boom'), 'UNKNOWN'],
  ])('%o goes on the form as %s', (error, code) => {
    expect(refusalOf(error)).toEqual({ code, fields: {}, form: code });
    expect(refusalCodeOf(error)).toBe(code);
  });

  it('reads JSON pointers of the form only', () => {
    expect(fieldOfPointer('/consents/marketing_plan')).toBe('consents.marketing_plan');
    expect(fieldOfPointer('/fullName')).toBe('fullName');
    expect(fieldOfPointer('fullName')).toBeNull();
    expect(fieldOfPointer('/sponsor')).toBeNull();
    expect(fieldOfPointer(7)).toBeNull();
  });
});

describe('isInvalidLink', () => {
  it('is the alias refused (404, 400, 414), not a failure to retry', () => {
    expect(isInvalidLink({ status: 404, code: 'NOT_FOUND' })).toBe(true);
    expect(isInvalidLink({ status: 400, code: 'VALIDATION_FAILED' })).toBe(true);
    expect(isInvalidLink({ status: 414 })).toBe(true);
    expect(isInvalidLink({ status: 429, code: 'RATE_LIMITED' })).toBe(false);
    expect(isInvalidLink({ status: 500, code: 'NETWORK_ERROR' })).toBe(false);
    expect(isInvalidLink(new Error('x'))).toBe(false);
  });
});

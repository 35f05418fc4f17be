import { describe, expect, it } from 'vitest';
import { ApiRequestError, normaliseThrown } from '#src/api/errors.ts';
import { failureKind } from '#src/data/failure-kind.ts';

describe('failureKind: what a failed read tells the user, from the error alone', () => {
  it('no answer (network error, time-out, browser offline) is "offline"', () => {
    expect(failureKind(new ApiRequestError(normaliseThrown(new TypeError('Failed to fetch'))), true)).toBe(
      'offline',
    );
    const timeout = Object.assign(new Error('slow'), { name: 'TimeoutError' });
    expect(failureKind(new ApiRequestError(normaliseThrown(timeout)), true)).toBe('offline');
    expect(failureKind(new ApiRequestError({ status: 500 }), false)).toBe('offline');
  });

  it('401/403 is "forbidden", 404/410 "not-found", 5xx "server", any other 4xx or a bug "unknown"', () => {
    expect(failureKind(new ApiRequestError({ status: 403, code: 'FORBIDDEN' }), true)).toBe('forbidden');
    expect(failureKind({ status: 401 }, true)).toBe('forbidden');
    expect(failureKind(new ApiRequestError({ status: 404, code: 'NOT_FOUND' }), true)).toBe('not-found');
    expect(failureKind({ status: 410 }, true)).toBe('not-found');
    expect(failureKind(new ApiRequestError({ status: 503 }), true)).toBe('server');
    expect(failureKind({ status: 500, message: 'Internal' }, true)).toBe('server');
    expect(failureKind({ status: 422 }, true)).toBe('unknown');
    expect(failureKind(new Error('a bug'), true)).toBe('unknown');
    expect(failureKind(null, true)).toBe('unknown');
  });
});

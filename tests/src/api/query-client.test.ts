import type { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';

import { setFailureReporter } from '#src/api/failure-bridge.ts';
import { createQueryClient, retryDelay, shouldRetry, STALE_TIME_MS } from '#src/api/query-client.ts';

// The app registers its toast on the failure bridge (src/app/providers.tsx); a spy stands in for it here.
const showErrorToast = vi.fn();
setFailureReporter(showErrorToast);

describe('retry policy (spec sections 8 and 9)', () => {
  it('never retries a client error 400-499', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429, 499])
      expect(shouldRetry(0, { status })).toBe(false);
  });

  it('retries other failures up to 2 times', () => {
    for (const error of [
      { status: 500 },
      { status: 503 },
      { status: 500, code: 'TIMEOUT' },
      new Error('x'),
    ]) {
      expect(shouldRetry(0, error)).toBe(true);
      expect(shouldRetry(1, error)).toBe(true);
      expect(shouldRetry(2, error)).toBe(false);
    }
  });

  it('doubles the delay from 1 s, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(retryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('configures the cache with the policy', () => {
    const client = createQueryClient();
    const queries = client.getDefaultOptions().queries;
    expect(queries?.staleTime).toBe(STALE_TIME_MS);
    expect(STALE_TIME_MS).toBe(300_000);
    expect(queries?.refetchOnWindowFocus).toBe(true);
    expect(queries?.retry).toBe(shouldRetry);
    expect(queries?.retryDelay).toBe(retryDelay);
    expect(client.getDefaultOptions().mutations?.retry).toBe(false);
  });
});

describe('queries and mutations on the configured cache', () => {
  it('retries a 500 twice, then fails', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    const queryFn = vi.fn(async () => Promise.reject({ status: 500 }));
    const result = client.fetchQuery({ queryKey: ['x'], queryFn }).catch((error: unknown) => error);
    await vi.runAllTimersAsync();
    expect(await result).toEqual({ status: 500 });
    expect(queryFn).toHaveBeenCalledTimes(3);
    vi.useRealTimers();
  });

  it('does not retry a 404', async () => {
    const client = createQueryClient();
    const queryFn = vi.fn(async () => Promise.reject({ status: 404 }));
    await client.fetchQuery({ queryKey: ['y'], queryFn }).catch(() => undefined);
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('does not retry a failed mutation and shows it as a toast', async () => {
    const client: QueryClient = createQueryClient();
    const failure = { status: 500, code: 'INTERNAL' };
    const mutationFn = vi.fn(async () => Promise.reject(failure));
    const mutation = client.getMutationCache().build(client, { mutationFn });
    await mutation.execute(undefined).catch(() => undefined);
    expect(mutationFn).toHaveBeenCalledTimes(1);
    expect(showErrorToast).toHaveBeenCalledWith(failure);
  });

  it('leaves the toast out for a mutation that handles its own errors', async () => {
    showErrorToast.mockClear();
    const client = createQueryClient();
    const mutation = client.getMutationCache().build(client, {
      mutationFn: async () => Promise.reject({ status: 422 }),
      meta: { toast: false },
    });
    await mutation.execute(undefined).catch(() => undefined);
    expect(showErrorToast).not.toHaveBeenCalled();
  });
});

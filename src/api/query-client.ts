import { MutationCache, QueryClient } from '@tanstack/react-query';
import { isAbortError, statusOf } from './errors.ts';
import { reportFailure } from './failure-bridge.ts';

/** Spec section 9: cached reads stay fresh for 5 minutes. */
export const STALE_TIME_MS = 5 * 60 * 1000;
export const MAX_QUERY_RETRIES = 2;
export const RETRY_BASE_DELAY_MS = 1000;
export const RETRY_MAX_DELAY_MS = 30_000;

/** Spec section 8: no retry on 400-499; otherwise up to 2 retries. `failureCount` is 0 after the first failure. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = statusOf(error);
  if (status !== undefined && status >= 400 && status <= 499) return false;
  return failureCount < MAX_QUERY_RETRIES;
}

/** Spec section 9: 1 s, 2 s, 4 s, ... capped at 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(RETRY_BASE_DELAY_MS * 2 ** Math.max(attempt, 0), RETRY_MAX_DELAY_MS);
}

/**
 * The query cache with the spec's policy. Failed mutations are not retried and show a toast (spec section 8),
 * unless the mutation handles its own errors (`meta: { toast: false }`): they go to the failure bridge, where
 * the app's toast is registered.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.toast === false || isAbortError(error)) return;
        reportFailure(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME_MS,
        refetchOnWindowFocus: true,
        retry: shouldRetry,
        retryDelay,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

export const queryClient: QueryClient = createQueryClient();

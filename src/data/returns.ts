/**
 * Returns: every return endpoint wrapped once (an order's returns, one return, the warehouse's queue, the request
 * and the four actions), their `queryOptions`, and what a new copy of a return does to the cache.
 */
import { keepPreviousData, queryOptions, type QueryClient, useQuery } from '@tanstack/react-query';
import type { components } from '../../openapi/schema.d.ts';
import type { ReturnAttempt } from '../../machines/return-actions/return-request.machine.ts';
import type { PerformReturnActionInput } from '../../machines/return-actions/return-actions.machine.ts';
import type {
  ApiReturn,
  ApiReturnList,
  ReturnStatus,
} from '../../machines/return-actions/return-actions.types.ts';
import { api, type ApiClient, unwrap } from '../api/client.ts';
import { businessKeys, orderKeys, returnKeys } from './keys.ts';

export type ReturnPage = components['schemas']['ReturnPage'];
/** The queue's filter: one status, or every return. */
export type ReturnQueueFilter = ReturnStatus | 'all';

export const RETURNS_PAGE_SIZE = 20;

const withSignal = (signal: AbortSignal | undefined) => (signal === undefined ? {} : { signal });

export function createReturnsApi(client: ApiClient) {
  return {
    /** `GET /orders/{orderId}/returns`: the order's returns and what the policy allows now. */
    ofOrder(orderId: number, signal?: AbortSignal): Promise<ApiReturnList> {
      return unwrap(
        client.GET('/orders/{orderId}/returns', { params: { path: { orderId } }, ...withSignal(signal) }),
      );
    },
    /** `GET /returns/{returnId}`. */
    get(returnId: number, signal?: AbortSignal): Promise<ApiReturn> {
      return unwrap(
        client.GET('/returns/{returnId}', { params: { path: { returnId } }, ...withSignal(signal) }),
      );
    },
    /** `GET /returns?status=&page=&pageSize=`: the warehouse's returns with the counts by status. */
    queue(filter: ReturnQueueFilter, page: number, signal?: AbortSignal): Promise<ReturnPage> {
      return unwrap(
        client.GET('/returns', {
          params: {
            query: { page, pageSize: RETURNS_PAGE_SIZE, ...(filter === 'all' ? {} : { status: filter }) },
          },
          ...withSignal(signal),
        }),
      );
    },
    /** `POST /orders/{orderId}/returns` with the attempt's `Idempotency-Key`. */
    request({ key, orderId, body }: ReturnAttempt): Promise<ApiReturn> {
      return unwrap(
        client.POST('/orders/{orderId}/returns', {
          params: { path: { orderId }, header: { 'Idempotency-Key': key } },
          body,
        }),
      );
    },
    /** One action on a return, always with the version the caller last saw (a stale one is 409). */
    perform({ returnId, version, request }: PerformReturnActionInput): Promise<ApiReturn> {
      const params = { path: { returnId } };
      switch (request.kind) {
        case 'receive':
          return unwrap(
            client.POST('/returns/{returnId}/receive', { params, body: { version, lines: request.lines } }),
          );
        case 'accept':
          return unwrap(client.POST('/returns/{returnId}/accept', { params, body: { version } }));
        case 'refuse':
          return unwrap(
            client.POST('/returns/{returnId}/refuse', {
              params,
              body: { version, comment: request.comment },
            }),
          );
        case 'cancel':
          return unwrap(client.POST('/returns/{returnId}/cancel', { params, body: { version } }));
      }
    },
  };
}

export type ReturnsApi = ReturnType<typeof createReturnsApi>;

export const returnsApi: ReturnsApi = createReturnsApi(api);

export const returnQueries = {
  /**
   * Keyed by the order's version too: a return step anyone makes bumps it, so a fresher order (an action's answer,
   * the live stream) reads its returns again; the last answer is shown meanwhile.
   */
  ofOrder: (orderId: number, orderVersion: number) =>
    queryOptions({
      queryKey: returnKeys.ofOrderVersion(orderId, orderVersion),
      queryFn: ({ signal }) => returnsApi.ofOrder(orderId, signal),
      placeholderData: keepPreviousData,
    }),
  detail: (returnId: number) =>
    queryOptions({
      queryKey: returnKeys.detail(returnId),
      queryFn: ({ signal }) => returnsApi.get(returnId, signal),
    }),
  queue: (filter: ReturnQueueFilter, page: number) =>
    queryOptions({
      queryKey: returnKeys.queue(filter, page),
      queryFn: ({ signal }) => returnsApi.queue(filter, page, signal),
      placeholderData: keepPreviousData,
    }),
};

/**
 * A new copy of a return (an action's answer, a conflict's fresh return): its page takes it; the order's returns,
 * the queue and the order refresh; an accepted return changed the buyer's volumes, so the business figures too.
 */
export function storeReturn(queryClient: QueryClient, ret: ApiReturn): void {
  queryClient.setQueryData(returnKeys.detail(ret.id), ret);
  void queryClient.invalidateQueries({ queryKey: returnKeys.ofOrder(ret.orderId) });
  void queryClient.invalidateQueries({
    queryKey: returnKeys.all(),
    predicate: (query) => query.queryKey[1] === 'queue',
  });
  void queryClient.invalidateQueries({ queryKey: orderKeys.detail(ret.orderId) });
  if (ret.status === 'accepted') void queryClient.invalidateQueries({ queryKey: businessKeys.all() });
}

export function useOrderReturns(orderId: number, orderVersion: number, enabled = true) {
  return useQuery({ ...returnQueries.ofOrder(orderId, orderVersion), enabled });
}

export function useReturnQuery(returnId: number) {
  return useQuery(returnQueries.detail(returnId));
}

export function useReturnQueue(filter: ReturnQueueFilter, page: number, enabled = true) {
  return useQuery({ ...returnQueries.queue(filter, page), enabled });
}

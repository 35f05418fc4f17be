/**
 * Orders: every order endpoint wrapped once (read one, the two lists, the lifecycle actions, the 1C re-queue,
 * payment, creation), their `queryOptions`, and what a new copy of an order does to the cache.
 */
import { keepPreviousData, queryOptions, type QueryClient, useQuery } from '@tanstack/react-query';
import type { components } from '../../openapi/schema.d.ts';
import type { ApiOrder, PerformActionInput } from '../../machines/order-actions/order-actions.types.ts';
import type { PendingSubmission } from '../../machines/checkout/checkout.types.ts';
import { api, type ApiClient, unwrap } from '../api/client.ts';
import type { Locale } from '../i18n/i18n.ts';
import { toPaymentFormData } from './payment-form-data.ts';
import { queueQuery } from './warehouse-queue.ts';
import { orderKeys, type UserOrderTab, type WarehouseListParams } from './keys.ts';

export type Order = components['schemas']['Order'];
export type OrderSummary = components['schemas']['OrderSummary'];
export type OrderSummaryPage = components['schemas']['OrderSummaryPage'];
export type PaymentSession = components['schemas']['PaymentSession'];
export type { UserOrderTab, WarehouseListParams };

export const USER_ORDER_TABS: readonly UserOrderTab[] = ['current', 'cancelled', 'closed'];
export const MY_ORDERS_PAGE_SIZE = 20;

/** Where a payment was started, sent to the provider as `meta.source` (the contract's free-form JSON). */
export type PaymentSource = 'order-page' | 'my-orders' | 'payment-return' | 'checkout';

export interface PaymentRequest {
  orderId: number;
  locale: Locale;
  source: PaymentSource;
}

const withSignal = (signal: AbortSignal | undefined) => (signal === undefined ? {} : { signal });

export function createOrdersApi(client: ApiClient) {
  return {
    /** `GET /orders/get/{id}`. */
    get(id: number, signal?: AbortSignal): Promise<ApiOrder> {
      return unwrap(client.GET('/orders/get/{id}', { params: { path: { id } }, ...withSignal(signal) }));
    },
    /** `GET /orders/get/list/user?tab=&page=&pageSize=`: the caller's orders of a tab, newest first. */
    listMine(tab: UserOrderTab, page: number, signal?: AbortSignal): Promise<OrderSummaryPage> {
      return unwrap(
        client.GET('/orders/get/list/user', {
          params: { query: { tab, page, pageSize: MY_ORDERS_PAGE_SIZE } },
          ...withSignal(signal),
        }),
      );
    },
    /** `GET /orders/get/list/warehouse`: one page of the tab (sorted, filtered, searched), with the count per tab. */
    listWarehouse(params: WarehouseListParams, signal?: AbortSignal) {
      return unwrap(
        client.GET('/orders/get/list/warehouse', {
          params: {
            query: {
              tab: params.tab,
              page: params.page,
              pageSize: params.pageSize,
              ...(params.q === '' ? {} : { q: params.q }),
              ...queueQuery(params),
            },
          },
          ...withSignal(signal),
        }),
      );
    },
    /** One order action, always with the version the caller last saw (a stale one is 409 `VERSION_CONFLICT`). */
    perform({ orderId, version, request }: PerformActionInput): Promise<ApiOrder> {
      const path = { id: orderId };
      switch (request.kind) {
        case 'status':
          return unwrap(
            client.POST('/orders/set/{id}/status', {
              params: {
                path,
                query: {
                  status: request.status,
                  version,
                  ...(request.comment === undefined ? {} : { comment: request.comment }),
                  ...(request.pickupPointId === undefined ? {} : { pickupPointId: request.pickupPointId }),
                },
              },
            }),
          );
        case 'decline':
          return unwrap(
            client.POST('/orders/set/{id}/decline', {
              params: { path, query: { comment: request.comment, version } },
            }),
          );
        case 'confirmPartial':
          return unwrap(
            client.POST('/orders/set/{id}/confirm-partial', {
              params: { path },
              body: { version, note: request.note, lines: request.lines },
            }),
          );
        case 'handOver':
          return unwrap(
            client.POST('/orders/set/{id}/hand-over', {
              params: { path },
              body: { version, code: request.code },
            }),
          );
        case 'comment':
          return unwrap(
            client.POST('/orders/set/{id}/comment', {
              params: { path, query: { comment: request.comment, version } },
            }),
          );
        case 'requeue':
          // `POST /orders/set/{id}/exchange-requeue?version=`: queue a failed 1C exchange again.
          return unwrap(
            client.POST('/orders/set/{id}/exchange-requeue', { params: { path, query: { version } } }),
          );
      }
    },
    /**
     * `POST /payment/pay` as multipart form data: the order, the provider page's language and a JSON `meta`
     * saying where the payment was started. Resolves with the provider page to send the browser to.
     */
    startPayment({ orderId, locale, source }: PaymentRequest): Promise<PaymentSession> {
      return unwrap(
        client.POST('/payment/pay', {
          body: { orderId, locale, meta: JSON.stringify({ source }) },
          bodySerializer: (body) =>
            toPaymentFormData({ orderId: body.orderId, locale: body.locale, meta: body.meta }),
        }),
      );
    },
    /** `POST /orders/create` with the pending `Idempotency-Key` and body. */
    create({ key, body }: PendingSubmission): Promise<ApiOrder> {
      return unwrap(client.POST('/orders/create', { params: { header: { 'Idempotency-Key': key } }, body }));
    },
  };
}

export type OrdersApi = ReturnType<typeof createOrdersApi>;

export const ordersApi: OrdersApi = createOrdersApi(api);

/** How often, and how many times, an order whose card payment is due is read again on the payment return page. */
const PAYMENT_POLL_MS = 3000;
const PAYMENT_POLL_TIMES = 10;

export const orderQueries = {
  detail: (id: number) =>
    queryOptions({ queryKey: orderKeys.detail(id), queryFn: ({ signal }) => ordersApi.get(id, signal) }),
  /** The same entry as `detail`, read again every 3 s while the card payment is still due (10 times at most). */
  detailWhilePaymentDue: (id: number) =>
    queryOptions({
      ...orderQueries.detail(id),
      refetchInterval: (query) => {
        const order = query.state.data;
        const attempts = query.state.dataUpdateCount;
        return order !== undefined && order.paymentState === 'need_pay' && attempts < PAYMENT_POLL_TIMES
          ? PAYMENT_POLL_MS
          : false;
      },
    }),
  mine: (tab: UserOrderTab, page: number) =>
    queryOptions({
      queryKey: orderKeys.mine(tab, page),
      queryFn: ({ signal }) => ordersApi.listMine(tab, page, signal),
      placeholderData: keepPreviousData,
    }),
  warehouse: (params: WarehouseListParams) =>
    queryOptions({
      queryKey: orderKeys.warehouse(params),
      queryFn: ({ signal }) => ordersApi.listWarehouse(params, signal),
      placeholderData: keepPreviousData,
    }),
};

/** A new copy of an order (an action's answer, a conflict's fresh order, an event): its page takes it, lists refresh. */
export function storeOrder(queryClient: QueryClient, order: ApiOrder): void {
  queryClient.setQueryData(orderKeys.detail(order.id), order);
  void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
}

/** Something changed orders the cache cannot patch (a payment started, an order created): read them all again. */
export function refreshOrders(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: orderKeys.all() });
}

export function useOrderQuery(id: number) {
  return useQuery(orderQueries.detail(id));
}

/** `GET /orders/get/{id}` on the payment return page: re-read while the card payment is due. */
export function usePaymentOrder(orderId: number | null, enabled: boolean) {
  return useQuery({
    ...orderQueries.detailWhilePaymentDue(orderId ?? 0),
    enabled: enabled && orderId !== null,
  });
}

export function useMyOrders(tab: UserOrderTab, page: number) {
  return useQuery(orderQueries.mine(tab, page));
}

export function useWarehouseOrdersQuery(params: WarehouseListParams) {
  return useQuery(orderQueries.warehouse(params));
}

import { useQuery } from '@tanstack/react-query';
import type { ApiOrder, PerformActionInput } from '../../../machines/order-actions/order-actions.types.ts';
import { api, unwrap } from '../../api/client.ts';
import type { Locale } from '../../i18n/i18n.ts';

/** Every order query lives under `['orders', ...]`: a change to one order invalidates the lists with it. */
export const ordersQueryKey = ['orders'] as const;
export const orderQueryKey = (id: number) => ['orders', 'detail', id] as const;
export const orderParamsQueryKey = ['users', 'order-params'] as const;

export function fetchOrder(id: number, signal?: AbortSignal): Promise<ApiOrder> {
  return unwrap(api.GET('/orders/get/{id}', { params: { path: { id } }, ...(signal ? { signal } : {}) }));
}

export function useOrderQuery(id: number) {
  return useQuery({ queryKey: orderQueryKey(id), queryFn: ({ signal }) => fetchOrder(id, signal) });
}

/** The order parameters (pickup threshold); the distributor's page reads `pickupThreshold.minPv`. */
export function useOrderParamsQuery(enabled: boolean) {
  return useQuery({
    queryKey: orderParamsQueryKey,
    queryFn: ({ signal }) => unwrap(api.GET('/users/warehouses/get-order-params', { signal })),
    enabled,
  });
}

/** One order action, always with the version the caller last saw (a stale one is 409 `VERSION_CONFLICT`). */
export function performOrderAction({ orderId, version, request }: PerformActionInput): Promise<ApiOrder> {
  const path = { id: orderId };
  switch (request.kind) {
    case 'status':
      return unwrap(
        api.POST('/orders/set/{id}/status', {
          params: {
            path,
            query: {
              status: request.status,
              version,
              ...(request.comment === undefined ? {} : { comment: request.comment }),
            },
          },
        }),
      );
    case 'decline':
      return unwrap(
        api.POST('/orders/set/{id}/decline', {
          params: { path, query: { comment: request.comment, version } },
        }),
      );
    case 'confirmPartial':
      return unwrap(
        api.POST('/orders/set/{id}/confirm-partial', {
          params: { path },
          body: { version, note: request.note, lines: request.lines },
        }),
      );
    case 'comment':
      return unwrap(
        api.POST('/orders/set/{id}/comment', {
          params: { path, query: { comment: request.comment, version } },
        }),
      );
  }
}

/** `POST /payment/pay` (multipart form data): the provider page to send the browser to. */
export function startOrderPayment(orderId: number, locale: Locale): Promise<{ paymentUrl: string }> {
  return unwrap(
    api.POST('/payment/pay', {
      body: { orderId, locale },
      bodySerializer: (body) => {
        const form = new FormData();
        form.append('orderId', String(body.orderId));
        if (body.locale !== undefined) form.append('locale', body.locale);
        return form;
      },
    }),
  );
}

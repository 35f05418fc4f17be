import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema.d.ts';
import { api, unwrap } from '../../api/client.ts';
import type { Locale } from '../../i18n/i18n.ts';
import { orderQueryKey } from '../order-view/order-view.queries.ts';
import { toPaymentFormData } from './payment-form-data.ts';

export type PaymentSession = components['schemas']['PaymentSession'];

/** Every order query lives under `['orders', …]` (lists and details), so a payment refreshes them all. */
export const ordersRootKey = ['orders'] as const;

/**
 * `POST /payment/pay` as multipart form data: the order, the provider page's language and a JSON `meta` object
 * saying where the payment was started. Resolves with the provider page to send the browser to.
 */
export function startPayment(orderId: number, locale: Locale, source: string): Promise<PaymentSession> {
  return unwrap(
    api.POST('/payment/pay', {
      body: { orderId, locale, meta: JSON.stringify({ source }) },
      bodySerializer: (body) =>
        toPaymentFormData({ orderId: body.orderId, locale: body.locale, meta: body.meta }),
    }),
  );
}

/** Sends the browser to the payment provider's page (it leaves the SPA). */
export function goToPaymentPage(url: string): void {
  window.location.assign(url);
}

/**
 * Starts (or retries) the payment of an order and goes to the provider page. The failure is shown by the caller
 * (`meta: { toast: false }`), next to the button that failed.
 */
export function usePayOrder(locale: Locale, source: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: number) => startPayment(orderId, locale, source),
    meta: { toast: false },
    onSuccess: async (session) => {
      await queryClient.invalidateQueries({ queryKey: ordersRootKey });
      goToPaymentPage(session.paymentUrl);
    },
  });
}

/** `GET /orders/get/{id}`, in the same cache entry as the order page. While a payment is pending it is re-read. */
export function usePaymentOrder(orderId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: orderQueryKey(orderId ?? 0),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/orders/get/{id}', { params: { path: { id: orderId ?? 0 } }, signal })),
    enabled: enabled && orderId !== null,
    refetchInterval: (query) => {
      const order = query.state.data;
      const attempts = query.state.dataUpdateCount;
      return order !== undefined && order.paymentState === 'need_pay' && attempts < 10 ? 3000 : false;
    },
  });
}

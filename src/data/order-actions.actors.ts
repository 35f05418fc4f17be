/**
 * The order-actions machine with the app's calls: one place where its actors and actions are provided
 * (`provideOrderActions`, tested with fakes), and the hook the order pages, the orders list and the payment return
 * page use. Every payment of an existing order goes through this machine's `paying` state.
 */
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { orderActionsMachine } from '../../machines/order-actions/order-actions.machine.ts';
import {
  type OrderActionsView,
  selectOrderActionsView,
} from '../../machines/order-actions/order-actions.selectors.ts';
import type {
  ApiOrder,
  OrderActionsEvent,
  PerformActionInput,
  ViewerRole,
} from '../../machines/order-actions/order-actions.types.ts';
import { type Locale, useLocale } from '../i18n/i18n.ts';
import { type OrdersApi, ordersApi, type PaymentSource, refreshOrders, storeOrder } from './orders.ts';

export interface OrderActionsDeps {
  api: Pick<OrdersApi, 'perform' | 'get' | 'startPayment'>;
  queryClient: QueryClient;
  locale: Locale;
  /** Where a payment is started from (sent to the provider as `meta.source`). */
  source: PaymentSource;
  /** Leaves the SPA for the provider's page. */
  openPaymentPage: (url: string) => void;
}

export function provideOrderActions({ api, queryClient, locale, source, openPaymentPage }: OrderActionsDeps) {
  return orderActionsMachine.provide({
    actors: {
      performAction: fromPromise<ApiOrder, PerformActionInput>(({ input }) => api.perform(input)),
      loadOrder: fromPromise<ApiOrder, { orderId: number }>(({ input }) => api.get(input.orderId)),
      startPayment: fromPromise<{ paymentUrl: string }, { orderId: number }>(async ({ input }) => {
        const session = await api.startPayment({ orderId: input.orderId, locale, source });
        await refreshOrders(queryClient);
        return session;
      }),
    },
    actions: {
      orderChanged: (_, { order }) => storeOrder(queryClient, order),
      openPaymentPage: (_, { paymentUrl }) => openPaymentPage(paymentUrl),
    },
  });
}

/** Sends the browser to the payment provider's page (it leaves the SPA). */
export function goToPaymentPage(url: string): void {
  window.location.assign(url);
}

/**
 * Runs the order-actions machine for one order. Every new copy of the order (an action's answer, the fresh order
 * of a conflict) goes into the query cache and the order lists refresh; a refetched copy of the query flows back
 * into the machine. Answers the view model and `send`.
 */
export function useOrderActions(
  order: ApiOrder,
  role: ViewerRole,
  source: PaymentSource = 'order-page',
): [OrderActionsView, (event: OrderActionsEvent) => void] {
  const queryClient = useQueryClient();
  const locale = useLocale();
  const logic = useMemo(
    () =>
      provideOrderActions({ api: ordersApi, queryClient, locale, source, openPaymentPage: goToPaymentPage }),
    [queryClient, locale, source],
  );
  const actorRef = useActorRef(logic, { input: { order, role } });
  const view = useSelector(actorRef, selectOrderActionsView);

  useEffect(() => {
    actorRef.send({ type: 'order.refreshed', order });
  }, [actorRef, order]);

  const send = useMemo(() => actorRef.send.bind(actorRef), [actorRef]);
  return [view, send];
}

export interface OrderPayment {
  /** Sends `payment.start` (the machine checks the lifecycle allows paying now). */
  pay: () => void;
  /** The payment session is being asked for. */
  pending: boolean;
  /** The browser is on its way to the provider's page. */
  started: boolean;
  /** The payment could not be started. */
  failed: boolean;
  /** Why it could not (`PAYMENT_PROVIDER_UNAVAILABLE`, `PAYMENT_NOT_ALLOWED`, `NETWORK_ERROR`…), else null. */
  errorCode: string | null;
}

/** The Pay button of an order (orders list, payment return page): the order-actions machine's `paying` state. */
export function useOrderPayment(order: ApiOrder, source: PaymentSource): OrderPayment {
  const [view, send] = useOrderActions(order, 'distributor', source);
  return {
    pay: () => send({ type: 'payment.start' }),
    pending: view.mode === 'paying',
    started: view.mode === 'redirecting',
    failed: view.notice === 'failed',
    errorCode: view.notice === 'failed' ? view.errorCode : null,
  };
}

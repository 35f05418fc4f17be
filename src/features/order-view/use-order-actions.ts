import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { orderActionsMachine } from '../../../machines/order-actions/order-actions.machine.ts';
import {
  type OrderActionsView,
  selectOrderActionsView,
} from '../../../machines/order-actions/order-actions.selectors.ts';
import type {
  ApiOrder,
  OrderActionsEvent,
  PerformActionInput,
  ViewerRole,
} from '../../../machines/order-actions/order-actions.types.ts';
import { useLocale } from '../../i18n/i18n.ts';
import {
  fetchOrder,
  orderQueryKey,
  ordersQueryKey,
  performOrderAction,
  startOrderPayment,
} from './order-view.queries.ts';

/**
 * Runs the order-actions machine for one order with the app's calls injected. Every new copy of the order (an
 * action's answer, the fresh order of a conflict) goes into the query cache and the order lists are invalidated;
 * a refetched copy of the query flows back into the machine. Answers the view model and `send`.
 */
export function useOrderActions(
  order: ApiOrder,
  role: ViewerRole,
): [OrderActionsView, (event: OrderActionsEvent) => void] {
  const queryClient = useQueryClient();
  const locale = useLocale();
  const logic = useMemo(
    () =>
      orderActionsMachine.provide({
        actors: {
          performAction: fromPromise<ApiOrder, PerformActionInput>(({ input }) => performOrderAction(input)),
          loadOrder: fromPromise<ApiOrder, { orderId: number }>(({ input }) => fetchOrder(input.orderId)),
          startPayment: fromPromise<{ paymentUrl: string }, { orderId: number }>(({ input }) =>
            startOrderPayment(input.orderId, locale),
          ),
        },
        actions: {
          orderChanged: (_, { order: changed }) => {
            queryClient.setQueryData(orderQueryKey(changed.id), changed);
            void queryClient.invalidateQueries({
              queryKey: ordersQueryKey,
              predicate: (query) => query.queryKey[1] !== 'detail',
            });
          },
          openPaymentPage: (_, { paymentUrl }) => {
            window.location.assign(paymentUrl);
          },
        },
      }),
    [queryClient, locale],
  );
  const actorRef = useActorRef(logic, { input: { order, role } });
  const view = useSelector(actorRef, selectOrderActionsView);

  useEffect(() => {
    actorRef.send({ type: 'order.refreshed', order });
  }, [actorRef, order]);

  const send = useMemo(() => actorRef.send.bind(actorRef), [actorRef]);
  return [view, send];
}

/**
 * The bulk machine with the app's calls, provided in one place (`provideOrderBulk`, testable with fakes): the
 * action goes to `POST /orders/bulk`; when it answers, every order list and the home's queues are read again.
 */
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { orderBulkMachine } from '#machines/order-bulk/order-bulk.machine.ts';
import type { BulkAnswer, BulkSubmission } from '#machines/order-bulk/order-bulk.types.ts';
import { orderKeys } from '#src/data/keys.ts';
import { type WarehouseQueueApi, warehouseQueueApi } from '#src/data/warehouse-queue.ts';

export interface OrderBulkDeps {
  api: Pick<WarehouseQueueApi, 'bulk'>;
  queryClient: QueryClient;
}

export function provideOrderBulk({ api, queryClient }: OrderBulkDeps) {
  return orderBulkMachine.provide({
    actors: {
      submitBulk: fromPromise<BulkAnswer, BulkSubmission>(({ input }) => api.bulk(input)),
    },
    actions: {
      ordersChanged: () => {
        void queryClient.invalidateQueries({ queryKey: orderKeys.all() });
      },
    },
  });
}

/** The queue's bulk actor (one per list page). */
export function useOrderBulk() {
  const queryClient = useQueryClient();
  const logic = useMemo(() => provideOrderBulk({ api: warehouseQueueApi, queryClient }), [queryClient]);
  return useActorRef(logic);
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema.d.ts';
import { api, unwrap } from '../../api/client.ts';

export type Order = components['schemas']['Order'];

/** Every order query lives under `['orders', …]` (lists and details): a re-queue refreshes them all. */
const ordersRootKey = ['orders'] as const;

/** `POST /orders/set/{id}/exchange-requeue?version=`: queue a failed 1C exchange again. */
export function requeueExchange(orderId: number, version: number): Promise<Order> {
  return unwrap(
    api.POST('/orders/set/{id}/exchange-requeue', { params: { path: { id: orderId }, query: { version } } }),
  );
}

/**
 * The re-queue action for one order. Errors toast through the query cache (a stale version says the order
 * changed); either way the order queries are refreshed so the block shows the state the server has.
 */
export function useRequeueExchange(orderId: number, version: number, onRequeued?: (order: Order) => void) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => requeueExchange(orderId, version),
    onSuccess: (order) => onRequeued?.(order),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersRootKey }),
  });
  return {
    requeue: () => mutation.mutate(),
    pending: mutation.isPending,
  };
}

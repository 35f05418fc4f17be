/**
 * What the live-event stream keeps in the query cache besides orders: who views an order (presence) and which
 * orders arrived at the warehouse since its list was read (the "N new orders" pill). Client-only entries: they have
 * no query function and never go stale; the events actor and the presence machine write them.
 */
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LiveViewer } from '../../machines/events/events.types.ts';
import { orderKeys } from './keys.ts';

export const liveKeys = {
  presence: (orderId: number) => ['live', 'presence', orderId] as const,
  arrivedOrders: () => ['live', 'arrived-orders'] as const,
};

const clientOnly = { staleTime: Infinity, gcTime: Infinity, enabled: false } as const;

export function setViewers(queryClient: QueryClient, orderId: number, viewers: LiveViewer[]): void {
  queryClient.setQueryData(liveKeys.presence(orderId), viewers);
}

/** Who views the order now (empty until the first heartbeat answer or presence event). */
export function useViewers(orderId: number): LiveViewer[] {
  return (
    useQuery({ queryKey: liveKeys.presence(orderId), queryFn: () => [] as LiveViewer[], ...clientOnly })
      .data ?? []
  );
}

/** Remembers an order the warehouse did not have when its list was read. */
export function noteArrivedOrder(queryClient: QueryClient, orderId: number): void {
  queryClient.setQueryData<number[]>(liveKeys.arrivedOrders(), (ids = []) =>
    ids.includes(orderId) ? ids : [...ids, orderId],
  );
}

export function clearArrivedOrders(queryClient: QueryClient): void {
  queryClient.setQueryData<number[]>(liveKeys.arrivedOrders(), []);
}

/** Ids of the orders that arrived since the warehouse list was last read. */
export function useArrivedOrders(): number[] {
  return (
    useQuery({ queryKey: liveKeys.arrivedOrders(), queryFn: () => [] as number[], ...clientOnly }).data ?? []
  );
}

/** The "N new orders" pill: how many arrived orders the shown page lacks, and the click that brings them in. */
export function useArrivedOrdersPill(shownIds: readonly number[]): { count: number; show: () => void } {
  const queryClient = useQueryClient();
  const arrived = useArrivedOrders();
  const count = arrived.filter((id) => !shownIds.includes(id)).length;
  const show = () => {
    clearArrivedOrders(queryClient);
    void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
  };
  return { count, show };
}

type JoinListener = (sponsorId: number) => void;
const joinListeners = new Set<JoinListener>();

/**
 * Tells whoever draws the genealogy tree that a distributor joined under `sponsorId` (a live `network` event): the
 * tree is a machine, not a cached query, so it listens here (src/features/my-network/use-genealogy.ts).
 */
export function noteNetworkJoin(sponsorId: number): void {
  for (const listener of joinListeners) listener(sponsorId);
}

/** Listens for `noteNetworkJoin`; answers the function that stops listening. */
export function onNetworkJoin(listener: JoinListener): () => void {
  joinListeners.add(listener);
  return () => joinListeners.delete(listener);
}

import { useQuery } from '@tanstack/react-query';
import { warehouseTab } from '../../machines/order-lifecycle/order-lifecycle.status.rules.ts';
import type { OrderStatus, WarehouseTab } from '../../machines/order-lifecycle/order-lifecycle.types.ts';
import { orderKeys } from './keys.ts';
import { ordersApi } from './orders.ts';

/** The first orders of a warehouse tab: enough to find one other than the order just handled. */
const LOOK_AHEAD = 2;

export interface NextOrder {
  tab: WarehouseTab;
  /** The next order of the tab (not `currentId`); null when the tab holds no other order. */
  id: number | null;
  number: string | null;
}

/**
 * Staff's "Next order in this tab" after an action: the first order of the tab `fromStatus` belongs to, other than
 * the one just handled. Read only once an action was answered (`fromStatus` not null); under the order lists' key,
 * so every order change refreshes it.
 */
export function useNextWarehouseOrder(fromStatus: OrderStatus | null, currentId: number): NextOrder | null {
  const tab = fromStatus === null ? null : warehouseTab(fromStatus);
  const query = useQuery({
    queryKey: [...orderKeys.lists(), 'next', tab, currentId] as const,
    queryFn: ({ signal }) =>
      ordersApi.listWarehouse({ tab: tab ?? 'new', q: '', page: 1, pageSize: LOOK_AHEAD + 1 }, signal),
    enabled: tab !== null,
  });
  if (tab === null || query.data === undefined) return null;
  const next = query.data.items.find((item) => item.id !== currentId);
  return { tab, id: next?.id ?? null, number: next?.number ?? null };
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { WarehouseTab } from '../../../machines/order-lifecycle/order-lifecycle.types.ts';
import { api, unwrap } from '../../api/client.ts';

export interface WarehouseListParams {
  tab: WarehouseTab;
  q: string;
  page: number;
  pageSize: number;
}

/** Under `['orders', ...]` so that an order change (the order pages invalidate `['orders']`) refreshes the list. */
export const warehouseOrdersQueryKey = (params: WarehouseListParams) =>
  ['orders', 'warehouse', params] as const;

/** `GET /orders/get/list/warehouse`: one page of the tab, newest first, with the count per tab. */
export function useWarehouseOrdersQuery(params: WarehouseListParams) {
  return useQuery({
    queryKey: warehouseOrdersQueryKey(params),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/orders/get/list/warehouse', {
          params: {
            query: {
              tab: params.tab,
              page: params.page,
              pageSize: params.pageSize,
              ...(params.q === '' ? {} : { q: params.q }),
            },
          },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

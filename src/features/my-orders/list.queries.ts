import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema.d.ts';
import { api, unwrap } from '../../api/client.ts';

export type UserOrderTab = components['schemas']['UserOrderTab'];
export type OrderSummary = components['schemas']['OrderSummary'];
export type OrderSummaryPage = components['schemas']['OrderSummaryPage'];

export const USER_ORDER_TABS: readonly UserOrderTab[] = ['current', 'cancelled', 'closed'];
export const MY_ORDERS_PAGE_SIZE = 20;

/** Under `['orders', …]` like every order query, so creating, paying or changing an order refreshes the list. */
export const myOrdersQueryKey = (tab: UserOrderTab, page: number) => ['orders', 'mine', tab, page] as const;

/** `GET /orders/get/list/user?tab=&page=&pageSize=`: the caller's orders of a tab, newest first. */
export function useMyOrders(tab: UserOrderTab, page: number) {
  return useQuery({
    queryKey: myOrdersQueryKey(tab, page),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/orders/get/list/user', {
          params: { query: { tab, page, pageSize: MY_ORDERS_PAGE_SIZE } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

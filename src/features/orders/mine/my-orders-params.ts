/**
 * My orders' place in the address (`?tab=&page=`). A module of its own, without the screen's view: the route's first
 * read (src/app/route-data.ts) needs only this.
 */
import { USER_ORDER_TABS, type UserOrderTab } from '../../../data/orders.ts';

export function tabOf(value: string | null): UserOrderTab {
  return USER_ORDER_TABS.find((tab) => tab === value) ?? 'current';
}

export function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

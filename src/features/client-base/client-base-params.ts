/**
 * The client base's state in the address (`?q=&page=`) and the page of clients it asks for. A module of its own,
 * without the screen's view: the route's first read (src/app/route-data.ts) needs only this.
 */
import type { ClientsQuery } from '../../data/network.ts';
import { positiveInt } from '../../ui/list-controls.tsx';

export const CLIENTS_PAGE_SIZE = 20;

export function clientsQueryOf(search: URLSearchParams): ClientsQuery {
  const q = (search.get('q') ?? '').trim();
  return {
    page: positiveInt(search.get('page'), 1),
    pageSize: CLIENTS_PAGE_SIZE,
    ...(q === '' ? {} : { q }),
  };
}

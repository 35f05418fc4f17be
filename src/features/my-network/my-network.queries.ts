import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { components, operations } from '../../../openapi/schema.d.ts';
import { api, type ApiClient, unwrap } from '../../api/client.ts';
import type { ChildrenRequest } from '../../../machines/genealogy/genealogy.types.ts';

export type NetworkNode = components['schemas']['NetworkNode'];
export type NetworkView = components['schemas']['NetworkView'];
export type NetworkNodePage = components['schemas']['NetworkNodePage'];
export type NetworkSearchQuery = NonNullable<operations['searchMyNetwork']['parameters']['query']>;
export type NetworkSort = NonNullable<NetworkSearchQuery['sort']>;
export type SortOrder = NonNullable<NetworkSearchQuery['order']>;

/** Every network read lives under this key. */
export const networkQueryRoot = ['users', 'my-network'] as const;
export const networkSearchQueryKey = (query: NetworkSearchQuery) =>
  [...networkQueryRoot, 'search', query] as const;
export const networkNodeQueryKey = (id: number) => [...networkQueryRoot, 'node', id] as const;

const withSignal = (signal: AbortSignal | undefined) => (signal === undefined ? {} : { signal });

/** The genealogy reads of the contract; each returns data or throws the normalised error. */
export function createNetworkApi(client: ApiClient) {
  return {
    /** `GET /users/my-network` (`nodeId: null`) or `GET /users/my-network/{id}`: a node and a page of children. */
    loadChildren(request: ChildrenRequest, signal?: AbortSignal): Promise<NetworkView> {
      const query = { page: request.page, pageSize: request.pageSize };
      if (request.nodeId === null) {
        return unwrap(client.GET('/users/my-network', { params: { query }, ...withSignal(signal) }));
      }
      return unwrap(
        client.GET('/users/my-network/{id}', {
          params: { path: { id: request.nodeId }, query },
          ...withSignal(signal),
        }),
      );
    },
    /** `GET /users/my-network/search`: a page of the whole downline, searched and sorted. */
    search(query: NetworkSearchQuery, signal?: AbortSignal): Promise<NetworkNodePage> {
      return unwrap(client.GET('/users/my-network/search', { params: { query }, ...withSignal(signal) }));
    },
  };
}

export const networkApi = createNetworkApi(api);

/** One page of the downline list; the previous page stays on screen while the next one loads. */
export function useNetworkSearch(query: NetworkSearchQuery) {
  return useQuery({
    queryKey: networkSearchQueryKey(query),
    queryFn: ({ signal }) => networkApi.search(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** One distributor of the downline (the card): the node with a one-child page, since only the node is shown. */
export function useNetworkNode(id: number) {
  return useQuery({
    queryKey: networkNodeQueryKey(id),
    queryFn: ({ signal }) => networkApi.loadChildren({ nodeId: id, page: 1, pageSize: 1 }, signal),
  });
}

/**
 * The size of the whole downline (for the export's progress): the search's total, one row asked for. Counting a
 * large downline costs the server a scan, so it is asked only when `enabled` (while a download runs).
 */
export function useDownlineTotal(enabled: boolean) {
  return useQuery({
    queryKey: networkSearchQueryKey({ page: 1, pageSize: 1 }),
    queryFn: ({ signal }) => networkApi.search({ page: 1, pageSize: 1 }, signal),
    select: (page) => page.total,
    enabled,
  });
}

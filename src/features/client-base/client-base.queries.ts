import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { components, operations } from '../../../openapi/schema.d.ts';
import { api, type ApiClient, unwrap } from '../../api/client.ts';

export type Client = components['schemas']['Client'];
export type ClientPage = components['schemas']['ClientPage'];
export type ClientDetail = components['schemas']['ClientDetail'];
export type ClientOrder = ClientDetail['orders'][number];
export type ClientsQuery = NonNullable<operations['listClients']['parameters']['query']>;

export const clientsQueryRoot = ['users', 'clients'] as const;
export const clientsListQueryKey = (query: ClientsQuery) => [...clientsQueryRoot, 'list', query] as const;
export const clientQueryKey = (id: number) => [...clientsQueryRoot, 'detail', id] as const;

const withSignal = (signal: AbortSignal | undefined) => (signal === undefined ? {} : { signal });

/** The client base reads of the contract; each returns data or throws the normalised error. */
export function createClientBaseApi(client: ApiClient) {
  return {
    /** `GET /users/clients`: a page of the caller's clients, newest first. */
    list(query: ClientsQuery, signal?: AbortSignal): Promise<ClientPage> {
      return unwrap(client.GET('/users/clients', { params: { query }, ...withSignal(signal) }));
    },
    /** `GET /users/clients/{id}`: one client with their orders. */
    get(id: number, signal?: AbortSignal): Promise<ClientDetail> {
      return unwrap(client.GET('/users/clients/{id}', { params: { path: { id } }, ...withSignal(signal) }));
    },
  };
}

export const clientBaseApi = createClientBaseApi(api);

export function useClients(query: ClientsQuery) {
  return useQuery({
    queryKey: clientsListQueryKey(query),
    queryFn: ({ signal }) => clientBaseApi.list(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useClient(id: number) {
  return useQuery({
    queryKey: clientQueryKey(id),
    queryFn: ({ signal }) => clientBaseApi.get(id, signal),
  });
}

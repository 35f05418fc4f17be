/** The downline (tree pages, search, one node, the CSV file) and the client base. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '../../openapi/schema.d.ts';
import type { ChildrenRequest } from '../../machines/genealogy/genealogy.types.ts';
import { api, type ApiClient, unwrap } from '../api/client.ts';
import { clientKeys, networkKeys, type ClientsQuery, type NetworkSearchQuery } from './keys.ts';

export type NetworkNode = components['schemas']['NetworkNode'];
export type NetworkView = components['schemas']['NetworkView'];
export type NetworkNodePage = components['schemas']['NetworkNodePage'];
export type NetworkSort = NonNullable<NetworkSearchQuery['sort']>;
export type SortOrder = NonNullable<NetworkSearchQuery['order']>;
export type Client = components['schemas']['Client'];
export type ClientPage = components['schemas']['ClientPage'];
export type ClientDetail = components['schemas']['ClientDetail'];
export type ClientOrder = ClientDetail['orders'][number];
export type { ClientsQuery, NetworkSearchQuery };

export interface ExportProgress {
  /** Bytes of the file received so far. */
  bytes: number;
  /** Distributor rows received so far (lines after the header). */
  rows: number;
}

export interface NetworkFile {
  blob: Blob;
  fileName: string;
  rows: number;
}

const NEWLINE = 0x0a;

/** `attachment; filename="my-network-2026-11-21.csv"` → the file name; a dated default without one. */
export function fileNameFrom(disposition: string | null, today: Date = new Date()): string {
  const quoted = disposition === null ? null : /filename="([^"]+)"/i.exec(disposition);
  const bare = disposition === null ? null : /filename=([^;\s"]+)/i.exec(disposition);
  const name = quoted?.[1] ?? bare?.[1];
  return name !== undefined && name !== '' ? name : `my-network-${today.toISOString().slice(0, 10)}.csv`;
}

/**
 * `GET /users/my-network-file` through the app's client (bearer token, error shape), read chunk by chunk so the
 * caller sees the bytes and rows received while the server writes the file. Rows are counted by line ends (the
 * file is CSV with CRLF, one header row; no field holds a line break).
 */
export async function fetchNetworkFile(
  client: ApiClient,
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<NetworkFile> {
  const result = await client.GET('/users/my-network-file', {
    parseAs: 'stream',
    ...(signal === undefined ? {} : { signal }),
  });
  const body = await unwrap(Promise.resolve(result));
  const fileName = fileNameFrom(result.response.headers.get('content-disposition'));
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  let lines = 0;
  if (body !== null) {
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      bytes += value.byteLength;
      for (const byte of value) if (byte === NEWLINE) lines++;
      onProgress({ bytes, rows: Math.max(lines - 1, 0) });
    }
  }
  return {
    blob: new Blob(chunks, { type: 'text/csv;charset=utf-8' }),
    fileName,
    rows: Math.max(lines - 1, 0),
  };
}

const withSignal = (signal: AbortSignal | undefined) => (signal === undefined ? {} : { signal });

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
    /** `GET /users/my-network/{id}/path`: the line from the caller down to a member (the caller first). */
    loadPath(id: number, signal?: AbortSignal): Promise<readonly NetworkNode[]> {
      return unwrap(
        client.GET('/users/my-network/{id}/path', { params: { path: { id } }, ...withSignal(signal) }),
      ).then((line) => line.items);
    },
    /** `GET /users/my-network/search`: a page of the whole downline, searched and sorted. */
    search(query: NetworkSearchQuery, signal?: AbortSignal): Promise<NetworkNodePage> {
      return unwrap(client.GET('/users/my-network/search', { params: { query }, ...withSignal(signal) }));
    },
    /** `GET /users/my-network-file`, streamed (see `fetchNetworkFile`). */
    exportFile(onProgress: (progress: ExportProgress) => void, signal?: AbortSignal): Promise<NetworkFile> {
      return fetchNetworkFile(client, onProgress, signal);
    },
    /** `GET /users/clients`: a page of the caller's clients, newest first. */
    listClients(query: ClientsQuery, signal?: AbortSignal): Promise<ClientPage> {
      return unwrap(client.GET('/users/clients', { params: { query }, ...withSignal(signal) }));
    },
    /** `GET /users/clients/{id}`: one client with their orders. */
    getClient(id: number, signal?: AbortSignal): Promise<ClientDetail> {
      return unwrap(client.GET('/users/clients/{id}', { params: { path: { id } }, ...withSignal(signal) }));
    },
  };
}

export type NetworkApi = ReturnType<typeof createNetworkApi>;

export const networkApi: NetworkApi = createNetworkApi(api);

export const networkQueries = {
  /** One page of the downline list; the previous page stays on screen while the next one loads. */
  search: (query: NetworkSearchQuery) =>
    queryOptions({
      queryKey: networkKeys.search(query),
      queryFn: ({ signal }) => networkApi.search(query, signal),
      placeholderData: keepPreviousData,
    }),
  /** One distributor of the downline (the card): the node with a one-child page, since only the node is shown. */
  node: (id: number) =>
    queryOptions({
      queryKey: networkKeys.node(id),
      queryFn: ({ signal }) => networkApi.loadChildren({ nodeId: id, page: 1, pageSize: 1 }, signal),
    }),
  clients: (query: ClientsQuery) =>
    queryOptions({
      queryKey: clientKeys.list(query),
      queryFn: ({ signal }) => networkApi.listClients(query, signal),
      placeholderData: keepPreviousData,
    }),
  client: (id: number) =>
    queryOptions({
      queryKey: clientKeys.detail(id),
      queryFn: ({ signal }) => networkApi.getClient(id, signal),
    }),
  /** `GET /users/my-network/{id}/volumes`: a member's PV and GV of the last 12 months (their card). */
  nodeVolumes: (id: number) =>
    queryOptions({
      queryKey: [...networkKeys.node(id), 'volumes'] as const,
      queryFn: ({ signal }): Promise<VolumeHistoryMonth[]> =>
        unwrap(
          api.GET('/users/my-network/{id}/volumes', { params: { path: { id } }, ...withSignal(signal) }),
        ),
    }),
  /**
   * The genealogy tree's first view: its root (`null`, the caller) and the first page of the root's children. Read
   * by the server's render (`routeData.myNetwork`) for the tree's machine to start from (`GenealogyInput.first`).
   */
  treeRoot: (rootId: number | null, pageSize: number) =>
    queryOptions({
      queryKey: [...networkKeys.all(), 'tree', rootId ?? 'me', pageSize] as const,
      queryFn: ({ signal }) => networkApi.loadChildren({ nodeId: rootId, page: 1, pageSize }, signal),
    }),
  /** `GET /users/my-network/{id}/path`: the line from the caller down to `id` (the tree's breadcrumb). */
  line: (id: number) =>
    queryOptions({
      queryKey: [...networkKeys.node(id), 'path'] as const,
      queryFn: ({ signal }) => networkApi.loadPath(id, signal),
    }),
  /** A page of a member's first line (their card), newest signing first. */
  firstLine: (id: number, page: number, pageSize = FIRST_LINE_PAGE_SIZE) =>
    queryOptions({
      queryKey: [...networkKeys.node(id), 'children', page, pageSize] as const,
      queryFn: ({ signal }) => networkApi.loadChildren({ nodeId: id, page, pageSize }, signal),
      placeholderData: keepPreviousData,
    }),
};

/** A member's card lists their first line ten at a time. */
export const FIRST_LINE_PAGE_SIZE = 10;

export function useNetworkSearch(query: NetworkSearchQuery) {
  return useQuery(networkQueries.search(query));
}

export function useNetworkNode(id: number) {
  return useQuery(networkQueries.node(id));
}

/**
 * The size of the whole downline (for the export's progress): the search's total, one row asked for. Counting a
 * large downline costs the server a scan, so it is asked only when `enabled` (while a download runs).
 */
export function useDownlineTotal(enabled: boolean) {
  const { placeholderData: _placeholder, ...search } = networkQueries.search({ page: 1, pageSize: 1 });
  return useQuery({ ...search, select: (page) => page.total, enabled });
}

export function useClients(query: ClientsQuery) {
  return useQuery(networkQueries.clients(query));
}

export function useClient(id: number) {
  return useQuery(networkQueries.client(id));
}

export type VolumeHistoryMonth = components['schemas']['VolumeHistoryMonth'];

export function useNetworkNodeVolumes(id: number) {
  return useQuery(networkQueries.nodeVolumes(id));
}

/** `GET /users/my-network/{id}/path`: the line from the caller down to `id` (the tree's breadcrumb). */
export function useNetworkLine(id: number | null) {
  return useQuery({ ...networkQueries.line(id ?? 0), enabled: id !== null });
}

/** The first matches of `q` in the whole downline (the tree's search); nothing is asked while `q` is empty. */
export function useNetworkMatches(q: string, pageSize = 8) {
  return useQuery({ ...networkQueries.search({ q, page: 1, pageSize }), enabled: q.trim() !== '' });
}

export function useFirstLine(id: number, page: number) {
  return useQuery(networkQueries.firstLine(id, page));
}

/**
 * The warehouse queue's calls besides the list: the home's queues, bulk actions, and the print PDFs;
 * and `queueQuery`, the list's sort, filters and keyset as the contract's query.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '../../openapi/schema.d.ts';
import type { BulkAnswer, BulkSubmission } from '../../machines/order-bulk/order-bulk.types.ts';
import { api, type ApiClient, unwrap } from '../api/client.ts';
import { warehouseQueueKeys, type WarehouseListParams } from './keys.ts';

export type WarehouseQueues = components['schemas']['WarehouseQueues'];
type Lang = components['schemas']['Lang'];

/** The warehouse's print documents. */
export type PrintKind = 'pick-list' | 'packing-slips';

export interface PrintFile {
  blob: Blob;
  fileName: string;
}

/** The optional part of the list's query: only what is set is sent. */
export function queueQuery(params: WarehouseListParams) {
  return {
    ...(params.sort === undefined ? {} : { sort: params.sort }),
    ...(params.dir === undefined ? {} : { dir: params.dir }),
    ...(params.delivery === undefined ? {} : { delivery: params.delivery }),
    ...(params.payment === undefined ? {} : { payment: params.payment }),
    ...(params.paymentState === undefined ? {} : { paymentState: params.paymentState }),
    ...(params.from === undefined ? {} : { from: params.from }),
    ...(params.to === undefined ? {} : { to: params.to }),
    ...(params.changedSince === undefined ? {} : { changedSince: params.changedSince }),
    ...(params.after === undefined ? {} : { after: params.after }),
  };
}

function fileNameOf(response: Response, fallback: string): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  const match = /filename="?([^";]+)"?/i.exec(disposition);
  return match?.[1] ?? fallback;
}

export function createWarehouseQueueApi(client: ApiClient) {
  return {
    /** `GET /orders/get/warehouse-queues?since=`: counts, oldest waiting order per tab, today's figures. */
    queues(since: string, signal?: AbortSignal): Promise<WarehouseQueues> {
      return unwrap(
        client.GET('/orders/get/warehouse-queues', {
          params: { query: { since } },
          ...(signal === undefined ? {} : { signal }),
        }),
      );
    },
    /** `POST /orders/bulk`: one action over the orders, each with its version; the outcome per order. */
    bulk(submission: BulkSubmission): Promise<BulkAnswer> {
      return unwrap(client.POST('/orders/bulk', { body: submission }));
    },
    /** `GET /orders/print/pick-list|packing-slips?ids=` with the bearer token, in `lang`, as a file to save. */
    async print(kind: PrintKind, orderIds: readonly number[], lang: Lang): Promise<PrintFile> {
      const options = {
        params: { query: { ids: orderIds.join(',') } },
        headers: { 'Accept-Language': lang },
        parseAs: 'blob',
      } as const;
      let fileName = `${kind}.pdf`;
      const request =
        kind === 'pick-list'
          ? client.GET('/orders/print/pick-list', options)
          : client.GET('/orders/print/packing-slips', options);
      const blob = await unwrap(
        request.then((result) => {
          fileName = fileNameOf(result.response, fileName);
          return result;
        }),
      );
      return { blob: blob instanceof Blob ? blob : new Blob([blob], { type: 'application/pdf' }), fileName };
    },
  };
}

export type WarehouseQueueApi = ReturnType<typeof createWarehouseQueueApi>;

export const warehouseQueueApi: WarehouseQueueApi = createWarehouseQueueApi(api);

/** The start of the staff member's day, as the home's "today" figures and links use it. */
export function startOfToday(now = new Date()): string {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate()).toISOString();
}

export const warehouseQueueQueries = {
  queues: (since: string) =>
    queryOptions({
      queryKey: [...warehouseQueueKeys.queues(), since] as const,
      queryFn: ({ signal }) => warehouseQueueApi.queues(since, signal),
    }),
};

export function useWarehouseQueues(since: string) {
  return useQuery(warehouseQueueQueries.queues(since));
}

/**
 * The "1C exchange" screen's reads: the warehouse's order queue toward 1C and the latest catalogue imports
 * (`GET /exchange/1c/runs`), and one import's skipped items (`GET /exchange/1c/runs/{id}/issues`). While an import
 * runs, the overview refreshes itself every few seconds.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '../../openapi/schema.d.ts';
import { api, type ApiClient, unwrap } from '../api/client.ts';
import { exchangeKeys } from './keys.ts';

export type ExchangeOverview = components['schemas']['ExchangeOverview'];
export type ImportRun = components['schemas']['ImportRun'];
export type ImportIssue = components['schemas']['ImportIssue'];
export type ImportIssuePage = components['schemas']['ImportIssuePage'];

/** Issues shown a page at a time. */
export const ISSUES_PAGE_SIZE = 20;
/** How often a running import is looked at again. */
export const RUNNING_REFRESH_MS = 4000;

export function createExchangeApi(client: ApiClient) {
  return {
    overview(signal?: AbortSignal): Promise<ExchangeOverview> {
      return unwrap(client.GET('/exchange/1c/runs', signal === undefined ? {} : { signal }));
    },
    issues(runId: number, page: number, signal?: AbortSignal): Promise<ImportIssuePage> {
      return unwrap(
        client.GET('/exchange/1c/runs/{runId}/issues', {
          params: { path: { runId }, query: { page, pageSize: ISSUES_PAGE_SIZE } },
          ...(signal === undefined ? {} : { signal }),
        }),
      );
    },
  };
}

export const exchangeApi = createExchangeApi(api);

export const exchangeQueries = {
  overview: () =>
    queryOptions({
      queryKey: exchangeKeys.overview(),
      queryFn: ({ signal }) => exchangeApi.overview(signal),
      refetchInterval: (query) =>
        query.state.data?.runs.some((run) => run.status === 'running') === true ? RUNNING_REFRESH_MS : false,
    }),
  issues: (runId: number, page: number) =>
    queryOptions({
      queryKey: exchangeKeys.issues(runId, page),
      queryFn: ({ signal }) => exchangeApi.issues(runId, page, signal),
      placeholderData: keepPreviousData,
    }),
};

export function useExchangeOverview() {
  return useQuery(exchangeQueries.overview());
}

export function useImportIssues(runId: number, page: number, enabled: boolean) {
  return useQuery({ ...exchangeQueries.issues(runId, page), enabled });
}

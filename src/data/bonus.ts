/**
 * This month's bonus, explained (`GET /users/bonus/current`), and the orders behind a line of any month
 * (`GET /users/bonus/{month}/sources`). Both live under `businessKeys`: a live `volumes` frame refreshes them.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '../../openapi/schema.d.ts';
import { api, type ApiClient, unwrap } from '../api/client.ts';
import { businessKeys } from './keys.ts';

export type BonusEstimate = components['schemas']['BonusEstimate'];
export type BonusSource = components['schemas']['BonusSource'];
export type BonusSourcePage = components['schemas']['BonusSourcePage'];
export type StatementAdjustment = components['schemas']['StatementAdjustment'];

/** Sources listed per page of a line. */
export const SOURCES_PAGE_SIZE = 10;

const withSignal = (signal: AbortSignal | undefined) => (signal === undefined ? {} : { signal });

export function createBonusApi(client: ApiClient) {
  return {
    fetchEstimate(signal?: AbortSignal): Promise<BonusEstimate> {
      return unwrap(client.GET('/users/bonus/current', withSignal(signal)));
    },
    /** `member`: the leg's head; null for the personal line. */
    fetchSources(
      month: string,
      member: number | null,
      page: number,
      signal?: AbortSignal,
    ): Promise<BonusSourcePage> {
      return unwrap(
        client.GET('/users/bonus/{month}/sources', {
          params: {
            path: { month },
            query: { page, pageSize: SOURCES_PAGE_SIZE, ...(member === null ? {} : { member }) },
          },
          ...withSignal(signal),
        }),
      );
    },
  };
}

export const bonusApi = createBonusApi(api);

export const bonusQueries = {
  estimate: () =>
    queryOptions({
      queryKey: businessKeys.bonusEstimate(),
      queryFn: ({ signal }) => bonusApi.fetchEstimate(signal),
    }),
  sources: (month: string, member: number | null, page: number) =>
    queryOptions({
      queryKey: businessKeys.bonusSources(month, member, page),
      queryFn: ({ signal }) => bonusApi.fetchSources(month, member, page, signal),
      placeholderData: keepPreviousData,
    }),
};

export function useBonusEstimate() {
  return useQuery(bonusQueries.estimate());
}

export function useBonusSources(month: string, member: number | null, page: number) {
  return useQuery(bonusQueries.sources(month, member, page));
}

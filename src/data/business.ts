/** The distributor's figures: my-info, my-target, the closed months' stats and the network's ratings. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '../../openapi/schema.d.ts';
import { api, type ApiClient, unwrap } from '../api/client.ts';
import { businessKeys } from './keys.ts';

export type MyInfo = components['schemas']['MyInfo'];
export type MyTarget = components['schemas']['MyTarget'];
export type Rank = components['schemas']['Rank'];
export type TargetRequirement = components['schemas']['TargetRequirement'];
export type ClosedStats = components['schemas']['ClosedStats'];
export type FirstSteps = components['schemas']['FirstSteps'];
export type ClosedStatsMonth = components['schemas']['ClosedStatsMonth'];
export type Ratings = components['schemas']['Ratings'];
export type RatingEntry = components['schemas']['RatingEntry'];

/** How many leaders the ratings list. */
export const RATINGS_LIMIT = 10;

const withSignal = (signal: AbortSignal | undefined) => (signal === undefined ? {} : { signal });

/** Distributors only (`partner`, `partner_warehouse`). */
export function createBusinessApi(client: ApiClient) {
  return {
    /** `GET /users/my-info`: rank, volumes, qualifications, bonuses and closed months of the current period. */
    fetchMyInfo(signal?: AbortSignal): Promise<MyInfo> {
      return unwrap(client.GET('/users/my-info', withSignal(signal)));
    },
    /** `GET /users/my-target`: the next rank and what is still missing. */
    fetchMyTarget(signal?: AbortSignal): Promise<MyTarget> {
      return unwrap(client.GET('/users/my-target', withSignal(signal)));
    },
    /** `GET /users/first-steps`: the sponsor and which of a new distributor's first steps are done. */
    fetchFirstSteps(signal?: AbortSignal): Promise<FirstSteps> {
      return unwrap(client.GET('/users/first-steps', withSignal(signal)));
    },
    /** `GET /users/reports/closed-stats`: the last 6 closed months, oldest first. */
    fetchClosedStats(signal?: AbortSignal): Promise<ClosedStats> {
      return unwrap(client.GET('/users/reports/closed-stats', withSignal(signal)));
    },
    /** `GET /goods/ratings`: the leading distributors of the caller's network by PV this period, and the caller. */
    fetchRatings(limit: number, signal?: AbortSignal): Promise<Ratings> {
      return unwrap(client.GET('/goods/ratings', { params: { query: { limit } }, ...withSignal(signal) }));
    },
  };
}

export const businessApi = createBusinessApi(api);

export const businessQueries = {
  myInfo: () =>
    queryOptions({
      queryKey: businessKeys.myInfo(),
      queryFn: ({ signal }) => businessApi.fetchMyInfo(signal),
    }),
  myTarget: () =>
    queryOptions({
      queryKey: businessKeys.myTarget(),
      queryFn: ({ signal }) => businessApi.fetchMyTarget(signal),
    }),
  firstSteps: () =>
    queryOptions({
      queryKey: businessKeys.firstSteps(),
      queryFn: ({ signal }) => businessApi.fetchFirstSteps(signal),
    }),
  closedStats: () =>
    queryOptions({
      queryKey: businessKeys.closedStats(),
      queryFn: ({ signal }) => businessApi.fetchClosedStats(signal),
    }),
  ratings: (limit = RATINGS_LIMIT) =>
    queryOptions({
      queryKey: businessKeys.ratings(limit),
      queryFn: ({ signal }) => businessApi.fetchRatings(limit, signal),
    }),
};

export function useMyInfo({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...businessQueries.myInfo(), enabled });
}

export function useMyTarget({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...businessQueries.myTarget(), enabled });
}

export function useFirstSteps() {
  return useQuery(businessQueries.firstSteps());
}

export function useClosedStats() {
  return useQuery(businessQueries.closedStats());
}

/** The period's ratings; `enabled: false` for roles the contract does not let call it (x-roles). */
export function useRatings({ enabled }: { enabled: boolean }) {
  return useQuery({ ...businessQueries.ratings(), enabled });
}

import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema.d.ts';
import { api, type ApiClient, unwrap } from '../../api/client.ts';

export type Ratings = components['schemas']['Ratings'];
export type RatingEntry = components['schemas']['RatingEntry'];
export type Rank = components['schemas']['Rank'];

/** How many leaders the screen lists. */
export const RATINGS_LIMIT = 10;

export const ratingsQueryKey = ['goods-ratings', { limit: RATINGS_LIMIT }] as const;

export function createRatingsApi(client: ApiClient) {
  return {
    /** `GET /goods/ratings`: the leading distributors of the caller's network by PV this period, and the caller. */
    fetchRatings(signal?: AbortSignal): Promise<Ratings> {
      return unwrap(
        client.GET('/goods/ratings', {
          params: { query: { limit: RATINGS_LIMIT } },
          ...(signal === undefined ? {} : { signal }),
        }),
      );
    },
  };
}

export const ratingsApi = createRatingsApi(api);

/** The period's ratings; `enabled: false` for roles the contract does not let call it (x-roles). */
export function useRatings({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: ratingsQueryKey,
    queryFn: ({ signal }) => ratingsApi.fetchRatings(signal),
    enabled,
  });
}

import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema.d.ts';
import { api, type ApiClient, unwrap } from '../../api/client.ts';

export type ClosedStats = components['schemas']['ClosedStats'];
export type ClosedStatsMonth = components['schemas']['ClosedStatsMonth'];

export const closedStatsQueryKey = ['users', 'reports', 'closed-stats'] as const;

export function createChartsApi(client: ApiClient) {
  return {
    /** `GET /users/reports/closed-stats`: the last 6 closed months, oldest first. */
    fetchClosedStats(signal?: AbortSignal): Promise<ClosedStats> {
      return unwrap(client.GET('/users/reports/closed-stats', signal === undefined ? {} : { signal }));
    },
  };
}

export const chartsApi = createChartsApi(api);

export function useClosedStats() {
  return useQuery({
    queryKey: closedStatsQueryKey,
    queryFn: ({ signal }) => chartsApi.fetchClosedStats(signal),
  });
}

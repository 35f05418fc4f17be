import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema.d.ts';
import { api, type ApiClient, unwrap } from '../../api/client.ts';

export type MyInfo = components['schemas']['MyInfo'];
export type MyTarget = components['schemas']['MyTarget'];
export type Rank = components['schemas']['Rank'];
export type TargetRequirement = components['schemas']['TargetRequirement'];

/** Cache entries of the distributor's figures (the dashboard; other screens may read the same ones). */
export const myInfoQueryKey = ['users', 'my-info'] as const;
export const myTargetQueryKey = ['users', 'my-target'] as const;

/** The dashboard's calls (distributors only: `partner`, `partner_warehouse`). */
export function createDashboardApi(client: ApiClient) {
  return {
    /** `GET /users/my-info`: rank, volumes, qualifications, bonuses and closed months of the current period. */
    fetchMyInfo(signal?: AbortSignal): Promise<MyInfo> {
      return unwrap(client.GET('/users/my-info', signal === undefined ? {} : { signal }));
    },
    /** `GET /users/my-target`: the next rank and what is still missing. */
    fetchMyTarget(signal?: AbortSignal): Promise<MyTarget> {
      return unwrap(client.GET('/users/my-target', signal === undefined ? {} : { signal }));
    },
  };
}

export const dashboardApi = createDashboardApi(api);

export function useMyInfo({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: myInfoQueryKey,
    queryFn: ({ signal }) => dashboardApi.fetchMyInfo(signal),
    enabled,
  });
}

export function useMyTarget({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: myTargetQueryKey,
    queryFn: ({ signal }) => dashboardApi.fetchMyTarget(signal),
    enabled,
  });
}

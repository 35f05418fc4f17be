/**
 * A route's first data requests, started at boot in parallel with the shell: the screen would otherwise ask for
 * them only after its chunk, the session check (`GET /users/me`, the warehouse) and its first render. Each
 * prefetcher puts into the cache exactly the entry the screen reads (the same `queryOptions` from `src/data/`, with
 * the same parameters read from the address), so the screen finds it loaded or loading. The data modules are
 * imported lazily: they are among the screen's chunks, which the boot script already preloads.
 *
 * A route declares its prefetcher in the route table: `handle: { prefetch: routeData.newOrder }`.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { AuthRole } from '../../machines/auth/auth.types.ts';
import { readTokenCookie, roleFromToken, validTokenPayload } from '../api/token.ts';
import { getStoredLocale } from '../i18n/i18n.ts';

/** Where the prefetch happens: the cache, the signed-in role (from the stored token), the address. */
export interface RouteDataContext {
  client: QueryClient;
  role: AuthRole;
  url: URL;
}

export type RoutePrefetch = (context: RouteDataContext) => Promise<unknown>;

const isDistributor = (role: AuthRole) => role === 'partner' || role === 'partner_warehouse';
const isWarehouseStaff = (role: AuthRole) => role === 'warehouse' || role === 'partner_warehouse';

export const routeData = {
  /** `/dashboard`: a distributor's figures of the period. */
  dashboard: async ({ client, role }) => {
    if (!isDistributor(role)) return;
    const { businessQueries } = await import('../data/business.ts');
    await Promise.all([
      client.prefetchQuery(businessQueries.myInfo()),
      client.prefetchQuery(businessQueries.myTarget()),
    ]);
  },
  /** `/new-order`: the catalogue page the address asks for. */
  newOrder: async ({ client, url }) => {
    const [{ catalogueQueries }, { goodsQueryFor, parseCatalogueSearch }] = await Promise.all([
      import('../data/catalogue.ts'),
      import('../features/shop/new-order/catalogue-search.ts'),
    ]);
    const query = goodsQueryFor(parseCatalogueSearch(url.searchParams), getStoredLocale());
    await client.prefetchQuery(catalogueQueries.goods(query));
  },
  /** `/my-orders-warehouse`: the list page the address asks for. */
  warehouseOrders: async ({ client, role, url }) => {
    if (!isWarehouseStaff(role)) return;
    const [{ orderQueries }, { readListParams }] = await Promise.all([
      import('../data/orders.ts'),
      import('../features/orders/warehouse/warehouse-orders.params.ts'),
    ]);
    await client.prefetchQuery(orderQueries.warehouse(readListParams(url.searchParams)));
  },
} satisfies Record<string, RoutePrefetch>;

/**
 * Runs the prefetchers of the routes being opened, when a signed-in session is likely (an unexpired token cookie):
 * logged out, nothing is asked. A failure is left to the screen, which asks again.
 */
export function startRouteData(prefetchers: RoutePrefetch[], url: URL, nowMs = Date.now()): void {
  if (prefetchers.length === 0) return;
  const token = readTokenCookie();
  if (validTokenPayload(token, nowMs) === null) return;
  // The cache is in the session chunk, which loads beside the screen's (preloaded by the boot script).
  void import('../api/query-client.ts').then(({ queryClient }) => {
    const context: RouteDataContext = { client: queryClient, role: roleFromToken(token), url };
    for (const prefetch of prefetchers) prefetch(context).catch(() => undefined);
  });
}

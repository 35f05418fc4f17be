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
import { getStoredLocale, type Locale } from '../i18n/i18n.ts';

/** Where the prefetch happens: the cache, the signed-in role (from the stored token), the address, the language. */
export interface RouteDataContext {
  client: QueryClient;
  role: AuthRole;
  url: URL;
  locale: Locale;
}

export type RoutePrefetch = (context: RouteDataContext) => Promise<unknown>;

/** `<link rel="preload" as="image" fetchpriority="high">` for each address (the `<img>` later takes the response). */
function preloadImages(urls: string[]): void {
  // A page the server renders has the images in its HTML already.
  if (typeof document === 'undefined') return;
  for (const href of urls) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'image';
    link.href = href;
    link.fetchPriority = 'high';
    document.head.append(link);
  }
}

/** The id in the address's `index`-th segment (`/my-orders/{id}` → 2), as the route's guard takes it; else null. */
function idAt(url: URL, index: number): number | null {
  const segment = url.pathname.split('/')[index] ?? '';
  return /^[1-9]\d{0,15}$/.test(segment) ? Number(segment) : null;
}

const isDistributor = (role: AuthRole) => role === 'partner' || role === 'partner_warehouse';
const isWarehouseStaff = (role: AuthRole) => role === 'warehouse' || role === 'partner_warehouse';

export const routeData = {
  /**
   * `/dashboard`: a distributor's figures of the period, the current orders that "Action needed" lists and the
   * latest orders of their shop's clients (those cards mount only once the figures are here: without this they
   * would ask only then, and a server-rendered Main would paint them as skeletons).
   */
  dashboard: async ({ client, role }) => {
    if (!isDistributor(role)) return;
    const [{ businessQueries }, { orderQueries }, { shopQueries }, { CLIENT_ORDERS_SHOWN }] =
      await Promise.all([
        import('../data/business.ts'),
        import('../data/orders.ts'),
        import('../data/shop.ts'),
        import('../features/dashboard/client-orders-card.tsx'),
      ]);
    await Promise.all([
      client.prefetchQuery(businessQueries.myInfo()),
      client.prefetchQuery(businessQueries.myTarget()),
      client.prefetchQuery(businessQueries.firstSteps()),
      client.prefetchQuery(orderQueries.mine('current', 1)),
      client.prefetchQuery(shopQueries.clientOrders(CLIENT_ORDERS_SHOWN)),
    ]);
  },
  /** `/first-steps`: the one read the page renders. */
  firstSteps: async ({ client, role }) => {
    if (!isDistributor(role)) return;
    const { businessQueries } = await import('../data/business.ts');
    await client.prefetchQuery(businessQueries.firstSteps());
  },
  /**
   * `/new-order`: the catalogue page the address asks for, and the bag and wishlist its cards show; as soon as the
   * page is here, the first row's images (the page's largest paint) start loading too, before the screen has
   * rendered its cards.
   */
  newOrder: async ({ client, url, locale }) => {
    const [
      { catalogueQueries },
      { goodsQueryFor, parseCatalogueSearch },
      { FIRST_ROW_CARDS },
      { bagQueries },
    ] = await Promise.all([
      import('../data/catalogue.ts'),
      import('../features/shop/new-order/catalogue-search.ts'),
      import('../features/shop/catalogue/product-card.tsx'),
      import('../data/bag.ts'),
    ]);
    const options = catalogueQueries.goods(goodsQueryFor(parseCatalogueSearch(url.searchParams), locale));
    const goods = client.prefetchQuery(options).then(() => {
      const firstRow = client.getQueryData(options.queryKey)?.items.slice(0, FIRST_ROW_CARDS) ?? [];
      preloadImages(firstRow.map((product) => product.imageUrl));
    });
    // The bag and the wishlist the cards show themselves in.
    await Promise.all([
      goods,
      client.prefetchQuery(bagQueries.cart()),
      client.prefetchQuery(bagQueries.wishlist()),
    ]);
  },
  /** `/products/{id}-{slug}`: the product's page, its picture first (the page's largest paint). */
  product: async ({ client, url }) => {
    const [{ catalogueQueries }, { productIdOf }, { bagQueries }] = await Promise.all([
      import('../data/catalogue.ts'),
      import('../ui/paths.ts'),
      import('../data/bag.ts'),
    ]);
    const id = productIdOf(url.pathname.split('/')[2]);
    if (id === null) return;
    const options = catalogueQueries.details(id);
    const details = client.prefetchQuery(options).then(() => {
      const picture = client.getQueryData(options.queryKey)?.product.imageUrl;
      if (picture !== undefined) preloadImages([picture]);
    });
    await Promise.all([
      details,
      client.prefetchQuery(bagQueries.cart()),
      client.prefetchQuery(bagQueries.wishlist()),
    ]);
  },
  /**
   * `/s/{alias}`: a distributor's storefront, for anyone (the server renders it for a visitor without a token):
   * the shop's card and the page of goods the address asks for, the first row's pictures as soon as it is here.
   */
  shop: async ({ client, url, locale }) => {
    const [{ shopQueries }, { shopGoodsQueryFor, parseShopSearch, FIRST_ROW_GOODS }] = await Promise.all([
      import('../data/shop.ts'),
      import('../features/shop/storefront/shop-search.ts'),
    ]);
    const alias = decodeURIComponent(url.pathname.split('/')[2] ?? '');
    const options = shopQueries.goods(alias, shopGoodsQueryFor(parseShopSearch(url.searchParams), locale));
    const goods = client.prefetchQuery(options).then(() => {
      const firstRow = client.getQueryData(options.queryKey)?.items.slice(0, FIRST_ROW_GOODS) ?? [];
      preloadImages(firstRow.map((good) => good.imageUrl));
    });
    await Promise.all([client.prefetchQuery(shopQueries.card(alias)), goods]);
  },
  /** `/join/{alias}`: the sponsor's card, so the server draws the form (docs/adr/0141-join-page-proof-of-work.md). */
  join: async ({ client, url }) => {
    const { signUpQueries } = await import('../data/sign-up.ts');
    const alias = decodeURIComponent(url.pathname.split('/')[2] ?? '');
    if (alias !== '') await client.prefetchQuery(signUpQueries.card(alias));
  },
  /** `/s/{alias}/p/{productId}`: the shop's card and the product, its picture first. */
  shopProduct: async ({ client, url }) => {
    const { shopQueries } = await import('../data/shop.ts');
    const [, , rawAlias = '', , rawId = ''] = url.pathname.split('/');
    const alias = decodeURIComponent(rawAlias);
    const productId = Number(rawId);
    if (!/^[1-9]\d{0,15}$/.test(rawId)) return;
    const options = shopQueries.good(alias, productId);
    const good = client.prefetchQuery(options).then(() => {
      const picture = client.getQueryData(options.queryKey)?.imageUrl;
      if (picture !== undefined) preloadImages([picture]);
    });
    await Promise.all([client.prefetchQuery(shopQueries.card(alias)), good]);
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
  /**
   * `/my-distributers` (My Network): the downline list's page the address asks for; or the tree's first view
   * (`?view=tree`: its root and first page of children, which the tree's machine starts from) and, from a member's
   * root (`&root=`), the line down to them its breadcrumb shows.
   */
  myNetwork: async ({ client, role, url }) => {
    if (!isDistributor(role)) return;
    const [{ networkQueries }, params] = await Promise.all([
      import('../data/network.ts'),
      import('../features/my-network/downline-params.ts'),
    ]);
    if (!params.isTreeView(url.searchParams))
      return client.prefetchQuery(networkQueries.search(params.downlineQueryOf(url.searchParams)));
    const rootId = params.treeRootOf(url.searchParams);
    await Promise.all([
      client.prefetchQuery(networkQueries.treeRoot(rootId, params.TREE_PAGE_SIZE)),
      rootId === null ? undefined : client.prefetchQuery(networkQueries.line(rootId)),
    ]);
  },
  /** `/charts`: the closed months the charts and their table show. */
  charts: async ({ client, role }) => {
    if (!isDistributor(role)) return;
    const { businessQueries } = await import('../data/business.ts');
    await client.prefetchQuery(businessQueries.closedStats());
  },
  /** `/client-base`: the page of clients the address asks for. */
  clientBase: async ({ client, role, url }) => {
    if (!isDistributor(role)) return;
    const [{ networkQueries }, { clientsQueryOf }] = await Promise.all([
      import('../data/network.ts'),
      import('../features/client-base/client-base-params.ts'),
    ]);
    await client.prefetchQuery(networkQueries.clients(clientsQueryOf(url.searchParams)));
  },
  /**
   * `/documents`: the documents; for a distributor also the bonus estimate and the bonus statements, with the
   * latest month's statement the section opens on.
   */
  documents: async ({ client, role }) => {
    const [{ documentQueries }, { bonusQueries }, { statementQueries }] = await Promise.all([
      import('../data/documents.ts'),
      import('../data/bonus.ts'),
      import('../data/statements.ts'),
    ]);
    const documents = client.prefetchQuery(documentQueries.list());
    if (!isDistributor(role)) return documents;
    const statements = client.prefetchQuery(statementQueries.list()).then(() => {
      const latest = client.getQueryData(statementQueries.list().queryKey)?.[0]?.month;
      return latest === undefined ? undefined : client.prefetchQuery(statementQueries.month(latest));
    });
    await Promise.all([documents, client.prefetchQuery(bonusQueries.estimate()), statements]);
  },
  /**
   * `/my-orders`: the page of the tab the address asks for, and each of its orders that can be paid now (a row's
   * Pay button reads the order itself).
   */
  myOrders: async ({ client, url }) => {
    const [{ orderQueries }, { pageOf, tabOf }, { summaryCanPay }] = await Promise.all([
      import('../data/orders.ts'),
      import('../features/orders/mine/my-orders-params.ts'),
      import('../../machines/checkout/checkout.payment-result.rules.ts'),
    ]);
    const options = orderQueries.mine(
      tabOf(url.searchParams.get('tab')),
      pageOf(url.searchParams.get('page')),
    );
    await client.prefetchQuery(options);
    const payable = client.getQueryData(options.queryKey)?.items.filter(summaryCanPay) ?? [];
    await Promise.all(payable.map((order) => client.prefetchQuery(orderQueries.detail(order.id))));
  },
  /** `/my-orders/{id}`: the distributor's order page (`orderPage`). */
  myOrder: (context) => orderPage(context, 'distributor'),
  /** `/my-orders-warehouse/{id}`: the warehouse's order page (`orderPage`). */
  warehouseOrder: (context) => orderPage(context, 'warehouse'),
  /** `/my-orders-warehouse/returns/{id}`: a return of the warehouse's, with its lines and history. */
  warehouseReturn: async ({ client, url }) => {
    const id = idAt(url, 3);
    if (id === null) return;
    const { returnQueries } = await import('../data/returns.ts');
    await client.prefetchQuery(returnQueries.detail(id));
  },
  /** `/exchange-1c`: the warehouse's orders on their way to 1C and the latest catalogue imports. */
  exchange1c: async ({ client, role }) => {
    if (!isWarehouseStaff(role)) return;
    const { exchangeQueries } = await import('../data/exchange-1c.ts');
    await client.prefetchQuery(exchangeQueries.overview());
  },
  /** `/my-distributers/{id}`: a member's card, their last 12 months and the first page of their first line. */
  distributor: async ({ client, role, url }) => {
    const id = idAt(url, 2);
    if (!isDistributor(role) || id === null) return;
    const { networkQueries } = await import('../data/network.ts');
    const node = networkQueries.node(id);
    await Promise.all([
      client.prefetchQuery(node),
      client.prefetchQuery(networkQueries.nodeVolumes(id)),
      client.prefetchQuery(networkQueries.firstLine(id, 1)),
    ]);
    // The card asks for the first line only of a member who has one: a first read of nobody's is dropped again.
    if (client.getQueryData(node.queryKey)?.node.childrenCount === 0)
      client.removeQueries({ queryKey: networkQueries.firstLine(id, 1).queryKey, exact: true });
  },
  /** `/client-base/{id}`: the client, with the orders placed for them. */
  client: async ({ client, role, url }) => {
    const id = idAt(url, 2);
    if (!isDistributor(role) || id === null) return;
    const { networkQueries } = await import('../data/network.ts');
    await client.prefetchQuery(networkQueries.client(id));
  },
  /**
   * `/promotions`: the promoted products, the bag and wishlist their cards show themselves in, and a
   * distributor's network ratings beside them.
   */
  promotions: async ({ client, role }) => {
    const [{ catalogueQueries }, { bagQueries }, { businessQueries }] = await Promise.all([
      import('../data/catalogue.ts'),
      import('../data/bag.ts'),
      import('../data/business.ts'),
    ]);
    await Promise.all([
      client.prefetchQuery(catalogueQueries.promotions()),
      client.prefetchQuery(bagQueries.cart()),
      client.prefetchQuery(bagQueries.wishlist()),
      isDistributor(role) ? client.prefetchQuery(businessQueries.ratings()) : undefined,
    ]);
  },
  /** `/wishlist`: the wishlist, and the bag the header counts. */
  wishlist: async ({ client }) => {
    const { bagQueries } = await import('../data/bag.ts');
    await Promise.all([client.prefetchQuery(bagQueries.wishlist()), client.prefetchQuery(bagQueries.cart())]);
  },
  /**
   * `/personal`: the address book and the message choices (the profile is the session's own read). Its forms keep
   * text typed before the app takes them over (docs/adr/0151-the-last-screens-rendered-by-the-server.md).
   */
  personal: async ({ client }) => {
    const [{ accountQueries }, { messageQueries }] = await Promise.all([
      import('../data/account.ts'),
      import('../data/messages.ts'),
    ]);
    await Promise.all([
      client.prefetchQuery(accountQueries.addresses()),
      client.prefetchQuery(messageQueries.settings()),
    ]);
  },
  /**
   * `/shopping-bag`: the bag, the address book and order parameters the checkout starts from, and a distributor's
   * figures its volume effect shows. A submission pending in the tab's storage is the browser's to resume.
   */
  shoppingBag: async ({ client, role }) => {
    const [{ bagQueries }, { accountQueries }, { businessQueries }] = await Promise.all([
      import('../data/bag.ts'),
      import('../data/account.ts'),
      import('../data/business.ts'),
    ]);
    await Promise.all([
      client.prefetchQuery(bagQueries.cart()),
      client.prefetchQuery(accountQueries.addresses()),
      client.prefetchQuery(accountQueries.orderParams()),
      isDistributor(role) ? client.prefetchQuery(businessQueries.myInfo()) : undefined,
    ]);
  },
} satisfies Record<string, RoutePrefetch>;

/**
 * An order's page, as `viewer` sees it: the order; its returns, once it is received (the policy's credited states);
 * and the order parameters a distributor's page reads (the pickup threshold, the pickup points).
 */
async function orderPage(
  { client, role, url }: RouteDataContext,
  viewer: 'distributor' | 'warehouse',
): Promise<void> {
  const id = idAt(url, 2);
  if (id === null) return;
  const [{ orderQueries }, { returnQueries }, { accountQueries }, { isReturnableStatus }] = await Promise.all(
    [
      import('../data/orders.ts'),
      import('../data/returns.ts'),
      import('../data/account.ts'),
      import('../../machines/returns/returns.policy.rules.ts'),
    ],
  );
  const order = client.prefetchQuery(orderQueries.detail(id)).then(() => {
    const loaded = client.getQueryData(orderQueries.detail(id).queryKey);
    if (loaded === undefined || !isReturnableStatus(loaded.status)) return;
    return client.prefetchQuery(returnQueries.ofOrder(loaded.id, loaded.version));
  });
  await Promise.all([
    order,
    viewer === 'distributor' && isDistributor(role)
      ? client.prefetchQuery(accountQueries.orderParams())
      : undefined,
  ]);
}

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
    const context: RouteDataContext = {
      client: queryClient,
      role: roleFromToken(token),
      url,
      locale: getStoredLocale(),
    };
    for (const prefetch of prefetchers) prefetch(context).catch(() => undefined);
  });
}

/**
 * The query keys of the whole SPA, one factory per resource (plain functions: a component, an actor or a server
 * event handler builds the same key). Invalidate by the shortest key that covers what changed:
 * `orderKeys.lists()` refreshes every order list and no order page, `orderKeys.all()` both. The bag and the
 * wishlist live apart from the orders, so an order action does not refetch the bag.
 */
import type { components, operations } from '../../openapi/schema.d.ts';
import type { WarehouseTab } from '../../machines/order-lifecycle/order-lifecycle.types.ts';

type QueryOf<TOperation extends keyof operations> = NonNullable<
  operations[TOperation]['parameters']['query']
>;

export type UserOrderTab = components['schemas']['UserOrderTab'];
export type GoodsQuery = QueryOf<'listGoods'>;
export type NetworkSearchQuery = QueryOf<'searchMyNetwork'>;
export type ClientsQuery = QueryOf<'listClients'>;
export type ShopGoodsQuery = QueryOf<'listShopGoods'>;

export interface WarehouseListParams {
  tab: WarehouseTab;
  q: string;
  page: number;
  pageSize: number;
  /** The queue's sort, filters and keyset; absent means the server's default. */
  sort?: WarehouseListQuery['sort'];
  dir?: WarehouseListQuery['dir'];
  delivery?: WarehouseListQuery['delivery'];
  payment?: WarehouseListQuery['payment'];
  paymentState?: WarehouseListQuery['paymentState'];
  from?: string;
  to?: string;
  changedSince?: string;
  after?: number;
}
type WarehouseListQuery = QueryOf<'listWarehouseOrders'>;

export const warehouseQueueKeys = {
  /** Under `orderKeys.lists()`: every order change refreshes the warehouse home's queues too. */
  queues: () => ['orders', 'list', 'warehouse-queues'] as const,
};

export const orderKeys = {
  all: () => ['orders'] as const,
  lists: () => ['orders', 'list'] as const,
  mine: (tab: UserOrderTab, page: number) => ['orders', 'list', 'mine', tab, page] as const,
  warehouse: (params: WarehouseListParams) => ['orders', 'list', 'warehouse', params] as const,
  details: () => ['orders', 'detail'] as const,
  detail: (id: number) => ['orders', 'detail', id] as const,
};

/**
 * Returns live apart from the orders: an order action does not refetch them, a return action refreshes them all
 * (the order's returns, the warehouse's returns queue) and the one order the return belongs to.
 */
export const returnKeys = {
  all: () => ['returns'] as const,
  ofOrder: (orderId: number) => ['returns', 'order', orderId] as const,
  /** The order's returns as of an order version: every return step bumps the order's version (its history). */
  ofOrderVersion: (orderId: number, version: number) => ['returns', 'order', orderId, version] as const,
  detail: (id: number) => ['returns', 'detail', id] as const,
  queue: (status: string, page: number) => ['returns', 'queue', status, page] as const,
};

export const bagKeys = {
  all: () => ['bag'] as const,
};

export const wishlistKeys = {
  all: () => ['wishlist'] as const,
};

export const catalogueKeys = {
  /** Every product read: a refusal for stock refreshes them all. */
  all: () => ['goods'] as const,
  list: (query: GoodsQuery) => ['goods', 'list', query] as const,
  promotions: () => ['goods', 'promotions'] as const,
  details: (productId: number) => ['goods', 'details', productId] as const,
};

export const accountKeys = {
  me: () => ['account', 'me'] as const,
  /** Message choices, the web-push key and the devices (`GET /users/notifications`). */
  messages: () => ['account', 'messages'] as const,
  warehouse: () => ['account', 'my-warehouse'] as const,
  addresses: () => ['account', 'addresses'] as const,
  orderParams: () => ['account', 'order-params'] as const,
};

export const businessKeys = {
  /** Every figure of the business screens: a live volumes change refreshes them all. */
  all: () => ['business'] as const,
  myInfo: () => ['business', 'my-info'] as const,
  myTarget: () => ['business', 'my-target'] as const,
  /** Under `business`: a new recruit or a volumes change (live) ticks its steps off. */
  firstSteps: () => ['business', 'first-steps'] as const,
  closedStats: () => ['business', 'closed-stats'] as const,
  ratings: (limit: number) => ['business', 'ratings', { limit }] as const,
  bonusEstimate: () => ['business', 'bonus-estimate'] as const,
  bonusSources: (month: string, member: number | null, page: number) =>
    ['business', 'bonus-sources', month, member, page] as const,
};

export const networkKeys = {
  all: () => ['network'] as const,
  search: (query: NetworkSearchQuery) => ['network', 'search', query] as const,
  node: (id: number) => ['network', 'node', id] as const,
};

export const clientKeys = {
  all: () => ['clients'] as const,
  list: (query: ClientsQuery) => ['clients', 'list', query] as const,
  detail: (id: number) => ['clients', 'detail', id] as const,
};

/**
 * A distributor's storefront (`/s/{alias}`): public reads, the same for every visitor, keyed by the alias as the
 * address has it (lower-cased: the server takes any case).
 */
/** Signing up under a sponsor: the sponsor's card by the address's alias or PRN (as typed). */
export const signUpKeys = {
  card: (alias: string) => ['sign-up', alias, 'card'] as const,
};

export const shopKeys = {
  all: () => ['shop'] as const,
  card: (alias: string) => ['shop', alias, 'card'] as const,
  goods: (alias: string, query: ShopGoodsQuery) => ['shop', alias, 'goods', query] as const,
  good: (alias: string, productId: number) => ['shop', alias, 'good', productId] as const,
};

/** The distributor's "Client orders" card: a live `client_order` event refreshes it. */
export const clientOrderKeys = {
  all: () => ['client-orders'] as const,
  latest: (limit: number) => ['client-orders', { limit }] as const,
};

export const documentKeys = {
  all: () => ['documents'] as const,
};

export const exchangeKeys = {
  all: () => ['exchange-1c'] as const,
  overview: () => ['exchange-1c', 'overview'] as const,
  issues: (runId: number, page: number) => ['exchange-1c', 'issues', runId, page] as const,
};

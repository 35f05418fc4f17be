/**
 * A distributor's shop (docs/adr/0147-the-storefront-and-client-checkout.md): the storefront's public reads (no
 * token: a visitor has none), a shop client's sign-up, the two cart calls the local bag's move makes with the new
 * client's token, and the distributor's "Client orders". Each endpoint wrapped once, through the one client.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '../../openapi/schema.d.ts';
import { api, type ApiClient, unwrap } from '../api/client.ts';
import { clientOrderKeys, type ShopGoodsQuery, shopKeys } from './keys.ts';

export type ShopCard = components['schemas']['ShopCard'];
export type ShopGood = components['schemas']['ShopGood'];
export type ShopGoodDetails = components['schemas']['ShopGoodDetails'];
export type ShopGoodsPage = components['schemas']['ShopGoodsPage'];
export type ShopOwner = components['schemas']['ShopOwner'];
export type ClientOrderRow = components['schemas']['ClientOrder'];
export type ShopClientSignUp = components['schemas']['ShopClientSignUp'];
export type ShopClientSignUpResult = components['schemas']['ShopClientSignUpResult'];
export type Cart = components['schemas']['Cart'];
export type { ShopGoodsQuery };

const withSignal = (signal: AbortSignal | undefined) => (signal === undefined ? {} : { signal });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The alias as the storefront's keys and calls use it (the server takes any case). */
export const shopAliasOf = (alias: string): string => alias.trim().toLowerCase();

export function createShopApi(client: ApiClient) {
  return {
    /** `GET /public/shops/{alias}`: 404 for an unknown or disabled distributor. */
    card(alias: string, signal?: AbortSignal): Promise<ShopCard> {
      return unwrap(
        client.GET('/public/shops/{alias}', { params: { path: { alias } }, ...withSignal(signal) }),
      );
    },
    /** `GET /public/shops/{alias}/goods`: a page of the shop window at the retail price. */
    goods(alias: string, query: ShopGoodsQuery, signal?: AbortSignal): Promise<ShopGoodsPage> {
      return unwrap(
        client.GET('/public/shops/{alias}/goods', {
          params: { path: { alias }, query },
          ...withSignal(signal),
        }),
      );
    },
    /** `GET /public/shops/{alias}/goods/{productId}`. */
    good(alias: string, productId: number, signal?: AbortSignal): Promise<ShopGoodDetails> {
      return unwrap(
        client.GET('/public/shops/{alias}/goods/{productId}', {
          params: { path: { alias, productId } },
          ...withSignal(signal),
        }),
      );
    },
    /** `POST /public/shops/{alias}/clients`: 201 with a token that signs the new client in. */
    signUp(alias: string, body: ShopClientSignUp): Promise<ShopClientSignUpResult> {
      return unwrap(client.POST('/public/shops/{alias}/clients', { params: { path: { alias } }, body }));
    },
    /**
     * `GET /orders/cart` with the given token: the local bag moves right after signing up or in, while the auth
     * machine may still be starting the session (its cookie not written yet).
     */
    cartWith(token: string): Promise<Cart> {
      return unwrap(client.GET('/orders/cart', { headers: bearer(token) }));
    },
    /** `POST /orders/cart/add-to-cart` with `mode: set` and the given token: the line becomes exactly `quantity`. */
    setCartLineWith(token: string, productId: number, quantity: number): Promise<Cart> {
      return unwrap(
        client.POST('/orders/cart/add-to-cart', {
          headers: bearer(token),
          body: { productId, quantity, mode: 'set' },
        }),
      );
    },
    /** `GET /users/client-orders`: the latest orders of the caller's shop clients, newest first. */
    clientOrders(limit: number, signal?: AbortSignal): Promise<ClientOrderRow[]> {
      return unwrap(
        client.GET('/users/client-orders', { params: { query: { limit } }, ...withSignal(signal) }),
      ).then((list) => list.items);
    },
  };
}

export type ShopApi = ReturnType<typeof createShopApi>;

export const shopApi: ShopApi = createShopApi(api);

/** The storefront's page size: six rows of two on a phone, three of four on a desktop. */
export const SHOP_PAGE_SIZE = 12;

export const shopQueries = {
  card: (alias: string) =>
    queryOptions({
      queryKey: shopKeys.card(shopAliasOf(alias)),
      queryFn: ({ signal }) => shopApi.card(shopAliasOf(alias), signal),
      // An unknown shop stays unknown for the visit (also when the server's render found it so: the page mounts on
      // that answer instead of asking again); any other failure is left to the page's retry button.
      retry: false,
      retryOnMount: false,
      staleTime: 60_000,
    }),
  goods: (alias: string, query: ShopGoodsQuery) =>
    queryOptions({
      queryKey: shopKeys.goods(shopAliasOf(alias), query),
      queryFn: ({ signal }) => shopApi.goods(shopAliasOf(alias), query, signal),
      placeholderData: keepPreviousData,
      staleTime: 60_000,
    }),
  good: (alias: string, productId: number) =>
    queryOptions({
      queryKey: shopKeys.good(shopAliasOf(alias), productId),
      queryFn: ({ signal }) => shopApi.good(shopAliasOf(alias), productId, signal),
      retry: false,
      retryOnMount: false,
      staleTime: 60_000,
    }),
  clientOrders: (limit: number) =>
    queryOptions({
      queryKey: clientOrderKeys.latest(limit),
      queryFn: ({ signal }) => shopApi.clientOrders(limit, signal),
    }),
};

export const useShopCard = (alias: string) => useQuery(shopQueries.card(alias));
export const useShopGoods = (alias: string, query: ShopGoodsQuery) =>
  useQuery(shopQueries.goods(alias, query));
export const useShopGood = (alias: string, productId: number) => useQuery(shopQueries.good(alias, productId));
export const useClientOrders = (limit: number) => useQuery(shopQueries.clientOrders(limit));

/** The product reads (`/goods`, `/goods/promotions`, a product's page): each endpoint wrapped once, with its `queryOptions`. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '../../openapi/schema.d.ts';
import { api, type ApiClient, unwrap } from '../api/client.ts';
import { catalogueKeys, type GoodsQuery } from './keys.ts';

export type Product = components['schemas']['Product'];
export type ProductPage = components['schemas']['ProductPage'];
export type ProductDetails = components['schemas']['ProductDetails'];
export type ProductVariant = components['schemas']['ProductVariant'];
export type CatalogueFilter = components['schemas']['CatalogueFilter'];
export type { GoodsQuery };
export type GoodsSort = NonNullable<GoodsQuery['sort']>;
export type SortOrder = NonNullable<GoodsQuery['order']>;

/** The product reads of the contract; each returns data or throws the normalised error. */
export function createCatalogueApi(client: ApiClient) {
  return {
    /** `GET /goods`: one page of the catalogue. */
    listGoods(query: GoodsQuery, signal?: AbortSignal): Promise<ProductPage> {
      return unwrap(client.GET('/goods', { params: { query }, ...(signal === undefined ? {} : { signal }) }));
    },
    /** `GET /goods/promotions`: every promoted product, largest saving first. */
    listPromotions(signal?: AbortSignal): Promise<Product[]> {
      return unwrap(client.GET('/goods/promotions', signal === undefined ? {} : { signal }));
    },
    /** `GET /goods/{productId}/details`: what a product's page shows. */
    getProductDetails(productId: number, signal?: AbortSignal): Promise<ProductDetails> {
      return unwrap(
        client.GET('/goods/{productId}/details', {
          params: { path: { productId } },
          ...(signal === undefined ? {} : { signal }),
        }),
      );
    },
  };
}

export const catalogueApi = createCatalogueApi(api);

export const catalogueQueries = {
  /** One page of the catalogue; the previous page stays on screen while the next one loads. */
  goods: (query: GoodsQuery) =>
    queryOptions({
      queryKey: catalogueKeys.list(query),
      queryFn: ({ signal }) => catalogueApi.listGoods(query, signal),
      placeholderData: keepPreviousData,
    }),
  promotions: () =>
    queryOptions({
      queryKey: catalogueKeys.promotions(),
      queryFn: ({ signal }) => catalogueApi.listPromotions(signal),
    }),
  /** A product's page; the variant picker's next page is asked for on hover or focus (`prefetchQuery`). */
  details: (productId: number) =>
    queryOptions({
      queryKey: catalogueKeys.details(productId),
      queryFn: ({ signal }) => catalogueApi.getProductDetails(productId, signal),
    }),
};

export function useGoods(query: GoodsQuery) {
  return useQuery(catalogueQueries.goods(query));
}

export function usePromotions() {
  return useQuery(catalogueQueries.promotions());
}

export function useProductDetails(productId: number) {
  return useQuery(catalogueQueries.details(productId));
}

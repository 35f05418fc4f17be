import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { components, operations } from '../../../openapi/schema.d.ts';
import { api, type ApiClient, unwrap } from '../../api/client.ts';

export type Product = components['schemas']['Product'];
export type ProductPage = components['schemas']['ProductPage'];
export type CatalogueFilter = components['schemas']['CatalogueFilter'];
export type GoodsQuery = NonNullable<operations['listGoods']['parameters']['query']>;
export type GoodsSort = NonNullable<GoodsQuery['sort']>;
export type SortOrder = NonNullable<GoodsQuery['order']>;

/** Every product read lives under this key, so a refused add (stock changed) can refresh them all at once. */
export const goodsQueryRoot = ['goods'] as const;

export const goodsListQueryKey = (query: GoodsQuery) => [...goodsQueryRoot, 'list', query] as const;
export const promotionsQueryKey = [...goodsQueryRoot, 'promotions'] as const;

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
  };
}

export const catalogueApi = createCatalogueApi(api);

/** One page of the catalogue; the previous page stays on screen while the next one loads. */
export function useGoods(query: GoodsQuery) {
  return useQuery({
    queryKey: goodsListQueryKey(query),
    queryFn: ({ signal }) => catalogueApi.listGoods(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** The promoted products. */
export function usePromotions() {
  return useQuery({
    queryKey: promotionsQueryKey,
    queryFn: ({ signal }) => catalogueApi.listPromotions(signal),
  });
}

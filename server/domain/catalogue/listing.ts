/**
 * The catalogue listing: filter, text search, sort and paging over `products` (operation `listGoods`).
 *
 * - `category`: a real category, or `with_points` (points > 0) / `without_points` (points = 0).
 * - `q`: case-insensitive substring of the SKU or the name in any language, over the generated column
 *   `products.search` (`lower(sku || names…)`, migration 0001) with `LIKE`; `%`, `_` and `\` in `q` are literal.
 *   No trigram index: at catalogue sizes (hundreds to a few thousand rows) a scan of one short text column is
 *   well under a millisecond per hundred rows. Should the catalogue grow, a `gin (search gin_trgm_ops)` index
 *   (pg_trgm is loaded on both databases, migration 0005) would serve the same query unchanged.
 * - `sort`: `popular` (units ordered over all orders, most first; the ranking is cached, see `popularity.ts`), `name` (in `lang`, ICU root collation so that
 *   `Ș` sorts beside `S` and `Ё` beside `Е`), `price` (effective unit price: the promotion price when one is in
 *   force), `points`, `newest` (created_at). Direction: `asc` for name and price, `desc` otherwise, unless `order`
 *   says. Ties are broken by id (ascending, or descending for `newest desc`), so pages never overlap or skip.
 */
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { components } from '#openapi/schema.d.ts';
import type { Lang } from '../../db/reference.ts';
import type { DB } from '../../db/schema.ts';
import { productPopularity } from './popularity.ts';
import { selectProducts, toProduct, type Product } from './product.ts';
import { RETAIL_PRICE_SQL, type Pricing } from './retail.ts';
import { availableSql } from '../stock/warehouse-stock.ts';

export type CatalogueFilter = components['schemas']['CatalogueFilter'];
export type CatalogueSort = 'popular' | 'name' | 'price' | 'points' | 'newest';

export interface ListingQuery {
  page: number;
  pageSize: number;
  category?: CatalogueFilter | undefined;
  q?: string | undefined;
  sort: CatalogueSort;
  order?: 'asc' | 'desc' | undefined;
  lang: Lang;
  /** the caller's warehouse: whose stock the products show */
  warehouseId: number;
  /** how the caller pays: `retail` lists and sorts by the retail price */
  pricing: Pricing;
  /**
   * Products the warehouse can promise before those it cannot, each group in the sort asked for (a shop's window,
   * docs/adr/0147-the-storefront-and-client-checkout.md): in the ordering itself, so pages never overlap or skip.
   */
  inStockFirst?: boolean | undefined;
}

export interface ProductPage {
  items: Product[];
  page: number;
  pageSize: number;
  total: number;
}

/** `q` as a LIKE pattern: whitespace collapsed, wildcards escaped, wrapped in `%`. */
export function likePattern(q: string): string {
  const collapsed = q.trim().replace(/\s+/g, ' ');
  return `%${collapsed.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

type ProductsEb = ExpressionBuilder<DB, 'products'>;

/** Products the catalogue lists: the ones still sold, filtered by category and text. */
function filters(eb: ProductsEb, query: Pick<ListingQuery, 'category' | 'q'>): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [eb('products.is_active', '=', true)];
  switch (query.category) {
    case undefined:
      break;
    case 'with_points':
      conditions.push(eb('products.points', '>', 0));
      break;
    case 'without_points':
      conditions.push(eb('products.points', '=', 0));
      break;
    default:
      conditions.push(eb('products.category', '=', query.category));
  }
  const q = query.q?.trim();
  if (q !== undefined && q !== '') {
    conditions.push(eb('products.search', 'like', eb.fn<string>('lower', [eb.val(likePattern(q))])));
  }
  return eb.and(conditions);
}

/** The effective unit price (see `promoPriceOf`), as SQL. */
function effectivePrice(eb: ProductsEb): Expression<number> {
  return eb
    .case()
    .when(
      eb.and([
        eb('products.is_promotion', '=', true),
        eb('products.promo_price', '<', eb.ref('products.price')),
      ]),
    )
    .then(eb.ref('products.promo_price'))
    .else(eb.ref('products.price'))
    .end() as Expression<number>;
}

export async function listProducts(
  db: Kysely<DB>,
  query: ListingQuery,
  currency: string,
  publicUrl: string,
): Promise<ProductPage> {
  const direction = query.order ?? (query.sort === 'name' || query.sort === 'price' ? 'asc' : 'desc');

  const counted = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where((eb) => filters(eb, query))
    .executeTakeFirstOrThrow();
  const total = Number(counted.total);

  let select = selectProducts(db, query.warehouseId).where((eb) => filters(eb, query));
  if (query.inStockFirst === true) select = select.orderBy(sql`(${availableSql()} > 0)`, 'desc');

  switch (query.sort) {
    case 'popular': {
      // Position in the popularity ranking (1 = most ordered); never-ordered products have none and come last.
      const { ranked } = await productPopularity(db);
      const position = sql<number | null>`array_position(${ranked}::int[], products.id)`;
      select = select.orderBy(
        position,
        direction === 'desc' ? (ob) => ob.asc().nullsLast() : (ob) => ob.desc().nullsFirst(),
      );
      break;
    }
    case 'name':
      // The expression of `products_name_<lang>_idx` (migration 0022): a page walks that index and stops. Change
      // one, change the other (tests/server/routes/catalogue/goods-plan.test.ts asks for the plan).
      select = select.orderBy(sql`(products.name ->> ${query.lang}) collate "und-x-icu"`, direction);
      break;
    case 'price':
      select =
        query.pricing === 'retail'
          ? select.orderBy(RETAIL_PRICE_SQL, direction)
          : select.orderBy((eb) => effectivePrice(eb), direction);
      break;
    case 'points':
      select = select.orderBy('products.points', direction);
      break;
    case 'newest':
      select = select.orderBy('products.created_at', direction);
      break;
  }
  const tieBreak = query.sort === 'newest' ? direction : 'asc';
  const rows = await select
    .orderBy('products.id', tieBreak)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();

  return {
    items: rows.map((row) => toProduct(row, currency, publicUrl, query.pricing)),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

/** Products by id, in the order of `ids` (those no longer sold too, marked so); unknown ids are left out. */
export async function productsByIds(
  db: Kysely<DB>,
  ids: readonly number[],
  currency: string,
  publicUrl: string,
  warehouseId: number,
  pricing: Pricing,
): Promise<Product[]> {
  if (ids.length === 0) return [];
  const rows = await selectProducts(db, warehouseId)
    .where('products.id', 'in', [...ids])
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const products: Product[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (row !== undefined) products.push(toProduct(row, currency, publicUrl, pricing));
  }
  return products;
}

/**
 * Every product still sold with a promotion price in force, largest saving (price − promoPrice) first; none for a
 * shop client, who pays the retail price (promotions are the distributors', docs/adr/0146-the-shop-link.md).
 */
export async function promotedProducts(
  db: Kysely<DB>,
  currency: string,
  publicUrl: string,
  warehouseId: number,
  pricing: Pricing,
): Promise<Product[]> {
  if (pricing === 'retail') return [];
  const rows = await selectProducts(db, warehouseId)
    .where('products.is_active', '=', true)
    .where('products.is_promotion', '=', true)
    .where('products.promo_price', 'is not', null)
    .where((eb) => eb('products.promo_price', '<', eb.ref('products.price')))
    .orderBy((eb) => eb('products.price', '-', eb.ref('products.promo_price')), 'desc')
    .orderBy('products.id')
    .execute();
  return rows.map((row) => toProduct(row, currency, publicUrl, pricing));
}

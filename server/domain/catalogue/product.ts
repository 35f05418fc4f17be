/**
 * Products as the contract shows them (`components['schemas']['Product']`), built from `products` rows.
 *
 * - `promoPrice` is the stored promotion price only while `is_promotion` is set and it is lower than `price`;
 *   otherwise null (a promotion never makes a product dearer and the discount is never negative).
 * - `imageUrl` is absolute: the stored `image_url` when the row has one (an absolute URL as it is, a path resolved
 *   against `publicUrl`), else the generated picture `GET /media/products/{sku}.svg` (`server/media/`).
 * - `stock` is what the caller's warehouse can still promise (`availableSql`, docs/adr/0091-stock-per-warehouse.md):
 *   every query that builds products left-joins `warehouse_stock as ws` on the product and that one warehouse.
 * - `isActive` is false once 1C no longer lists the product (then `stock` is 0); `inactiveReason` says why.
 * - `slug` is the English name as an address (`productSlug`): the page is `/products/{id}-{slug}`.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { components } from '#openapi/schema.d.ts';
import type { DB, ProductsTable } from '../../db/schema.ts';
import { availableSql } from '../stock/warehouse-stock.ts';
import { priced, type Pricing } from './retail.ts';

export type Product = components['schemas']['Product'];

/** The columns `toProduct` reads; select them with `PRODUCT_COLUMNS` and `STOCK_COLUMN`. */
export type ProductSource = Pick<
  Selectable<ProductsTable>,
  | 'id'
  | 'sku'
  | 'name'
  | 'description'
  | 'price'
  | 'promo_price'
  | 'points'
  | 'category'
  | 'image_url'
  | 'is_promotion'
  | 'recommended_price'
  | 'is_active'
  | 'inactive_reason'
> & { stock: number };

/** With `STOCK_COLUMN` (over `warehouse_stock as ws` joined for one warehouse) gives rows `toProduct` takes. */
export const PRODUCT_COLUMNS = [
  'products.id',
  'products.sku',
  'products.name',
  'products.description',
  'products.price',
  'products.promo_price',
  'products.points',
  'products.category',
  'products.image_url',
  'products.is_promotion',
  'products.recommended_price',
  'products.is_active',
  'products.inactive_reason',
] as const;

/** What the joined warehouse can still promise of the product (`availableSql`). */
export const stockColumn = () => availableSql().as('stock');

/** Products with their stock at one warehouse: `selectProducts(db, warehouseId).where(…)`. */
export function selectProducts(db: Kysely<DB> | Transaction<DB>, warehouseId: number) {
  return db
    .selectFrom('products')
    .leftJoin('warehouse_stock as ws', (join) =>
      join.onRef('ws.product_id', '=', 'products.id').on('ws.warehouse_id', '=', warehouseId),
    )
    .select([...PRODUCT_COLUMNS, stockColumn()]);
}

/** Path (under the server's origin) of a product's generated picture. */
export const PRODUCT_IMAGE_PATH_PREFIX = '/media/products/';

/** The absolute URL of the generated picture of the product with this SKU. */
export function productImageUrl(publicUrl: string, sku: string): string {
  return new URL(`${PRODUCT_IMAGE_PATH_PREFIX}${encodeURIComponent(sku)}.svg`, publicUrl).href;
}

/** The URL a product row's picture is at (see the module comment). */
export function imageUrlOf(row: Pick<ProductSource, 'sku' | 'image_url'>, publicUrl: string): string {
  const stored = row.image_url?.trim();
  if (stored !== undefined && stored !== '') return new URL(stored, publicUrl).href;
  return productImageUrl(publicUrl, row.sku);
}

/** The unit promotion price in force, or null (see the module comment). */
export function promoPriceOf(
  row: Pick<ProductSource, 'price' | 'promo_price' | 'is_promotion'>,
): number | null {
  return row.is_promotion && row.promo_price !== null && row.promo_price < row.price ? row.promo_price : null;
}

/**
 * The English name as an address: letters without their accents, digits, single hyphens ("Lumière Lipstick, Rose
 * Petal" → `lumiere-lipstick-rose-petal`); the SKU's when the name leaves nothing. At most 80 characters, cut at a
 * word. Only the id finds a product: the slug is for people and messengers.
 */
export function productSlug(name: { en: string }, sku: string): string {
  const words = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((word) => word !== '');
  const all = words(name.en);
  const chosen: string[] = [];
  for (const word of all.length > 0 ? all : words(sku)) {
    if ([...chosen, word].join('-').length > 80) break;
    chosen.push(word);
  }
  return chosen.length > 0 ? chosen.join('-') : 'product';
}

/** Points rounded to the contract's two decimals (sums of `numeric(10,2)` values in floating point drift). */
export function roundPoints(value: number): number {
  return Math.round(value * 100) / 100;
}

/** A `products` row as the contract's Product, priced for the reader (`pricing`: a shop client pays retail). */
export function toProduct(
  row: ProductSource,
  currency: string,
  publicUrl: string,
  pricing: Pricing,
): Product {
  const promoPrice = promoPriceOf(row);
  return priced(
    {
      id: row.id,
      sku: row.sku,
      slug: productSlug(row.name, row.sku),
      name: row.name,
      description: row.description,
      price: row.price,
      promoPrice,
      currency,
      points: roundPoints(Number(row.points)),
      stock: row.is_active ? Math.max(0, Number(row.stock)) : 0,
      category: row.category,
      imageUrl: imageUrlOf(row, publicUrl),
      isPromotion: promoPrice !== null,
      recommendedPrice: row.recommended_price,
      isActive: row.is_active,
      inactiveReason: row.is_active ? null : row.inactive_reason,
    },
    pricing,
  );
}

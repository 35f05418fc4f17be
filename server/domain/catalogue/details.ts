/**
 * A product's page (`getProductDetails`, docs/adr/0137-product-pages.md): the product with its stock at the
 * caller's warehouse, its content, its family's variants for the picker, and what is often bought with it.
 *
 * "Often bought with" counts the other products of the latest `BOUGHT_WITH_ORDERS` orders that hold this one
 * (`order_lines_product_idx`), so its cost stays bounded however popular the product is; the product's own family
 * is left out (a second shade is not a suggestion), and so are products no longer sold or out of stock here.
 */
import { sql, type Kysely } from 'kysely';
import type { components } from '#openapi/schema.d.ts';
import type { DB } from '../../db/schema.ts';
import { selectProducts, toProduct, productSlug } from './product.ts';
import type { Pricing } from './retail.ts';

export type ProductDetails = components['schemas']['ProductDetails'];

/** How many of the latest orders holding the product "often bought with" reads. */
export const BOUGHT_WITH_ORDERS = 500;
/** How many suggestions the page shows. */
export const BOUGHT_WITH_SHOWN = 4;
/** The most variants a family shows (the contract's bound). */
const MAX_VARIANTS = 50;

/** The page of product `id` at `warehouseId`, or `undefined` when there is no such product. */
export async function productDetails(
  db: Kysely<DB>,
  id: number,
  warehouseId: number,
  currency: string,
  publicUrl: string,
  pricing: Pricing,
): Promise<ProductDetails | undefined> {
  const row = await selectProducts(db, warehouseId)
    .select(['products.family', 'products.volume_ml', 'products.ingredients', 'products.how_to_use'])
    .where('products.id', '=', id)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  const product = toProduct(row, currency, publicUrl, pricing);
  const [variants, boughtWith] = await Promise.all([
    row.family === null ? Promise.resolve([]) : familyVariants(db, row.family, id, warehouseId),
    boughtWithProducts(db, id, row.family, warehouseId, currency, publicUrl, pricing),
  ]);
  return {
    product,
    variants,
    volumeMl: row.volume_ml,
    ingredients: row.ingredients,
    howToUse: row.how_to_use,
    boughtWith,
  };
}

/** The family's sold variants and this one, in SKU order (the catalogue's order within a family). */
async function familyVariants(
  db: Kysely<DB>,
  family: string,
  currentId: number,
  warehouseId: number,
): Promise<ProductDetails['variants']> {
  const rows = await selectProducts(db, warehouseId)
    .select(['products.variant', 'products.swatch'])
    .where('products.family', '=', family)
    .where((eb) => eb.or([eb('products.is_active', '=', true), eb('products.id', '=', currentId)]))
    .orderBy('products.sku')
    .limit(MAX_VARIANTS)
    .execute();
  // One variant alone is no choice: the page shows no picker.
  if (rows.length < 2) return [];
  return rows.map((variant) => ({
    id: variant.id,
    slug: productSlug(variant.name, variant.sku),
    label: variant.variant ?? variant.name,
    swatch: variant.swatch,
    available: variant.is_active && Number(variant.stock) > 0,
    isCurrent: variant.id === currentId,
  }));
}

async function boughtWithProducts(
  db: Kysely<DB>,
  id: number,
  family: string | null,
  warehouseId: number,
  currency: string,
  publicUrl: string,
  pricing: Pricing,
): Promise<ProductDetails['boughtWith']> {
  const counted = await sql<{ product_id: number; orders: number }>`
    with recent as (
      select order_id from order_lines where product_id = ${id} order by order_id desc limit ${BOUGHT_WITH_ORDERS}
    )
    select ol.product_id, count(*)::int as orders
    from order_lines ol join recent using (order_id)
    where ol.product_id <> ${id}
    group by ol.product_id
    order by orders desc, ol.product_id
    limit ${BOUGHT_WITH_SHOWN * 4}`.execute(db);
  const ids = counted.rows.map((row) => row.product_id);
  if (ids.length === 0) return [];
  let query = selectProducts(db, warehouseId)
    .where('products.id', 'in', ids)
    .where('products.is_active', '=', true);
  if (family !== null)
    query = query.where((eb) =>
      eb.or([eb('products.family', 'is', null), eb('products.family', '<>', family)]),
    );
  const rows = await query.execute();
  const rank = new Map(ids.map((productId, index) => [productId, index]));
  return rows
    .filter((row) => Number(row.stock) > 0)
    .sort((a, b) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0))
    .slice(0, BOUGHT_WITH_SHOWN)
    .map((row) => toProduct(row, currency, publicUrl, pricing));
}

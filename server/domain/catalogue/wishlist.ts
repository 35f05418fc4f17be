/**
 * The wishlist (`wishlist` rows, one per user and product) as the contract's Wishlist: most recently added first,
 * each product with its stock at `warehouseId` (products no longer sold stay, marked `isActive: false`).
 */
import type { Kysely, Transaction } from 'kysely';
import type { components } from '#openapi/schema.d.ts';
import type { DB } from '../../db/schema.ts';
import { PRODUCT_COLUMNS, stockColumn, toProduct } from './product.ts';
import type { Pricing } from './retail.ts';

export type Wishlist = components['schemas']['Wishlist'];

export async function loadWishlist(
  db: Kysely<DB> | Transaction<DB>,
  userId: number,
  currency: string,
  publicUrl: string,
  warehouseId: number,
  pricing: Pricing,
): Promise<Wishlist> {
  const rows = await db
    .selectFrom('wishlist')
    .innerJoin('products', 'products.id', 'wishlist.product_id')
    .leftJoin('warehouse_stock as ws', (join) =>
      join.onRef('ws.product_id', '=', 'products.id').on('ws.warehouse_id', '=', warehouseId),
    )
    .select([...PRODUCT_COLUMNS, stockColumn()])
    .where('wishlist.user_id', '=', userId)
    .orderBy('wishlist.added_at', 'desc')
    .orderBy('wishlist.product_id', 'desc')
    .execute();
  const items = rows.map((row) => toProduct(row, currency, publicUrl, pricing));
  return { productIds: items.map((item) => item.id), items };
}

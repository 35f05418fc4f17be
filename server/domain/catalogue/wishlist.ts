/** The wishlist (`wishlist` rows, one per user and product) as the contract's Wishlist: most recently added first. */
import type { Kysely, Transaction } from 'kysely';
import type { components } from '#openapi/schema.d.ts';
import type { DB } from '../../db/schema.ts';
import { PRODUCT_COLUMNS, toProduct } from './product.ts';

export type Wishlist = components['schemas']['Wishlist'];

export async function loadWishlist(
  db: Kysely<DB> | Transaction<DB>,
  userId: number,
  currency: string,
  publicUrl: string,
): Promise<Wishlist> {
  const rows = await db
    .selectFrom('wishlist')
    .innerJoin('products', 'products.id', 'wishlist.product_id')
    .select(PRODUCT_COLUMNS)
    .where('wishlist.user_id', '=', userId)
    .orderBy('wishlist.added_at', 'desc')
    .orderBy('wishlist.product_id', 'desc')
    .execute();
  const items = rows.map((row) => toProduct(row, currency, publicUrl));
  return { productIds: items.map((item) => item.id), items };
}

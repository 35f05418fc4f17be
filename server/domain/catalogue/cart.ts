/**
 * The shopping bag (`carts` rows, one per user and product) as the contract's Cart, and its clearing.
 * Used by the cart routes and by order creation (which reads the bag and empties it in its transaction).
 *
 * Money (docs/adr/0007-api-conventions.md): a line's `amount` = quantity × (promoPrice ?? price);
 * totals: `amount` = Σ quantity × price (list prices), `discount` = amount − Σ line amounts (promotion savings),
 * `finalCost` = amount − discount, `points` = Σ quantity × points, `itemCount` = Σ quantity.
 * Lines come in the order they were first added (`added_at`, then product id).
 */
import type { Kysely, Transaction } from 'kysely';
import type { components } from '#openapi/schema.d.ts';
import type { DB } from '../../db/schema.ts';
import { PRODUCT_COLUMNS, roundPoints, stockColumn, toProduct, type Product } from './product.ts';
import type { Pricing } from './retail.ts';

export type Cart = components['schemas']['Cart'];
export type CartItem = components['schemas']['CartItem'];
export type Totals = components['schemas']['Totals'];

type Db = Kysely<DB> | Transaction<DB>;

/** Line and totals arithmetic over (product, quantity) pairs; exported for order creation and tests. */
export function cartFromLines(
  lines: ReadonlyArray<{ product: Product; quantity: number }>,
  currency: string,
): Cart {
  const items: CartItem[] = lines.map(({ product, quantity }) => ({
    productId: product.id,
    quantity,
    product,
    amount: quantity * (product.promoPrice ?? product.price),
    points: roundPoints(quantity * product.points),
  }));
  let itemCount = 0;
  let amount = 0;
  let paid = 0;
  let points = 0;
  for (const item of items) {
    itemCount += item.quantity;
    amount += item.quantity * item.product.price;
    paid += item.amount;
    points += item.points;
  }
  const discount = amount - paid;
  return {
    items,
    totals: { itemCount, amount, discount, finalCost: amount - discount, points: roundPoints(points) },
    currency,
  };
}

/**
 * The user's bag with each line's current product and its stock at `warehouseId` (the caller's warehouse, or the
 * warehouse an order of it goes to), priced for its owner (`pricing`: a shop client pays retail). Inside a
 * transaction, pass `{ lock: true }` to lock the bag's rows (`for update`) so a concurrent change waits for it.
 */
export async function loadCart(
  db: Db,
  userId: number,
  currency: string,
  publicUrl: string,
  warehouseId: number,
  pricing: Pricing,
  options: { lock?: boolean } = {},
): Promise<Cart> {
  let query = db
    .selectFrom('carts')
    .innerJoin('products', 'products.id', 'carts.product_id')
    .leftJoin('warehouse_stock as ws', (join) =>
      join.onRef('ws.product_id', '=', 'products.id').on('ws.warehouse_id', '=', warehouseId),
    )
    .select([...PRODUCT_COLUMNS, stockColumn(), 'carts.quantity'])
    .where('carts.user_id', '=', userId)
    .orderBy('carts.added_at')
    .orderBy('carts.product_id');
  if (options.lock === true) query = query.forUpdate('carts');
  const rows = await query.execute();
  return cartFromLines(
    rows.map((row) => ({ product: toProduct(row, currency, publicUrl, pricing), quantity: row.quantity })),
    currency,
  );
}

/** Empties the user's bag (after an order took it). Answers how many lines went. */
export async function clearCart(db: Db, userId: number): Promise<number> {
  const result = await db.deleteFrom('carts').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

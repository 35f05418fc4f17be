/**
 * Stock where the warehouse decides: what each order line can draw on now, and a substitute for a line that cannot
 * be filled. Stock is the order's warehouse's (docs/adr/0091-stock-per-warehouse.md): 1C's quantity there minus what
 * the warehouse's orders not yet in 1C hold; an order's own hold counts as on hand for that order
 * (`heldQuantity`), so a line is short exactly when the lifecycle would refuse `order.confirm` for it.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { OrderStatus } from '#machines/order-lifecycle/order-lifecycle.types.ts';
import type { Category, Localized } from '../../db/reference.ts';
import type { DB } from '../../db/schema.ts';
import { RETAIL_PRICE_SQL, retailPrice, type Pricing } from '../catalogue/retail.ts';
import { heldQuantity, onHandFor } from '../stock/warehouse-stock.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** A substitute's price may differ from the line's by at most this share (the "price band"). */
export const SUBSTITUTE_PRICE_BAND = 0.2;

export interface StockedLine {
  id: number;
  product_id: number;
  requested_quantity: number;
  confirmed_quantity: number | null;
  /** 1C's quantity at the order's warehouse minus every hold there (this order's too); may be below zero. */
  stock: number;
  category: Category;
  /** The unit price the line was ordered at. */
  price: number;
}

export interface Substitute {
  productId: number;
  sku: string;
  name: Localized;
  price: number;
}

/** Units the warehouse has for this line of an order in `status`: free stock plus the order's own hold. */
export function onHandOf(status: OrderStatus, line: StockedLine, inOneC = false): number {
  const own = heldQuantity(
    status,
    { requested: line.requested_quantity, confirmed: line.confirmed_quantity },
    inOneC,
  );
  return onHandFor(Number(line.stock), 0, own);
}

/** The units a line still needs that the warehouse cannot give (0 when it can be filled). */
export function shortfallOf(status: OrderStatus, line: StockedLine, inOneC = false): number {
  return Math.max(0, line.requested_quantity - onHandOf(status, line, inOneC));
}

/**
 * A substitute per line id for `lines` that need one (`missing` units each): the product still sold of the same
 * category, within the price band, not already in the order, with at least `missing` units available at the order's
 * warehouse, closest in price — the price the order's buyer pays (`pricing`: a shop client's is retail, so the band
 * and the substitute's price are retail too, docs/adr/0146-the-shop-link.md).
 */
export async function substitutesFor(
  db: Db,
  warehouseId: number,
  orderProductIds: readonly number[],
  lines: ReadonlyArray<{ line: StockedLine; missing: number }>,
  pricing: Pricing,
): Promise<Map<number, Substitute>> {
  const found = new Map<number, Substitute>();
  const unit = pricing === 'retail' ? RETAIL_PRICE_SQL : sql<number>`products.price`;
  for (const { line, missing } of lines) {
    if (missing <= 0) continue;
    const low = Math.floor(line.price * (1 - SUBSTITUTE_PRICE_BAND));
    const high = Math.ceil(line.price * (1 + SUBSTITUTE_PRICE_BAND));
    const row = await db
      .selectFrom('products')
      .innerJoin('warehouse_stock as ws', (join) =>
        join.onRef('ws.product_id', '=', 'products.id').on('ws.warehouse_id', '=', warehouseId),
      )
      .select(['id', 'sku', 'name', 'price', 'promo_price', 'is_promotion', 'recommended_price'])
      .where('category', '=', line.category)
      .where('is_active', '=', true)
      .where('id', 'not in', [...orderProductIds])
      .where(sql<number>`ws.quantity - ws.held`, '>=', missing)
      .where(unit, '>=', low)
      .where(unit, '<=', high)
      .orderBy(sql`abs(${unit} - ${line.price})`)
      .orderBy('id')
      .executeTakeFirst();
    if (row === undefined) continue;
    const promo = row.is_promotion && row.promo_price !== null ? row.promo_price : null;
    const price = pricing === 'retail' ? retailPrice(row.price, row.recommended_price) : (promo ?? row.price);
    found.set(line.id, { productId: row.id, sku: row.sku, name: row.name, price });
  }
  return found;
}

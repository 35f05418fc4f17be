/**
 * Stock where the warehouse decides: what each order line can draw on now, and a substitute for a line that cannot
 * be filled. One stock figure per product (`products.stock`, the free units after every open order's hold); an
 * order's own hold counts as on hand for that order (`heldQuantity`), so a line is short exactly when the lifecycle
 * would refuse `order.confirm` for it.
 */
import type { Kysely, Transaction } from 'kysely';
import { effectiveQuantity } from '#machines/order-lifecycle/order-lifecycle.lines.rules.ts';
import type { OrderLine, OrderStatus } from '#machines/order-lifecycle/order-lifecycle.types.ts';
import type { Category, Localized } from '../../db/reference.ts';
import type { DB } from '../../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

const RELEASED: readonly OrderStatus[] = ['rejected', 'cancelled_by_distributor', 'cancelled_by_warehouse'];

type Quantities = Pick<OrderLine, 'requested' | 'confirmed'>;

/** The units of a line that count (the machine's rule: confirmed once confirmed, else requested). */
export const effectiveUnits = (line: Quantities): number =>
  effectiveQuantity({ ...line, lineId: '', price: 0, points: 0 });

/** Units of a line an order in `status` holds in stock. */
export function heldQuantity(status: OrderStatus, line: Quantities): number {
  return RELEASED.includes(status) ? 0 : effectiveUnits(line);
}

/** A substitute's price may differ from the line's by at most this share (the "price band"). */
export const SUBSTITUTE_PRICE_BAND = 0.2;

export interface StockedLine {
  id: number;
  product_id: number;
  requested_quantity: number;
  confirmed_quantity: number | null;
  /** The product's free stock now. */
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
export function onHandOf(status: OrderStatus, line: StockedLine): number {
  return (
    line.stock +
    heldQuantity(status, { requested: line.requested_quantity, confirmed: line.confirmed_quantity })
  );
}

/** The units a line still needs that the warehouse cannot give (0 when it can be filled). */
export function shortfallOf(status: OrderStatus, line: StockedLine): number {
  return Math.max(0, line.requested_quantity - onHandOf(status, line));
}

/**
 * A substitute per line id for `lines` that need one (`missing` units each): the product of the same category,
 * within the price band, not already in the order, with at least `missing` units free, closest in price.
 */
export async function substitutesFor(
  db: Db,
  orderProductIds: readonly number[],
  lines: ReadonlyArray<{ line: StockedLine; missing: number }>,
): Promise<Map<number, Substitute>> {
  const found = new Map<number, Substitute>();
  for (const { line, missing } of lines) {
    if (missing <= 0) continue;
    const low = Math.floor(line.price * (1 - SUBSTITUTE_PRICE_BAND));
    const high = Math.ceil(line.price * (1 + SUBSTITUTE_PRICE_BAND));
    const row = await db
      .selectFrom('products')
      .select(['id', 'sku', 'name', 'price', 'promo_price', 'is_promotion'])
      .where('category', '=', line.category)
      .where('id', 'not in', [...orderProductIds])
      .where('stock', '>=', missing)
      .where('price', '>=', low)
      .where('price', '<=', high)
      .orderBy((eb) => eb.fn('abs', [eb('price', '-', line.price)]))
      .orderBy('id')
      .executeTakeFirst();
    if (row === undefined) continue;
    const promo = row.is_promotion && row.promo_price !== null ? row.promo_price : null;
    found.set(line.id, { productId: row.id, sku: row.sku, name: row.name, price: promo ?? row.price });
  }
  return found;
}

/**
 * Order by code (docs/adr/0136-order-by-code.md): a paper order's text, read by `quick-order.parse.ts`, answered
 * entry by entry (`resolveProductCodes`) and put into the bag once per idempotency key (`addToCartByCodes`).
 *
 * - A code is a product's `sku` in any letter case (the exact spelling wins should two SKUs differ only in case).
 *   All codes are looked up in one query, the bag in one more. No index on `lower(sku)`: a catalogue has hundreds
 *   to a few thousand products, and one pass over them with a hashed list of at most 500 codes costs about a
 *   millisecond (the listing's text search scans the same rows, `listing.ts`).
 * - `product` is the catalogue's own Product for the reader (`selectProducts` + `toProduct`, stock at their
 *   warehouse); `available` is its `stock`, `inBag` what their bag holds of it.
 * - Status, first that applies: `unreadable`, `duplicate` (the code came earlier, or the product did under another
 *   spelling), `unknown`, `too_many`, `inactive`, `out_of_stock`; else `toAdd` = min(quantity, available − inBag,
 *   999 − inBag), at least 0: `ok` when it is the whole quantity, `short` otherwise (0 when the bag already holds
 *   everything the stock or the line limit allows).
 * - The add is one transaction: claim the key (`cart-codes/` + key: `/` is outside the contract's key pattern, so
 *   it never meets an order's key), lock the user row (`for no key update`: two adds of one user run one after the
 *   other) and their bag's rows, resolve, upsert every line with `toAdd` > 0 (new lines in the text's order), check
 *   no line went beyond its stock or 999 (only a concurrent add-to-cart racing a new line could do it: then 422
 *   `OUT_OF_STOCK` and nothing is added), read the bag, store the answer on the key. The `carts` trigger emits the
 *   live `bag` event (migration 0004).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { components } from '#openapi/schema.d.ts';
import type { DB } from '../../db/schema.ts';
import { unprocessable, type ErrorDetail } from '../../http/errors.ts';
import { claimKey, requestHash, storeAnswer } from '../orders/idempotency.ts';
import { stockWarehouseOf } from '../stock/warehouse-stock.ts';
import { loadCart } from './cart.ts';
import { selectProducts, toProduct, type Product } from './product.ts';
import type { Pricing } from './retail.ts';
import { MAX_LINE_QUANTITY, readQuickOrder, type ReadEntry } from './quick-order.parse.ts';

export type QuickOrderLine = components['schemas']['QuickOrderLine'];
export type QuickOrderResolution = components['schemas']['QuickOrderResolution'];
export type QuickOrderAdded = components['schemas']['QuickOrderAdded'];

type Db = Kysely<DB> | Transaction<DB>;

/** Who reads: whose bag, and how products are shown. */
export interface QuickOrderReader {
  userId: number;
  currency: string;
  publicUrl: string;
  /** a shop client reads (and fills the bag) at the retail price */
  pricing: Pricing;
}

/** Idempotency keys of adds are stored under this prefix (see the module comment). */
export const ADD_KEY_NAMESPACE = 'cart-codes/';

/** Each distinct code of `codes` → its product at `warehouseId`; codes no product has are absent. One query. */
async function productsByCode(
  db: Db,
  codes: readonly string[],
  warehouseId: number,
  reader: QuickOrderReader,
): Promise<Map<string, Product>> {
  const found = new Map<string, Product>();
  if (codes.length === 0) return found;
  const rows = await selectProducts(db, warehouseId)
    .innerJoin(sql<{ code: string }>`unnest(${[...codes]}::text[])`.as<'q'>(sql`q(code)`), (join) =>
      join.on(sql<boolean>`lower(products.sku) = lower(q.code)`),
    )
    .select('q.code')
    .orderBy('products.id')
    .execute();
  for (const row of rows) {
    const earlier = found.get(row.code);
    if (earlier === undefined || (earlier.sku !== row.code && row.sku === row.code)) {
      found.set(row.code, toProduct(row, reader.currency, reader.publicUrl, reader.pricing));
    }
  }
  return found;
}

/** Units per product in the user's bag; with `lock`, its rows stay locked for the transaction. */
async function bagOf(db: Db, userId: number, lock: boolean): Promise<Map<number, number>> {
  let query = db
    .selectFrom('carts')
    .select(['product_id', 'quantity'])
    .where('user_id', '=', userId)
    .orderBy('product_id');
  if (lock) query = query.forUpdate();
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.product_id, row.quantity]));
}

/** What the stock, the bag and the line limit leave of `quantity` (never below 0). */
export function unitsToAdd(quantity: number, available: number, inBag: number): number {
  return Math.max(0, Math.min(quantity, available - inBag, MAX_LINE_QUANTITY - inBag));
}

/** One entry's answer, from its product (null: none has its code) and what the bag holds of it. */
export function lineOf(entry: ReadEntry, product: Product | null, inBag: number): QuickOrderLine {
  const base = {
    index: entry.index,
    input: entry.input,
    code: entry.code,
    quantity: entry.quantity,
    product,
    available: product?.stock ?? 0,
    inBag: product === null ? 0 : inBag,
    toAdd: 0,
    duplicateOf: entry.duplicateOf,
  };
  if (entry.problem === 'unreadable' || entry.problem === 'duplicate')
    return { ...base, status: entry.problem };
  if (product === null) return { ...base, status: 'unknown' };
  if (entry.problem === 'too_many') return { ...base, status: 'too_many' };
  if (!product.isActive) return { ...base, status: 'inactive' };
  if (base.available === 0) return { ...base, status: 'out_of_stock' };
  const quantity = entry.quantity ?? 1;
  const toAdd = unitsToAdd(quantity, base.available, base.inBag);
  return { ...base, toAdd, status: toAdd === quantity ? 'ok' : 'short' };
}

/** Every entry answered, in order; a duplicate shows the product of the entry that counts. Two queries. */
async function resolveEntries(
  db: Db,
  entries: readonly ReadEntry[],
  warehouseId: number,
  reader: QuickOrderReader,
  options: { lock: boolean },
): Promise<QuickOrderLine[]> {
  const codeAt = new Map<number, string>();
  for (const entry of entries) {
    if (entry.code !== null && entry.problem !== 'duplicate' && entry.problem !== 'unreadable')
      codeAt.set(entry.index, entry.code);
  }
  const bag = await bagOf(db, reader.userId, options.lock);
  const products = await productsByCode(db, [...new Set(codeAt.values())], warehouseId, reader);
  // Two spellings the reading keeps apart may still name one product (the database's `lower` folds a few letters
  // JavaScript's does not, `İ` and `I`): the later one is a duplicate too, so a product is added once.
  const firstOfProduct = new Map<number, number>();
  return entries.map((entry) => {
    const code = codeAt.get(entry.duplicateOf ?? entry.index);
    const product = code === undefined ? null : (products.get(code) ?? null);
    let read = entry;
    if (product !== null && entry.problem !== 'duplicate') {
      const first = firstOfProduct.get(product.id);
      if (first === undefined) firstOfProduct.set(product.id, entry.index);
      else read = { ...entry, problem: 'duplicate', duplicateOf: first };
    }
    return lineOf(read, product, product === null ? 0 : (bag.get(product.id) ?? 0));
  });
}

/** `POST /goods/by-codes`: what adding `text` would do; nothing changes. */
export async function resolveQuickOrder(
  db: Db,
  text: string,
  reader: QuickOrderReader & { warehouseId: number },
): Promise<QuickOrderResolution> {
  const entries = readQuickOrder(text);
  return { lines: await resolveEntries(db, entries, reader.warehouseId, reader, { lock: false }) };
}

function isQuickOrderAdded(value: unknown): value is QuickOrderAdded {
  return (
    typeof value === 'object' &&
    value !== null &&
    'lines' in value &&
    Array.isArray(value.lines) &&
    'cart' in value &&
    typeof value.cart === 'object' &&
    value.cart !== null
  );
}

/** Lines that went beyond their stock or the line limit (only a racing add-to-cart of a new line can cause one). */
function overfilled(
  stored: ReadonlyArray<{ product_id: number; quantity: number }>,
  lines: readonly QuickOrderLine[],
): ErrorDetail[] {
  const lineOfProduct = new Map(lines.flatMap((line) => (line.product ? [[line.product.id, line]] : [])));
  return stored.flatMap((row) => {
    const line = lineOfProduct.get(row.product_id);
    const limit = Math.min(line?.available ?? 0, MAX_LINE_QUANTITY);
    if (line === undefined || row.quantity <= limit) return [];
    return [
      {
        location: 'body' as const,
        path: '/text',
        message: `entry ${line.index}: the bag changed meanwhile and would hold ${row.quantity} units of ${line.product?.sku ?? ''}; ${limit} allowed`,
      },
    ];
  });
}

/** `POST /orders/cart/add-by-codes`: adds `text` to the bag once per key (or replays the answer for the key). */
export async function addQuickOrderToCart(
  db: Kysely<DB>,
  input: QuickOrderReader & { key: string; text: string },
): Promise<{ answer: QuickOrderAdded; replayed: boolean }> {
  const entries = readQuickOrder(input.text);
  const { userId } = input;
  const hash = requestHash({ addToCartByCodes: { text: input.text } });

  return db.transaction().execute(async (trx) => {
    const claim = await claimKey(trx, {
      userId,
      key: `${ADD_KEY_NAMESPACE}${input.key}`,
      hash,
      isAnswer: isQuickOrderAdded,
    });
    if (!claim.claimed) return { answer: claim.replay, replayed: true };

    const user = await trx
      .selectFrom('users')
      .select('warehouse_id')
      .where('id', '=', userId)
      .forNoKeyUpdate()
      .executeTakeFirstOrThrow();
    const warehouseId = await stockWarehouseOf(trx, user.warehouse_id);
    const lines = await resolveEntries(trx, entries, warehouseId, input, { lock: true });

    const adding = lines.flatMap((line) =>
      line.product !== null && line.toAdd > 0 ? [{ productId: line.product.id, units: line.toAdd }] : [],
    );
    if (adding.length > 0) {
      const stored = await trx
        .insertInto('carts')
        .values(
          adding.map(({ productId, units }, position) => ({
            user_id: userId,
            product_id: productId,
            quantity: units,
            // New lines take the text's order in the bag (it lists lines by `added_at`).
            added_at: sql<Date>`now() + ${position}::float8 * interval '1 microsecond'`,
          })),
        )
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'product_id'])
            .doUpdateSet((eb) => ({ quantity: eb('carts.quantity', '+', eb.ref('excluded.quantity')) })),
        )
        .returning(['product_id', 'quantity'])
        .execute();
      const problems = overfilled(stored, lines);
      if (problems.length > 0) throw unprocessable('OUT_OF_STOCK', problems);
    }

    const answer: QuickOrderAdded = {
      lines: lines.map((line) => ({ ...line, added: line.toAdd })),
      cart: await loadCart(trx, userId, input.currency, input.publicUrl, warehouseId, input.pricing),
    };
    await storeAnswer(trx, claim.claimId, { status: 200, body: answer });
    return { answer, replayed: false };
  });
}

/**
 * Product popularity for the catalogue's default sort: units ordered per product over all orders.
 *
 * Summing `order_lines` costs about 150–250 ms on PGlite at 100k orders (300k lines), too much for every catalogue
 * page, so the ranking is kept per database in memory and refreshed in the background when older than
 * `POPULARITY_TTL_MS` (stale-while-revalidate: only the very first listing waits for it). Popularity is a soft
 * signal; being a minute behind the newest orders does not matter.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export const POPULARITY_TTL_MS = 60_000;

export interface Popularity {
  /** Product ids with at least one unit ordered, most ordered first (ties: lower id first). */
  ranked: number[];
  /** Units ordered per product id. */
  units: ReadonlyMap<number, number>;
  computedAt: number;
}

interface Entry {
  value: Popularity | undefined;
  refreshing: Promise<Popularity> | undefined;
}

const cache = new WeakMap<Kysely<DB>, Entry>();

async function compute(db: Kysely<DB>): Promise<Popularity> {
  const rows = await db
    .selectFrom('order_lines')
    .select((eb) => [
      'order_lines.product_id',
      eb.fn.sum<number>('order_lines.requested_quantity').as('units'),
    ])
    .groupBy('order_lines.product_id')
    .execute();
  const units = new Map(rows.map((row) => [row.product_id, Number(row.units)]));
  const ranked = [...units.entries()]
    .filter(([, count]) => count > 0)
    .sort(([idA, a], [idB, b]) => b - a || idA - idB)
    .map(([id]) => id);
  return { ranked, units, computedAt: Date.now() };
}

/** The current ranking (waits only when there is none yet; a stale one is answered while it refreshes). */
export async function productPopularity(db: Kysely<DB>, now = Date.now()): Promise<Popularity> {
  let entry = cache.get(db);
  if (entry === undefined) {
    entry = { value: undefined, refreshing: undefined };
    cache.set(db, entry);
  }
  const current = entry;
  const stale = current.value === undefined || now - current.value.computedAt >= POPULARITY_TTL_MS;
  if (stale && current.refreshing === undefined) {
    current.refreshing = compute(db)
      .then((value) => {
        current.value = value;
        return value;
      })
      .finally(() => {
        current.refreshing = undefined;
      });
    // A failed background refresh keeps the old ranking; the next listing tries again.
    current.refreshing.catch(() => undefined);
  }
  if (current.value !== undefined) return current.value;
  return current.refreshing ?? compute(db);
}

/** Forgets the ranking of a database (tests that change orders and want the new order at once). */
export function forgetPopularity(db: Kysely<DB>): void {
  cache.delete(db);
}

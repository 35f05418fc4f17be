import { sql, type Kysely } from 'kysely';

/**
 * The catalogue listing (`GET /goods`) at 10,000 products (docs/adr/0143-catalogue-reads-beside-the-import.md).
 *
 * Before, its first page read every product and every stock row of the warehouse, joined them and sorted 10,000
 * names with the ICU collation for 20 rows (15–35 ms on PGlite), and counted them with a scan of the wide table.
 *
 * - `products_name_<lang>_idx`: the name sort in each language (`(name ->> lang) collate "und-x-icu", id`, the
 *   expression `listing.ts` orders by), partial on the products still sold: a page walks the index and stops.
 * - `products_active_idx`: the products still sold by category, which `total` counts (all of them, or one
 *   category's) with an index-only scan instead of reading every wide row.
 * - fillfactor 70 on `products` and `warehouse_stock` (as migration 0018 does for the close): the offers rewrite
 *   every product's price and every stock figure; with room on the page and no indexed column changed the new
 *   version is made in place (a heap-only tuple), so the thirteen indexes of `products` — five of them ICU name keys —
 *   are not written again for each row. Pages written from now on keep the room.
 */

/** Migrations see the database untyped: the schema they build is what `schema.ts` describes. */
type AnyDb = Kysely<unknown>;

const LANGS = ['ru', 'en', 'ro', 'uk', 'it'] as const;

export async function up(db: AnyDb): Promise<void> {
  for (const lang of LANGS) {
    await sql`create index ${sql.raw(`products_name_${lang}_idx`)} on products
      (((name ->> ${sql.lit(lang)}) collate "und-x-icu"), id) where is_active`.execute(db);
  }
  await sql`create index products_active_idx on products (category) where is_active`.execute(db);
  await sql`alter table products set (fillfactor = 70)`.execute(db);
  await sql`alter table warehouse_stock set (fillfactor = 70)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`alter table warehouse_stock reset (fillfactor)`.execute(db);
  await sql`alter table products reset (fillfactor)`.execute(db);
  await sql`drop index products_active_idx`.execute(db);
  for (const lang of LANGS) await sql`drop index ${sql.raw(`products_name_${lang}_idx`)}`.execute(db);
}

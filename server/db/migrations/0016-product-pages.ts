import { sql, type Kysely } from 'kysely';

/**
 * What a product page shows beyond 1C's card (docs/adr/0137-product-pages.md), kept by the portal like the
 * translations: 1C's import never writes these columns.
 *
 * - `family`: products of one family are one product in several variants (a make-up's shades, a fragrance's
 *   formats), switched between by the page's picker; null for a product without variants.
 * - `variant`: this product's variant in every language (a shade's name, a format); `swatch`: its colour (`#rrggbb`).
 * - `volume_ml`, `ingredients` (the INCI list, one language as on the pack), `how_to_use` (every language).
 * - `order_lines_product_idx`: "often bought with" reads the latest orders holding a product.
 */

/** Migrations see the database untyped: the schema they build is what `schema.ts` describes. */
type AnyDb = Kysely<unknown>;

const sqlSwatch = sql`swatch ~ '^#[0-9a-f]{6}$'`;
const sqlVolume = sql`volume_ml > 0`;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('family', 'text')
    .addColumn('variant', 'jsonb')
    .addColumn('swatch', 'text', (col) => col.check(sqlSwatch))
    .addColumn('volume_ml', 'integer', (col) => col.check(sqlVolume))
    .addColumn('ingredients', 'text')
    .addColumn('how_to_use', 'jsonb')
    .execute();
  await db.schema.createIndex('products_family_idx').on('products').column('family').execute();
  await db.schema
    .createIndex('order_lines_product_idx')
    .on('order_lines')
    .columns(['product_id', 'order_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('order_lines_product_idx').execute();
  await db.schema.dropIndex('products_family_idx').execute();
  await db.schema
    .alterTable('products')
    .dropColumn('family')
    .dropColumn('variant')
    .dropColumn('swatch')
    .dropColumn('volume_ml')
    .dropColumn('ingredients')
    .dropColumn('how_to_use')
    .execute();
}
